import { SaxesParser } from 'saxes';
import { encodeContentFeed, decodeContentFeed } from '@atomsync/atom';
import { contentFeed } from './codec.bench.ts';
import { measure } from './harness.ts';
const big = encodeContentFeed(contentFeed(10_000));
const noop = () => {};
const variants: [string, () => unknown][] = [
  ['raw default', () => new SaxesParser().write(big).close()],
  ['raw position:false', () => new SaxesParser({ position: false }).write(big).close()],
  ['xmlns handlers', () => { const p = new SaxesParser({ xmlns: true }); p.on('opentag', noop); p.on('text', noop); p.on('closetag', noop); p.write(big).close(); }],
  ['plain handlers', () => { const p = new SaxesParser({}); p.on('opentag', noop); p.on('text', noop); p.on('closetag', noop); p.write(big).close(); }],
  ['plain handlers pos:false', () => { const p = new SaxesParser({ position: false }); p.on('opentag', noop); p.on('text', noop); p.on('closetag', noop); p.write(big).close(); }],
  ['xmlns handlers pos:false', () => { const p = new SaxesParser({ xmlns: true, position: false }); p.on('opentag', noop); p.on('text', noop); p.on('closetag', noop); p.write(big).close(); }],
  ['ours', () => decodeContentFeed(big)],
];
for (const [n, f] of variants) console.log(n.padEnd(30), measure(n, f, { rounds: 5, minMs: 200 }).ms.toFixed(1));

/**
 * The multistatus at listing scale, each figure a ratio to a baseline measured in the same run:
 * - writing 100,000 responses streamed (chunks dropped as made) against the same written as one
 *   string: time ratio, and the heap each holds at its peak;
 * - reading them streamed (64 K pieces) against saxes alone (xmlns mode, an empty opentag handler)
 *   on the same text: time ratio, and the reader's heap peak.
 * Not part of `npm run bench` (the server's DAV benchmarks will be); run it alone:
 *   node --expose-gc --import tsx packages/dav/bench/multistatus.bench.ts
 */
import { SaxesParser } from 'saxes';
import { MultistatusReader, multistatusChunks, writeMultistatus, type DavResponse } from '../src/index.js';

const N = 100_000;
function* members(): Generator<DavResponse> {
  for (let i = 0; i < N; i++) {
    yield {
      href: `/dav/addressbooks/alice/default/${i.toString(16).padStart(8, '0')}-aaaa-bbbb-cccc-dddddddddddd.vcf`,
      propstats: [{ status: 200, props: [{ name: { ns: 'DAV:', name: 'getetag' }, value: `"${i.toString(36)}abcdef0123456789"` }] }],
    };
  }
}
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

// Warm both paths once, then measure.
for (const _ of multistatusChunks(members())) void _;
writeMultistatus(members());

let base = heap();
let started = performance.now();
let whole: string | undefined = writeMultistatus(members(), { syncToken: 't' });
const wholeMs = performance.now() - started;
const wholeHeap = process.memoryUsage().heapUsed - base;
const doc = whole;
whole = undefined;

base = heap();
started = performance.now();
let streamPeak = 0;
let chunks = 0;
for (const _ of multistatusChunks(members(), { syncToken: 't' })) {
  if (++chunks % 50 === 0) streamPeak = Math.max(streamPeak, process.memoryUsage().heapUsed - base);
}
const streamMs = performance.now() - started;
console.log(`write ${N} responses (${mb(doc.length)} MB): streamed/whole time ${(streamMs / wholeMs).toFixed(2)}; heap peak streamed ${mb(streamPeak)} MB vs whole ${mb(wholeHeap)} MB`);

const saxes = new SaxesParser({ xmlns: true });
saxes.on('opentag', () => {});
started = performance.now();
for (let at = 0; at < doc.length; at += 65536) saxes.write(doc.slice(at, at + 65536));
saxes.close();
const saxesMs = performance.now() - started;

base = heap();
started = performance.now();
let read = 0;
let readPeak = 0;
const reader = new MultistatusReader(() => {
  if (++read % 1000 === 0) readPeak = Math.max(readPeak, process.memoryUsage().heapUsed - base);
});
for (let at = 0; at < doc.length; at += 65536) reader.write(doc.slice(at, at + 65536));
reader.close();
const readMs = performance.now() - started;
console.log(`read ${read} responses streamed: reader/saxes-alone time ${(readMs / saxesMs).toFixed(2)}; reader heap peak ${mb(readPeak)} MB`);

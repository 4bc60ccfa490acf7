/**
 * Codec benchmark (issue: foundation). Decode: a 10,000-entry contents feed (~5 MB) with our
 * generated decoder vs raw saxes parsing the same bytes and vs fast-xml-parser. Encode: a
 * 50-entry feed with our generated encoder vs a hand-written string concatenation of the same
 * feed (with the same escaping) and vs xmlbuilder2. And what the contents listing's guard for
 * stored text costs (issue 20): each entry's title and body through `writable` before the encoder.
 */
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { create } from 'xmlbuilder2';
import { ATOM_NS, SERVICE_NS, decodeContentFeed, encodeContentFeed, escapeAttr, escapeText, formatDateTime, type ContentEntry, type Feed } from '@atomsync/atom';
import { writable } from '../packages/server/src/http/safe-text.js';
import { measure, report } from './harness.js';

function vcard(i: number): string {
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:Lastname${i};Firstname${i};;;`,
    `FN:Firstname${i} Lastname${i}`,
    `TEL;TYPE=CELL:+358 40 ${String(1000000 + i)}`,
    `EMAIL;TYPE=INTERNET:firstname${i}.lastname${i}@example.org`,
    `NOTE:Met at #${i} & <sync>`,
    'END:VCARD',
    '',
  ].join('\r\n');
}

export function contentFeed(n: number): Feed<ContentEntry> {
  const base = 'http://127.0.0.1:8080/v2/services/datastore/6f1c2e84-3b8a-4f0e-9d2c-1a2b3c4d5e6f/contents/';
  const when = new Date(Date.UTC(2026, 10, 21, 12, 0, 0));
  return {
    author: { name: 'atomsync' },
    id: base,
    links: [{ rel: 'self', href: base }],
    title: 'Contents',
    updated: when,
    entries: Array.from({ length: n }, (_, i) => {
      const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      return {
        author: { name: 'demo' },
        id: `urn:uuid:${uuid}`,
        links: [{ rel: 'self', href: `${base}${uuid}` }],
        published: when,
        updated: when,
        title: `Firstname${i} Lastname${i}`,
        content: { type: 'text/x-vcard', value: vcard(i) },
        dataclass: 'Contacts' as const,
      };
    }),
  };
}

/** The baseline writer: what a careful engineer writes by hand for this one feed. */
function handWritten(feed: Feed<ContentEntry>): string {
  let s = `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="${ATOM_NS}" xmlns:s="${SERVICE_NS}">`;
  s += `<author><name>${escapeText(feed.author!.name)}</name></author><id>${escapeText(feed.id!)}</id>`;
  for (const l of feed.links!) s += `<link href="${escapeAttr(l.href)}" rel="${escapeAttr(l.rel!)}"/>`;
  s += `<title>${escapeText(feed.title!)}</title><updated>${formatDateTime(feed.updated!)}</updated>`;
  for (const e of feed.entries) {
    s += `<entry><author><name>${escapeText(e.author!.name)}</name></author><id>${escapeText(e.id!)}</id>`;
    for (const l of e.links!) s += `<link href="${escapeAttr(l.href)}" rel="${escapeAttr(l.rel!)}"/>`;
    s += `<published>${formatDateTime(e.published!)}</published><updated>${formatDateTime(e.updated!)}</updated>`;
    s += `<title>${escapeText(e.title!)}</title><content type="${escapeAttr(e.content!.type!)}">${escapeText(e.content!.value)}</content>`;
    s += `<s:dataclass>${e.dataclass}</s:dataclass></entry>`;
  }
  return `${s}</feed>`;
}

function withXmlbuilder2(feed: Feed<ContentEntry>): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const f = doc.ele(ATOM_NS, 'feed').att('http://www.w3.org/2000/xmlns/', 'xmlns:s', SERVICE_NS);
  f.ele(ATOM_NS, 'author').ele(ATOM_NS, 'name').txt(feed.author!.name);
  f.ele(ATOM_NS, 'id').txt(feed.id!);
  for (const l of feed.links!) f.ele(ATOM_NS, 'link').att('href', l.href).att('rel', l.rel!);
  f.ele(ATOM_NS, 'title').txt(feed.title!);
  f.ele(ATOM_NS, 'updated').txt(formatDateTime(feed.updated!));
  for (const e of feed.entries) {
    const x = f.ele(ATOM_NS, 'entry');
    x.ele(ATOM_NS, 'author').ele(ATOM_NS, 'name').txt(e.author!.name);
    x.ele(ATOM_NS, 'id').txt(e.id!);
    for (const l of e.links!) x.ele(ATOM_NS, 'link').att('href', l.href).att('rel', l.rel!);
    x.ele(ATOM_NS, 'published').txt(formatDateTime(e.published!));
    x.ele(ATOM_NS, 'updated').txt(formatDateTime(e.updated!));
    x.ele(ATOM_NS, 'title').txt(e.title!);
    x.ele(ATOM_NS, 'content').att('type', e.content!.type!).txt(e.content!.value);
    x.ele(SERVICE_NS, 's:dataclass').txt(e.dataclass!);
  }
  return doc.end();
}

export function runCodecBench(): boolean {
  const big = encodeContentFeed(contentFeed(10_000));
  const mb = Buffer.byteLength(big) / 1e6;
  // Sanity: the decoder really reads all of it.
  if (decodeContentFeed(big).entries.length !== 10_000) throw new Error('decoder lost entries');

  // Baselines first and ours right after them: fast-xml-parser leaves a large heap behind that
  // would slow whatever runs next.
  const saxesPlain = measure('raw saxes (no handlers)', () => new SaxesParser().write(big).close(), { rounds: 7, minMs: 200 });
  const saxesNs = measure('raw saxes, xmlns: true (no handlers)', () => new SaxesParser({ xmlns: true }).write(big).close(), { rounds: 7, minMs: 200 });
  const ours = measure('atomsync decodeContentFeed', () => decodeContentFeed(big), { rounds: 7, minMs: 200 });
  const fxp = measure('fast-xml-parser (default options)', () => new XMLParser().parse(big), { rounds: 7, minMs: 200 });
  const decodeOk = report(
    `decode: 10,000-entry contents feed, ${mb.toFixed(2)} MB (atomsync ${(mb / (ours.ms / 1000)).toFixed(1)} MB/s)`,
    [saxesPlain, saxesNs, ours, fxp],
    [
      { label: 'throughput vs raw saxes (no handlers, default options)', value: saxesPlain.ms / ours.ms, floor: '>= 0.60', ok: saxesPlain.ms / ours.ms >= 0.6 },
      { label: 'throughput vs fast-xml-parser', value: fxp.ms / ours.ms, floor: '>= 2.00', ok: fxp.ms / ours.ms >= 2 },
      // Context, no floor: the namespace-aware parse an Atom reader needs at the least.
      { label: 'throughput vs raw saxes with xmlns: true (context)', value: saxesNs.ms / ours.ms, floor: 'none', ok: true },
    ],
  );

  const small = contentFeed(50);
  if (handWritten(small) !== encodeContentFeed(small)) throw new Error('hand-written baseline and encoder disagree');
  const hand = measure('hand-written concatenation', () => handWritten(small));
  const enc = measure('atomsync encodeContentFeed', () => encodeContentFeed(small));
  const xb2 = measure('xmlbuilder2', () => withXmlbuilder2(small), { rounds: 9 });
  const encodeOk = report('encode: 50-entry contents feed', [hand, enc, xb2], [
    { label: 'time vs hand-written concatenation', value: enc.ms / hand.ms, floor: '<= 1.25', ok: enc.ms / hand.ms <= 1.25 },
    { label: 'speed-up vs xmlbuilder2', value: xb2.ms / enc.ms, floor: '>= 5.00', ok: xb2.ms / enc.ms >= 5 },
  ]);

  // The same entries copied in both, so only the guard differs: a stored item's text passed
  // through writable (handlers/datastore.ts), which finds nothing to replace in a well-formed one.
  const copied = () => encodeContentFeed({ ...small, entries: small.entries.map((e) => ({ ...e, title: e.title, content: { ...e.content!, value: e.content!.value } })) });
  const guarded = () => encodeContentFeed({ ...small, entries: small.entries.map((e) => ({ ...e, title: writable(e.title!), content: { ...e.content!, value: writable(e.content!.value) } })) });
  if (copied() !== guarded()) throw new Error('the guard changed well-formed entries');
  const plain = measure('entries copied, encodeContentFeed', copied);
  const withGuard = measure('entries through writable, encodeContentFeed', guarded);
  const guardOk = report('encode: 50-entry contents feed with the stored-text guard', [plain, withGuard], [
    { label: 'time with writable vs without', value: withGuard.ms / plain.ms, floor: '<= 1.15', ok: withGuard.ms / plain.ms <= 1.15 },
  ]);
  return decodeOk && encodeOk && guardOk;
}

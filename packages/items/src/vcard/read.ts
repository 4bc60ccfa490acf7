/**
 * vCard 2.1, 3.0 and 4.0: the canonical lines and duplicate-key fields of one contact. 3.0/4.0 go
 * through ical.js; 2.1 (QUOTED-PRINTABLE, CHARSET, bare parameters) and what ical.js refuses go
 * through the lenient reader. Both give `Prop`s, read here the same way, so the same contact
 * written in any version has one canonical form.
 */
import { type Described, foldText, normText, sha1, trimComponents } from '../describe/canonical.js';
import { type Block, type Prop, readBlocks } from '../lines/decoded.js';
import { blockOf, parseJCal } from '../lines/jcal.js';
import { isLegacyVersion, needsLegacyReader } from '../lines/read.js';
import { canonicalPhones } from './phone.js';

/**
 * Properties a client writes for itself, not the user: they never count. UID is here because a
 * phone's 2.1 card has none while Evolution and Google add their own; LABEL is derived from ADR.
 * Other X- properties count: X-JABBER, X-ANNIVERSARY, X-ABLabel are the user's data.
 */
export const IGNORED_CONTACT_PROPERTIES: ReadonlySet<string> = new Set([
  'VERSION', 'PRODID', 'REV', 'UID', 'LABEL', 'NAME', 'PROFILE', 'SOURCE', 'SORT-STRING', 'CLIENTPIDMAP',
  'X-IRMC-LUID', 'X-EVOLUTION-FILE-AS', 'X-MOZILLA-HTML', 'X-ABUID', 'X-ABSHOWAS', 'X-SYNCEVOLUTION-UID',
]);

/** TYPE values that state the default and so say nothing (3.0 §3.3.1: TEL is VOICE unless told). */
const DEFAULT_TYPES: Readonly<Record<string, ReadonlySet<string>>> = {
  TEL: new Set(['VOICE']),
  EMAIL: new Set(['INTERNET']),
  ADR: new Set(['POSTAL', 'PARCEL', 'INTL', 'DOM']),
};

/** Properties whose TYPE parameter is the media type of inline data, not a kind of use. */
const BINARY = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);
const LIST = new Set(['CATEGORIES', 'NICKNAME']);
const DATES = new Set(['BDAY', 'ANNIVERSARY', 'X-ANNIVERSARY', 'DEATHDATE']);

/**
 * Which reader takes a 3.0/4.0 card: `fast` reads a plain card (plainCard) straight into the props
 * ical.js would give, at a fraction of its cost (every write describes its items: a 1,000-contact
 * batch spent ~6 ms of its ~17 ms of describing in ical.js); `ical` is the reference the fast path
 * is tested against (test/describe/plain-card.property.test.ts).
 */
export type ContactReader = 'fast' | 'ical';

export function readContact(body: string, reader: ContactReader = 'fast'): Described {
  return canonicalContact((reader === 'fast' ? plainCard(body) : null) ?? readVCard(body));
}

/**
 * Properties whose values ical.js and the lenient reader read alike when written plainly: text,
 * structured and URI values with no typed value (no dates, no binary data, no lists) — the ones a
 * phone's or an address book's contact mostly holds.
 */
const PLAIN_PROPERTIES = new Set(['VERSION', 'N', 'FN', 'TEL', 'EMAIL', 'NOTE', 'ORG', 'TITLE', 'ROLE', 'ADR', 'URL', 'UID', 'REV', 'PRODID']);
/** Components separated by `;` in these only (decoded.ts STRUCTURED); elsewhere a `;` is left to the reference. */
const PLAIN_STRUCTURED = new Set(['N', 'ORG', 'ADR']);
/**
 * A plain line: an upper-case name without a group, only TYPE parameters of plain tokens, and a
 * value with no escape, quote, comma or line break to interpret (each reader could read those its
 * own way). Unambiguous, so linear.
 */
const PLAIN_LINE = /^([A-Z-]+)((?:;TYPE=[A-Za-z0-9-]+(?:,[A-Za-z0-9-]+)*)*):([^\\",;\r]*(?:;[^\\",;\r]*)*)$/;
/**
 * Inline data as a 3.0 card (and clients writing 4.0 the 3.0 way) writes its photo or logo: base64,
 * folded or not, `ENCODING=b` and the media type as one TYPE token. ical.js reads it as the text as
 * written, `encoding` and `type` as their params (a 3.0 card's as binary, its ENCODING then `B`);
 * canonicalContact's binaryValue needs no more (ENCODING present, TYPE's first value, the text).
 * Read here, a card with a photo stays on the fast path (ical.js read such a card whole, and the
 * title was read apart: a tenth of the bench's contacts).
 */
const PLAIN_BINARY_LINE = /^(PHOTO|LOGO);ENCODING=b;TYPE=([A-Za-z0-9-]+):([A-Za-z0-9+/]+={0,2})$/;
/** A value of separators and blanks only: jcal.ts drops such a property before ical.js reads it. */
const EMPTY_VALUE = /^[; \t]*$/;

/**
 * A single 3.0/4.0 card of plain lines only (PLAIN_LINE) read straight into its block, as the
 * lenient reader (lines/decoded.ts) reads it and as ical.js would: no folding, legacy encodings,
 * escapes or typed values, nothing before BEGIN or after END. null for anything else, which goes to
 * the reference reader. Linear in the text.
 */
export function plainCard(body: string): Block | null {
  return plainCardNamed(body)?.block ?? null;
}

/**
 * A plain card (plainCard) with the values, as written, of its first FN and first N lines (empty
 * ones too): what its title is made of (describe/title.ts contactTitle), read in the same pass.
 */
export interface PlainCard {
  readonly block: Block;
  readonly fn: string | undefined;
  readonly n: string | undefined;
}

export function plainCardNamed(body: string): PlainCard | null {
  const lines = body.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && (lines[last] === '' || lines[last] === '\r')) last--;
  if (last < 2) return null;
  const line = (i: number) => (lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!);
  if (line(0) !== 'BEGIN:VCARD' || line(last) !== 'END:VCARD') return null;
  const props: Prop[] = [];
  let version = false;
  let fn: string | undefined;
  let n: string | undefined;
  for (let i = 1; i < last; i++) {
    const text = line(i);
    const match = PLAIN_LINE.exec(text);
    if (match === null) {
      // Its base64 folded over lines (RFC 6350 §3.2: each continuation's first blank is the fold's), as ical.js unfolds it.
      let unfolded = text;
      while (i + 1 < last && (lines[i + 1]!.startsWith(' ') || lines[i + 1]!.startsWith('\t'))) unfolded += line(++i).slice(1);
      const binary = PLAIN_BINARY_LINE.exec(unfolded);
      if (binary === null) return null;
      props.push({ name: binary[1]!, params: { ENCODING: ['B'], TYPE: [binary[2]!] }, values: [binary[3]!] });
      continue;
    }
    const name = match[1]!;
    const head = match[2]!;
    const value = match[3]!;
    if (!PLAIN_PROPERTIES.has(name)) return null;
    const structured = PLAIN_STRUCTURED.has(name);
    if (!structured && value.includes(';')) return null;
    if (name === 'VERSION') {
      if (version || (value !== '3.0' && value !== '4.0') || head !== '') return null;
      version = true;
    }
    if (name === 'FN') fn ??= value;
    else if (name === 'N') n ??= value;
    if (EMPTY_VALUE.test(value)) continue;
    const params: Record<string, string[]> = {};
    if (head !== '') params.TYPE = head.slice(';TYPE='.length).split(/;TYPE=|,/);
    props.push({ name, params, values: structured ? value.split(';') : [value] });
  }
  return version ? { block: { name: 'VCARD', props, blocks: [], stray: [] }, fn, n } : null;
}

/**
 * A plain card described, with the values its title is made of: one read of the body for both
 * (a DAV PUT stores the title beside the description). null when the card is not plain; then
 * readContact reads it and titleOf its title.
 */
export function readPlainContact(body: string): { readonly described: Described; readonly fn: string | undefined; readonly n: string | undefined } | null {
  const plain = plainCardNamed(body);
  return plain === null ? null : { described: canonicalContact(plain.block), fn: plain.fn, n: plain.n };
}

function readVCard(body: string): Block {
  if (!needsLegacyReader(body)) {
    try {
      const [first] = parseJCal(body);
      if (first) return blockOf(first);
    } catch {
      // ical.js is strict (bare `TEL;CELL` parameters, stray lines): the lenient reader takes it.
    }
  }
  const blocks = readBlocks(body, isLegacyVersion(body));
  return blocks.find((b) => b.name === 'VCARD') ?? blocks[0] ?? { name: '', props: [], blocks: [], stray: [] };
}

function typesOf(prop: Prop): string[] {
  const defaults = DEFAULT_TYPES[prop.name];
  const types = new Set<string>();
  for (const t of prop.params.TYPE ?? []) {
    const upper = t.trim().toUpperCase();
    if (upper !== '' && !defaults?.has(upper)) types.add(upper);
  }
  // 4.0 says PREF=1 where 3.0 says TYPE=PREF.
  if (prop.params.PREF) types.add('PREF');
  return [...types].sort();
}

function head(prop: Prop): string {
  const types = typesOf(prop);
  return types.length > 0 ? `${prop.name};TYPE=${types.join(',')}` : prop.name;
}

/** Inline data as `media:hash`, whether 2.1 BASE64, 3.0 ENCODING=b or a 4.0 data: URI. */
function binaryValue(prop: Prop): string {
  const value = prop.values.join(';').trim();
  if (value.replace(/[;,\s]/g, '') === '') return '';
  const data = /^data:([^;,]*)(?:;[^,]*)?,(.*)$/s.exec(value);
  if (data) return `${mediaName(data[1] ?? '')}:${sha1((data[2] ?? '').replace(/\s+/g, ''))}`;
  if (prop.params.ENCODING) {
    const media = prop.params.MEDIATYPE?.[0] ?? prop.params.TYPE?.[0] ?? '';
    return `${mediaName(media)}:${sha1(value.replace(/\s+/g, ''))}`;
  }
  return value;
}

function mediaName(media: string): string {
  return media.trim().toLowerCase().replace(/^image\//, '');
}

function canonicalContact(card: Block): Described {
  const lines: string[] = [];
  const phones: { head: string; raw: string }[] = [];
  const emails: string[] = [];
  let n: string[] = [];
  let fn = '';
  let org = '';

  for (const prop of card.props) {
    if (IGNORED_CONTACT_PROPERTIES.has(prop.name)) continue;
    if (prop.name === 'KIND' && prop.values.join('').trim().toLowerCase() === 'individual') continue;
    switch (prop.name) {
      case 'TEL': {
        const raw = prop.values.join(';').trim();
        if (raw !== '') phones.push({ head: head(prop), raw });
        continue;
      }
      case 'EMAIL': {
        const email = prop.values.join(';').trim().replace(/^mailto:/i, '').toLowerCase();
        if (email !== '') {
          emails.push(email);
          lines.push(`${head(prop)}:${email}`);
        }
        continue;
      }
      case 'N':
        n = trimComponents(prop.values);
        if (n.length > 0) lines.push(`N:${n.join(';')}`);
        continue;
      case 'FN':
        fn = normText(prop.values.join(','));
        continue;
      case 'ORG':
        org ||= normText(prop.values[0] ?? '');
        break;
    }
    const value = valueOf(prop);
    if (value !== '') lines.push(`${BINARY.has(prop.name) ? prop.name : head(prop)}:${value}`);
  }

  const canonical = canonicalPhones(phones.map((p) => p.raw));
  phones.forEach((p, i) => lines.push(`${p.head}:${canonical[i] ?? ''}`));

  // FN counts only when it says more than N: 2.1 phones omit it, 3.0 clients derive it from N.
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = n;
  if (fn !== '' && !isDerivedName(fn, given, additional, family, prefix, suffix)) lines.push(`FN:${fn}`);
  for (const stray of card.stray) lines.push(`?${normText(stray)}`);

  const nameWords = [given, additional, family].join(' ').trim() || fn || org;
  return {
    fields: {
      name: foldText(nameWords).split(' ').filter((w) => w !== '').sort().join(' '),
      phones: [...new Set(canonical)].sort(),
      emails: [...new Set(emails)].sort(),
    },
    lines,
  };
}

/** FN as clients derive it from N: given-first, with prefix and suffix, or family-first. */
function isDerivedName(fn: string, given: string, additional: string, family: string, prefix: string, suffix: string): boolean {
  const loose = (parts: string[]) => parts.filter((p) => p !== '').join(' ').toLowerCase();
  const written = fn.replace(/\s+/g, ' ').toLowerCase();
  return (
    written === loose([given, additional, family]) ||
    written === loose([prefix, given, additional, family, suffix]) ||
    written === loose([family, given, additional])
  );
}

function valueOf(prop: Prop): string {
  if (BINARY.has(prop.name)) return binaryValue(prop);
  if (LIST.has(prop.name)) {
    return [...new Set(prop.values.map(normText).filter((v) => v !== ''))].sort().join(',');
  }
  const value = trimComponents(prop.values).join(';');
  if (DATES.has(prop.name)) return value.replace(/[-:]/g, '');
  return value;
}

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

export function readContact(body: string): Described {
  return canonicalContact(readVCard(body));
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

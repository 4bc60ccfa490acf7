/**
 * What the sync engine needs to know of an item's text: its duplicate key (slow-sync twin matching,
 * keys.ts) and its fingerprint (change detection: two texts with one fingerprint are the same item,
 * however a client rewrote it; canonical.ts).
 *
 * The body decides the reader, not the media type (clients mislabel: `text/plain` vCards,
 * `text/x-vcalendar` iCalendar 2.0). Nothing here throws: a text no reader makes sense of is
 * described by its normalized text.
 */
import { type AlarmReading, type LegacyReading, readCalendar } from '../icalendar/read.js';
import type { ParsedCalendar } from '../lines/jcal.js';
import { isLegacyVersion } from '../lines/read.js';
import type { ItemContent, ItemDataclass } from '../item.js';
import { readNote } from '../notes/read.js';
import { readContact, readPlainContact } from '../vcard/read.js';
import { type Described, fingerprintOf, foldText, normText } from './canonical.js';
import { composeKey } from './keys.js';
import { contactTitle, titleOf } from './title.js';

export interface ItemDescription {
  /** Normalized key: equal keys on the two sides make twins. null: nothing to match on. */
  readonly key: string | null;
  /** Hash of the item's canonical form. */
  readonly fingerprint: string;
}

export { DUPLICATE_KEYS } from './keys.js';

function read(item: ItemContent, legacy: LegacyReading, alarms: AlarmReading, parsed?: ParsedCalendar): Described {
  const start = item.body.trimStart().slice(0, 16).toUpperCase();
  if (start.startsWith('BEGIN:VCARD')) return readContact(item.body);
  if (start.startsWith('BEGIN:VCALENDAR')) return readCalendar(item.dataclass, item.body, legacy, alarms, parsed);
  if (item.dataclass === 'Notes') return readNote(item.body, item.title);
  return asText(item.body);
}

/** The fallback: the text itself, spacing normalized, keyed as a note would be. */
function asText(body: string): Described {
  const text = normText(body);
  return { fields: { text: foldText(text) }, lines: [text] };
}

function describeAs(dataclass: ItemDataclass, described: Described): ItemDescription {
  // Contacts and calendars key on their fields; a text that is neither keys on its text.
  const key = described.fields.text !== undefined && dataclass !== 'Notes'
    ? (described.fields.text === '' ? null : `${dataclass}|text=${JSON.stringify(described.fields.text)}`)
    : composeKey(dataclass, described.fields);
  return { key, fingerprint: fingerprintOf(dataclass, described.lines) };
}

export function describeItem(item: ItemContent): ItemDescription {
  return describeWith(item, 'upgraded', 'placed');
}

/** An item's title (titleOf) and its description (describeItem), as a writer keeps them beside its body. */
export interface TitledDescription {
  readonly title: string;
  readonly description: ItemDescription;
}

export interface DescribeTitledOptions {
  /** ical.js's parse of an iCalendar body, made already (parseCalendar: a CalDAV PUT's check), read again instead of parsing anew when it is this body's. */
  readonly parsed?: ParsedCalendar | undefined;
}

/**
 * titleOf and describeItem of a body, from one read of it where it allows (a plain vCard: a DAV
 * client's, read once instead of twice on every PUT); otherwise each as they give it. The same
 * answers either way (test/describe/titled.test.ts).
 */
export function describeTitled(item: Omit<ItemContent, 'title'>, options: DescribeTitledOptions = {}): TitledDescription {
  // QUOTED-PRINTABLE, even as a TYPE: titleOf's reader joins its soft line breaks, the plain card does not.
  if (item.dataclass === 'Contacts' && !/QUOTED-PRINTABLE/i.test(item.body)) {
    let plain: ReturnType<typeof readPlainContact> = null;
    try {
      plain = readPlainContact(item.body);
    } catch {
      // describeItem's own fallback then describes it (by its text).
    }
    // A plain card holds only 3.0/4.0 lines with nothing to unescape: not legacy.
    if (plain !== null) return { title: contactTitle(plain.fn, plain.n, false), description: describeAs(item.dataclass, plain.described) };
  }
  const title = titleOf(item.dataclass, item.body);
  return { title, description: describeWith({ ...item, title }, 'upgraded', 'placed', options.parsed) };
}

function describeWith(item: ItemContent, legacy: LegacyReading, alarms: AlarmReading, parsed?: ParsedCalendar): ItemDescription {
  try {
    return describeAs(item.dataclass, read(item, legacy, alarms, parsed));
  } catch {
    // A reader met something it did not foresee: the item is still described, by its text.
    return describeAs(item.dataclass, asText(item.body));
  }
}

/**
 * The fingerprints earlier releases gave `item` where they differ from describeItem's: a store that
 * kept one of them (beside the item, or as a sync map's hash of it) rehashes it to today's, so an
 * item nobody touched is not seen as changed by the next sync. Two changes so far: a vCalendar 1.0
 * event or task, read as written until it was read as its iCalendar 2.0 form; and an alarm's
 * TRIGGER, read as written until it was read as when it rings from the start.
 */
export function earlierFingerprints(item: ItemContent): string[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(item.body)) return [];
  const now = describeItem(item).fingerprint;
  const earlier = [describeWith(item, 'upgraded', 'as-written').fingerprint];
  if (isLegacyVersion(item.body)) earlier.push(describeWith(item, 'as-written', 'as-written').fingerprint);
  return [...new Set(earlier)].filter((fingerprint) => fingerprint !== now);
}

/**
 * Whether `hash`, a fingerprint kept of `item` (a sync map's, an expected one), is one an earlier
 * release gave this very content: the item is unchanged, only described anew.
 */
export function isEarlierFingerprint(item: ItemContent, hash: string): boolean {
  return earlierFingerprints(item).includes(hash);
}

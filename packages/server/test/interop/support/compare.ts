/**
 * Do two item sets hold the same items? Compared as multisets of the engine's fingerprints
 * (`describeItem` from @atomsync/engine), which see through the rewrites a SyncML client and a
 * server make: property order, folding, empty properties, PRODID/REV/UID, vCard 2.1 vs 3.0,
 * TYPE order, times moved into UTC or another VTIMEZONE.
 *
 * Rewrites the fingerprint does not see through are undone here first:
 * - SyncEvolution's `COUNT` → `UNTIL`: a recurring item's occurrences are compared instead of its
 *   rule (RRULE/RDATE/EXDATE replaced by the instants it recurs at; ical.js expansion with the
 *   item's own VTIMEZONEs registered);
 * - libsynthesis, sending an event or task without a DESCRIPTION, fills it with the SUMMARY (and
 *   drops it again when it receives one equal to the SUMMARY): such a DESCRIPTION says nothing;
 * - the empty properties a client adds for every field the server's CTCap names: lines whose
 *   value is nothing but separators are dropped (`describeItem` reads an empty `GEO:;` as
 *   `GEO:0;0` and an empty `PHOTO:` as a photo);
 * - `\;` in an unstructured vCard 3.0/4.0 value (`NOTE:a\; b`) is a plain `;` (RFC 2426 §4):
 *   `describeItem` keeps the backslash, so the same note in vCard 2.1 (`NOTE:a; b`) would differ.
 */
import { describeItem } from '@atomsync/items';
import ICAL from 'ical.js';

export type Dataclass = 'Contacts' | 'Events' | 'Tasks' | 'Notes';

export interface ItemSetDiff {
  readonly equal: boolean;
  readonly sizes: readonly [number, number];
  /** Items of the first set with no same item in the second (texts), and the other way round. */
  readonly onlyInFirst: readonly string[];
  readonly onlyInSecond: readonly string[];
}

/** Occurrences listed at most: enough for any test item, bounded for an endless rule. */
const MAX_OCCURRENCES = 500;

/**
 * The calendar item with the rewrites above undone: its recurrence rule replaced by its
 * occurrences, a DESCRIPTION that repeats the SUMMARY dropped. Other texts come back as they are.
 */
export function withCalendarRewritesUndone(text: string): string {
  if (!/^BEGIN:V(EVENT|TODO)/im.test(text)) return text;
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    return text;
  }
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  for (const item of [...root.getAllSubcomponents('vevent'), ...root.getAllSubcomponents('vtodo')]) {
    const summary = item.getFirstPropertyValue('summary');
    if (summary !== null && item.getFirstPropertyValue('description') === summary) item.removeAllProperties('description');
    if (!item.hasProperty('dtstart') || !['rrule', 'rdate', 'exdate'].some((name) => item.hasProperty(name))) continue;
    const expansion = new ICAL.Event(item).iterator();
    const instants: string[] = [];
    for (let next = expansion.next(); next !== undefined && next !== null && instants.length < MAX_OCCURRENCES; next = expansion.next()) {
      instants.push(next.isDate ? next.toString() : new Date(next.toUnixTime() * 1000).toISOString());
    }
    for (const name of ['rrule', 'rdate', 'exdate']) item.removeAllProperties(name);
    item.addPropertyWithValue('x-atomsync-occurrences', instants.join(' '));
  }
  return root.toString();
}

/** The item without properties whose value is empty or only `;`/`,` separators (`NOTE:`, `ORG:;;;`, `GEO:;`). */
export function withoutEmptyProperties(text: string): string {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  const kept: string[] = [];
  let qpContinues = false;
  for (const line of unfolded.split(/\r?\n/)) {
    // A vCard 2.1 QUOTED-PRINTABLE value continues on the next line after a soft break (`=`).
    const continuation: boolean = qpContinues;
    qpContinues = (continuation || /ENCODING=QUOTED-PRINTABLE/i.test(line)) && line.endsWith('=');
    const property = /^([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)?)((?:;(?:"[^"]*"|[^:;"])*)*):(.*)$/.exec(line);
    if (!continuation && property && !/^(BEGIN|END)$/i.test(property[1]!) && /^[;,\s]*$/.test(property[3]!)) continue;
    kept.push(line);
  }
  return kept.join('\r\n');
}

/** vCard properties whose `;` separates components: there `\;` is data, elsewhere it is just `;`. */
const STRUCTURED = new Set(['N', 'ADR', 'ORG', 'GEO', 'GENDER', 'CLIENTPIDMAP']);

/** A vCard 3.0/4.0 with `\;` in unstructured values unescaped; anything else as it is. */
export function withPlainSemicolons(text: string): string {
  if (!/^VERSION:[34]\.0/im.test(text) || !/^BEGIN:VCARD/im.test(text.trimStart())) return text;
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .map((line) => {
      const name = /^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)[;:]/.exec(line)?.[1]?.toUpperCase();
      return name === undefined || STRUCTURED.has(name) ? line : line.replace(/\\;/g, ';');
    })
    .join('\r\n');
}

function fingerprint(dataclass: Dataclass, text: string): string {
  const body = withCalendarRewritesUndone(withPlainSemicolons(withoutEmptyProperties(text)));
  return describeItem({ dataclass, type: '', title: '', body }).fingerprint;
}

export function compareItemSets(dataclass: Dataclass, first: Iterable<string>, second: Iterable<string>): ItemSetDiff {
  const index = (texts: Iterable<string>) => {
    const byPrint = new Map<string, string[]>();
    let size = 0;
    for (const text of texts) {
      size++;
      const key = fingerprint(dataclass, text);
      byPrint.set(key, [...(byPrint.get(key) ?? []), text]);
    }
    return { byPrint, size };
  };
  const a = index(first);
  const b = index(second);
  const onlyInFirst: string[] = [];
  const onlyInSecond: string[] = [];
  for (const key of new Set([...a.byPrint.keys(), ...b.byPrint.keys()])) {
    const left = a.byPrint.get(key) ?? [];
    const right = b.byPrint.get(key) ?? [];
    onlyInFirst.push(...left.slice(right.length));
    onlyInSecond.push(...right.slice(left.length));
  }
  return { equal: onlyInFirst.length === 0 && onlyInSecond.length === 0, sizes: [a.size, b.size], onlyInFirst, onlyInSecond };
}

/** FN or SUMMARY, for messages. */
export function labelOf(text: string): string {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  return /^(?:FN|SUMMARY)(?:;[^:\r\n]*)?:(.*)$/im.exec(unfolded)?.[1]?.trim() ?? unfolded.slice(0, 60);
}

/** A readable account of a difference: sizes, then a few unmatched items of each side in full. */
export function explainDiff(diff: ItemSetDiff, names: readonly [string, string] = ['first', 'second'], shown = 3): string {
  const side = (name: string, texts: readonly string[]) =>
    texts.length === 0
      ? ''
      : `\n${texts.length} only in ${name}: ${texts.map(labelOf).slice(0, 20).join(' | ')}\n` +
        texts.slice(0, shown).map((t) => `--- ${name}: ${labelOf(t)}\n${t.replace(/\r\n/g, '\n')}`).join('\n');
  return `${names[0]} holds ${diff.sizes[0]} items, ${names[1]} ${diff.sizes[1]}` + side(names[0], diff.onlyInFirst) + side(names[1], diff.onlyInSecond);
}

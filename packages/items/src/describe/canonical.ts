/**
 * The canonical form an item's fingerprint hashes: a sorted set of `NAME;PARAMS:VALUE` lines, so
 * property order, duplicates, encodings and folding are gone before hashing.
 */
import { hash } from 'node:crypto';
import type { KeyFields } from './keys.js';

/** What a reader makes of an item: its duplicate-key fields and its canonical lines. */
export interface Described {
  readonly fields: KeyFields;
  readonly lines: string[];
}

/** Text as the user typed it: NFC, one line-ending style, no edge whitespace. */
export function normText(value: string): string {
  // The common case (one short ASCII line) skips the Unicode and line work: this runs per value.
  const text = ASCII.test(value) ? value : value.normalize('NFC');
  return (text.includes('\n') || text.includes('\r') ? text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n') : text).trim();
}

const ASCII = /^[\x00-\x7f]*$/;

/** For keys only: case, accents and spacing folded (an old phone's "Muller" still twins "Müller"). */
export function foldText(value: string): string {
  const text = ASCII.test(value) ? value : value.normalize('NFD').replace(/\p{M}+/gu, '');
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

export function sha1(text: string): string {
  // One-shot (Node >= 20.12): no Hash object per item, the same digest as createHash's.
  return hash('sha1', text, 'base64');
}

/** The fingerprint of a canonical line set (order and repeats do not count). */
export function fingerprintOf(dataclass: string, lines: Iterable<string>): string {
  const unique = [...new Set(lines)].sort();
  // NUL separates: a value may hold newlines, never a NUL a client would keep.
  return sha1(`${dataclass}\u0000${unique.join('\u0000')}`);
}

/** Structured values lose trailing empty components (`N:Doe;John;;;` = `N:Doe;John`). */
export function trimComponents(values: readonly string[]): string[] {
  // A loop, not values.map: map's array is holey from the builtin and packed where TurboFan inlines
  // it, and code optimised for the one deoptimised on the other (canonicalContact, the costliest
  // function a fresh server compiles for DAV PUTs, was compiled twice).
  const out: string[] = [];
  for (const value of values) out.push(normText(value));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/**
 * RRULE parts in a fixed order with defaults dropped (INTERVAL=1, WKST=MO), so a client's own
 * part order does not count; UNTIL in basic format like every other date here.
 */
export function canonicalRecur(rule: string): string {
  const parts = rule
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = (eq < 0 ? part : part.slice(0, eq)).toUpperCase();
      let value = eq < 0 ? '' : part.slice(eq + 1).toUpperCase();
      if (key === 'UNTIL') value = value.replace(/[-:]/g, '');
      return [key, value] as const;
    })
    .filter(([key, value]) => !(key === 'INTERVAL' && value === '1') && !(key === 'WKST' && value === 'MO'));
  return parts
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join(';');
}

/**
 * Field limits: a phone that keeps 30 characters of a name refuses (or mangles) a longer one, so
 * we cut first. Lengths are counted in Unicode code points of the unescaped value, before any
 * QUOTED-PRINTABLE encoding. A structured or list value is cut component by component, so the
 * separators that remain still separate (`N:Müller;Ulr` for 12, never half an escape); binary
 * data is never cut (a cut photo is garbage): data over the limit is left out.
 */
import type { Field } from '../lines/fields.js';
import { paramValues } from '../lines/read.js';

const BINARY = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);

/** Limits by upper-case property name. */
export type FieldLimits = Readonly<Record<string, number>>;

/** The field within its limit: unchanged (same object) when it fits, null when it must go. */
export function limitField(field: Field, limits: FieldLimits): Field | null {
  const max = limits[field.name];
  if (max === undefined || !Number.isFinite(max) || max < 0) return field;
  if (field.shape === 'raw') return BINARY.has(field.name) && binarySize(field) > max ? null : field;
  const parts = cutParts(field.parts, Math.floor(max));
  return parts === field.parts ? field : { ...field, parts };
}

/** Parts whose joined length (one separator between parts) is at most `max`, or `parts` itself. */
function cutParts(parts: readonly string[], max: number): readonly string[] {
  const lengths = parts.map(codePoints);
  // Trailing empty components (`N:Doe;John;;;`) are separators only: they cost nothing.
  let last = lengths.length - 1;
  while (last > 0 && lengths[last] === 0) last--;
  const total = lengths.slice(0, last + 1).reduce((sum, n) => sum + n, 0) + Math.max(0, last);
  if (total <= max) return parts;

  let budget = max;
  return parts.map((part, i) => {
    const separator = i === 0 ? 0 : 1;
    if (budget - separator <= 0) {
      budget = 0;
      return '';
    }
    budget -= separator;
    const kept = cut(part, budget);
    budget -= codePoints(kept);
    return kept;
  });
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points; whitespace left at the cut is dropped. */
function cut(text: string, max: number): string {
  if (codePoints(text) <= max) return text;
  return Array.from(text).slice(0, max).join('').trimEnd();
}

/** Decoded bytes of inline data (BASE64, ENCODING=b, or a data: URI); 0 for a reference. */
function binarySize(field: Field): number {
  const value = field.parts.join('');
  const data = /^data:[^,]*;base64,(.*)$/is.exec(value.trim());
  const encoding = paramValues(field.params, 'ENCODING')[0]?.toUpperCase();
  const base64 = data ? data[1]! : encoding === 'B' || encoding === 'BASE64' ? value : null;
  if (base64 === null) return 0;
  return Buffer.from(base64.replace(/\s+/g, ''), 'base64').length;
}

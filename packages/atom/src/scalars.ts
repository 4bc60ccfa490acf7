/**
 * Scalar values of the wire format: how each XSD simple type reads from text and writes back.
 * Codegen maps every simple type of spec/xsd onto one ScalarSpec; decoders and encoders only
 * ever go through the functions here.
 */
import { AtomEncodeError } from './errors.js';

export type ScalarKind =
  | 'string'
  | 'anyURI'
  | 'int'
  | 'integer'
  | 'nonNegativeInteger'
  | 'boolean'
  | 'dateTime'
  | 'listingTimestamp';

export interface ScalarSpec {
  readonly kind: ScalarKind;
  /** XSD type name, for messages. */
  readonly type: string;
  /** A union with the empty string: an empty element or attribute reads as null. */
  readonly nullable?: boolean;
  readonly values?: ReadonlySet<string | number>;
  readonly pattern?: RegExp;
}

export function defineScalar(spec: {
  kind: ScalarKind;
  type: string;
  nullable?: boolean;
  values?: readonly (string | number)[];
  pattern?: string;
}): ScalarSpec {
  return {
    kind: spec.kind,
    type: spec.type,
    nullable: spec.nullable,
    values: spec.values ? new Set(spec.values) : undefined,
    // XSD patterns match the whole value.
    pattern: spec.pattern === undefined ? undefined : new RegExp(`^(?:${spec.pattern})$`, 'u'),
  };
}

/** What parseScalar returns for text that does not fit; the reason is in `invalidReason`. */
export const INVALID: unique symbol = Symbol('invalid');
export let invalidReason = '';

function invalid(reason: string): typeof INVALID {
  invalidReason = reason;
  return INVALID;
}

const INT_RE = /^[+-]?\d+$/;
// xs:dateTime: fractional seconds and a zone are optional; no zone is taken as UTC.
const DATETIME_RE = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const LISTING_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const BAD_PERCENT_RE = /%(?![0-9A-Fa-f]{2})/;
const IP_LITERAL_RE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@[\]]*@)?\[[0-9A-Fa-f:.]+\]/;

/**
 * xs:anyURI as Xerces checks it: the value, with spaces, non-ASCII and XLink's excluded
 * characters escaped, must be a URI reference (RFC 2396 with RFC 2732's IP literals). Each check
 * runs in linear time (no backtracking regex over untrusted input): `%` only before two hex
 * digits, at most one `#`, something after a scheme, not ending in an empty authority, a `:` before the first `/`, `?` or `#` only after a valid scheme, and
 * in a hierarchical reference's path and authority brackets only around an IP-literal host
 * (queries, fragments and opaque URIs such as `urn:` may hold them).
 * packages/atom/test/scalars.test.ts checks this against Xerces on random strings.
 */
function isUriReference(text: string): boolean {
  if (text.indexOf('%') >= 0 && BAD_PERCENT_RE.test(text)) return false;
  const hash = text.indexOf('#');
  if (hash >= 0 && text.indexOf('#', hash + 1) >= 0) return false;
  // The scheme: a `:` before the first `/`, `?` or `#` must end a valid one.
  let schemeEnd = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    if (c === 58 /* : */) {
      if (!isScheme(text, i)) return false;
      schemeEnd = i;
      break;
    }
  }
  // RFC 2396: an absolute URI has something after its scheme, and an authority is not empty.
  if (schemeEnd >= 0 && (schemeEnd + 1 === text.length || text.charCodeAt(schemeEnd + 1) === 35)) return false;
  const start = schemeEnd + 1;
  if (text.length === start + 2 && text.startsWith('//', start)) return false;
  if (text.indexOf('[') < 0 && text.indexOf(']') < 0) return true;
  // Brackets: fine in a query, a fragment or an opaque URI (`urn:…`); in a hierarchical path or
  // authority only around an IP-literal host.
  let hierEnd = text.length;
  const q = text.indexOf('?', start);
  if (q >= 0) hierEnd = q;
  if (hash >= 0 && hash < hierEnd) hierEnd = hash;
  const hier = text.slice(0, hierEnd);
  if (hier.indexOf('[') < 0 && hier.indexOf(']') < 0) return true;
  if (schemeEnd >= 0 && text.charCodeAt(schemeEnd + 1) !== 47 /* / */) return true; // opaque
  const literal = IP_LITERAL_RE.exec(hier);
  if (!literal) return false;
  // After an IP literal: a port, then the path.
  return /^(?::\d*)?(?:\/[^[\]]*)?$/.test(hier.slice(literal[0].length));
}

/** text[0, end) is a scheme: a letter, then letters, digits, `+`, `-` or `.`. */
function isScheme(text: string, end: number): boolean {
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i) | 0x20; // lower-cases letters
    const letter = c >= 97 && c <= 122;
    const other = text.charCodeAt(i);
    if (!(letter || (i > 0 && ((other >= 48 && other <= 57) || other === 43 || other === 45 || other === 46)))) return false;
  }
  return true;
}

/** Two decimal digits at i, or -1. */
function digits2(t: string, i: number): number {
  const a = t.charCodeAt(i) - 48;
  const b = t.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** The canonical form `YYYY-MM-DDTHH:MM:SSZ`, read without a regex or an allocation. */
function canonicalDate(t: string): Date | undefined {
  if (t.length !== 20 || t.charCodeAt(19) !== 90 /* Z */ || t.charCodeAt(10) !== 84 /* T */) return undefined;
  if (t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return undefined;
  const c = digits2(t, 0);
  const yy = digits2(t, 2);
  const mo = digits2(t, 5);
  const d = digits2(t, 8);
  const h = digits2(t, 11);
  const mi = digits2(t, 14);
  const s = digits2(t, 17);
  if (c < 1 || yy < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || s < 0 || s > 59) return undefined;
  const date = new Date(Date.UTC(c * 100 + yy, mo - 1, d, h, mi, s));
  return date.getUTCDate() === d ? date : undefined;
}

function toDate(m: RegExpExecArray, fraction: string | undefined, zone: string | undefined): Date | typeof INVALID {
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return invalid('is not a valid timestamp');
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto 1900-1999.
  date.setUTCFullYear(y, mo - 1, d);
  if (date.getUTCDate() !== d) return invalid('is not a valid timestamp');
  date.setUTCHours(h, mi, s, fraction ? Math.floor(Number(fraction) * 1000) : 0);
  if (zone && zone !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    date.setTime(date.getTime() - sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000);
  }
  if (Number.isNaN(date.getTime())) return invalid('is not a valid timestamp');
  return date;
}

function parseNumber(spec: ScalarSpec, text: string): number | typeof INVALID {
  if (!INT_RE.test(text)) return invalid(`is not an integer (${spec.type})`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) return invalid(`is out of range (${spec.type})`);
  if (spec.kind === 'int' && (n < -2147483648 || n > 2147483647)) return invalid(`is out of range (${spec.type})`);
  if (spec.kind === 'nonNegativeInteger' && n < 0) return invalid(`is negative (${spec.type})`);
  return n;
}

/** Reads one scalar from its text; INVALID (with `invalidReason`) when it does not fit. */
export function parseScalar(spec: ScalarSpec, raw: string): unknown {
  let value: unknown;
  if (spec.kind === 'string') {
    if (raw === '' && spec.nullable) return null;
    value = raw;
  } else if (spec.kind === 'anyURI') {
    if (raw === '' && spec.nullable) return null;
    const text = raw.trim(); // anyURI collapses whitespace
    if (!isUriReference(text)) return invalid('is not a URI reference');
    value = text;
  } else {
    const text = raw.trim(); // every non-string XSD type collapses whitespace
    if (text === '' && spec.nullable) return null;
    switch (spec.kind) {
      case 'int':
      case 'integer':
      case 'nonNegativeInteger':
        value = parseNumber(spec, text);
        break;
      case 'boolean':
        if (text === 'true' || text === '1') value = true;
        else if (text === 'false' || text === '0') value = false;
        else return invalid('is not a boolean');
        break;
      case 'dateTime': {
        const fast = canonicalDate(text);
        if (fast !== undefined) {
          value = fast;
          break;
        }
        const m = DATETIME_RE.exec(text);
        value = m ? toDate(m, m[7], m[8]) : invalid('is not a timestamp (YYYY-MM-DDTHH:MM:SSZ)');
        break;
      }
      case 'listingTimestamp': {
        const m = LISTING_RE.exec(text);
        value = m ? toDate(m, undefined, 'Z') : invalid('is not a timestamp (YYYY-MM-DD HH:MM:SS)');
        break;
      }
    }
    if (value === INVALID) return INVALID;
  }
  if (spec.values && !spec.values.has(value as string | number)) {
    return invalid(`is not one of ${[...spec.values].join(', ')}`);
  }
  if (spec.pattern && !spec.pattern.test(raw)) return invalid(`does not match the ${spec.type} pattern`);
  return value;
}

// ---- writers, called by generated encoders ----

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function checkDate(value: Date, path: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new AtomEncodeError('expected a valid Date', path);
  }
  return value;
}

/** `YYYY-MM-DDTHH:MM:SSZ` (guide/protocol.md#timestamps: written to the second, in UTC). */
export function formatDateTime(value: Date | null | undefined, path = 'value'): string {
  if (value === null) return '';
  const d = checkDate(value as Date, path);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the SyncML client listing's form of `setup sent`. */
export function formatListingTimestamp(value: Date | null | undefined, path = 'value'): string {
  if (value === null) return '';
  const d = checkDate(value as Date, path);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function formatInteger(value: number | null | undefined, path = 'value'): string {
  if (value === null) return '';
  if (!Number.isSafeInteger(value)) throw new AtomEncodeError('expected an integer', path);
  return String(value);
}

export function formatBoolean(value: boolean | null | undefined, path = 'value'): string {
  if (value === null) return '';
  if (typeof value !== 'boolean') throw new AtomEncodeError('expected a boolean', path);
  return value ? 'true' : 'false';
}

export function formatString(value: string | null | undefined, path = 'value'): string {
  if (value === null) return '';
  if (typeof value !== 'string') throw new AtomEncodeError('expected a string', path);
  return value;
}

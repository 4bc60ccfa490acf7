/**
 * One contact rewritten as vCard 2.1, 3.0 or 4.0, from 2.1, 3.0 or 4.0. What changes is the
 * encoding, never the data: TYPE values (`TYPE=CELL,PREF`, 4.0's `PREF=1`) become 2.1's bare
 * parameters and back, inline data moves between 2.1 BASE64, 3.0 `ENCODING=b` and 4.0 `data:` URIs,
 * a 4.0 `tel:` URI becomes the number, and values are escaped for the target (2.1 escapes no
 * commas). Property names stay as they are, so the engine describes the card the same way in
 * either version.
 *
 * To 4.0 (RFC 6350 §6, what a CardDAV client asking for 4.0 reads differently from 3.0): VERSION,
 * TYPE values in lower case with `PREF` as `PREF=1` (and 3.0's default `INTERNET` dropped), inline
 * data and references as URIs (`PHOTO:data:image/jpeg;base64,…`), FN required but N not, and 3.0's
 * bookkeeping NAME and PROFILE dropped. Every other property goes as it is: TEL stays text (4.0
 * allows it), and 3.0-only ones (LABEL, CLASS, MAILER, SORT-STRING, AGENT) are kept for readers
 * that know them.
 */
import { cardShape, outLine, readField, type Field } from '../lines/fields.js';
import { type Component, type Param, paramValues } from '../lines/read.js';
import { legacyBase64, legacyLine, modernLine } from '../lines/write.js';
import { type FieldLimits, limitField } from '../render/limits.js';

export type CardVersion = '2.1' | '3.0' | '4.0';

const BINARY = new Set(['PHOTO', 'LOGO', 'SOUND', 'KEY']);
/**
 * Written by the converter itself, or bookkeeping of the source (and 4.0's default KIND, below).
 * Of the parameters only TYPE (with 4.0's PREF), LANGUAGE and, for 3.0, X- ones are carried:
 * ENCODING, MEDIATYPE and VALUE are rewritten for inline data and tel: URIs, and 4.0's own (PID,
 * ALTID, SORT-AS, LABEL, ...) mean nothing to a 3.0 or 2.1 reader.
 */
const DROPPED = new Set(['VERSION', 'PRODID']);
/** 3.0's own bookkeeping (RFC 2426 §2.1.2–2.1.3), which 4.0 has not. */
const DROPPED_IN_4 = new Set(['NAME', 'PROFILE']);

export function cardVersionOf(card: Component): string {
  return card.props.find((p) => p.name === 'VERSION')?.value.trim() ?? '';
}

export function convertCard(card: Component, to: CardVersion, limits: FieldLimits): string {
  const legacySource = cardVersionOf(card) === '2.1';
  const legacy = to === '2.1';
  const lines = ['BEGIN:VCARD', `VERSION:${to}`];
  const fields = card.props
    .filter((p) => !DROPPED.has(p.name) && !(p.name === 'KIND' && p.value.trim().toLowerCase() === 'individual'))
    .filter((p) => to !== '4.0' || !DROPPED_IN_4.has(p.name))
    .map((p) => readField(p, legacySource, cardShape));
  // 3.0 requires N and FN (RFC 2426 §5), 4.0 FN (RFC 6350 §6.2.1); a 2.1 phone card often has only N.
  if (!legacy) fields.unshift(...requiredNames(fields).filter((f) => to !== '4.0' || f.name === 'FN'));
  for (const field of fields) {
    const limited = limitField(field, limits);
    if (limited) lines.push(to === '4.0' ? writeField4(limited) : writeField(limited, legacy));
  }
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

function requiredNames(fields: readonly Field[]): Field[] {
  const n = fields.find((f) => f.name === 'N');
  const fn = fields.find((f) => f.name === 'FN');
  const org = fields.find((f) => f.name === 'ORG')?.parts[0] ?? '';
  const added: Field[] = [];
  if (!n) added.push({ group: '', name: 'N', params: [], shape: 'structured', parts: ['', '', '', '', ''] });
  if (!fn) {
    // As clients derive it (given additional family, with prefix and suffix): the engine sees a
    // derived FN as no FN, so the card keeps its fingerprint.
    const [family = '', given = '', additional = '', prefix = '', suffix = ''] = n?.parts ?? [];
    const name = [prefix, given, additional, family, suffix].filter((p) => p.trim() !== '').join(' ');
    added.push({ group: '', name: 'FN', params: [], shape: 'text', parts: [name || org] });
  }
  return added;
}

function writeField(field: Field, legacy: boolean): string {
  if (BINARY.has(field.name)) return writeBinary(field, legacy);
  const isTelUri = field.name === 'TEL' && (paramValues(field.params, 'VALUE')[0]?.toLowerCase() === 'uri' || /^tel:/i.test(field.parts[0] ?? ''));
  const value = isTelUri ? { ...field, shape: 'text' as const, parts: [(field.parts[0] ?? '').replace(/^tel:/i, '')] } : field;
  const types = typesOf(field);
  const params: Param[] = types.length > 0 ? [{ name: 'TYPE', values: types }] : [];
  // X- parameters mean nothing to a 2.1 phone, and some refuse the line for one.
  for (const p of field.params) if (p.name === 'LANGUAGE' || (p.name.startsWith('X-') && !legacy)) params.push(p);
  const line = outLine({ ...value, params }, legacy);
  return legacy ? legacyLine(line) : modernLine(line);
}

/** TYPE values, upper case, with 4.0's PREF=n as TYPE=PREF; media types of binary data excluded. */
function typesOf(field: Field): string[] {
  const types: string[] = [];
  if (!BINARY.has(field.name)) {
    for (const t of paramValues(field.params, 'TYPE').flatMap((v) => v.split(','))) {
      const upper = t.trim().toUpperCase();
      if (upper !== '' && !types.includes(upper)) types.push(upper);
    }
  }
  if (paramValues(field.params, 'PREF').length > 0 && !types.includes('PREF')) types.push('PREF');
  return types;
}

/** Inline data or a reference, in the target's form. */
function writeBinary(field: Field, legacy: boolean): string {
  const value = field.parts.join('').trim();
  const head = `${field.group ? `${field.group}.` : ''}${field.name}`;
  const data = /^data:([^;,]*)(?:;[^,]*)?,(.*)$/is.exec(value);
  const encoding = paramValues(field.params, 'ENCODING')[0]?.toUpperCase();
  if (data || encoding === 'B' || encoding === 'BASE64') {
    const media = mediaName(data ? data[1]! : paramValues(field.params, 'MEDIATYPE')[0] ?? paramValues(field.params, 'TYPE')[0] ?? '');
    const base64 = (data ? data[2]! : value).replace(/\s+/g, '');
    if (legacy) return legacyBase64(`${head};ENCODING=BASE64${media ? `;TYPE=${media}` : ''}`, base64);
    const params: Param[] = [{ name: 'ENCODING', values: ['b'] }];
    if (media) params.push({ name: 'TYPE', values: [media] });
    return modernLine({ group: field.group, name: field.name, params, value: base64 });
  }
  // A reference (URL): 2.1 says VALUE=URL, 3.0 VALUE=uri.
  return legacy
    ? legacyLine({ group: field.group, name: field.name, params: [{ name: 'VALUE', values: ['URL'] }], value })
    : modernLine({ group: field.group, name: field.name, params: [{ name: 'VALUE', values: ['uri'] }], value });
}

/** `image/jpeg` → `JPEG`, `jpeg` → `JPEG`. */
function mediaName(media: string): string {
  return media.trim().replace(/^[a-z]+\//i, '').toUpperCase();
}

// ---- 4.0 ------------------------------------------------------------------------------------------

/** A field as 4.0 writes it: TYPE values lower case with PREF=1, inline data as a data: URI. */
function writeField4(field: Field): string {
  if (BINARY.has(field.name)) return writeBinary4(field);
  const isTelUri = field.name === 'TEL' && (paramValues(field.params, 'VALUE')[0]?.toLowerCase() === 'uri' || /^tel:/i.test(field.parts[0] ?? ''));
  const types = typesOf(field).filter((t) => t !== 'PREF' && !(t === 'INTERNET' && field.name === 'EMAIL')).map((t) => t.toLowerCase());
  const params: Param[] = types.length > 0 ? [{ name: 'TYPE', values: types }] : [];
  if (typesOf(field).includes('PREF')) params.push({ name: 'PREF', values: [paramValues(field.params, 'PREF')[0] ?? '1'] });
  if (isTelUri) params.push({ name: 'VALUE', values: ['uri'] });
  for (const p of field.params) if (p.name === 'LANGUAGE' || p.name.startsWith('X-')) params.push(p);
  return modernLine(outLine({ ...field, params }, false));
}

/** Inline data as a data: URI (RFC 6350 §6.2.4), a reference as it is; both URIs, the 4.0 default. */
function writeBinary4(field: Field): string {
  const value = field.parts.join('').trim();
  const data = /^data:/i.test(value);
  const encoding = paramValues(field.params, 'ENCODING')[0]?.toUpperCase();
  const uri = !data && (encoding === 'B' || encoding === 'BASE64')
    ? `data:${mediaType(field.name, paramValues(field.params, 'TYPE')[0] ?? '')};base64,${value.replace(/\s+/g, '')}`
    : value;
  return modernLine({ group: field.group, name: field.name, params: [], value: uri });
}

/** `JPEG` → `image/jpeg` (PHOTO, LOGO), `audio/…` (SOUND), `application/…` (KEY); a full media type as it is. */
function mediaType(name: string, type: string): string {
  const t = type.trim().toLowerCase();
  if (t.includes('/')) return t;
  if (t === '') return 'application/octet-stream';
  if (name === 'SOUND') return `audio/${t}`;
  if (name === 'KEY') return t === 'pgp' ? 'application/pgp-keys' : `application/${t}`;
  return `image/${t === 'jpg' ? 'jpeg' : t}`;
}

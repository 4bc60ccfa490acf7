/**
 * An item's text as an ActiveSync body and back. 2.5 writes it in the class's own page
 * (`Contacts:Body`, `Contacts:BodySize`, `Contacts:BodyTruncated`); 12.0 and later in
 * `AirSyncBase:Body` (MS-ASAIRS §2.2.2.9): `Type`, `EstimatedDataSize`, `Truncated`, `Data`, in
 * that order, cut at the BodyPreference's TruncationSize (bytes of UTF-8, never inside a
 * character). A phone asking for HTML gets the text as HTML; one asking for RTF or MIME gets plain
 * text, which every phone reads. From the phone: plain text or HTML (made text); RTF and MIME are
 * not read, and a body the phone says is truncated is not the item's text.
 */
import {
  type AirSyncBodyPreference,
  type AirSyncProperty,
  childText,
  parentElement,
  phoneText,
  textElement,
} from './properties.js';

/** What the phone sent as the body. */
export type PhoneBody =
  | { readonly kind: 'text'; readonly text: string }
  /** Cut (Truncated or BodyTruncated 1) or in a form we do not read (RTF, MIME): the item's text is not in it. */
  | { readonly kind: 'unusable' };

/** 12.0+: the `AirSyncBase:Body` of `text` in the type the phone prefers. */
export function airSyncBase(text: string, preference: AirSyncBodyPreference | undefined): AirSyncProperty {
  const html = preference?.type === 2;
  const data = html ? htmlOf(text) : text;
  const size = Buffer.byteLength(data, 'utf8');
  const limit = preference?.truncationSize;
  const cut = limit !== undefined && Number.isFinite(limit) && limit >= 0 && size > limit;
  const sent = cut ? cutBytes(data, Math.floor(limit), html) : data;
  return parentElement('AirSyncBase:Body', [
    textElement('AirSyncBase:Type', html ? '2' : '1'),
    textElement('AirSyncBase:EstimatedDataSize', String(size)),
    ...(cut ? [textElement('AirSyncBase:Truncated', '1')] : []),
    textElement('AirSyncBase:Data', sent),
  ]);
}

/** 2.5: `Body` (cut at `truncation` characters), `BodySize` when cut, `BodyTruncated`, of `page`. */
export function legacyBody(page: string, text: string, truncation: number | undefined): AirSyncProperty[] {
  const chars = Array.from(text);
  const cut = truncation !== undefined && Number.isFinite(truncation) && truncation >= 0 && chars.length > truncation;
  if (!cut) return [textElement(`${page}:Body`, text), textElement(`${page}:BodyTruncated`, '0')];
  return [
    textElement(`${page}:Body`, chars.slice(0, Math.floor(truncation)).join('')),
    textElement(`${page}:BodySize`, String(chars.length)),
    textElement(`${page}:BodyTruncated`, '1'),
  ];
}

/** The text of the phone's `AirSyncBase:Body`. */
export function readAirSyncBase(body: AirSyncProperty): PhoneBody {
  if (isTrue(childText(body, 'AirSyncBase:Truncated'))) return { kind: 'unusable' };
  const type = (childText(body, 'AirSyncBase:Type') ?? '1').trim();
  const data = phoneText(childText(body, 'AirSyncBase:Data') ?? '');
  if (type === '1') return { kind: 'text', text: data };
  if (type === '2') return { kind: 'text', text: textOf(data) };
  return { kind: 'unusable' };
}

/** The text of a 2.5 `Body`, given its `BodyTruncated`. */
export function readLegacyBody(body: AirSyncProperty, truncated: AirSyncProperty | undefined): PhoneBody {
  if (isTrue(truncated?.text)) return { kind: 'unusable' };
  return { kind: 'text', text: phoneText(body.text ?? '') };
}

function isTrue(flag: string | undefined): boolean {
  const value = flag?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/** The first `limit` bytes of UTF-8, never half a character; for HTML never half a tag or entity. */
function cutBytes(text: string, limit: number, html: boolean): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char.codePointAt(0) ?? 0);
    if (bytes + size > limit) break;
    bytes += size;
    end += char.length;
  }
  let out = text.slice(0, end);
  if (html) {
    const tag = out.lastIndexOf('<');
    if (tag >= 0 && out.indexOf('>', tag) < 0) out = out.slice(0, tag);
    const entity = out.lastIndexOf('&');
    if (entity >= 0 && out.indexOf(';', entity) < 0) out = out.slice(0, entity);
  }
  return out;
}

function utf8Length(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text as HTML: escaped, a line break as `<br>`. `textOf` reads it back to the same text. */
export function htmlOf(text: string): string {
  const body = text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br>');
  return `<html><body>${body}</body></html>`;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Elements whose content is no text. */
const HIDDEN = new Set(['head', 'script', 'style', 'title']);
/** Elements that end a line. */
const BREAKS = new Set(['br', '/p', '/div', '/li', '/tr', '/h1', '/h2', '/h3', '/h4', '/h5', '/h6']);

/**
 * HTML as text, in one pass: tags dropped (a line break for `<br>` and the end of a block), the
 * content of head, script and style dropped, entities decoded. Spacing stays as written.
 */
export function textOf(html: string): string {
  let out = '';
  let hidden: string | null = null;
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    const textEnd = open < 0 ? html.length : open;
    if (hidden === null) out += decodeEntities(html.slice(i, textEnd));
    if (open < 0) break;
    const close = html.indexOf('>', open);
    if (close < 0) break;
    const tag = /^\s*(\/?[a-z0-9]+)/i.exec(html.slice(open + 1, Math.min(close, open + 40)))?.[1]?.toLowerCase() ?? '';
    if (hidden !== null) {
      if (tag === `/${hidden}`) hidden = null;
    } else if (HIDDEN.has(tag) && !/\/\s*$/.test(html.slice(open + 1, close))) hidden = tag;
    else if (BREAKS.has(tag)) out += '\n';
    i = close + 1;
  }
  return out;
}

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The multistatus writer, streamed: a generator of string chunks, one response at a time, so a
 * listing of 100,000 items is never one string and a caller can stop (or the socket push back)
 * between responses. The five known namespaces are declared once on the root; properties of other
 * namespaces declare their own.
 */
import type { Precondition } from '../errors.js';
import { DAV_NS, PREFIXES, PREFIX_DECLARATIONS } from '../namespaces.js';
import { statusLine } from '../status.js';
import { escapeText, writeContent, type XmlElement } from '../xml/write.js';
import { isPropResponse, type DavResponse, type MultistatusEnd, type PropStat, type PropValue } from './model.js';

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';
export const MULTISTATUS_MEDIA_TYPE = 'application/xml; charset=utf-8';

/** The multistatus start: declaration and root with the namespace declarations. */
export const MULTISTATUS_OPEN = `${XML_DECLARATION}<d:multistatus${PREFIX_DECLARATIONS}>`;

const href = (h: string) => `<d:href>${escapeText(h)}</d:href>`;

/** A precondition's element: `<card:no-uid-conflict><d:href>…</d:href></card:no-uid-conflict>`… */
export function preconditionElement(p: Precondition): XmlElement {
  if (p.key === 'need-privileges') {
    // RFC 3744 §7.1.1: the resource and the privilege it lacks.
    const resource = [el('href', p.href ?? ''), el('privilege', p.privilege ? { ns: p.privilege.ns, name: p.privilege.name } : undefined)];
    return { ns: DAV_NS, name: 'need-privileges', content: p.href === undefined ? undefined : el('resource', resource) };
  }
  return { ns: p.element.ns, name: p.element.name, ...(p.href === undefined ? {} : { content: el('href', p.href) }) };
}

function el(name: string, content: XmlElement['content']): XmlElement {
  return { ns: DAV_NS, name, ...(content === undefined ? {} : { content }) };
}

const errorElement = (p: Precondition) => `<d:error>${writeContent(preconditionElement(p))}</d:error>`;

function writePropstat(ps: PropStat): string {
  let props = '';
  for (const p of ps.props) props += p.element ? p.element.raw : writeContent({ ns: p.name.ns, name: p.name.name, ...(p.value === undefined ? {} : { content: p.value }) });
  return (
    `<d:propstat><d:prop>${props}</d:prop><d:status>${statusLine(ps.status)}</d:status>` +
    (ps.error ? errorElement(ps.error) : '') +
    (ps.description ? `<d:responsedescription>${escapeText(ps.description)}</d:responsedescription>` : '') +
    '</d:propstat>'
  );
}

/** One DAV:response. */
export function writeResponse(r: DavResponse): string {
  let out = '<d:response>';
  if (isPropResponse(r)) {
    out += href(r.href);
    for (const ps of r.propstats) out += writePropstat(ps);
    // A response holds a status or a propstat (RFC 4918 §14.24): one with nothing left to say (a
    // minimal answer that found nothing) says 200 of an empty prop, not a response clients refuse.
    if (r.propstats.length === 0) out += '<d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>';
  } else {
    for (const h of r.hrefs) out += href(h);
    out += `<d:status>${statusLine(r.status)}</d:status>`;
  }
  if (r.error) out += errorElement(r.error);
  if (r.description) out += `<d:responsedescription>${escapeText(r.description)}</d:responsedescription>`;
  return `${out}</d:response>`;
}

/**
 * Many responses of one shape, written from strings: a listing's members all answer the same
 * properties, and only a few values differ (the href, the ETag, the data). The shape — every
 * propstat, status line and shared property — is written once per request (`responseTemplate`),
 * then each member is a handful of concatenations, where writeResponse walked the propstats'
 * objects and wrote every element again (most of a 5,000-member listing's CPU, issue 21).
 * `write` gives exactly writeResponse's bytes for the same propstats with these values
 * (multistatus.test.ts holds it to that).
 */
export interface ResponseTemplate {
  /** `values[i]` is slot i's text, unescaped (slots as `slotOf` numbered them). */
  write(href: string, values: readonly string[]): string;
  /**
   * `write` for hrefs that all begin with `head` (a collection's members): the head escaped once,
   * then only each href's tail (a listing's hrefs are mostly their collection's path).
   */
  under(head: string): (tail: string, values: readonly string[]) => string;
}

/**
 * The template of responses whose propstats are `propstats` (one response's, any values) with the
 * properties `slotOf` numbers left open: each is then written as `<tag>text</tag>` (`<tag/>` when
 * the text is empty), as writeContent writes a property whose value is a string. Undefined when a
 * slot is a property no fixed prefix names (its element would declare its namespace): then the
 * caller writes responses one by one.
 */
export function responseTemplate(propstats: readonly PropStat[], slotOf: (p: PropValue) => number | undefined): ResponseTemplate | undefined {
  const parts: string[] = [];
  const slots: { index: number; open: string; close: string; empty: string }[] = [];
  let text = '';
  for (const ps of propstats) {
    text += '<d:propstat><d:prop>';
    for (const p of ps.props) {
      const index = slotOf(p);
      if (index === undefined) {
        text += p.element ? p.element.raw : writeContent({ ns: p.name.ns, name: p.name.name, ...(p.value === undefined ? {} : { content: p.value }) });
        continue;
      }
      const prefix = PREFIXES.get(p.name.ns);
      if (prefix === undefined) return undefined;
      const tag = `${prefix}:${p.name.name}`;
      parts.push(text);
      text = '';
      slots.push({ index, open: `<${tag}>`, close: `</${tag}>`, empty: `<${tag}/>` });
    }
    text +=
      `</d:prop><d:status>${statusLine(ps.status)}</d:status>` +
      (ps.error ? errorElement(ps.error) : '') +
      (ps.description ? `<d:responsedescription>${escapeText(ps.description)}</d:responsedescription>` : '') +
      '</d:propstat>';
  }
  if (propstats.length === 0) text += '<d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>';
  parts.push(`${text}</d:response>`);
  const rest = (values: readonly string[]) => {
    let out = parts[0]!;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const value = escapeText(values[slot.index]!);
      out += (value === '' ? slot.empty : slot.open + value + slot.close) + parts[i + 1];
    }
    return out;
  };
  const write = (h: string, values: readonly string[]) => `<d:response><d:href>${escapeText(h)}</d:href>${rest(values)}`;
  return {
    write,
    under(head) {
      // Escaping goes character by character, but for a surrogate pair, which must not be cut.
      if (/[\uD800-\uDBFF]$/.test(head)) return (tail, values) => write(head + tail, values);
      const open = `<d:response><d:href>${escapeText(head)}`;
      return (tail, values) => `${open}${escapeText(tail)}</d:href>${rest(values)}`;
    },
  };
}

/** The multistatus end: sync-collection's token and a description, then the close tag. */
export function multistatusClose(end: MultistatusEnd = {}): string {
  return (
    (end.description ? `<d:responsedescription>${escapeText(end.description)}</d:responsedescription>` : '') +
    (end.syncToken !== undefined ? `<d:sync-token>${escapeText(end.syncToken)}</d:sync-token>` : '') +
    '</d:multistatus>\n'
  );
}

export interface WriteOptions {
  /**
   * Characters gathered before a chunk is yielded: one chunk per response would be a write per
   * item; 64 K is a few hundred listing entries or one vCard with a photo (at 16 K the socket's
   * writes of a 100,000-item listing took a third of its time).
   */
  readonly chunkChars?: number;
}

const END_OF = (end: MultistatusEnd | (() => MultistatusEnd) | undefined): MultistatusEnd => (typeof end === 'function' ? end() : (end ?? {}));

/**
 * The characters gathered before a chunk goes out (WriteOptions.chunkChars' default); a producer
 * that writes its responses itself (WrittenResponses) gathers as many before it hands them over.
 */
export const MULTISTATUS_CHUNK_CHARS = 64 * 1024;

/**
 * The whole multistatus as chunks. `end` may be a function: read once every response is written,
 * so a sync-collection answers the token of what it actually sent (a truncated listing, RFC 6578 §3.6).
 */

export function* multistatusChunks(responses: Iterable<DavResponse>, end?: MultistatusEnd | (() => MultistatusEnd), options: WriteOptions = {}): Generator<string, void, undefined> {
  const size = options.chunkChars ?? MULTISTATUS_CHUNK_CHARS;
  let buffer = MULTISTATUS_OPEN;
  for (const r of responses) {
    buffer += writeResponse(r);
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer + multistatusClose(END_OF(end));
}

/**
 * multistatusChunks over responses that come asynchronously (a store cursor), one at a time or a
 * page at a time (an array, or a string of responses written already: a ResponseTemplate's): a
 * listing of 5,000 then awaits 10 pages, not 5,000 responses.
 */
export async function* multistatusStream(
  responses: AsyncIterable<DavResponse | readonly DavResponse[] | WrittenResponses> | Iterable<DavResponse>,
  end?: MultistatusEnd | (() => MultistatusEnd),
  options: WriteOptions = {},
): AsyncGenerator<string, void, undefined> {
  const size = options.chunkChars ?? MULTISTATUS_CHUNK_CHARS;
  let buffer = MULTISTATUS_OPEN;
  for await (const r of responses) {
    if (typeof r === 'string') {
      buffer += r;
      if (buffer.length >= size) {
        yield buffer;
        buffer = '';
      }
      continue;
    }
    if (isPage(r)) {
      for (const one of r) {
        buffer += writeResponse(one);
        if (buffer.length >= size) {
          yield buffer;
          buffer = '';
        }
      }
      continue;
    }
    buffer += writeResponse(r);
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer + multistatusClose(END_OF(end));
}

/** Responses written already (writeResponse's or a ResponseTemplate's bytes, one or many after another), passed on as they are. */
export type WrittenResponses = string;

const isPage = (r: DavResponse | readonly DavResponse[]): r is readonly DavResponse[] => Array.isArray(r);

/** A multistatus in one string, for small answers (PROPPATCH, a Depth: 0 PROPFIND). */
export const writeMultistatus = (responses: Iterable<DavResponse>, end?: MultistatusEnd): string => [...multistatusChunks(responses, end)].join('');

/** The `DAV:error` body of a failed precondition (RFC 4918 §16), served with its status. */
export function errorBody(p: Precondition): string {
  return `${XML_DECLARATION}<d:error${PREFIX_DECLARATIONS}>${writeContent(preconditionElement(p))}</d:error>\n`;
}

/**
 * The body of an extended MKCOL that failed (RFC 5689 §3.3, served with 403 or 424): a
 * `DAV:mkcol-response` holding the propstats of the properties asked for, as PROPPATCH's.
 */
export function mkcolResponseBody(props: readonly PropStat[]): string {
  return `${XML_DECLARATION}<d:mkcol-response${PREFIX_DECLARATIONS}>${props.map(writePropstat).join('')}</d:mkcol-response>\n`;
}

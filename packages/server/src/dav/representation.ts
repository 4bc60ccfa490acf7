/**
 * An item as DAV serves it, and its ETag. The default bytes are @atomsync/items davBody's: what a
 * DAV client PUT, byte for byte; what phones wrote in the forms CardDAV/CalDAV clients read (a
 * vCard 2.1 as 3.0, a vCalendar 1.0 event or task as iCalendar 2.0, bare TZIDs given their
 * VTIMEZONEs). The ETag is a hash of those bytes, so it changes exactly when they do; the store
 * keeps it beside the body (written by every write, `etag`): a listing reads it instead of hashing
 * every body, and need not read the bodies at all. Rows written before the column have none, and
 * are hashed here when read.
 *
 * Every vCard, event and task is served with a UID (RFC 6352 §5.1, RFC 4791 §4.1): one written
 * without (through the REST API, by a phone) gets the item's uuid, which never changes. Thunderbird
 * gives a card it reads without a UID a new one of its own on every read, so the first change made
 * elsewhere left it holding the card twice. The ETag stays the stored one, of the form without: the
 * UID is constant, so it still changes exactly when the served bytes do.
 *
 * vCard 4.0 is served when a client asks for it (address-data version="4.0" in a REPORT, or
 * `Accept: text/vcard; version=4.0` on GET); a 3.0 client gets the default form. The 4.0 form
 * carries the default form's ETag (as sabre/dav does): one resource, one ETag for If-Match and
 * sync, whichever form a client reads.
 */
import { davBody, describeTitled, renderForPhone, uidOf, type ItemDataclass, type ItemDescription, type ParsedCalendar } from '@atomsync/items';
import { formatEtag } from '@atomsync/dav';
import { servedHash } from '@atomsync/store';
import type { ContentChange, ContentRecord, DavItemRecord, DavListedItem } from '@atomsync/store';

export interface Served {
  readonly body: string;
  readonly contentType: string;
  /** Header form, quoted. */
  readonly etag: string;
}

/** The vCard versions served; 3.0 the default. */
export type CardVersion = '3.0' | '4.0';

type ServedItem = Pick<ContentRecord, 'uuid' | 'dataclass' | 'title' | 'type' | 'body'> & { readonly etag?: string | null };

const VCARD_4 = { type: 'text/vcard', version: '4.0', localTime: null, maxFieldLength: {} } as const;

/** `"<27 base64url chars of sha-256>"`: strong, and what a client compares byte for byte. */
export const etagOf = (body: string): string => formatEtag(servedHash(body));

const contentTypeOf = (item: Pick<ContentRecord, 'dataclass'>): string =>
  item.dataclass === 'Contacts' ? 'text/vcard; charset=utf-8' : `text/calendar; charset=utf-8; component=${item.dataclass === 'Tasks' ? 'VTODO' : 'VEVENT'}`;

const isCard4 = (body: string) => /^VERSION:\s*4\.0\s*$/im.test(body.slice(0, 4096));

/** What withTimezones looks for before it reads an object whole (a TZID parameter). */
const NAMES_ZONE = /;\s*TZID=/i;

/**
 * The item as served (in vCard 4.0 when asked), with its stored ETag when it has one.
 *
 * A calendar object naming a TZID whose body hashes to its stored ETag is served as it is: the
 * ETag is the hash of davBody's bytes, so those are the body itself (what a DAV client PUT with
 * its VTIMEZONEs). davBody would read such an object whole to learn that no VTIMEZONE is missing
 * (~7 µs an event; the hash, ~1 µs). Without a TZID, and for a vCard (it only looks for
 * `VERSION:2.1`), davBody costs less than the hash.
 */
export function servedOf(item: ServedItem & { readonly uid?: string | null }, cardVersion: CardVersion = '3.0'): Served {
  const body = item.dataclass !== 'Contacts' && item.etag && NAMES_ZONE.test(item.body) && servedHash(item.body) === item.etag ? item.body : davBody(item);
  const etag = item.etag ? formatEtag(item.etag) : etagOf(body);
  if (item.dataclass === 'Contacts' && cardVersion === '4.0' && !isCard4(item.body)) {
    return { body: withUid(renderForPhone(item, VCARD_4).data, item.uuid), contentType: contentTypeOf(item), etag };
  }
  // The UID the store keeps beside the body (a multiget's read brings it: DavItemRecord.uid) is
  // uidOf of these very bytes when they are served as stored, and is written with the etag (a row
  // without one may predate both): then the body is not read again for its UID (~1 µs a card,
  // ~2.5 µs an event with a VTIMEZONE before its VEVENT).
  const known = item.etag && item.uid !== undefined && body === item.body;
  return { body: known && item.uid !== null ? body : withUid(body, item.uuid), contentType: contentTypeOf(item), etag };
}

/** Each vCard, VEVENT and VTODO ends in one of these lines (a VALARM inside ends otherwise). */
const ITEM_END = /^END:(VCARD|VEVENT|VTODO)\r?$/gim;

/** The body with `UID:<uuid>` in each of its items when it has no UID (all of an iCalendar object's components share one). */
function withUid(body: string, uuid: string): string {
  if (uidOf(body) !== null) return body;
  const newline = body.includes('\r\n') ? '\r\n' : '\n';
  return body.replace(ITEM_END, (end) => `UID:${uuid}${newline}${end}`);
}

/**
 * A body a PUT stores, with everything the store keeps beside it (title, description, UID, the
 * served hash) read from it here, once: the store writes them as given, and the PUT's answer
 * takes its ETag from them, where each used to read the body again (a vCard was parsed 3–4 times
 * per PUT).
 */
export interface StoredItem extends ContentChange {
  readonly description: ItemDescription;
  readonly uid: string | null;
  /** Unquoted, as the store keeps it. */
  readonly etag: string;
  /** Whether DAV serves back exactly these bytes (then, and only then, a PUT answers their ETag). */
  readonly servedAsSent: boolean;
}

/** `parsed`: the PUT's check's parse of an iCalendar body (validate.ts), read instead of parsing it again. */
export function storedItem(dataclass: ItemDataclass, type: string, body: string, parsed?: ParsedCalendar): StoredItem {
  // The title and the description from one read of the body (a plain vCard's: most PUTs).
  const { title, description } = describeTitled({ dataclass, type, body }, { parsed });
  const content = { dataclass, title, type, body };
  const uid = uidOf(body);
  const served = davBody(content);
  // servedOf adds a UID to a body without one: then what is served is not what was sent either.
  return { ...content, description, uid, etag: servedHash(served), servedAsSent: served === body && uid !== null };
}

/**
 * What a listing needs of an item that asks no body: its stored ETag and type. The body field is
 * empty unless the item has no stored ETag: then the store read it whole (davListing), hashed here.
 */
export function servedHeadOf(item: DavItemRecord | DavListedItem): Served {
  if (item.etag !== null) return { body: '', contentType: contentTypeOf(item), etag: formatEtag(item.etag) };
  if (!('body' in item)) throw new Error(`the listing of ${item.uuid} has neither a stored ETag nor its body`);
  return servedOf(item);
}

/**
 * The vCard version an Accept header prefers: the text/vcard range of the highest q (the first of
 * equals), 4.0 when it says `version=4.0`; 3.0 otherwise (no header, a range without a version,
 * `*\/*`).
 */
export function acceptedCardVersion(accept: string | null | undefined): CardVersion {
  if (accept === undefined || accept === null) return '3.0';
  let best: { q: number; version: CardVersion } | undefined;
  for (const range of accept.split(',').slice(0, 32)) {
    const [media = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (media !== 'text/vcard') continue;
    const param = (name: string) => params.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1).replace(/^"(.*)"$/, '$1');
    const q = param('q') === undefined ? 1 : Number(param('q'));
    if (!(q > 0)) continue;
    const version: CardVersion = param('version') === '4.0' ? '4.0' : '3.0';
    if (best === undefined || q > best.q) best = { q, version };
  }
  return best?.version ?? '3.0';
}

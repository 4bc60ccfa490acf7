/**
 * An item as DAV serves it, and its ETag. What a DAV client PUT is served back byte for byte.
 * What phones wrote is served in the forms CardDAV/CalDAV clients read: a vCard 2.1 as vCard 3.0
 * (RFC 6352 §5.1), a vCalendar 1.0 event or task as iCalendar 2.0, and an iCalendar 2.0 body whose
 * TZIDs lack a VTIMEZONE (bare IANA names) with one for each (RFC 4791 §4.1 requires them).
 *
 * vCard 4.0 is served when a client asks for it (address-data version="4.0" in a REPORT, or
 * `Accept: text/vcard; version=4.0` on GET); a 3.0 client gets what was stored. The ETag is a hash
 * of the default form's bytes, so it changes exactly when they do, and the 4.0 form carries the
 * same ETag (as sabre/dav does): one resource, one ETag for If-Match and sync, whichever form a
 * client reads.
 */
import { createHash } from 'node:crypto';
import { renderForPhone, upgradeVCalendar, withTimezones } from '@atomsync/items';
import { formatEtag } from '@atomsync/dav';
import type { ContentRecord } from '../store/records.js';

export interface Served {
  readonly body: string;
  readonly contentType: string;
  /** Header form, quoted. */
  readonly etag: string;
}

/** The vCard versions served; 3.0 the default. */
export type CardVersion = '3.0' | '4.0';

type ServedItem = Pick<ContentRecord, 'dataclass' | 'title' | 'type' | 'body'>;

const VCARD = (version: CardVersion) => ({ type: 'text/vcard', version, localTime: null, maxFieldLength: {} }) as const;

/** `"<27 base64url chars of sha-256>"`: strong, and what a client compares byte for byte. */
export function etagOf(body: string): string {
  return formatEtag(createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27));
}

function versionOf(body: string): string | undefined {
  return /^VERSION:\s*([0-9.]+)\s*$/im.exec(body.slice(0, 4096))?.[1];
}

/** 2.1 as 3.0; 3.0 and 4.0 as they are. */
function cardBody(item: ServedItem): string {
  return versionOf(item.body) === '2.1' ? renderForPhone(item, VCARD('3.0')).data : item.body;
}

/** iCalendar 2.0 with its VTIMEZONEs: a 1.0 body upgraded, then any bare TZID given its zone. */
function calendarBody(item: ServedItem): string {
  const upgraded = versionOf(item.body) === '1.0' ? upgradeVCalendar(item.body) : null;
  return withTimezones(upgraded ?? item.body);
}

export function servedOf(item: ServedItem, cardVersion: CardVersion = '3.0'): Served {
  if (item.dataclass === 'Contacts') {
    const body = cardBody(item);
    const etag = etagOf(body);
    if (cardVersion === '4.0' && versionOf(item.body) !== '4.0') {
      return { body: renderForPhone(item, VCARD('4.0')).data, contentType: 'text/vcard; charset=utf-8', etag };
    }
    return { body, contentType: 'text/vcard; charset=utf-8', etag };
  }
  const component = item.dataclass === 'Tasks' ? 'VTODO' : 'VEVENT';
  const body = calendarBody(item);
  return { body, contentType: `text/calendar; charset=utf-8; component=${component}`, etag: etagOf(body) };
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

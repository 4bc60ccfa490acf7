/**
 * An item as DAV serves it, and its ETag. What a DAV client PUT is served back byte for byte;
 * a vCard 2.1 a phone wrote is served as vCard 3.0 (CardDAV clients read 3.0 and 4.0, RFC 6352
 * §5.1). The ETag is a hash of the bytes served, so it changes exactly when they do.
 */
import { createHash } from 'node:crypto';
import { renderForPhone } from '@atomsync/items';
import { formatEtag } from '@atomsync/dav';
import type { ContentRecord } from '../store/records.js';

export interface Served {
  readonly body: string;
  readonly contentType: string;
  /** Header form, quoted. */
  readonly etag: string;
}

const VCARD_3 = { type: 'text/vcard', version: '3.0', localTime: null, maxFieldLength: {} } as const;

/** `"<27 base64url chars of sha-256>"`: strong, and what a client compares byte for byte. */
export function etagOf(body: string): string {
  return formatEtag(createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27));
}

function cardBody(item: Pick<ContentRecord, 'dataclass' | 'title' | 'type' | 'body'>): string {
  // 2.1 only: 3.0 and 4.0 go as they are (a client asking 4.0 of a 3.0 card is for later).
  if (!/^VERSION:2\.1\s*$/im.test(item.body.slice(0, 4096))) return item.body;
  return renderForPhone(item, VCARD_3).data;
}

export function servedOf(item: Pick<ContentRecord, 'dataclass' | 'title' | 'type' | 'body'>): Served {
  if (item.dataclass === 'Contacts') {
    const body = cardBody(item);
    return { body, contentType: 'text/vcard; charset=utf-8', etag: etagOf(body) };
  }
  const component = item.dataclass === 'Tasks' ? 'VTODO' : 'VEVENT';
  return { body: item.body, contentType: `text/calendar; charset=utf-8; component=${component}`, etag: etagOf(item.body) };
}

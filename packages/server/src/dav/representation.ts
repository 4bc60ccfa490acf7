/**
 * An item as DAV serves it, and its ETag. The bytes are @atomsync/items davBody's (as stored, a
 * vCard 2.1 as 3.0); the ETag is a hash of them, so it changes exactly when they do. The store
 * keeps that hash beside the body (written by every write, `etag`): a listing reads it instead of
 * hashing every body, and need not read the bodies at all. Rows written before the column have
 * none, and are hashed here when read.
 */
import { davBody } from '@atomsync/items';
import { formatEtag } from '@atomsync/dav';
import { servedHash } from '../store/served-hash.js';
import type { ContentRecord, DavItemRecord } from '../store/records.js';

export interface Served {
  readonly body: string;
  readonly contentType: string;
  /** Header form, quoted. */
  readonly etag: string;
}

/** `"<27 base64url chars of sha-256>"`: strong, and what a client compares byte for byte. */
export const etagOf = (body: string): string => formatEtag(servedHash(body));

const contentTypeOf = (item: Pick<ContentRecord, 'dataclass'>): string =>
  item.dataclass === 'Contacts' ? 'text/vcard; charset=utf-8' : `text/calendar; charset=utf-8; component=${item.dataclass === 'Tasks' ? 'VTODO' : 'VEVENT'}`;

/** The item as served, from its body: its stored ETag when it has one. */
export function servedOf(item: Pick<ContentRecord, 'dataclass' | 'title' | 'type' | 'body'> & { readonly etag?: string | null }): Served {
  const body = davBody(item);
  return { body, contentType: contentTypeOf(item), etag: item.etag ? formatEtag(item.etag) : etagOf(body) };
}

/**
 * What a listing needs of an item that asks no body: its stored ETag and type. The body field is
 * empty unless the store had to read it (a row without a stored ETag, hashed here).
 */
export function servedHeadOf(item: DavItemRecord): Served {
  if (item.etag !== null) return { body: '', contentType: contentTypeOf(item), etag: formatEtag(item.etag) };
  return servedOf(item);
}

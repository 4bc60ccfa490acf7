/**
 * A multistatus (RFC 4918 §13) as data: what the writer writes and the reader returns. One model for
 * both halves, so the client reads back exactly what the server writes.
 */
import type { Precondition } from '../errors.js';
import type { QName } from '../namespaces.js';
import type { RawXml, XmlContent } from '../xml/write.js';

/** A property with its value (none: an empty element, as in a 404 propstat or `<resourcetype/>`). */
export interface PropValue {
  readonly name: QName;
  readonly value?: XmlContent;
  /** The property's whole element as stored (a dead property: the fragment the client sent), written as is. */
  readonly element?: RawXml;
}

export interface PropStat {
  readonly status: number;
  readonly props: readonly PropValue[];
  readonly error?: Precondition;
  readonly description?: string;
}

/** A response about one resource's properties (PROPFIND, the REPORTs). */
export interface PropResponse {
  readonly href: string;
  readonly propstats: readonly PropStat[];
  readonly error?: Precondition;
  readonly description?: string;
}

/**
 * A response with one status for its hrefs: a deleted member in a sync-collection delta (404), the
 * collection truncated by a limit (507), a multiget href that does not exist (404).
 */
export interface StatusResponse {
  readonly hrefs: readonly string[];
  readonly status: number;
  readonly error?: Precondition;
  readonly description?: string;
}

export type DavResponse = PropResponse | StatusResponse;

export const isPropResponse = (r: DavResponse): r is PropResponse => 'propstats' in r;

/** What closes a multistatus: sync-collection's new token (RFC 6578 §6.4), a description. */
export interface MultistatusEnd {
  readonly syncToken?: string;
  readonly description?: string;
}

/**
 * Groups properties by status into propstats, 200 first then by code: what every PROPFIND and
 * REPORT answer is made of. `minimal` (Prefer: return=minimal, Brief: t) leaves out all but the
 * 200 propstat (RFC 8144 §2.1).
 */
export function propstats(found: readonly PropValue[], others: readonly { readonly name: QName; readonly status: number }[] = [], minimal = false): PropStat[] {
  const groups = new Map<number, PropValue[]>();
  if (found.length > 0) groups.set(200, [...found]);
  if (!minimal) {
    for (const { name, status } of others) {
      let group = groups.get(status);
      if (group === undefined) groups.set(status, (group = []));
      group.push({ name });
    }
  }
  return [...groups].sort(([a], [b]) => (a === 200 ? -1 : b === 200 ? 1 : a - b)).map(([status, props]) => ({ status, props }));
}

/** `propstats` for the usual case: these found, those unknown (404). */
export const foundAndMissing = (found: readonly PropValue[], missing: readonly QName[], minimal = false): PropStat[] =>
  propstats(
    found,
    missing.map((name) => ({ name, status: 404 })),
    minimal,
  );

/**
 * The Depth header (RFC 4918 §10.2). Each method has its default when the header is absent:
 * PROPFIND infinity (RFC 4918 §9.1), REPORT 0 (RFC 3253 §3.6). We never walk a tree to infinity:
 * a PROPFIND asking for it is answered as Depth 1 (what a collection of items holds: its members)
 * or refused with 403 DAV:propfind-finite-depth, the server's choice. sync-collection is answered
 * at its body's sync-level whatever the header (RFC 6578 §3.3): RFC 6578 §3.2 defines it for
 * Depth 0 only, but python-caldav (Debian's, and its later versions) sends Depth: 1, so Depth 1 is
 * taken as 0, as CalendarServer does ("use sync-level if present and ignore Depth") and Radicale;
 * Depth: infinity, which no client we know sends, stays a 400.
 */
import { DavRequestError } from '../errors.js';

export type Depth = 0 | 1 | 'infinity';

/** The header's value; undefined when absent. Anything but 0, 1 and infinity is a 400. */
export function parseDepth(header: string | null | undefined): Depth | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim().toLowerCase();
  if (value === '0') return 0;
  if (value === '1') return 1;
  if (value === 'infinity') return 'infinity';
  throw DavRequestError.badRequest(`Depth: ${JSON.stringify(header.slice(0, 20))} is not 0, 1 or infinity`);
}

export type InfinityPolicy = 'as-one' | 'refuse';

/** The depth a PROPFIND is answered at. */
export function propfindDepth(header: string | null | undefined, infinity: InfinityPolicy): 0 | 1 {
  const depth = parseDepth(header) ?? 'infinity';
  if (depth !== 'infinity') return depth;
  if (infinity === 'as-one') return 1;
  throw DavRequestError.failed('propfind-finite-depth', 'PROPFIND with Depth: infinity is not answered; ask with Depth: 0 or 1');
}

/** The depth a REPORT runs at (absent: 0). sync-collection runs at 0 for Depth 0 or 1 (see above). */
export function reportDepth(header: string | null | undefined, report: string): 0 | 1 {
  const depth = parseDepth(header) ?? 0;
  if (report === 'sync-collection') {
    if (depth === 'infinity') throw DavRequestError.badRequest('sync-collection is asked with Depth: 0 (RFC 6578 §3.2: the level is in the body)');
    return 0;
  }
  // Depth: infinity on a calendar or address book reaches what Depth: 1 does: its items.
  return depth === 'infinity' ? 1 : depth;
}

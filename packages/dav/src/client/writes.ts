/**
 * How a client writes a member without overwriting what it has not seen, as pure decisions:
 *
 * - A new member is PUT with `If-None-Match: *` (RFC 4791 §5.3.2, RFC 6352 §6.3.2; RFC 7232 §3.2),
 *   at a name of its own; a change and a delete carry `If-Match` of the ETag read (RFC 7232 §3.1).
 * - A member whose ETag is not held (a PUT answered without one: the server stored other bytes than
 *   ours, RFC 4791 §5.3.4, RFC 6352 §6.3.2.3) is read back before it is written over, and written
 *   only when it is still what the engine last saw.
 * - A 412 means the remote changed it meanwhile: the write is stale — the next run reads the
 *   remote's version and the engine decides by conflict_winner, never a blind overwrite. A 404 means
 *   gone meanwhile: a delete is done, a change is stale.
 * - A 403 or 409 to a conditional write naming no precondition: some servers answer so where the RFC
 *   says 412, so the member itself is checked (memberVerdict). Naming a precondition (RFC 4791
 *   §5.3.2.1, RFC 6352 §6.3.2.1, e.g. Radicale's 409 no-uid-conflict), it is the remote's refusal.
 */
import { defaultMemberName } from '../server/items.js';
import type { WriteCondition } from './http.js';
import type { CollectionKind } from './collection.js';

export type WriteOp = 'add' | 'replace' | 'delete';

/** The media type a member is PUT with (RFC 6352 §5.1, RFC 4791 §4.1). */
export const MEMBER_MEDIA_TYPE: Readonly<Record<CollectionKind, string>> = { addressbook: 'text/vcard; charset=utf-8', calendar: 'text/calendar; charset=utf-8' };

/** The path of a new member named `name` in the collection at `collectionUrl` (`/alice/contacts/<name>.vcf`: the names our server gives too). */
export function newMemberPath(collectionUrl: string, name: string, kind: CollectionKind): string {
  return `${new URL(collectionUrl).pathname}${collectionUrl.endsWith('/') ? '' : '/'}${defaultMemberName(name, kind)}`;
}

/**
 * The UID a member's body gets when it has none (CardDAV and CalDAV require one: RFC 6352 §5.1,
 * RFC 4791 §4.1): its name, so the member created at `<uuid>.vcf` carries `<uuid>` and a rewrite
 * keeps it. Percent-encoding undone where it is well formed; line breaks never.
 */
export function uidOfMemberPath(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.(vcf|ics)$/i, '');
  let uid = name;
  try {
    uid = decodeURIComponent(name);
  } catch {
    // A name that is not percent-encoding as we know it serves as it is.
  }
  return uid.replace(/[\r\n]/g, '');
}

/** The condition a write goes with; `etag` is the one held (replace, delete). */
export function writeCondition(op: WriteOp, etag?: string): WriteCondition {
  if (op === 'add') return { ifNoneMatch: '*' };
  if (etag === undefined || etag === '') throw new TypeError(`a ${op} is conditional on an ETag held; read the member first`);
  return { ifMatch: etag };
}

/** The ETag to write over a member with: the one held, or undefined when the member must be read back first. */
export const etagToWriteOver = (held: string | undefined): string | undefined => (held === undefined || held === '' ? undefined : held);

/**
 * After reading a member back: its ETag to write over it with, or undefined (stale) when it is no
 * longer what the engine last saw (`unchanged` false) or the server gave no ETag to condition on.
 */
export const etagAfterReadBack = (etag: string | undefined, unchanged: boolean): string | undefined => (unchanged ? etag : undefined);

/** What a write's answer means for the change: stored, stale (the engine decides next run), done (deleted already), or failed. */
export type WriteVerdict = 'stale' | 'done' | 'failed' | 'check-member';

/** The ETag the anchor holds after a PUT: the one answered, or '' (none: read back before the next write over it). */
export const etagAfterPut = (answered: string | undefined): string => answered ?? '';

/**
 * A write refused with `status`. `step`: 'write' for the conditional PUT/DELETE itself, 'read' for
 * the GET made before it (read back). `named`: how many preconditions the DAV:error body named.
 */
export function refusedWrite(op: WriteOp, status: number, step: 'write' | 'read', named: number): WriteVerdict {
  if (step === 'write' && op !== 'add' && (status === 403 || status === 409)) return named > 0 ? 'failed' : 'check-member';
  if (status === 412) return 'stale';
  if (status === 404) return op === 'delete' ? 'done' : 'stale';
  return 'failed';
}

/** The member as a GET found it after a 403/409: its ETag, or gone (404/410), or unreadable (another failure). */
export type MemberNow = { readonly etag: string | undefined } | 'gone' | 'unreadable';

/**
 * A 403/409 naming nothing, weighed against the member: gone → a delete is done, a change stale;
 * another ETag now → it changed meanwhile (stale, as a 412); still the ETag sent (or none to tell)
 * → the refusal is the remote's own, and the write fails with its reason.
 */
export function memberVerdict(op: WriteOp, sent: string, now: MemberNow): WriteVerdict {
  if (now === 'gone') return op === 'delete' ? 'done' : 'stale';
  if (now === 'unreadable') return 'failed';
  return now.etag !== undefined && now.etag !== sent ? 'stale' : 'failed';
}

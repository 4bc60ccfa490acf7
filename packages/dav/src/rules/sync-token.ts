/**
 * The sync token (RFC 6578 §3.2: a URI, opaque to the client) and its validity.
 *
 * Form: `http://atomsync.dev/ns/sync/<collection>/<sequence>` — the collection's id and the value of
 * its durable change sequence (written in the same transaction as each change, so a token never
 * skips a change that committed late). Why this form:
 * - an http URI like sabre/dav's (`http://sabre.io/ns/sync/N`) and Radicale's: RFC 6578 asks for a
 *   URI, and this is the shape every client has met (a `data:` URI is as valid, but stranger to
 *   clients that log or compare tokens, and gains nothing);
 * - the collection inside: a token sent to another collection (a client that mixed its accounts or
 *   collections up) is refused by parsing alone, before any store lookup;
 * - a plain decimal sequence: ordered, survives restarts and upgrades (it is the store's), and the
 *   same value is the getctag, which moves with every change.
 * Validity (RFC 6578 §3.2, DAV:valid-sync-token, 403): malformed, of another collection, ahead of
 * the collection (a restored backup), or older than the changes still kept (pruned by age) — each
 * refused, never a 500, never read as "nothing changed".
 */
import { DavRequestError } from '../errors.js';

export const SYNC_TOKEN_PREFIX = 'http://atomsync.dev/ns/sync/';

/** What a collection id may be: URI-unreserved characters, so the token needs no escaping. */
const COLLECTION_ID = /^[A-Za-z0-9._~-]{1,128}$/;
const SEQUENCE = /^(0|[1-9][0-9]{0,15})$/;

export interface SyncPosition {
  readonly collection: string;
  readonly sequence: number;
}

export function formatSyncToken(position: SyncPosition): string {
  if (!COLLECTION_ID.test(position.collection)) throw new RangeError(`a collection id is 1–128 URI-unreserved characters: ${JSON.stringify(position.collection)}`);
  if (!Number.isSafeInteger(position.sequence) || position.sequence < 0) throw new RangeError(`a sequence is a non-negative safe integer: ${position.sequence}`);
  return `${SYNC_TOKEN_PREFIX}${position.collection}/${position.sequence}`;
}

/** The getctag value (CalendarServer): the same position, so it moves with every change. */
export const formatCtag = formatSyncToken;

/** The position a token names, or undefined if it is not one of ours. */
export function parseSyncToken(token: string): SyncPosition | undefined {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return undefined;
  const rest = token.slice(SYNC_TOKEN_PREFIX.length);
  const slash = rest.lastIndexOf('/');
  if (slash < 0) return undefined;
  const collection = rest.slice(0, slash);
  const sequence = rest.slice(slash + 1);
  if (!COLLECTION_ID.test(collection) || !SEQUENCE.test(sequence)) return undefined;
  const n = Number(sequence);
  return Number.isSafeInteger(n) ? { collection, sequence: n } : undefined;
}

/** Where a collection's change log stands: its current sequence and the oldest it can list changes since. */
export interface SyncState {
  readonly collection: string;
  readonly current: number;
  /** The smallest sequence a delta can start from (changes before it are pruned). */
  readonly oldest: number;
}

export type SyncStart = { readonly kind: 'initial' } | { readonly kind: 'delta'; readonly since: number };

/** Why a token is refused (for the server's log; the client gets the precondition). */
export type TokenProblem = 'malformed' | 'foreign' | 'ahead' | 'pruned';

/** A sync-collection's token checked against the collection: the start of its answer, or 403 valid-sync-token. */
export function syncStart(token: string, state: SyncState): SyncStart {
  if (token.trim() === '') return { kind: 'initial' };
  const problem = tokenProblem(token.trim(), state);
  if (problem !== undefined) throw DavRequestError.failed('valid-sync-token', `the sync token is not valid here (${problem}): list the collection afresh`);
  return { kind: 'delta', since: parseSyncToken(token.trim())!.sequence };
}

export function tokenProblem(token: string, state: SyncState): TokenProblem | undefined {
  const position = parseSyncToken(token);
  if (position === undefined) return 'malformed';
  if (position.collection !== state.collection) return 'foreign';
  if (position.sequence > state.current) return 'ahead';
  if (position.sequence < state.oldest) return 'pruned';
  return undefined;
}

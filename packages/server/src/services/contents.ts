/**
 * Content items of one datastore client (seed "Datastore content item"): single-item writes, the
 * listing and its dataclass filter, and the `since` change feed. Batches are in content-batch.ts.
 *
 * Callers have already checked that the client belongs to the caller (datastore-clients.ts
 * `ownedClient`); here a client is just its key (account and uuid). Deletes keep a tombstone so
 * change feeds can report them.
 */
import type { Dataclass, OperationType } from '@atomsync/atom';
import { ServiceError } from '../errors.js';
import type { ContentRecord, ItemDataclass, NewContent } from '@atomsync/store';
import type { ClientKey, Repositories, Store } from '@atomsync/store';
import { canonicalUuid } from './datastore-clients.js';
import { resolveDataclass } from './dataclass.js';
import { newItemUuid } from './item-uuid.js';
import { quote } from '../http/safe-text.js';

/** The media type of content that names none: Atom's default `text`, i.e. plain text. */
export const DEFAULT_MEDIA_TYPE = 'text/plain';

/** What a request gives for an item: its title, text and media type, and a class if it names one. */
export interface ContentInput {
  readonly title: string | undefined;
  /** undefined: the request has no content at all. */
  readonly body: string | undefined;
  readonly type: string | undefined;
  readonly dataclass: Dataclass | undefined;
}

/** The message of a 400 `validation_failed` with one detail at `path`. */
export function invalid(path: string, message: string): ServiceError {
  return new ServiceError(400, 'validation_failed', message, [{ path, message }]);
}

/** `urn:uuid:<uuid>` → the canonical uuid; undefined for any other form. */
export function uuidOfUrn(id: string | undefined): string | undefined {
  const match = id === undefined ? null : /^urn:uuid:(.+)$/i.exec(id.trim());
  return match === null ? undefined : canonicalUuid(match[1]!);
}

export type PreparedContent = { readonly ok: true; readonly change: Omit<NewContent, 'uuid' | 'accountId' | 'clientUuid'> } | { readonly ok: false; readonly message: string };

/**
 * The stored form of `input`, or why it cannot be stored: content is required, and its class is
 * `input.dataclass`, else inferred, else `fallback` (services/dataclass.ts).
 */
export function prepareContent(input: ContentInput, fallback?: ItemDataclass): PreparedContent {
  if (input.body === undefined) return { ok: false, message: 'the entry has no content' };
  const type = input.type === undefined || input.type.trim() === '' ? DEFAULT_MEDIA_TYPE : input.type;
  const decided = resolveDataclass(type, input.body, input.dataclass, fallback);
  if (!decided.ok) return decided;
  return { ok: true, change: { dataclass: decided.dataclass, title: input.title ?? '', type, body: input.body } };
}

function prepared(input: ContentInput, fallback?: ItemDataclass): Omit<NewContent, 'uuid' | 'accountId' | 'clientUuid'> {
  const result = prepareContent(input, fallback);
  if (!result.ok) throw invalid(input.body === undefined ? '/entry/content' : '/entry/dataclass', result.message);
  return result.change;
}

function contentNotFound(uuid: string): ServiceError {
  return new ServiceError(404, 'not_found', `no content item ${quote(uuid)}`);
}

export async function createContent(store: Repositories, client: ClientKey, input: ContentInput): Promise<ContentRecord> {
  const change = prepared(input);
  const [created] = await store.contents.insertMany([{ uuid: newItemUuid(), accountId: client.accountId, clientUuid: client.uuid, ...change }]);
  return created!;
}

export async function getContent(store: Repositories, client: ClientKey, uuid: string): Promise<ContentRecord> {
  const canonical = canonicalUuid(uuid);
  const item = canonical === undefined ? undefined : await store.contents.get(client, canonical);
  if (item === undefined) throw contentNotFound(uuid);
  return item;
}

/**
 * A request's condition on the item it writes (its If-Match, http/preconditions.ts): throws
 * (412) when the item as it is now does not meet it.
 */
export type Precondition = (current: ContentRecord) => void;

/** The live item, locked for the write that follows in the caller's transaction; 404 when absent. */
async function lockedContent(tx: Repositories, client: ClientKey, uuid: string): Promise<ContentRecord> {
  const canonical = canonicalUuid(uuid);
  const item = canonical === undefined ? undefined : await tx.contents.getLocked(client, canonical);
  if (item === undefined) throw contentNotFound(uuid);
  return item;
}

/**
 * Replaces an item's title, content and class. Without a class named or inferable from the media
 * type, the item keeps its own. The item is read locked and written in one transaction, so the
 * class checked is the class replaced, and the item `precondition` checks is the item replaced.
 */
export async function updateContent(store: Store, client: ClientKey, uuid: string, input: ContentInput, precondition?: Precondition): Promise<ContentRecord> {
  // Nothing but the store and the pure precondition inside: it runs again when cut before its COMMIT.
  return store.transaction(async (tx) => {
    const current = await lockedContent(tx, client, uuid);
    precondition?.(current);
    const updated = await tx.contents.update(client, current.uuid, prepared(input, current.dataclass));
    if (updated === undefined) throw contentNotFound(uuid);
    return updated;
  }, { retry: true });
}

/**
 * Turns the item into a tombstone; 404 when it is absent or already deleted. With a
 * `precondition`, the item it checks is the item deleted (one transaction, the row locked).
 */
export async function deleteContent(store: Store, client: ClientKey, uuid: string, precondition?: Precondition): Promise<void> {
  const canonical = canonicalUuid(uuid);
  if (precondition === undefined) {
    const gone = canonical === undefined ? [] : await store.contents.deleteMany(client, [canonical]);
    if (gone.length === 0) throw contentNotFound(uuid);
    return;
  }
  await store.transaction(async (tx) => {
    const current = await lockedContent(tx, client, uuid);
    precondition(current);
    const gone = await tx.contents.deleteMany(client, [current.uuid]);
    if (gone.length === 0) throw contentNotFound(uuid);
  });
}

// ---- the since feed -------------------------------------------------------------------------

const SINCE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z?$/;

/**
 * `YYYY-MM-DDTHH:MM:SS` (UTC, optionally with a trailing `Z`) → the instant; 400
 * `validation_failed` for any other form or a date that does not exist (2009-02-30).
 */
export function parseSince(text: string): Date {
  const match = SINCE.exec(text);
  const refuse = (why: string) => invalid('?since', `${quote(text)} ${why}; use YYYY-MM-DDTHH:MM:SS (UTC), e.g. 2009-06-01T00:00:00`);
  if (match === null) throw refuse('is not a timestamp');
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const fits = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  if (!fits) throw refuse('is not a real date and time');
  return date;
}

/** What a `since` feed reports of an item: the batch operations but `query` (the spec's one vocabulary). */
export type ChangeOperation = Exclude<OperationType, 'query'>;

export interface ContentChangeItem {
  readonly operation: ChangeOperation;
  /** For a delete: the tombstone (its `updated` is the time of the delete). */
  readonly item: ContentRecord;
}

/**
 * What a since feed reports of an item changed at or after `since` (services/content-pages.ts
 * reads them a page at a time): one created since then is an insert, one created before and
 * changed since an update, a tombstone a delete.
 */
export function changeOf(item: ContentRecord, since: Date): ContentChangeItem {
  return { operation: item.deleted !== null ? 'delete' : item.created.getTime() >= since.getTime() ? 'insert' : 'update', item };
}

/**
 * Datastore clients (seed "Datastore client"): an account's internal content stores, each named
 * by a `user_id` unique within the account. Every path that names a client goes through
 * `ownedClient`, so another account's client answers 404 exactly like a missing one.
 */
import { randomUUID } from 'node:crypto';
import { ServiceError } from '../errors.js';
import type { DatastoreClientRecord } from '@atomsync/store';
import type { ClientKey, Repositories } from '@atomsync/store';
import { quote } from '../http/safe-text.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The canonical (lower-case) form of a uuid, or undefined when `text` is not one. Callers answer
 * 404 for a malformed uuid in a path: no object has that name (and the PostgreSQL uuid column
 * would refuse to compare with it).
 */
export function canonicalUuid(text: string): string | undefined {
  return UUID.test(text) ? text.toLowerCase() : undefined;
}

function clientNotFound(uuid: string): ServiceError {
  return new ServiceError(404, 'not_found', `no datastore client ${quote(uuid)}`);
}

/** The caller's client named `uuid`; 404 when it is missing or another account's. */
export async function ownedClient(store: Repositories, accountId: number, uuid: string): Promise<DatastoreClientRecord> {
  const canonical = canonicalUuid(uuid);
  const client = canonical === undefined ? undefined : await store.datastores.get(accountId, canonical);
  if (client === undefined) throw clientNotFound(uuid);
  return client;
}

export interface ClientWithCount {
  readonly client: DatastoreClientRecord;
  /** Live content items (tombstones are not content lines). */
  readonly contentLines: number;
}

/** The account's clients with their live item counts: two queries whatever the number of clients. */
export async function listClients(store: Repositories, accountId: number): Promise<ClientWithCount[]> {
  const clients = await store.datastores.list(accountId);
  const counts = clients.length === 0 ? new Map<string, number>() : await store.contents.countLive(accountId, clients.map((c) => c.uuid));
  return clients.map((client) => ({ client, contentLines: counts.get(client.uuid) ?? 0 }));
}

export async function countLines(store: Repositories, client: ClientKey): Promise<number> {
  return (await store.contents.countLive(client.accountId, [client.uuid])).get(client.uuid) ?? 0;
}

/** A new client for `userId`; 400 when it is blank, 409 when the account already has one with it. */
export async function createClient(store: Repositories, accountId: number, userId: string | undefined): Promise<DatastoreClientRecord> {
  if (userId === undefined || userId.trim() === '') {
    throw new ServiceError(400, 'validation_failed', 'a datastore client needs a user_id', [{ path: '/entry/client/user_id', message: userId === undefined ? 'is missing' : 'is empty' }]);
  }
  const created = await store.datastores.create({ uuid: randomUUID(), accountId, userId });
  if (created === undefined) throw new ServiceError(409, 'conflict', `this account already has a datastore client with user_id ${quote(userId)}`);
  return created;
}

/** How many numbered user_ids a client named after a label tries before one made unique by chance. */
const NUMBERED_USER_IDS = 20;
/** The longest user_id taken from a label (a collection's display name or URL segment). */
const LABEL_CHARS = 100;

/**
 * A new client named after a label (a calendar a DAV client made: its display name, or the URL
 * segment it chose): user_id is unique per account, so `Work`, then `Work (2)`, `Work (3)` …
 */
export async function createClientNamed(store: Repositories, accountId: number, label: string): Promise<DatastoreClientRecord> {
  const base = label.replace(/\s+/g, ' ').trim().slice(0, LABEL_CHARS) || 'Collection';
  for (let n = 1; n <= NUMBERED_USER_IDS; n++) {
    const created = await store.datastores.create({ uuid: randomUUID(), accountId, userId: n === 1 ? base : `${base} (${n})` });
    if (created !== undefined) return created;
  }
  const created = await store.datastores.create({ uuid: randomUUID(), accountId, userId: `${base} (${randomUUID().slice(0, 8)})` });
  if (created === undefined) throw new ServiceError(409, 'conflict', `this account already has datastore clients named like ${quote(base)}`);
  return created;
}

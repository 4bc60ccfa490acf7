/**
 * Helpers of remote.test.ts: a datastore ↔ extdata binding on our server whose extdata datastores
 * are contents feeds of a second atomsync server (the remote), signed with an OAuth consumer of the
 * remote account; items of any class on either side; snapshots of what a failed run must not touch;
 * and a run through the sync service itself, for connector options the HTTP API does not expose.
 */
import { randomUUID } from 'node:crypto';
import type { Dataclass, SyncMode } from '@atomsync/atom';
import type { AtomSyncClient, ContentEntry, SyncLogEntry } from '@atomsync/sdk';
import type { ItemDataclass } from '@atomsync/items';
import pino from 'pino';
import { expect } from 'vitest';
import type { ExtdataConnectorOptions } from '../../src/connectors/extdata/index.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import { runBinding } from '../../src/services/synchronization.js';
import type { SyncLogRecord } from '@atomsync/store';
import type { TestAccount, TestServer } from '../support/server.js';

export const CRLF = '\r\n';

/** An iCalendar event whose duplicate key is its UID. */
export function vevent(uid: string, summary = uid, extra: string[] = []): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTART:20090608T070000Z', `SUMMARY:${summary}`, ...extra, 'END:VEVENT', 'END:VCALENDAR'].join(CRLF);
}

/** An iCalendar task whose duplicate key is its UID. */
export function vtodo(uid: string, summary = uid): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', `UID:${uid}`, `SUMMARY:${summary}`, 'END:VTODO', 'END:VCALENDAR'].join(CRLF);
}

const TYPES: Record<ItemDataclass, string> = { Contacts: 'text/x-vcard', Events: 'text/calendar', Tasks: 'text/calendar', Notes: 'text/plain' };

/** One datastore client's contents, through the API of the server that holds it. */
export interface Contents {
  readonly uuid: string;
  /** Adds an item; its content uuid. */
  add(dataclass: ItemDataclass, body: string, title?: string): Promise<string>;
  edit(contentUuid: string, dataclass: ItemDataclass, body: string, title?: string): Promise<void>;
  remove(contentUuid: string): Promise<void>;
  /** Live entries as the API lists them (whole: ids, titles, times, content). */
  entries(dataclass?: Dataclass): Promise<ContentEntry[]>;
  /** Live item bodies, sorted: the side as a multiset. */
  bodies(dataclass?: Dataclass): Promise<string[]>;
}

export function contentsOf(client: AtomSyncClient, uuid: string): Contents {
  const api = client.datastore.contents(uuid);
  const entries = async (dataclass?: Dataclass) => (await api.list(dataclass === undefined ? {} : { dataclass })).entries;
  return {
    uuid,
    async add(dataclass, body, title = `${dataclass} ${randomUUID().slice(0, 8)}`) {
      const entry = await api.create({ title, content: { type: TYPES[dataclass], value: body } }, { dataclass });
      return entry.id!.slice('urn:uuid:'.length);
    },
    async edit(contentUuid, dataclass, body, title = `${dataclass} edited`) {
      await api.update(contentUuid, { title, content: { type: TYPES[dataclass], value: body } });
    },
    async remove(contentUuid) {
      await api.delete(contentUuid);
    },
    entries,
    async bodies(dataclass) {
      return (await entries(dataclass)).map((e) => e.content?.value ?? '').sort();
    },
  };
}

let users = 0;

/** A fresh datastore client of `who` on its server. */
export async function freshDatastore(who: TestAccount): Promise<Contents> {
  const uuid = (await who.client.datastore.create({ userId: `remote-suite-${process.pid}-${++users}` })).client.uuid!;
  return contentsOf(who.client, uuid);
}

/** A feed on the remote: the contents of a fresh datastore client of the remote's alice. */
export interface RemoteFeed extends Contents {
  /** The contents collection URL: the extdata datastore's href. */
  readonly href: string;
  /** Its batch endpoint (where the connector posts). */
  readonly batch: string;
}

export async function remoteFeed(remote: TestServer): Promise<RemoteFeed> {
  const contents = await freshDatastore(remote.alice);
  const href = `${remote.url}/v2/services/datastore/${contents.uuid}/contents/`;
  return { ...contents, href, batch: `${href}batch` };
}

export interface RemoteBinding {
  readonly id: number;
  /** Our datastore client (the source). */
  readonly near: Contents;
  /** Our extdata client's uuid (the target). */
  readonly extdata: string;
  run(syncMode: SyncMode, dataclass: Dataclass): Promise<SyncLogEntry>;
}

/**
 * On `server`, as alice: a datastore client, an extdata client with a datastore per entry of
 * `feeds` (its href, `consumer` as the token), and a binding datastore (source) ↔ extdata (target).
 */
export async function remoteBinding(
  server: TestServer,
  feeds: Partial<Record<Dataclass, RemoteFeed>>,
  consumer: { key: string; secret: string },
): Promise<RemoteBinding> {
  const { client } = server.alice;
  const near = await freshDatastore(server.alice);
  const datastores = Object.entries(feeds).map(([dataclass, feed]) => ({
    dataclass: dataclass as Dataclass,
    href: feed.href,
    token: { tokenType: 2 as const, key: consumer.key, secret: consumer.secret, scopes: [feed.href] },
  }));
  const extdata = (await client.extdata.create({ userId: `alice@remote-${++users}.example`, datastores })).client.uuid!;
  const entry = await client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: extdata } });
  const id = Number(entry.title);
  return { id, near, extdata, run: (syncMode, dataclass) => client.syncengine.synchronize(id, { syncMode, dataclass }) };
}

/**
 * One run through the sync service, as the handler makes it, but with `extdata` connector options
 * (timeouts, retries) the HTTP API leaves at their defaults. Logged like any run.
 */
export async function runWithOptions(server: TestServer, bindingId: number, syncMode: SyncMode, dataclass: Dataclass, extdata: ExtdataConnectorOptions): Promise<SyncLogRecord> {
  const { alice } = server;
  const binding = await server.store.bindings.get(alice.id, bindingId);
  expect(binding).toBeDefined();
  const deps = { store: server.store, secrets: server.secrets, runs: new BindingRuns(), log: pino({ level: 'silent' }), extdata };
  return runBinding(deps, { account: { kind: 'account', id: alice.id, username: alice.username, admin: false }, binding: binding!, mode: syncMode, dataclass });
}

/** What a failed run must leave as it was: our contents (whole entries) and the binding's state. */
export async function snapshot(server: TestServer, binding: RemoteBinding, dataclasses: readonly ItemDataclass[], anchorKey: Dataclass): Promise<unknown> {
  return {
    contents: await binding.near.entries(),
    // remoteBinding binds as alice.
    state: await server.store.syncState.load({ accountId: server.alice.id, id: binding.id }, dataclasses, anchorKey),
  };
}

/** No body twice among `bodies`. */
export function expectNoDoubles(bodies: readonly string[]): void {
  expect(bodies.length).toBe(new Set(bodies).size);
}

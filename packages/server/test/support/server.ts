/**
 * A started reference server for integration tests: a real store of either kind, the real
 * authenticator, listening on 127.0.0.1 with a random port, and SDK clients for two ordinary
 * accounts and an admin.
 */
import { randomUUID } from 'node:crypto';
import { AtomSyncError, createClient, basicAuth, type AtomSyncClient } from '@atomsync/sdk';
import { expect } from 'vitest';
import { listen } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer, type ServerOptions } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { openTestStore, type StoreKind } from './stores.js';

export interface TestAccount {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  readonly admin: boolean;
  /** An SDK client authenticating as this account with HTTP Basic. */
  readonly client: AtomSyncClient;
}

export interface TestServer {
  readonly url: string;
  readonly store: Store;
  readonly secrets: SecretBox;
  /** Two ordinary accounts (alice, bob) and an admin (root). */
  readonly alice: TestAccount;
  readonly bob: TestAccount;
  readonly root: TestAccount;
  /** An SDK client without credentials. */
  readonly anonymous: AtomSyncClient;
  close(): Promise<void>;
}

/** `options`: what a test sets of the server's own (its OAuth clients, a logger it reads). */
export async function startTestServer(kind: StoreKind, options: Pick<ServerOptions, 'oauthClients' | 'logger'> = {}): Promise<TestServer> {
  const store = await openTestStore(kind);
  const secrets = SecretBox.ephemeral();
  const running = await listen(createServer({ store, secrets, ...options }), { host: '127.0.0.1', port: 0 });
  const account = async (username: string, admin: boolean): Promise<TestAccount> => {
    const password = `${username}-secret-pw`;
    // Through the accounts service, as the admin API and the CLI create them: with the sealed SyncML MD5 digest.
    const record = await createAccount({ store, secrets }, { username, password, admin });
    return { id: record.id, username, password, admin, client: createClient({ baseUrl: running.url, auth: basicAuth(username, password) }) };
  };
  const [alice, bob, root] = await Promise.all([account('alice', false), account('bob', false), account('root', true)]);
  const anonymous = createClient({ baseUrl: running.url });
  return {
    url: running.url,
    store,
    secrets,
    alice,
    bob,
    root,
    anonymous,
    async close() {
      await Promise.all([alice.client.close(), bob.client.close(), root.client.close(), anonymous.close()]);
      await running.close(5_000);
      await store.close();
    },
  };
}

/** A uuid as the server writes them (lower-case, hyphenated). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The AtomSyncError `call` rejects with; fails the test when it resolves. */
export async function refusal(call: Promise<unknown>): Promise<AtomSyncError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtomSyncError);
  return error as AtomSyncError;
}

/**
 * A vendor and model of our own in the catalogue (the shipped dataset is not assumed): returns
 * the model's uuid.
 */
export async function addModel(store: Store, name = 'Nokia E71', vendor = 'Nokia'): Promise<string> {
  const vendorUuid = randomUUID();
  const uuid = randomUUID();
  await store.catalogue.upsert(
    [{ uuid: vendorUuid, name: vendor }],
    [{ uuid, vendorUuid, name, imageUrl: '', syncmlVersion: '1.2', dataclasses: ['Contacts', 'Calendar'], quirks: {} }],
  );
  return uuid;
}

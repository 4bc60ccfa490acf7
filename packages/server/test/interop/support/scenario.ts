/**
 * The setting of an interop scenario against our server: a started test server (embedded store,
 * accounts alice/bob/root) with a quirk-free "SyncEvolution" model in its catalogue, a scratch
 * directory, and SyncEvolution phones registered through the SDK as a user would.
 */
import { randomBytes } from 'node:crypto';
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { expect } from 'vitest';
import { addModel, startTestServer, type TestServer } from '../../support/server.js';
import { compareItemSets, explainDiff, type Dataclass } from './compare.js';
import { bindPhone, datastoreItems, syncEvolutionModel, type ContentDataclass, type PhoneBinding } from './atomsync.js';
import { SyncEvolutionPhone, type PhoneOptions, type SyncResult } from './syncevolution.js';
import { createWorkDir, type WorkDir } from './workdir.js';

export type Encoding = 'xml' | 'wbxml';
export const ENCODINGS: readonly Encoding[] = ['xml', 'wbxml'];

/** An account phones sync as: its SyncML credentials are the account's own. */
export interface Owner {
  readonly username: string;
  readonly password: string;
  /** An SDK client authenticating as the account. */
  readonly client: AtomSyncClient;
}

export interface InteropServer {
  readonly server: TestServer;
  readonly work: WorkDir;
  /** The SyncML endpoint phones post to. */
  readonly syncUrl: string;
  readonly model: string;
  /**
   * A fresh account, created by the admin through the API: one per scenario keeps a device that
   * never synced (a SyncML client still waiting for its imei) from blocking the next scenario's.
   */
  newAccount(name: string): Promise<Owner>;
  close(): Promise<void>;
}

/** Starts the server (without SyncEvolution, each test fails when it makes its first phone). */
export async function startInteropServer(name: string): Promise<InteropServer> {
  const server = await startTestServer('sqlite');
  await addModel(server.store, 'SyncEvolution 2.0', 'SyncEvolution');
  const model = await syncEvolutionModel(server.alice.client);
  const work = createWorkDir(name);
  const owners: Owner[] = [];
  return {
    server,
    work,
    syncUrl: `${server.url}/syncml`,
    model,
    async newAccount(username) {
      const password = `${username}-${randomBytes(6).toString('hex')}`;
      await server.root.client.admin.createAccount({ username, password, admin: false });
      const owner = { username, password, client: createClient({ baseUrl: server.url, auth: basicAuth(username, password) }) };
      owners.push(owner);
      return owner;
    },
    async close() {
      await Promise.all(owners.map((o) => o.client.close()));
      await server.close();
      work.remove();
    },
  };
}

export interface Device {
  readonly phone: SyncEvolutionPhone;
  readonly binding: PhoneBinding;
  readonly owner: Owner;
}

export interface DeviceOptions extends Partial<Omit<PhoneOptions, 'dir' | 'serverUrl'>> {
  /** The foreign user id whose datastore client the phone is bound to; devices sharing one share data. */
  readonly user: string;
  readonly encoding: Encoding;
  /** Whose phone it is (default alice); username and password default to that account's. */
  readonly account?: Owner;
}

/**
 * A new phone: a phone-to-datastore binding (its own SyncML client, the user's datastore client)
 * and a SyncEvolution client with a DevID of its own, syncing contacts (`contacts`) unless told.
 *
 * Add a device only once the account's previous one has synced: a new SyncML client has an empty
 * imei, and the server lets an unknown DevID adopt a client only while exactly one waits like that.
 */
export async function addDevice(setting: InteropServer, options: DeviceOptions): Promise<Device> {
  const { user, encoding, account = setting.server.alice, ...phoneOptions } = options;
  const binding = await bindPhone(account.client, user, setting.model);
  const deviceId = options.deviceId ?? `atomsync-interop-${randomBytes(6).toString('hex')}`;
  const phone = new SyncEvolutionPhone({
    username: account.username,
    password: account.password,
    datastores: { contacts: { uri: 'contacts' } },
    timeoutMs: 240_000,
    ...phoneOptions,
    deviceId,
    dir: setting.work.at(deviceId),
    serverUrl: setting.syncUrl,
    wbxml: encoding === 'wbxml',
  });
  return { phone, binding, owner: account };
}

/** The texts our server's datastore holds for this device's user. */
export function serverItems(device: Device, dataclass: ContentDataclass): Promise<string[]> {
  return datastoreItems(device.owner.client, device.binding.datastoreClient, dataclass);
}

/** Asserts the sync went through, with SyncEvolution's own account of it when it did not. */
export function expectSynced(result: SyncResult): void {
  const why = `${result.error ?? ''} (status ${result.status}, exit ${result.exitCode}${result.timedOut ? ', killed at the time limit' : ''})\n` +
    `session log: ${result.sessionDir ?? 'none'} (ATOMSYNC_KEEP_INTEROP_DIRS=1 keeps it)\n${result.output}`;
  expect(result.ok, why).toBe(true);
}

/** Asserts two item sets hold the same items (compare.ts), naming both sides in the message. */
export function expectSameItems(dataclass: Dataclass, [firstName, first]: readonly [string, Iterable<string>], [secondName, second]: readonly [string, Iterable<string>]): void {
  const diff = compareItemSets(dataclass, first, second);
  expect(diff.equal, explainDiff(diff, [firstName, secondName])).toBe(true);
}

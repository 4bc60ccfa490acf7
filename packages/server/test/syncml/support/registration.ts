/**
 * A phone set up the way users do it, through the SDK: a model from the catalogue, a
 * phone-to-datastore binding (POST /v2/syncengine/phone_datastore_bindings: a SyncML client with
 * an empty imei, a datastore client for the foreign user id, the sync binding between them), and
 * the peer datastore's contents read back through the SDK.
 */
import { basicAuth, createClient } from '@atomsync/sdk';
import { createAccount } from '../../../src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { addModel, type TestAccount, type TestServer } from '../../support/server.js';
import { ScriptedPhone, type PhoneOptions } from './scripted-phone.js';

export interface RegisteredPhone {
  /** The SyncML client's uuid. */
  readonly syncmlClient: string;
  /** The peer datastore client's uuid. */
  readonly datastoreClient: string;
  /** The sync binding between them. */
  readonly bindingId: number;
}

const extraAccounts: TestAccount[] = [];

/**
 * A fresh ordinary account (through the accounts service, as the CLI makes them: with its SyncML
 * digest), so a test's SyncML clients are the only ones of their account.
 */
export async function newAccount(server: TestServer, username: string): Promise<TestAccount> {
  const password = `${username}-secret-pw`;
  const record = await createAccount({ store: server.store, secrets: server.secrets }, { username, password, admin: false });
  const account = { id: record.id, username, password, admin: false, client: createClient({ baseUrl: server.url, auth: basicAuth(username, password) }) };
  extraAccounts.push(account);
  return account;
}

/** Closes the SDK clients of the accounts `newAccount` made (before the server closes). */
export async function closeAccounts(): Promise<void> {
  await Promise.all(extraAccounts.splice(0).map((a) => a.client.close()));
}

const models = new WeakMap<Store, Promise<string>>();

/** A model of the server's catalogue (one added per store: the shipped dataset is not assumed). */
export function catalogueModel(server: Pick<TestServer, 'store'>): Promise<string> {
  let model = models.get(server.store);
  if (model === undefined) {
    model = addModel(server.store, 'Scripted Phone', 'atomsync tests');
    models.set(server.store, model);
  }
  return model;
}

let registered = 0;

export async function registerPhone(server: Pick<TestServer, 'store'>, account: TestAccount): Promise<RegisteredPhone> {
  const n = ++registered;
  const entry = await account.client.phoneDatastoreBindings.create({
    modelUuid: await catalogueModel(server),
    // Ofcom's drama range: valid, and nobody's.
    phoneNumber: `+447700900${String(n % 1000).padStart(3, '0')}`,
    foreignUserId: `scripted-phone-user-${n}`,
    timezone: 'Europe/London',
  });
  const uuidOf = (rel: string): string => {
    const href = entry.links?.find((l) => l.rel === rel)?.href;
    if (href === undefined) throw new Error(`the phone-to-datastore binding has no ${rel} link`);
    return href.replace(/\/$/, '').split('/').at(-1)!;
  };
  const syncmlClient = uuidOf('syncml_client');
  const bindings = (await account.client.syncengine.list()).entries;
  const binding = bindings.find((b) => b.source?.uuid === syncmlClient || b.target?.uuid === syncmlClient);
  if (binding === undefined) throw new Error('the phone-to-datastore binding made no sync binding');
  return { syncmlClient, datastoreClient: uuidOf('datastore_client'), bindingId: Number(binding.title) };
}

let devices = 0;

/** A scripted phone of `account` with a DevID of its own. */
export function phoneOf(server: TestServer, account: TestAccount = server.alice, options: Partial<PhoneOptions> = {}): ScriptedPhone {
  return new ScriptedPhone({ url: server.url, deviceId: `IMEI:35693803${String(++devices).padStart(7, '0')}`, username: account.username, password: account.password, ...options });
}

export interface PeerItem {
  readonly uuid: string;
  readonly title: string;
  readonly body: string;
}

/** The live items of a datastore client (all dataclasses unless one is given). */
export async function peerItems(account: TestAccount, datastoreClient: string, dataclass?: 'Contacts' | 'Calendar' | 'Notes'): Promise<PeerItem[]> {
  const items: PeerItem[] = [];
  // Every page: a list call answers one.
  for await (const e of account.client.datastore.contents(datastoreClient).iterateList(dataclass ? { dataclass } : undefined)) {
    items.push({ uuid: e.id.replace(/^urn:uuid:/, ''), title: e.title ?? '', body: e.content?.value ?? '' });
  }
  return items;
}

/** Adds an item to a datastore client through the SDK; its uuid. */
export async function addPeerItem(account: TestAccount, datastoreClient: string, title: string, body: string, type = 'text/vcard'): Promise<string> {
  const entry = await account.client.datastore.contents(datastoreClient).create({ title, content: { type, value: body } });
  return entry.id!.replace(/^urn:uuid:/, '');
}

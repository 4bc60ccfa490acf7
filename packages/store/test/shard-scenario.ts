/**
 * The scenario the statement checks walk (shard-queries.test.ts on SQLite, shard-queries.citus.test.ts
 * on Citus): through a real server, phones of both protocols and the REST API (Basic, bearer token,
 * OAuth, the admin API) go through their paths, an account with every kind of name is made and
 * deleted. Written once, so both checks judge the same requests.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { basicAuth, bearerAuth, createClient, oauth1 } from '@atomsync/sdk';
import { expect } from 'vitest';
import type { SecretBox } from '../../server/src/secrets/box.js';
import { createAccount } from '../../server/src/services/accounts.js';
import type { Store } from '../src/store.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from '../../server/test/activesync/support/scripted.js';
import { contact } from '../../server/test/syncml/support/items.js';
import { phoneOf, registerPhone } from '../../server/test/syncml/support/registration.js';
import { PhoneDatastore } from '../../server/test/syncml/support/scripted-phone.js';
import type { TestServer } from '../../server/test/support/server.js';

const vcard = (i: number) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Lindqvist${i};Katja;;;`, `FN:Katja Lindqvist${i}`, `TEL;TYPE=CELL:+4670123${String(i).padStart(4, '0')}`, 'END:VCARD', ''].join('\r\n');

/** Walks the scenario against the server at `url` on `store` (a fresh one: it makes the accounts katja, root and lars). */
export async function walkScenario({ store, secrets, url }: { readonly store: Store; readonly secrets: SecretBox; readonly url: string }): Promise<void> {
  const running = { url };
  const password = 'katja-secret-pw';
  await createAccount({ store, secrets }, { username: 'katja', password, admin: false });
  await createAccount({ store, secrets }, { username: 'root', password: 'root-secret-pw', admin: true });
  // pageSize false: a list call without a page size reads the listing whole, as the walk below means it to.
  const sdk = createClient({ baseUrl: running.url, auth: basicAuth('katja', password), pageSize: false });
  const root = createClient({ baseUrl: running.url, auth: basicAuth('root', 'root-secret-pw') });
  const phoneClient = (await sdk.activesync.create({ username: 'katja@example.org', password: 'phone-pw-Birch' })).client.uuid!;
  const datastore = (await sdk.datastore.create({ userId: 'katja-contacts' })).client.uuid!;
  for (let i = 0; i < 3; i++) await sdk.datastore.contents(datastore).create({ title: `c${i}`, content: { type: 'text/vcard', value: vcard(i) } });
  await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: phoneClient }, target: { syncSource: 'datastore', uuid: datastore }, conflictWinner: 'source' });

  // A phone through every command it has: provisioning, folders, a first sync, its own changes, the queue, the extras.
  const phone = new ScriptedPhone({ url: running.url, username: 'katja@example.org', password: 'phone-pw-Birch', version: '14.1' });
  await phone.send('Settings', el('Settings:Settings', [el('Settings:DeviceInformation', [el('Settings:Set', [el('Settings:Model', 'Pixel 9')])])]));
  await phone.provision();
  const folders = await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
  expect(textAt(folders.tree, 'FolderHierarchy:Status')).toBe('1');
  const sync = (key: string, collection: AsElement[] = []) =>
    el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...collection])])]);
  const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
  let key = textOf(collectionOf((await phone.send('Sync', sync('0'))).tree), 'AirSync:SyncKey')!;
  await phone.send('GetItemEstimate', el('GetItemEstimate:GetItemEstimate', [el('GetItemEstimate:Collections', [el('GetItemEstimate:Collection', [el('AirSync:SyncKey', key), el('GetItemEstimate:CollectionId', 'contacts')])])]));
  const first = await phone.send('Sync', sync(key, [el('AirSync:WindowSize', '2')]));
  key = textOf(collectionOf(first.tree), 'AirSync:SyncKey')!;
  const served = childrenAt(first.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add').map((a) => textOf(a, 'AirSync:ServerId')!);
  expect(served).toHaveLength(2);
  const second = await phone.send(
    'Sync',
    sync(key, [
      el('AirSync:Commands', [
        el('AirSync:Add', [el('AirSync:ClientId', 'new-1'), el('AirSync:ApplicationData', [el('Contacts:FileAs', 'Nilsson, Lars'), el('Contacts:FirstName', 'Lars'), el('Contacts:LastName', 'Nilsson')])]),
        el('AirSync:Change', [el('AirSync:ServerId', served[0]!), el('AirSync:ApplicationData', [el('Contacts:FirstName', 'Katarina'), el('Contacts:LastName', 'Lindqvist0')])]),
        el('AirSync:Delete', [el('AirSync:ServerId', served[1]!)]),
        el('AirSync:Fetch', [el('AirSync:ServerId', served[0]!)]),
      ]),
    ]),
  );
  key = textOf(collectionOf(second.tree), 'AirSync:SyncKey')!;
  // The same request again (a lost reply), then the next one.
  await phone.send('Sync', sync(key));
  await phone.send('ItemOperations', el('ItemOperations:ItemOperations', [el('ItemOperations:Fetch', [el('ItemOperations:Store', 'Mailbox'), el('AirSync:CollectionId', 'contacts'), el('AirSync:ServerId', served[0]!)])]));
  // A change through the REST API: a Ping finds it queued at once.
  await sdk.datastore.contents(datastore).create({ title: 'c9', content: { type: 'text/vcard', value: vcard(9) } });
  await phone.send('Ping', el('Ping:Ping', [el('Ping:HeartbeatInterval', '60'), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]));
  await phone.send('Sync', sync(key));
  await sdk.activesync.get(phoneClient);
  await sdk.activesync.list();

  // A SyncML phone's session: written before it signs in, so kept by its session.
  const account = { id: (await store.accounts.byUsername('katja'))!.id, username: 'katja', password, admin: false, client: sdk };
  await registerPhone({ store }, account);
  const syncmlPhone = phoneOf({ url: running.url } as TestServer, account);
  const contacts = new PhoneDatastore('./contacts', 'contacts');
  for (let n = 1; n <= 3; n++) contacts.add(`luid-${n}`, contact(n));
  const session = await syncmlPhone.sync({ datastores: [{ store: contacts, code: 201 }] });
  expect(session.alertStatuses.get('./contacts')).toBe(200);
  await sdk.syncml.sessions();
  // The administrator's chat log, newest first across sessions.
  await root.syncml.chatlog();

  // The REST API's contents: the listing whole and paged, the since feed, one item read, replaced
  // and deleted, a batch, the clients with their counts (a client deleted takes its contents, and
  // an account everything it holds: below).
  const items = sdk.datastore.contents(datastore);
  const listed = (await items.list()).entries.map((e) => e.id!);
  expect(listed.length).toBeGreaterThanOrEqual(3);
  await items.list({ 'max-results': 1 });
  await items.changes({ since: '2000-01-01T00:00:00' });
  const item = (id: string) => id.slice('urn:uuid:'.length);
  await items.get(item(listed[0]!));
  await items.update(item(listed[0]!), { title: 'c0', content: { type: 'text/vcard', value: vcard(10) } });
  await items.batch({
    entries: [
      { batchId: 'q', operation: { type: 'query' }, id: listed[1]! },
      { batchId: 'u', operation: { type: 'update' }, id: listed[2]!, title: 'c2', content: { type: 'text/vcard', value: vcard(12) } },
      { batchId: 'i', operation: { type: 'insert' }, title: 'c11', content: { type: 'text/vcard', value: vcard(11) } },
    ],
  });
  await items.delete(item(listed[1]!));
  await sdk.datastore.get(datastore);
  await sdk.datastore.list();

  // The other sign-ins: a bearer token and an OAuth consumer, issued through the admin API.
  const token = (await root.admin.createToken('katja')).token;
  const byToken = createClient({ baseUrl: running.url, auth: bearerAuth(token) });
  expect((await byToken.datastore.list()).entries.map((e) => e.client.uuid)).toContain(datastore);
  const consumer = (await root.admin.createConsumer('katja')).consumer;
  const byOAuth = createClient({ baseUrl: running.url, auth: oauth1({ consumerKey: consumer.key, consumerSecret: consumer.secret }) });
  await byOAuth.datastore.contents(datastore).create({ title: 'c10', content: { type: 'text/vcard', value: vcard(10) } });
  expect((await byOAuth.activesync.list()).entries).toHaveLength(1);

  // What sign-ins go by goes with its owner: an ActiveSync client deleted, an account with every kind of name deleted.
  await sdk.activesync.delete(phoneClient);
  await root.admin.createAccount({ username: 'lars', password: 'lars-secret-pw', admin: false });
  const lars = createClient({ baseUrl: running.url, auth: basicAuth('lars', 'lars-secret-pw') });
  await lars.activesync.create({ username: 'lars@example.org', password: 'phone-pw-Oak' });
  const larsStore = (await lars.datastore.create({ userId: 'lars-contacts' })).client.uuid!;
  await lars.datastore.contents(larsStore).create({ title: 'lars', content: { type: 'text/vcard', value: vcard(20) } });
  await root.admin.createToken('lars');
  await root.admin.createConsumer('lars');
  await root.admin.deleteAccount('lars');
  expect((await root.admin.accounts()).entries.map((e) => e.account.username).sort()).toEqual(['katja', 'root']);
  await Promise.all([sdk, root, byToken, byOAuth, lars].map((client) => client.close()));
}

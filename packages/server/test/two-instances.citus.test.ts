/**
 * Two server instances on one distributed store (issue 24; the Citus suite, vitest.citus.config.ts):
 * each instance a server with a store of its own on the coordinator, as an operator runs them
 * behind one address. What one instance changes, the other answers at once, though it keeps
 * answers and sign-ins while the store's version stands (write-counter.ts makes that version move
 * on Citus): an account password changed through one instance (`atomsync account passwd` runs the
 * same service on a store of its own) and an ActiveSync phone's password changed through one
 * instance's REST API are refused at once through the other; a feed one instance kept answers
 * another's write, update and delete at once; a phone syncs through one instance what the other
 * took in, over ActiveSync and SyncML.
 *
 * The other two-instance tests of the server (SyncML sessions alternating between instances,
 * If-Match, ActiveSync Ping and sign-in, the device sign-in) run in this suite too.
 */
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { el, type AsElement } from '@atomsync/activesync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../src/listen.js';
import { SecretBox } from '../src/secrets/box.js';
import { createServer } from '../src/server.js';
import { changePassword, createAccount } from '../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { childrenAt, ScriptedPhone as ActiveSyncPhone, textAt, textOf } from './activesync/support/scripted.js';
import type { TestAccount } from './support/server.js';
import { createTestSchema, type TestSchema } from './support/stores.js';
import { contact, nameOf } from './syncml/support/items.js';
import { addPeerItem, peerItems, registerPhone } from './syncml/support/registration.js';
import { PhoneDatastore, ScriptedPhone as SyncmlPhone } from './syncml/support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers (support/cheap-scrypt.ts).
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const vcard = (name: string) => ['BEGIN:VCARD', 'VERSION:3.0', `N:${name};Katja;;;`, `FN:Katja ${name}`, 'END:VCARD', ''].join('\r\n');

describe('two server instances on a distributed store', () => {
  const secrets = SecretBox.ephemeral();
  let schema: TestSchema;
  const stores: Store[] = [];
  const running: RunningServer[] = [];
  const clients: AtomSyncClient[] = [];
  let users = 0;

  beforeAll(async () => {
    schema = await createTestSchema();
    if (!schema.citus) throw new Error('this suite runs on the Citus test cluster (ATOMSYNC_TEST_CITUS=1, vitest.citus.config.ts)');
    for (let i = 0; i < 2; i++) {
      const store = await openStore({ kind: 'postgres', url: schema.url });
      stores.push(store);
      running.push(await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 }));
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const server of running) await server.close(5_000);
    for (const store of stores) await store.close();
    await schema?.drop();
  });

  /** A fresh account, made through instance A's store; an SDK client of it on each instance. */
  async function account(password = 'katja-secret-pw') {
    const username = `katja${++users}`;
    const record = await createAccount({ store: stores[0]!, secrets }, { username, password, admin: false });
    const [a, b] = running.map((r) => createClient({ baseUrl: r.url, auth: basicAuth(username, password), pageSize: false }));
    clients.push(a!, b!);
    return { id: record.id, username, password, a: a!, b: b! };
  }

  /** A GET of `path` on instance `i` with Basic credentials and an optional tag. */
  const get = (i: number, path: string, authorization: string, etag?: string) =>
    fetch(`${running[i]!.url}${path}`, { headers: { authorization, ...(etag === undefined ? {} : { 'if-none-match': etag }) } });

  /** Polls until the instance keeps the answer: 200, then 304 with its tag. */
  async function kept(i: number, path: string, authorization: string): Promise<string> {
    const first = await get(i, path, authorization);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect((await get(i, path, authorization, etag)).status).toBe(304);
    return etag;
  }

  it('refuses an account password changed through one instance at once through the other, which had it kept', async () => {
    const katja = await account('katja-old-pw');
    const datastore = (await katja.a.datastore.create({ userId: 'contacts' })).client.uuid!;
    const feed = `/v2/services/datastore/${datastore}/contents/`;
    const etags = [await kept(0, feed, basic(katja.username, 'katja-old-pw')), await kept(1, feed, basic(katja.username, 'katja-old-pw'))];

    await changePassword({ store: stores[0]!, secrets }, katja.username, 'katja-new-pw');
    for (const i of [1, 0]) {
      const refused = await get(i, feed, basic(katja.username, 'katja-old-pw'), etags[i]);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('Basic');
      await refused.arrayBuffer();
      expect((await get(i, feed, basic(katja.username, 'katja-new-pw'), etags[i])).status).toBe(304);
    }
  });

  it('refuses an ActiveSync password changed through one instance’s API at once through the other', async () => {
    const katja = await account();
    const username = `${katja.username}@example.org`;
    const client = (await katja.a.activesync.create({ username, password: 'Phone-old-pw-1' })).client.uuid!;
    const onB = new ActiveSyncPhone({ url: running[1]!.url, username, password: 'Phone-old-pw-1', version: '14.1' });
    expect((await onB.sendOptions()).status).toBe(200);
    expect((await onB.sendOptions()).status).toBe(200);

    await katja.a.activesync.update(client, { oldPassword: 'Phone-old-pw-1', password: 'Phone-new-pw-2' });
    expect((await onB.sendOptions()).status).toBe(401);
    expect((await onB.sendOptions('Phone-new-pw-2')).status).toBe(200);
  });

  it('answers a feed one instance kept with the other’s insert, update and delete at once', async () => {
    const katja = await account();
    const datastore = (await katja.a.datastore.create({ userId: 'contacts' })).client.uuid!;
    const feed = `/v2/services/datastore/${datastore}/contents/`;
    const auth = basic(katja.username, katja.password);
    const titles = async (i: number) => (await (await get(i, feed, auth)).text()).match(/<title[^>]*>([^<]*)<\/title>/g)?.slice(1) ?? [];

    let etag = await kept(0, feed, auth);
    const created = await katja.b.datastore.contents(datastore).create({ title: 'Lindqvist', content: { type: 'text/vcard', value: vcard('Lindqvist') } });
    const uuid = created.id!.replace(/^urn:uuid:/, '');
    const afterInsert = await get(0, feed, auth, etag);
    expect(afterInsert.status).toBe(200);
    expect(await afterInsert.text()).toContain('Lindqvist');

    etag = await kept(0, feed, auth);
    await katja.b.datastore.contents(datastore).update(uuid, { title: 'Nilsson', content: { type: 'text/vcard', value: vcard('Nilsson') } });
    expect((await get(0, feed, auth, etag)).status).toBe(200);
    expect(await titles(0)).toEqual([expect.stringContaining('Nilsson')]);

    etag = await kept(0, feed, auth);
    await katja.b.datastore.contents(datastore).delete(uuid);
    expect((await get(0, feed, auth, etag)).status).toBe(200);
    expect(await titles(0)).toEqual([]);
    expect((await get(0, `${feed}${uuid}`, auth)).status).toBe(404);
  });

  it('syncs an ActiveSync phone through one instance with what the other took in', async () => {
    const katja = await account();
    const username = `${katja.username}@example.org`;
    const phoneClient = (await katja.a.activesync.create({ username, password: 'Phone-pw-Birch-1' })).client.uuid!;
    const datastore = (await katja.a.datastore.create({ userId: 'contacts' })).client.uuid!;
    await katja.a.syncengine.create({ source: { syncSource: 'activesync', uuid: phoneClient }, target: { syncSource: 'datastore', uuid: datastore }, conflictWinner: 'source' });
    await katja.b.datastore.contents(datastore).create({ title: 'first', content: { type: 'text/vcard', value: vcard('Lindqvist') } });

    const phone = new ActiveSyncPhone({ url: running[0]!.url, username, password: 'Phone-pw-Birch-1', version: '14.1' });
    await phone.provision();
    expect(textAt((await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]))).tree, 'FolderHierarchy:Status')).toBe('1');
    const sync = (key: string) =>
      el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts')])])]);
    const collection = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];
    const added = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    let key = textOf(collection((await phone.send('Sync', sync('0'))).tree), 'AirSync:SyncKey')!;
    const first = await phone.send('Sync', sync(key));
    expect(added(first.tree)).toHaveLength(1);
    key = textOf(collection(first.tree), 'AirSync:SyncKey')!;

    // Through the other instance: the next Sync on the first brings it.
    await katja.b.datastore.contents(datastore).create({ title: 'second', content: { type: 'text/vcard', value: vcard('Nilsson') } });
    const second = await phone.send('Sync', sync(key));
    const adds = added(second.tree);
    expect(adds).toHaveLength(1);
    expect(JSON.stringify(adds[0])).toContain('Nilsson');
  });

  it('syncs a SyncML phone through one instance with what the other took in, and the other way round', async () => {
    const katja = await account();
    const onA: TestAccount = { id: katja.id, username: katja.username, password: katja.password, admin: false, client: katja.a };
    const onB: TestAccount = { ...onA, client: katja.b };
    const { datastoreClient } = await registerPhone({ store: stores[0]! }, onA);
    await addPeerItem(onB, datastoreClient, nameOf(contact(1)), contact(1));
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('luid-2', contact(2));
    const phone = new SyncmlPhone({ url: running[0]!.url, deviceId: `IMEI:35693803${String(users).padStart(7, '0')}`, username: katja.username, password: katja.password });
    const first = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    expect(first.received).toHaveLength(1);
    expect((await peerItems(onB, datastoreClient)).map((i) => i.title).sort()).toEqual([nameOf(contact(1)), nameOf(contact(2))].sort());

    await addPeerItem(onB, datastoreClient, nameOf(contact(3)), contact(3));
    const second = await phone.sync({ datastores: [{ store: contacts }] });
    expect(second.modes.get('./contacts')).toBe(200);
    expect(second.received.map((c) => c.kind)).toEqual(['Add']);
    expect(JSON.stringify(second.received[0])).toContain(nameOf(contact(3)));
  });
});

/**
 * The sharding rule for queries (issue 14): every statement a request runs against a table an
 * account owns filters by `account_id` (an insert writes it), so on a store distributed by account
 * it reaches one node; a sign-in, which starts with a name instead, reads the name's routing table
 * by the name. The statements are those the server really runs: a store whose Kysely logs every
 * query, behind the real server, while phones of both protocols and the REST API (Basic, bearer
 * token, OAuth, the admin API) go through their paths. Tables still on the debt list
 * (shard-rule.ts) are not held to it yet; one taken off the list is.
 */
import SQLite from 'better-sqlite3';
import { el, type AsElement } from '@atomsync/activesync';
import { basicAuth, bearerAuth, createClient, oauth1 } from '@atomsync/sdk';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { migrate } from '../../src/store/kysely/migrations.js';
import type { Database } from '../../src/store/kysely/schema.js';
import { createKyselyStore } from '../../src/store/kysely/store.js';
import type { Store } from '../../src/store/store.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from '../activesync/support/scripted.js';
import { contact } from '../syncml/support/items.js';
import { phoneOf, registerPhone } from '../syncml/support/registration.js';
import { PhoneDatastore } from '../syncml/support/scripted-phone.js';
import type { TestServer } from '../support/server.js';
import { GLOBAL_TABLES, NOT_YET_SHARD_READY, ROUTING_TABLES, SESSION_KEYED } from './shard-rule.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (i: number) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Lindqvist${i};Katja;;;`, `FN:Katja Lindqvist${i}`, `TEL;TYPE=CELL:+4670123${String(i).padStart(4, '0')}`, 'END:VCARD', ''].join('\r\n');

/** The tables a statement names (`from "x"`, `into "x"`, `update "x"`, `join "x"`). */
function tablesOf(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|into|update|join)\s+"([a-z_]+)"/gi)].map((m) => m[1]!);
}

/** Whether a statement names `column`'s value: an insert writes it, anything else filters by it. */
function names(sql: string, column: string): boolean {
  // The column itself, quoted or not, not one whose name ends or starts with it.
  const named = `(?<![a-z_])"?${column}"?(?![a-z_])`;
  if (/^\s*insert\b/i.test(sql)) return new RegExp(`^\\s*insert\\s+into\\s+"?[a-z_]+"?\\s*\\([^)]*${named}`, 'i').test(sql);
  return new RegExp(`\\bwhere\\b[\\s\\S]*${named}\\s*(=|in\\b)`, 'i').test(sql);
}

/** Whether a statement keeps to one account: an insert writes account_id, anything else filters by it. */
const keepsToOneAccount = (sql: string): boolean => names(sql, 'account_id');

describe('the queries a request runs, sharded by account', () => {
  const statements = new Set<string>();
  let logging = false;
  let store: Store;
  let running: RunningServer;
  /** The schema's tables (a statement's CTE names are not tables). */
  let tables: ReadonlySet<string>;
  const owned = (table: string) => tables.has(table) && !GLOBAL_TABLES.has(table) && !NOT_YET_SHARD_READY.has(table) && !SESSION_KEYED.has(table) && !ROUTING_TABLES.has(table);

  beforeAll(async () => {
    const database = new SQLite(':memory:');
    database.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database }),
      log: (event) => {
        if (logging) statements.add(event.query.sql);
      },
    });
    await migrate(db, 'sqlite');
    tables = new Set((database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    store = createKyselyStore(db, 'sqlite');
    const secrets = SecretBox.ephemeral();
    running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
    // Only what requests run: the schema's own statements (migrations) are not queries of a request.
    logging = true;

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
  }, 60_000);

  afterAll(async () => {
    await running?.close(5_000);
    await store?.close();
  });

  it('ran statements against the owned tables that follow the rule (the scenario reaches them)', () => {
    const touched = new Set([...statements].flatMap(tablesOf).filter(owned));
    expect([...touched]).toEqual(
      expect.arrayContaining(['activesync_clients', 'activesync_collections', 'activesync_devices', 'activesync_items', 'activesync_outbox', 'contents', 'datastore_clients', 'tokens', 'consumers', 'nonces']),
    );
  });

  it('every statement on a routing table names the name it routes (or writes it), and every sign-in reads one', () => {
    const routed = [...statements].filter((sql) => tablesOf(sql).some((t) => ROUTING_TABLES.has(t)));
    const keyOf = (sql: string) => ROUTING_TABLES.get(tablesOf(sql).find((t) => ROUTING_TABLES.has(t))!)!;
    expect(routed.filter((sql) => !names(sql, keyOf(sql)))).toEqual([]);
    // Each is read, written and deleted from in the scenario.
    for (const verb of [/^select\b/i, /^insert\b/i, /^delete\b/i]) {
      expect(new Set(routed.filter((sql) => verb.test(sql.trim())).flatMap(tablesOf).filter((t) => ROUTING_TABLES.has(t)))).toEqual(new Set(ROUTING_TABLES.keys()));
    }
  });

  it('every statement on a table kept by session names the session (or writes it)', () => {
    const bySession = [...statements].filter((sql) => tablesOf(sql).some((t) => SESSION_KEYED.has(t)));
    expect(new Set(bySession.flatMap(tablesOf).filter((t) => SESSION_KEYED.has(t)))).toEqual(new Set(SESSION_KEYED.keys()));
    const keyOf = (sql: string) => SESSION_KEYED.get(tablesOf(sql).find((t) => SESSION_KEYED.has(t))!)!;
    // The one look-up by device: a message without our session key may only repeat, byte for byte, the request a session answered last (syncml/endpoint.ts).
    const byDevice = (sql: string) => /from "syncml_session_state" where "device_id" = /.test(sql);
    // Housekeeping's deletes of idle sessions run in the background, across sessions by design.
    const housekeeping = (sql: string) => /^delete from "syncml_session_state" where "updated" < /.test(sql);
    // An account's list of its SyncML sessions (GET /v2/services/syncml/sessions/) reads them by account, across sessions.
    // (The check before issue 14's routing tables let it through by accident: it took the "id" in "account_id" for the session's.)
    const listing = (sql: string) => /^select \* from "sessions" where "account_id" = \? order by /.test(sql);
    // Deleting an account deletes its sessions by account, across sessions (they hang off it by no foreign key since schema version 14).
    const accountDeleted = (sql: string) => /^delete from "sessions" where "account_id" = \?$/.test(sql);
    expect(bySession.filter((sql) => !names(sql, keyOf(sql)) && !byDevice(sql) && !housekeeping(sql) && !listing(sql) && !accountDeleted(sql))).toEqual([]);
  });

  it('every one of them filters by account_id (or writes it)', () => {
    const breaking = [...statements].filter((sql) => tablesOf(sql).some(owned) && !keepsToOneAccount(sql));
    expect(breaking).toEqual([]);
  });

  it('the check itself tells a query that filters by account from one that does not', () => {
    expect(keepsToOneAccount('select * from "activesync_items" where "account_id" = ? and "client_uuid" = ?')).toBe(true);
    expect(keepsToOneAccount('select * from "activesync_items" where "client_uuid" = ?')).toBe(false);
    expect(keepsToOneAccount('insert into "activesync_outbox" ("account_id", "client_uuid") values (?, ?)')).toBe(true);
    expect(keepsToOneAccount('insert into "activesync_outbox" ("client_uuid") values (?)')).toBe(false);
    expect(keepsToOneAccount('delete from "activesync_devices"')).toBe(false);
    expect(names('select "account_id" from "token_routes" where "digest" = ?', 'digest')).toBe(true);
    expect(names('select * from "activesync_clients" where "username" = ?', 'account_id')).toBe(false);
    expect(names('select * from "sync_log" where "other_account_id" = ?', 'account_id')).toBe(false);
    expect(names('select * from "sync_log" where account_id = ?', 'account_id')).toBe(true);
    expect(tablesOf('select "a".* from "activesync_items" as "a" inner join "contents" on 1')).toEqual(['activesync_items', 'contents']);
  });
});

/**
 * The SDK against the mocked API: every operation of the table is called through its SDK method,
 * and both sides of the wire are checked (the request it made, and the result it decoded).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { entryCodecs, expandPath, operations, type OperationId, type OperationSpec, type OperationTypes } from '@atomsync/atom';
import { mockResult, sampleHandlers } from '@atomsync/msw';
import { createClient, isAtomSyncError, type AtomSyncClient } from '@atomsync/sdk';
import { goldenEntry, goldenFeed } from './fixtures/golden.js';
import { recordRequests, type Recorded } from './fixtures/recorder.js';

const server = setupServer(...sampleHandlers());
let seen: Recorded[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.events.removeAllListeners();
  seen = recordRequests(server);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createClient({ baseUrl: 'http://127.0.0.1:8080' });

const PHONE = '00597a45-6a6d-4919-b1e0-f17e44c53370';
const STORE = 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2';
const ITEM = '8395027a-d70b-4b31-b7c3-13f5393de337';
const EXT = '55111364-7ab1-4a1e-a298-ce7691dcd9d7';
const AS = '3f2b8a8e-1c55-4f7e-9d43-7d2c0b5e9a61';
const VENDOR = '5c1d2f7e-8b3a-4e6f-9a0b-1c2d3e4f5a6b';
const MODEL = 'cd96676f-6d3a-4cdb-b430-98b2fead20e4';

const extdata = goldenEntry('extdata-client.create-request.xml', 'ExtdataClientEntry');
const extdataUpdate = goldenEntry('extdata-client.update-request.xml', 'ExtdataClientEntry');
const datastore = goldenEntry('datastore-client.create-request.xml', 'DatastoreClientEntry');
const content = goldenEntry('content.create-request.xml', 'ContentEntry');
const batch = goldenFeed('content-batch.request.xml', 'BatchContentEntry');
const phone = goldenEntry('syncml-client.create-request.xml', 'SyncmlClientEntry');
const setup = goldenEntry('syncml-setup.request.xml', 'SyncmlSetupEntry');
const activesync = goldenEntry('activesync-client.create-request.xml', 'ActivesyncClientEntry');
const password = goldenEntry('activesync-client.update-request.xml', 'ActivesyncClientEntry');
const wipe = goldenEntry('activesync-wipe.request.xml', 'ActivesyncWipeEntry');
const binding = goldenEntry('binding.create-request.xml', 'BindingEntry');
const winner = goldenEntry('binding.update-request.xml', 'BindingEntry');
const run = goldenEntry('synchronization.request.xml', 'SynchronizationEntry');
const phoneBinding = goldenEntry('phone-datastore-binding.create-request.xml', 'PhoneDatastoreBindingEntry');
const account = goldenEntry('account.create-request.xml', 'AccountEntry');
const appPassword = goldenEntry('app-password.create-request.xml', 'AppPasswordEntry');
const accountReset = goldenEntry('account.update-request.xml', 'AccountEntry');
const ownPassword = goldenEntry('account.password-request.xml', 'AccountEntry');
const APP_PASSWORD = '6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a';
const vcf = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Berg;Sofia;;;\r\nFN:Sofia Berg\r\nEND:VCARD\r\n';
const syncml = new TextEncoder().encode('<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr/><SyncBody><Final/></SyncBody></SyncML>');

/** One SDK call per operation, with what it must put on the wire. */
interface Call<Id extends OperationId> {
  call: (c: AtomSyncClient) => Promise<OperationTypes[Id]['result']>;
  path?: OperationTypes[Id]['path'];
  /** The query string the call must send. */
  query?: string;
  /** The body the call must send, as the request codec decodes it (repeated fields always as arrays). */
  body?: OperationTypes[Id]['body'];
}

const calls: { [Id in OperationId]: Call<Id> } = {
  listExtdataClients: { call: (c) => c.extdata.list() },
  createExtdataClient: { call: (c) => c.extdata.create(extdata.client), body: { links: [], client: extdata.client } },
  getExtdataClient: { call: (c) => c.extdata.get(EXT), path: { clientUuid: EXT } },
  updateExtdataClient: { call: (c) => c.extdata.update(EXT, extdataUpdate.client), path: { clientUuid: EXT }, body: { links: [], client: extdataUpdate.client } },
  deleteExtdataClient: { call: (c) => c.extdata.delete(EXT), path: { clientUuid: EXT } },
  listDatastoreClients: { call: (c) => c.datastore.list() },
  createDatastoreClient: { call: (c) => c.datastore.create(datastore.client), body: { links: [], client: datastore.client } },
  getDatastoreClient: { call: (c) => c.datastore.get(STORE), path: { clientUuid: STORE } },
  listAllContents: { call: (c) => c.datastore.allContents() },
  // A list call that names no page size asks for the client's default (100).
  listContents: { call: (c) => c.datastore.contents(STORE).list({ dataclass: 'Contacts' }), path: { clientUuid: STORE }, query: '?dataclass=Contacts&max-results=100' },
  listContentChanges: {
    call: (c) => c.datastore.contents(STORE).changes({ since: '2009-06-01T12:00:00Z' }),
    path: { clientUuid: STORE },
    query: '?since=2009-06-01T12%3A00%3A00Z&max-results=100',
  },
  createContent: { call: (c) => c.datastore.contents(STORE).create(content, { dataclass: 'Contacts' }), path: { clientUuid: STORE }, query: '?dataclass=Contacts', body: content },
  getContent: { call: (c) => c.datastore.contents(STORE).get(ITEM), path: { clientUuid: STORE, contentUuid: ITEM } },
  updateContent: { call: (c) => c.datastore.contents(STORE).update(ITEM, content), path: { clientUuid: STORE, contentUuid: ITEM }, body: content },
  deleteContent: { call: (c) => c.datastore.contents(STORE).delete(ITEM), path: { clientUuid: STORE, contentUuid: ITEM } },
  batchContents: { call: (c) => c.datastore.contents(STORE).batch(batch), path: { clientUuid: STORE }, body: batch },
  importContents: { call: (c) => c.datastore.contents(STORE).import(vcf, { 'first-line': 12 }), path: { clientUuid: STORE }, query: '?first-line=12', body: vcf },
  listSyncmlClients: { call: (c) => c.syncml.list() },
  createSyncmlClient: { call: (c) => c.syncml.create(phone.client), body: { links: [], client: phone.client } },
  getSyncmlClient: { call: (c) => c.syncml.get(PHONE), path: { clientUuid: PHONE } },
  updateSyncmlClient: { call: (c) => c.syncml.update(PHONE), path: { clientUuid: PHONE } },
  deleteSyncmlClient: { call: (c) => c.syncml.delete(PHONE), path: { clientUuid: PHONE } },
  createSyncmlSetup: { call: (c) => c.syncml.setup(PHONE, setup), path: { clientUuid: PHONE }, body: setup },
  requestSyncmlSync: { call: (c) => c.syncml.requestSync(PHONE), path: { clientUuid: PHONE } },
  listSyncmlOutbox: { call: (c) => c.syncml.outbox(PHONE), path: { clientUuid: PHONE } },
  listSyncmlSessions: { call: (c) => c.syncml.sessions() },
  listSyncmlChatlog: { call: (c) => c.syncml.chatlog() },
  listSyncmlDatastores: { call: (c) => c.syncml.datastores() },
  listActivesyncClients: { call: (c) => c.activesync.list() },
  createActivesyncClient: { call: (c) => c.activesync.create(activesync.client), body: { links: [], client: activesync.client } },
  getActivesyncClient: { call: (c) => c.activesync.get(AS), path: { clientUuid: AS } },
  updateActivesyncClient: { call: (c) => c.activesync.update(AS, password.client), path: { clientUuid: AS }, body: { links: [], client: password.client } },
  deleteActivesyncClient: { call: (c) => c.activesync.delete(AS), path: { clientUuid: AS } },
  wipeActivesyncDevice: { call: (c) => c.activesync.wipe(AS, wipe), path: { clientUuid: AS }, body: { links: [], wipe: { scope: 'device' } } },
  cancelActivesyncWipe: { call: (c) => c.activesync.cancelWipe(AS), path: { clientUuid: AS } },
  listBindings: { call: (c) => c.syncengine.list() },
  createBinding: { call: (c) => c.syncengine.create(binding), body: binding },
  getBinding: { call: (c) => c.syncengine.get(7), path: { bindingId: 7 } },
  updateBinding: { call: (c) => c.syncengine.update(7, winner), path: { bindingId: 7 }, body: winner },
  deleteBinding: { call: (c) => c.syncengine.delete(7), path: { bindingId: 7 } },
  listSyncLog: { call: (c) => c.syncengine.log() },
  listBindingSyncLog: { call: (c) => c.syncengine.bindingLog(7), path: { bindingId: 7 } },
  synchronize: { call: (c) => c.syncengine.synchronize(7, run), path: { bindingId: 7 }, body: run },
  getSyncLogEntry: { call: (c) => c.syncengine.logEntry(31), path: { logId: 31 } },
  listSyncSources: { call: (c) => c.syncengine.sources() },
  registerSyncSource: { call: (c) => c.syncengine.registerSource() },
  listPhoneDatastoreBindings: { call: (c) => c.phoneDatastoreBindings.list() },
  createPhoneDatastoreBinding: { call: (c) => c.phoneDatastoreBindings.create(phoneBinding), body: phoneBinding },
  listVendors: { call: (c) => c.phones.vendors() },
  getVendor: { call: (c) => c.phones.vendor(VENDOR), path: { vendorUuid: VENDOR } },
  listVendorModels: { call: (c) => c.phones.vendorModels(VENDOR), path: { vendorUuid: VENDOR } },
  listModels: { call: (c) => c.phones.models() },
  getModel: { call: (c) => c.phones.model(MODEL), path: { modelUuid: MODEL } },
  listAccounts: { call: (c) => c.admin.accounts() },
  listAppPasswords: { call: (c) => c.appPasswords.list() },
  createAppPassword: { call: (c) => c.appPasswords.create(appPassword.appPassword), body: { links: [], appPassword: appPassword.appPassword } },
  revokeAppPassword: { call: (c) => c.appPasswords.revoke(APP_PASSWORD), path: { appPasswordUuid: APP_PASSWORD } },
  createAccount: { call: (c) => c.admin.createAccount(account.account), body: { links: [], account: account.account } },
  updateAccount: { call: (c) => c.admin.updateAccount('jmartin', accountReset.account), path: { username: 'jmartin' }, body: { links: [], account: accountReset.account } },
  changeOwnPassword: { call: (c) => c.account.changePassword(ownPassword.account), body: { links: [], account: ownPassword.account } },
  deleteAccount: { call: (c) => c.admin.deleteAccount('jmartin'), path: { username: 'jmartin' } },
  createAccountToken: { call: (c) => c.admin.createToken('jmartin'), path: { username: 'jmartin' } },
  createAccountConsumer: { call: (c) => c.admin.createConsumer('jmartin'), path: { username: 'jmartin' } },
  postSyncmlMessage: { call: (c) => c.syncmlProtocol.post(syncml), body: syncml },
  getHealth: { call: (c) => c.health.get() },
};

async function sentBody(id: OperationId, recorded: Recorded): Promise<unknown> {
  const req = (operations[id] as OperationSpec).request;
  const text = await recorded.body;
  if (!req || req.kind === 'empty') return text === '' ? undefined : text;
  // A text body is a string on both sides (the import's .vcf); other raw bodies are bytes.
  if (req.kind === 'raw') return req.mediaType.startsWith('text/') ? text : new TextEncoder().encode(text);
  const codec = entryCodecs[req.shape] as { decodeEntry(x: string): unknown; decodeFeed(x: string): unknown };
  return req.kind === 'entry' ? codec.decodeEntry(text) : codec.decodeFeed(text);
}

describe('every operation of the table, through its SDK method', () => {
  it('has a call here (a new operation needs one)', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(operations).sort());
  });

  it.each(Object.keys(operations) as OperationId[])('%s', async (id) => {
    const spec = operations[id];
    const entry = calls[id] as Call<OperationId>;
    expect(entry, `no call for ${id}`).toBeDefined();
    const outcome = await entry.call(client).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe(spec.method);
    expect(request!.url.pathname).toBe(expandPath(spec.path, (entry.path ?? {}) as Record<string, string | number>));
    expect(request!.url.search).toBe(entry.query ?? '');
    expect(await sentBody(id, request!)).toEqual(entry.body);

    if (spec.status >= 400) {
      expect(isAtomSyncError((outcome as { error: unknown }).error)).toBe(true);
      expect((outcome as { error: { status: number; code: string } }).error).toMatchObject({ status: spec.status, code: spec.errors.find((e) => e.status === spec.status)!.code });
    } else {
      if ('error' in outcome) throw outcome.error;
      expect(outcome.value).toEqual(mockResult(id));
    }
  });
});

describe('typed calls', () => {
  it('wraps a `field` request: syncml.create takes the client and sends an entry around it', async () => {
    const created = await client.syncml.create({ phoneNumber: '+46702345678', modelUuid: MODEL, timezone: 'Europe/Stockholm' });
    expect(created.client.imei).toBe('');
    expect(created.client.setup?.sent).toBeNull();
    expect(await seen[0]!.body).toContain('<s:client><s:phone_number>+46702345678</s:phone_number>');
  });

  it('takes the entry itself where the request has no field: syncengine.synchronize', async () => {
    const log = await client.syncengine.synchronize(7, { syncMode: 200, dataclass: 'Contacts' });
    expect(log.syncStats.source.statistics).toMatchObject({ addsIn: expect.any(Number) });
    expect(seen[0]!.url.pathname).toBe('/v2/syncengine/7/synchronization/');
  });

  it('binds path parameters through a group: datastore.contents(uuid)', async () => {
    const contents = client.datastore.contents(STORE);
    const feed = await contents.list();
    const changes = await contents.changes({ since: '2009-06-01T00:00:00Z', dataclass: 'Calendar' });
    expect(feed.entries.length).toBeGreaterThan(0);
    expect(changes.entries.some((e) => e.operation?.type === 'delete')).toBe(true);
    expect(seen.map((r) => r.url.pathname)).toEqual([`/v2/services/datastore/${STORE}/contents/`, `/v2/services/datastore/${STORE}/contents/`]);
    expect(seen[1]!.url.searchParams.get('dataclass')).toBe('Calendar');
  });

  it('gives a binding its id as a number: bindingId, what the binding\'s methods take', async () => {
    const created = await client.syncengine.create(binding);
    const id: number = created.bindingId;
    // @ts-expect-error the id is a number, not the title's text
    const asText: string = created.bindingId;
    expect([id, asText, created.title]).toEqual([7, 7, '7']);
    expect((await client.syncengine.list()).entries.map((e) => e.bindingId)).toEqual([7, 8]);
    await client.syncengine.get(created.bindingId);
    expect(seen.at(-1)!.url.pathname).toBe('/v2/syncengine/7/');
  });

  it('sends Accept and Content-Type for Atom', async () => {
    await client.syncengine.create(binding);
    expect(seen[0]!.headers.get('Accept')).toBe('application/atom+xml');
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/atom+xml');
  });
});

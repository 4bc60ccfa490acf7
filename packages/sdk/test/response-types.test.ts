/**
 * What every answer carries is typed as present (spec/xsd: cg:response="required"): a client's
 * uuid, an entry's atom:id, no `!` needed; and the response decoders check it, so the type is
 * never a promise the decoder did not keep. Requests still leave them out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { encodeDatastoreClientEntry, encodeSyncmlClientFeed } from '@atomsync/atom';
import { createClient, isAtomSyncError, type DatastoreClient, type DatastoreClientEntryResponse, type Feed, type RequestOptions, type SyncmlClientEntryResponse } from '@atomsync/sdk';
import { startServer, type TestServer } from './fixtures/http-server.js';
import { goldenPhones } from './fixtures/golden.js';

let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
});
afterEach(() => {
  srv.seen.length = 0;
});
afterAll(() => srv.close());

const STORE = 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2';
const created = { id: `http://127.0.0.1/v2/services/datastore/${STORE}/`, title: STORE, client: { uuid: STORE, userId: 'crm-user' } };

describe('answers', () => {
  it('type the client uuid and the entry id as present', async () => {
    srv.handle = (_req, res) => res.writeHead(201, { 'Content-Type': 'application/atom+xml' }).end(encodeDatastoreClientEntry(created));
    const client = createClient({ baseUrl: srv.url });
    // A request leaves the uuid out; the answer has it.
    const request: DatastoreClient = { userId: 'crm-user' };
    const store = await client.datastore.create(request);
    expectTypeOf(store).toEqualTypeOf<DatastoreClientEntryResponse>();
    expectTypeOf(store.client.uuid).toEqualTypeOf<string>();
    expectTypeOf(store.id).toEqualTypeOf<string>();
    const uuid: string = store.client.uuid;
    expect(uuid).toBe(STORE);
    // A conditional GET has two overloads; the one without ifNoneMatch resolves to the feed itself.
    const list: (options?: RequestOptions) => Promise<Feed<SyncmlClientEntryResponse>> = client.syncml.list;
    expect(typeof list).toBe('function');
    // Optional fields stay optional.
    expectTypeOf(store.client.userId).toEqualTypeOf<string | undefined>();
  });

  it('without a client uuid are refused as invalid_response, naming what is missing', async () => {
    srv.handle = (_req, res) => res.writeHead(201, { 'Content-Type': 'application/atom+xml' }).end(encodeDatastoreClientEntry({ ...created, client: { userId: 'crm-user' } }));
    const error = await createClient({ baseUrl: srv.url }).datastore.create({ userId: 'crm-user' }).catch((e: unknown) => e);
    expect(isAtomSyncError(error, 'invalid_response')).toBe(true);
    expect((error as { details: unknown }).details).toEqual([{ path: '/entry/client/uuid', message: 'is missing' }]);
  });

  it('without an entry id, in a feed, are refused too', async () => {
    const phones = goldenPhones;
    const { id: _dropped, ...withoutId } = phones.entries[0]!;
    srv.handle = (_req, res) => res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeSyncmlClientFeed({ ...phones, entries: [withoutId] }));
    const error = await createClient({ baseUrl: srv.url }).syncml.list().catch((e: unknown) => e);
    expect(isAtomSyncError(error, 'invalid_response')).toBe(true);
    expect((error as { details: unknown }).details).toEqual([{ path: '/feed/entry[1]/id', message: 'is missing' }]);
  });
});

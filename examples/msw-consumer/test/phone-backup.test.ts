/**
 * The integrator's tests, written as a consumer of atomsync writes them: the app's SDK client
 * points at the URL it uses in production, msw intercepts, and @atomsync/msw answers with the
 * real server running in memory (account demo / demo). Overrides stand in for the failures a
 * real deployment has: an outage, a slow answer, a refused item.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMockServer, errorResponse, getBatchContentsMockHandler, getCreateSyncmlClientMockHandler, type MockServer } from '@atomsync/msw';
import { AtomSyncError, basicAuth, createClient, isAtomSyncNetworkError, type AtomSyncClient } from '@atomsync/sdk';
import { registerPhoneWithBackup, type PhoneBackupRequest } from '../src/phone-backup.js';

const ATOMSYNC_URL = 'https://sync.crm.example';

let mock: MockServer;
let server: ReturnType<typeof setupServer>;
let client: AtomSyncClient;
let request: PhoneBackupRequest;

const vcard = (fn: string, tel: string) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${fn}\r\nTEL;TYPE=CELL:${tel}\r\nEND:VCARD\r\n`;

beforeAll(async () => {
  mock = await createMockServer();
  server = setupServer(...mock.handlers());
  server.listen({ onUnhandledRequest: 'error' });
  client = createClient({ baseUrl: ATOMSYNC_URL, auth: basicAuth('demo', 'demo') });
  // A real model of the catalogue the server ships, straight from its store.
  const [model] = await mock.store.catalogue.listModels();
  request = {
    customerId: 'crm-customer-1041',
    phoneNumber: '+46701234567',
    modelUuid: model!.uuid,
    timezone: 'Europe/Stockholm',
    contacts: [
      { name: 'Ada Lovelace', vcard: vcard('Ada Lovelace', '+442079460000') },
      { name: 'Alan Turing', vcard: vcard('Alan Turing', '+441619460000') },
    ],
  };
});
afterEach(async () => {
  server.resetHandlers();
  await mock.reset();
});
afterAll(async () => {
  server.close();
  await client.close();
  await mock.close();
});

describe('registerPhoneWithBackup', () => {
  it('registers the phone, stores the contacts and binds the two', async () => {
    const result = await registerPhoneWithBackup(client, request);
    expect(result).toMatchObject({ saved: 2, failed: [] });

    // What the service now holds, read back through the API.
    const phones = await client.syncml.list();
    expect(phones.entries.map((p) => p.client.uuid)).toEqual([result.phoneUuid]);
    const contacts = await client.datastore.contents(result.backupUuid).list({ dataclass: 'Contacts' });
    expect(contacts.entries.map((c) => c.title).sort()).toEqual(['Ada Lovelace', 'Alan Turing']);
    const binding = await client.syncengine.get(result.bindingId);
    expect(binding.source).toEqual({ syncSource: 'syncml', uuid: result.phoneUuid });
    expect(binding.target).toEqual({ syncSource: 'datastore', uuid: result.backupUuid });
  });

  it('reuses the customer’s backup store for a second phone', async () => {
    const first = await registerPhoneWithBackup(client, request);
    const second = await registerPhoneWithBackup(client, { ...request, phoneNumber: '+46709876543', contacts: [] });
    expect(second.backupUuid).toBe(first.backupUuid);
    expect(second.phoneUuid).not.toBe(first.phoneUuid);
    expect((await client.datastore.list()).entries).toHaveLength(1);
  });

  it('starts every test from an empty account', async () => {
    expect((await client.syncml.list()).entries).toEqual([]);
    expect((await client.datastore.list()).entries).toEqual([]);
  });

  it('fails with the service’s own 401 on wrong credentials', async () => {
    const wrong = createClient({ baseUrl: ATOMSYNC_URL, auth: basicAuth('demo', 'not-the-password') });
    try {
      const error = await registerPhoneWithBackup(wrong, request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AtomSyncError);
      expect((error as AtomSyncError).status).toBe(401);
    } finally {
      await wrong.close();
    }
  });

  it('fails with the service’s validation error for a model the catalogue lacks', async () => {
    const error = await registerPhoneWithBackup(client, { ...request, modelUuid: '00000000-0000-4000-8000-000000000000' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AtomSyncError);
    expect((error as AtomSyncError).status).toBe(400);
  });

  it('stops before storing anything when the service is down', async () => {
    server.use(getCreateSyncmlClientMockHandler(errorResponse({ status: 503, code: 'internal', message: 'Down for maintenance' })));
    const error = await registerPhoneWithBackup(client, request).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: 'Down for maintenance' });
    expect((await client.datastore.list()).entries).toEqual([]);
  });

  it('stops with an AtomSyncNetworkError when the service cannot be reached', async () => {
    // HttpResponse.error(): msw's network failure, as a refused connection reaches fetch.
    server.use(getCreateSyncmlClientMockHandler(HttpResponse.error()));
    const error = await registerPhoneWithBackup(client, request).catch((e: unknown) => e);
    expect(isAtomSyncNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ status: 0, code: 'network_error', operationId: 'createSyncmlClient', cause: expect.any(TypeError) });
    expect((await client.datastore.list()).entries).toEqual([]);
  });

  it('reports the contacts the service refused', async () => {
    // Answer the batch ourselves: the first item refused, the second stored.
    server.use(
      getBatchContentsMockHandler(({ body }) => ({
        entries: body.entries.map((e, i) => ({ batchId: e.batchId, status: i === 0 ? { code: 400, reason: 'Bad Request' } : { code: 201, reason: 'Created' } })),
      })),
    );
    const result = await registerPhoneWithBackup(client, request);
    expect(result.saved).toBe(1);
    expect(result.failed).toEqual([{ name: 'Ada Lovelace', status: 400, reason: 'Bad Request' }]);
  });

  it('survives a slow service', async () => {
    server.use(getCreateSyncmlClientMockHandler(undefined, { delay: 300 }));
    const started = performance.now();
    expect((await registerPhoneWithBackup(client, request)).saved).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});

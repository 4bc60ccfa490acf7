/**
 * SyncML setup, server-initiated sync requests and the outbox, through the SDK against a started
 * server on both stores: the documents recorded are real (read back, MAC and digest checked),
 * the client's setup is recorded in the same transaction, and another account's client is 404.
 */
import { createHash } from 'node:crypto';
import { basicAuth, createClient } from '@atomsync/sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../src/catalogue/seed.js';
import { modelUuid } from '../../src/catalogue/uuid.js';
import type { Gateway } from '../../src/gateway/gateway.js';
import { createServer } from '../../src/server.js';
import { listen } from '../../src/listen.js';
import { userPinMac } from '../../src/provisioning/oma-cp.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createAccount, syncmlDigestOf } from '../../src/services/accounts.js';
import { refusal } from '../clients/fixtures.js';
import { parms, readWbxml } from '../provisioning/wbxml-reader.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const md5 = (d: Uint8Array | string) => createHash('md5').update(d).digest();

describe.each(storeKinds)('SyncML setup and sync requests (%s)', (kind) => {
  let server: TestServer;
  let phone: string;
  let unknownModelPhone: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedCatalogue(server.store);
    phone = (await server.alice.client.syncml.create({ phoneNumber: '+46701234567', modelUuid: modelUuid('Sony Ericsson', 'W995'), timezone: 'Europe/Stockholm' })).client.uuid!;
    unknownModelPhone = (await server.alice.client.syncml.create({ phoneNumber: '+46701234568', modelUuid: modelUuid('Sharp', '903SH'), timezone: 'Europe/Stockholm' })).client.uuid!;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a setup with the setup id URL, the pincode and the sent time, and records it on the client', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const entry = await server.alice.client.syncml.setup(phone, { pincode: '9315' });
    expect(entry.id).toMatch(new RegExp(`^${server.url}/v2/services/syncml/${phone}/setup/\\d+/$`));
    expect(entry.links).toEqual([{ rel: 'self', href: entry.id }]);
    expect(entry.pincode).toBe('9315');
    expect(entry.title).toBe('atomsync');
    expect(entry.setup!.name).toBe('atomsync');
    const sent = entry.setup!.sent!;
    expect(sent.getTime()).toBeGreaterThanOrEqual(before);
    expect(sent.getTime() % 1000).toBe(0);
    const client = await server.alice.client.syncml.get(phone);
    expect(client.client.setup).toMatchObject({ name: 'atomsync' });
  });

  it('records a real OMA Client Provisioning document in the outbox, MAC keyed with the pincode', async () => {
    const feed = await server.alice.client.syncml.outbox(phone);
    expect(feed.id).toBe(`${server.url}/v2/services/syncml/${phone}/outbox/`);
    expect(feed.title).toBe('Outbox of Sony Ericsson W995');
    const item = feed.entries.find((e) => e.outboxItem.kind === 'setup')!;
    expect(item.title).toBe('Setup atomsync (OMA Client Provisioning)');
    expect(item.outboxItem).toEqual({ kind: 'setup', clientUuid: phone, phoneNumber: '+46701234567' });
    const payload = Buffer.from(item.content!.value, 'base64');
    const mac = /^application\/vnd\.wap\.connectivity-wbxml; SEC=USERPIN; MAC=([0-9A-F]{40})$/.exec(item.content!.type!)![1]!;
    expect(userPinMac(payload, '9315')).toBe(mac);
    expect(userPinMac(payload, '1234')).not.toBe(mac);
    const app = readWbxml(payload).root.children[0]!;
    expect(parms(app)).toMatchObject({ APPID: 'w5', ADDR: `${server.url}/syncml` });
    const [auth, ...resources] = app.children.filter((c) => c.name === 'characteristic');
    expect(parms(auth!)).toEqual({ AAUTHLEVEL: 'APPSRV', AAUTHNAME: 'alice' });
    // The W995's catalogue dataclasses: Contacts, Calendar, Notes.
    expect(resources.map((r) => parms(r).URI)).toEqual(['contacts', 'calendar', 'notes']);
  });

  it.each([
    ['missing', '<title>no pin</title>'],
    ['empty', '<s:pincode></s:pincode>'],
    ['not digits', '<s:pincode>12ab</s:pincode>'],
  ])('refuses a setup whose pincode is %s with 400 validation_failed, nothing sent', async (_, inner) => {
    const before = (await server.alice.client.syncml.outbox(phone)).entries.length;
    const response = await fetch(`${server.url}/v2/services/syncml/${phone}/setup/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('alice:alice-secret-pw').toString('base64')}`, 'content-type': 'application/atom+xml' },
      body: `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">${inner}</entry>`,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<code>validation_failed</code>');
    expect((await server.alice.client.syncml.outbox(phone)).entries).toHaveLength(before);
  });

  it('sends a Server Alerted Notification for the phone, digest over the account credential', async () => {
    await server.alice.client.syncml.requestSync(phone);
    const feed = await server.alice.client.syncml.outbox(phone);
    const newest = feed.entries[0]!;
    expect(newest.outboxItem.kind).toBe('notification');
    expect(newest.content!.type).toBe('application/vnd.syncml.notification');
    expect(newest.title).toBe('Server alerted notification (contacts, calendar, notes)');
    expect(feed.entries.map((e) => e.published!.getTime())).toEqual([...feed.entries.map((e) => e.published!.getTime())].sort((a, b) => b - a));
    const san = Buffer.from(newest.content!.value, 'base64');
    const trigger = san.subarray(16);
    expect(trigger[0]).toBe(0x03); // version 12 in the first 10 bits
    expect(trigger[1]! & 0x08).toBe(0x08); // server-initiated
    expect(trigger.subarray(8, 8 + trigger[7]!).toString()).toBe('atomsync');
    const credential = syncmlDigestOf('alice', 'alice-secret-pw');
    expect(Buffer.compare(san.subarray(0, 16), md5(`${credential}::${md5(trigger).toString('base64')}`))).toBe(0);
  });

  it('alerts for the phone\'s own datastores once it has synced', async () => {
    await server.store.syncml.addDatastore(server.alice.id, phone, { name: './contacts', dataclass: 'Contacts', serverUri: 'contacts' });
    await server.alice.client.syncml.requestSync(phone);
    expect((await server.alice.client.syncml.outbox(phone)).entries[0]!.title).toBe('Server alerted notification (contacts)');
  });

  it('offers every server datastore when the catalogue does not know the model\'s', async () => {
    await server.alice.client.syncml.requestSync(unknownModelPhone);
    expect((await server.alice.client.syncml.outbox(unknownModelPhone)).entries[0]!.title).toBe('Server alerted notification (contacts, calendar, notes)');
  });

  it('refuses a sync request with 409 when the account has no SyncML credential', async () => {
    const account = (await server.store.accounts.get(server.bob.id))!;
    await server.store.accounts.update(account.id, { passwordHash: account.passwordHash, syncmlDigest: null, admin: account.admin });
    const bobs = (await server.bob.client.syncml.create({ phoneNumber: '+46701234569', modelUuid: modelUuid('Nokia', 'E71'), timezone: 'Europe/Stockholm' })).client.uuid!;
    const error = await refusal(server.bob.client.syncml.requestSync(bobs));
    expect([error.status, error.code]).toEqual([409, 'conflict']);
    expect((await server.bob.client.syncml.outbox(bobs)).entries).toEqual([]);
  });

  it("refuses a sync request with 409 when the account's SyncML credential was sealed under another secret key", async () => {
    await createAccount({ store: server.store, secrets: SecretBox.ephemeral() }, { username: 'carol-rekeyed', password: 'carol-secret-pw', admin: false });
    const sdk = createClient({ baseUrl: server.url, auth: basicAuth('carol-rekeyed', 'carol-secret-pw') });
    try {
      const carols = (await sdk.syncml.create({ phoneNumber: '+46701234570', modelUuid: modelUuid('Nokia', 'E71'), timezone: 'Europe/Stockholm' })).client.uuid!;
      const error = await refusal(sdk.syncml.requestSync(carols));
      expect([error.status, error.code]).toEqual([409, 'conflict']);
      expect(error.message).toContain('another secret key');
      expect((await sdk.syncml.outbox(carols)).entries).toEqual([]);
    } finally {
      await sdk.close();
    }
  });

  it.each([
    ['setup', (s: TestServer) => s.bob.client.syncml.setup(phone, { pincode: '1111' })],
    ['sync', (s: TestServer) => s.bob.client.syncml.requestSync(phone)],
    ['outbox', (s: TestServer) => s.bob.client.syncml.outbox(phone)],
    ['outbox of a non-uuid', (s: TestServer) => s.alice.client.syncml.outbox('phone')],
  ])('answers another account\'s client (%s) with 404', async (_, call) => {
    const error = await refusal(call(server));
    expect([error.status, error.code]).toEqual([404, 'not_found']);
  });

  it('writes nothing when the gateway fails: no outbox row, no setup recorded', async () => {
    const failing: Gateway = {
      async send(message, tx) {
        await tx.outbox.append(message);
        throw new Error('SMSC unreachable');
      },
    };
    const running = await listen(createServer({ store: server.store, secrets: server.secrets, gateway: failing, logger: pino({ level: 'silent' }) }), { host: '127.0.0.1', port: 0 });
    const alice = createClient({ baseUrl: running.url, auth: basicAuth('alice', 'alice-secret-pw') });
    try {
      const fresh = (await alice.syncml.create({ phoneNumber: '+46701234570', modelUuid: modelUuid('Nokia', 'E71'), timezone: 'Europe/Stockholm' })).client.uuid!;
      const error = await refusal(alice.syncml.setup(fresh, { pincode: '4242' }));
      expect(error.status).toBe(500);
      expect((await server.store.outbox.list(server.alice.id, fresh))).toEqual([]);
      expect((await server.store.syncml.get(server.alice.id, fresh))!.setupSent).toBeNull();
    } finally {
      await alice.close();
      await running.close(1000);
    }
  });
});

/**
 * The SyncML session feed (the caller's own sessions) and the chat log (administrators only),
 * through the SDK on both stores. The SyncML endpoint that writes them is a later issue, so the
 * records are written through the store here.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusal } from '../clients/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

describe.each(storeKinds)('SyncML sessions and chat log (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists no sessions before any phone has synced', async () => {
    const feed = await server.alice.client.syncml.sessions();
    expect(feed.id).toBe(`${server.url}/v2/services/syncml/sessions/`);
    expect(feed.entries).toEqual([]);
  });

  it('lists the caller\'s sessions only, in the example\'s form', async () => {
    const stats = { addsIn: 1, replacesIn: 2, deletesIn: 0, addsOut: 0, replacesOut: 1, deletesOut: 0 };
    await server.store.sessions.save({
      id: '42',
      accountId: server.alice.id,
      clientUuid: '00597a45-6a6d-4919-b1e0-f17e44c53370',
      deviceId: 'IMEI:356938035643809',
      protocol: 'SyncML/1.2',
      encoding: 'xml',
      started: new Date('2009-06-02T08:15:03Z'),
      ended: new Date('2009-06-02T08:15:41Z'),
      status: 200,
      reason: null,
      datastores: [{ uri: './contacts', dataclass: 'Contacts', syncMode: 200, statistics: stats }],
    });
    await server.store.sessions.save({
      id: '7', accountId: server.bob.id, clientUuid: null, deviceId: 'IMEI:1', protocol: 'SyncML/1.1', encoding: 'wbxml',
      started: new Date('2009-06-03T08:00:00Z'), ended: null, status: null, reason: null, datastores: [],
    });
    const feed = await server.alice.client.syncml.sessions();
    expect(feed.entries).toHaveLength(1);
    const entry = feed.entries[0]!;
    expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(entry.title).toBe('Session 42 with IMEI:356938035643809');
    expect(entry.published).toEqual(new Date('2009-06-02T08:15:03Z'));
    expect(entry.updated).toEqual(new Date('2009-06-02T08:15:41Z'));
    expect(entry.session).toMatchObject({
      sessionId: '42',
      deviceId: 'IMEI:356938035643809',
      clientUuid: '00597a45-6a6d-4919-b1e0-f17e44c53370',
      protocol: 'SyncML/1.2',
      encoding: 'xml',
      status: 200,
      datastores: [{ uri: './contacts', dataclass: 'Contacts', syncMode: 200, statistics: stats }],
    });
    expect((await server.bob.client.syncml.sessions()).entries.map((e) => e.session.sessionId)).toEqual(['7']);
  });

  it('shows the chat log to administrators, newest first, with the message as content', async () => {
    await server.store.chatLog.append({ sessionId: '42', msgId: 1, direction: 'in', encoding: 'xml', body: '<SyncML xmlns="SYNCML:SYNCML1.2"/>' });
    await new Promise((r) => setTimeout(r, 5));
    await server.store.chatLog.append({ sessionId: '42', msgId: 1, direction: 'out', encoding: 'wbxml', body: '<SyncML xmlns="SYNCML:SYNCML1.2"><SyncBody><Final/></SyncBody></SyncML>' });
    const feed = await server.root.client.syncml.chatlog();
    expect(feed.id).toBe(`${server.url}/v2/services/syncml/sessions/chatlog/`);
    expect(feed.entries.map((e) => e.title)).toEqual([
      'Session 42, message 1, server → IMEI:356938035643809',
      'Session 42, message 1, IMEI:356938035643809 → server',
    ]);
    // A WBXML message is kept and shown as its XML form; `message/encoding` says what crossed the wire.
    expect(feed.entries[0]!.content).toEqual({ type: 'application/vnd.syncml+xml', value: '<SyncML xmlns="SYNCML:SYNCML1.2"><SyncBody><Final/></SyncBody></SyncML>' });
    expect(feed.entries[0]!.message).toEqual({ sessionId: '42', msgId: 1, direction: 'out', encoding: 'wbxml' });
    expect(feed.entries[1]!.content).toEqual({ type: 'application/vnd.syncml+xml', value: '<SyncML xmlns="SYNCML:SYNCML1.2"/>' });
    expect(feed.entries[1]!.message).toEqual({ sessionId: '42', msgId: 1, direction: 'in', encoding: 'xml' });
  });

  it('refuses the chat log to a non-admin (403) and to an anonymous caller (401)', async () => {
    expect((await refusal(server.alice.client.syncml.chatlog())).status).toBe(403);
    expect((await refusal(server.anonymous.syncml.chatlog())).status).toBe(401);
    expect((await refusal(server.anonymous.syncml.sessions())).status).toBe(401);
  });
});

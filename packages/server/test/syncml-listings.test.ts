/**
 * A SyncML record our encoder could not write as stored never breaks a listing (issue 11, item 4),
 * on both stores: an anonymous message whose MsgID is no SyncML MsgID (huge, negative, not a
 * number) is refused with 400, and the chat log still answers 200 afterwards; chat messages and
 * sessions stored with what the schema cannot carry (a msgId beyond any integer type, characters
 * XML cannot carry, counts and codes outside their types) still list with 200, well-formed, the
 * text's bad characters shown as U+FFFD and the numbers mapped into their types.
 */
import { encodeMessage } from '@atomsync/syncml';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionRecord } from '@atomsync/store';
import { startTestServer, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const SYNCML_XML = 'application/vnd.syncml+xml';

/** An anonymous SyncML 1.2 message with nothing in it but its header. */
function messageWith(msgId: string, device: string): string {
  return Buffer.from(
    encodeMessage({ header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId, target: { locUri: 'http://127.0.0.1/syncml' }, source: { locUri: device } }, commands: [], final: true }, 'xml'),
  ).toString('utf8');
}

function wellFormed(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(text).close();
}

describe.each(storeKinds)('SyncML listings of records the encoder cannot write as stored (%s)', (kind) => {
  let server: TestServer;
  let root: string;
  let alice: string;

  const get = async (path: string, authorization: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization } });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    root = `Basic ${Buffer.from(`${server.root.username}:${server.root.password}`).toString('base64')}`;
    alice = `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['99999999999999999999999999', '-1', 'abc', '1e3', ''])('an anonymous message with MsgID %j is refused with 400, and the chat log still lists', async (msgId) => {
    const response = await fetch(`${server.url}/syncml`, { method: 'POST', headers: { 'content-type': SYNCML_XML }, body: messageWith(msgId, `IMEI:35000000000${String(msgId.length).padStart(4, '0')}`) });
    const text = await response.text();
    // The SyncML decoder takes a MsgID of 1..2^31-1 only.
    expect(response.status, text).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/xml');
    expect(text).toContain('<code>invalid_xml</code>');
    const log = await get('/v2/services/syncml/sessions/chatlog/', root);
    expect(log.status, log.text).toBe(200);
    wellFormed(log.text);
  });

  it('a stored chat message with a msgId beyond any integer type or negative, and characters XML cannot carry, still lists', async () => {
    const sessionId = `bad\u0001session\uFFFE-${kind}`;
    const body = 'before\u0001\u0008\u000B\uFFFF\uD800after';
    const stored: number[] = [];
    // PostgreSQL's integer column refuses 1e26 (as it would any MsgID the decoder let through);
    // SQLite keeps it as a REAL. Whatever each store keeps must list.
    for (const msgId of [1e26, -1, 1.5]) {
      const kept = await server.store.chatLog.append({ sessionId, msgId, direction: 'in', encoding: 'xml', body }).then(
        () => true,
        () => false,
      );
      if (kept) stored.push(msgId);
    }
    expect(stored).toContain(-1);
    if (kind === 'sqlite') expect(stored).toContain(1e26);
    const log = await get('/v2/services/syncml/sessions/chatlog/', root);
    expect(log.status, log.text).toBe(200);
    wellFormed(log.text);
    const entries = (await server.root.client.syncml.chatlog()).entries.filter((e) => e.message.sessionId.startsWith('bad'));
    expect(entries).toHaveLength(stored.length);
    for (const entry of entries) {
      expect(entry.message.sessionId).toBe(`bad\uFFFDsession\uFFFD-${kind}`);
      expect(entry.message.msgId).toBe(0);
      expect(entry.content!.value).toMatch(/^before\uFFFD+after$/);
      expect(entry.title).toContain('message 0');
    }
  });

  it("a stored session with characters XML cannot carry and numbers outside their types still lists for its account", async () => {
    const session: SessionRecord = {
      id: `sess\u0002ion-${kind}`,
      accountId: server.alice.id,
      clientUuid: null,
      deviceId: 'IMEI:\u0001\uFFFE',
      protocol: 'SyncML/1.2\u001F',
      encoding: 'xml',
      started: new Date('2009-06-01T00:00:00Z'),
      ended: null,
      // PostgreSQL's integer column holds no 2^40; SQLite does.
      status: kind === 'sqlite' ? 2 ** 40 : 401,
      reason: 'refused\u0007',
      datastores: [
        {
          uri: './contacts\u0000',
          dataclass: 'Bogus' as never,
          syncMode: 999 as never,
          statistics: { addsIn: -1, replacesIn: 1.5, deletesIn: Number.NaN, addsOut: 2 ** 60, replacesOut: 3, deletesOut: 0 },
        },
      ],
    };
    // PostgreSQL text holds no NUL: there the uri keeps only the other characters.
    const saved = kind === 'postgres' ? { ...session, datastores: session.datastores.map((d) => ({ ...d, uri: './contacts\u0001' })) } : session;
    await server.store.sessions.save(saved);
    const listing = await get('/v2/services/syncml/sessions/', alice);
    expect(listing.status, listing.text).toBe(200);
    wellFormed(listing.text);
    const [entry] = (await server.alice.client.syncml.sessions()).entries;
    expect(entry!.session).toMatchObject({
      sessionId: `sess\uFFFDion-${kind}`,
      deviceId: 'IMEI:\uFFFD\uFFFD',
      protocol: 'SyncML/1.2\uFFFD',
      reason: 'refused\uFFFD',
      datastores: [{ uri: './contacts\uFFFD', statistics: { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 3, deletesOut: 0 } }],
    });
    expect(entry!.session.datastores![0]!.dataclass).toBeUndefined();
    expect(entry!.session.datastores![0]!.syncMode).toBeUndefined();
    expect(entry!.session.status).toBe(kind === 'sqlite' ? undefined : 401);
  });
});

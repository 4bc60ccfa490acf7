/**
 * Who may reach a SyncML session, on both stores, in XML and WBXML (see guide/security.md). An
 * attacker who knows a phone's DevID and counts its SessionID and MsgID, replays its first message
 * without credentials, or with another account's, or posts to a session key it guessed, gets no
 * session, no data and changes nothing; the genuine phone's repeated message still gets its
 * cached reply, in its own encoding, and its session goes on. Session keys are long, random,
 * bound to their device and expire.
 */
import { randomBytes } from 'node:crypto';
import { decodeMessage, encodeMessage, SYNCML_MEDIA_TYPES, type SyncmlEncoding, type SyncmlMessage } from '@atomsync/syncml';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS } from '../../../src/syncml/endpoint.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { alertCodes, headerStatus, syncCommands } from '../support/replies.js';
import { basicCredential, phoneDevInf, type Exchange, type ScriptedPhone } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const KEY = /^[A-Za-z0-9_-]{43}$/;

interface Post {
  readonly status: number;
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
  /** The decoded reply, on a 200. */
  readonly reply: SyncmlMessage | undefined;
}

/** Posts a message as an attacker would: any URL, any credentials, the message re-encoded or as bytes. */
async function post(url: string, message: SyncmlMessage | Uint8Array, encoding: SyncmlEncoding, authorization?: string): Promise<Post> {
  const body = message instanceof Uint8Array ? message : encodeMessage(message, encoding);
  const headers: Record<string, string> = { 'content-type': SYNCML_MEDIA_TYPES[encoding] };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(url, { method: 'POST', headers, body: body as BodyInit });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, contentType: response.headers.get('content-type'), bytes, reply: response.status === 200 ? decodeMessage(bytes, encoding) : undefined };
}

/** The message without its credentials: what an attacker who knows the counters builds. */
function withoutCred(message: SyncmlMessage): SyncmlMessage {
  const { cred: _dropped, ...header } = message.header;
  return { ...message, header };
}

const keyOf = (respUri: string | undefined): string | null => (respUri === undefined ? null : new URL(respUri).searchParams.get('session'));

/** Every vCard a reply carries to the phone (what would be disclosed). */
const disclosed = (reply: SyncmlMessage | undefined): string[] => (reply === undefined ? [] : syncCommands(reply).flatMap((c) => c.items.map((i) => i.data ?? '')));

describe.each(storeKinds)('who may reach a SyncML session (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A victim whose phone has opened a session (package 1 answered with 212 and a RespURI). */
  async function victimSession(name: string, encoding: SyncmlEncoding) {
    const account = await newAccount(server, `${name}-${encoding}-${kind}`);
    const registered = await registerPhone(server, account);
    for (const n of [1, 2, 3]) await addPeerItem(account, registered.datastoreClient, nameOf(contact(n)), contact(n));
    const phone = phoneOf(server, account, { encoding, auth: 'basic' });
    const first = await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).alert(201, { target: 'contacts', source: './contacts', next: 'n1' }));
    expect(headerStatus(first.reply).data).toBe(212);
    expect(alertCodes(first.reply)).toEqual([201]);
    const before = (await peerItems(account, registered.datastoreClient)).map((i) => i.body).sort();
    return { account, registered, phone, first, before };
  }

  /** The phone's package 3: its own adds, Final (the engine runs and our Sync carries the peer's items). */
  const package3 = (phone: ScriptedPhone, first: Exchange, luid = 'attacker-1', n = 900) => {
    const message = {
      header: { ...first.request.header, msgId: '2', target: { locUri: phone.respUri! } },
      commands: [
        {
          kind: 'Sync' as const,
          cmdId: '1',
          target: { locUri: 'contacts' },
          source: { locUri: './contacts' },
          commands: [{ kind: 'Add' as const, cmdId: '2', meta: { type: 'text/x-vcard' }, items: [{ source: { locUri: luid }, data: contact(n) }] }],
        },
      ],
      final: true,
    } satisfies SyncmlMessage;
    return withoutCred(message);
  };

  it.each(['xml', 'wbxml'] as const)('a replay of the first message without credentials gets no session and no data; the continuation is refused (%s)', async (encoding) => {
    const { account, registered, phone, first, before } = await victimSession('takeover', encoding);
    const victimKey = keyOf(first.reply.header.respUri)!;
    expect(victimKey).toMatch(KEY);

    // The same message, Cred removed (same DevID, SessionID, MsgID): a session of its own, refused.
    const replay = await post(`${server.url}/syncml`, withoutCred(first.request), encoding);
    expect(replay.status).toBe(200);
    expect(headerStatus(replay.reply!).data).toBe(407);
    expect(replay.reply!.commands.map((c) => c.kind)).toEqual(['Status']);
    expect(Buffer.from(replay.bytes).includes(Buffer.from(victimKey))).toBe(false);
    const attackerUri = replay.reply!.header.respUri!;
    expect(keyOf(attackerUri)).not.toBe(victimKey);

    // The phone's second message, without credentials, to the RespURI the attacker was given.
    const continued = await post(attackerUri, package3(phone, first), encoding);
    expect(continued.status).toBe(200);
    expect(headerStatus(continued.reply!).data).toBe(407);
    expect(disclosed(continued.reply)).toEqual([]);

    // Guessing a key: a random one of the right form, a short one, one with junk.
    for (const guess of [randomBytes(32).toString('base64url'), 'AAAAAAAAAAAA', '../../etc', `${victimKey.slice(0, 42)}%00`]) {
      const guessed = await post(`${server.url}/syncml?session=${encodeURIComponent(guess)}`, package3(phone, first), encoding);
      expect(guessed.status).toBe(404);
    }
    expect((await peerItems(account, registered.datastoreClient)).map((i) => i.body).sort()).toEqual(before);

    // The genuine phone goes on: its datastore receives the peer's items and keeps only its own adds.
    const genuine = await phone.send((m) => m.sync('contacts', './contacts', [{ op: 'add', luid: 'mine-1', data: contact(7) }]));
    expect(headerStatus(genuine.reply).data).toBe(200);
    expect(disclosed(genuine.reply).map(nameOf).sort()).toEqual([1, 2, 3].map((n) => nameOf(contact(n))).sort());
    const after = (await peerItems(account, registered.datastoreClient)).map((i) => nameOf(i.body)).sort();
    expect(after).toEqual([1, 2, 3, 7].map((n) => nameOf(contact(n))).sort());
  });

  it.each(['xml', 'wbxml'] as const)('the victim RespURI with another account\'s credentials is refused, and so is the key on another device (%s)', async (encoding) => {
    const { account, registered, phone, first, before } = await victimSession('other-account', encoding);
    const bob = await newAccount(server, `bob-${encoding}-${kind}`);
    const bobCred = { meta: { type: 'syncml:auth-basic', format: 'b64' }, data: basicCredential(bob.username, bob.password) };
    const message = package3(phone, first);

    const withCred = await post(phone.respUri!, { ...message, header: { ...message.header, cred: bobCred } }, encoding);
    expect(withCred.status).toBe(403);
    expect(disclosed(withCred.reply)).toEqual([]);
    const withHttpBasic = await post(phone.respUri!, message, encoding, `Basic ${basicCredential(bob.username, bob.password)}`);
    expect(withHttpBasic.status).toBe(403);
    // The key is bound to the device and the session it was issued for.
    const elsewhere = await post(phone.respUri!, { ...message, header: { ...message.header, source: { locUri: 'IMEI:000000000000000' } } }, encoding);
    expect(elsewhere.status).toBe(400);
    const otherSession = await post(phone.respUri!, { ...message, header: { ...message.header, sessionId: '999' } }, encoding);
    expect(otherSession.status).toBe(400);

    // Bob replaying the victim's first message with his own credentials opens a session of his own.
    const bobs = await post(`${server.url}/syncml`, { ...first.request, header: { ...first.request.header, cred: bobCred } }, encoding);
    expect(bobs.status).toBe(200);
    expect(keyOf(bobs.reply!.header.respUri)).not.toBe(keyOf(phone.respUri));
    const bobContinues = await post(bobs.reply!.header.respUri!, { ...message, header: { ...message.header, target: { locUri: bobs.reply!.header.respUri! } } }, encoding);
    expect(disclosed(bobContinues.reply)).toEqual([]);
    expect((await peerItems(account, registered.datastoreClient)).map((i) => i.body).sort()).toEqual(before);

    // None of it moved the victim's session: its phone goes on.
    const genuine = await phone.send((m) => m.sync('contacts', './contacts', []));
    expect(headerStatus(genuine.reply).data).toBe(200);
    expect(disclosed(genuine.reply)).toHaveLength(3);
  });

  it.each(['xml', 'wbxml'] as const)('a genuine repeat gets the cached reply in its own encoding; a changed or re-encoded one does not (%s)', async (encoding) => {
    const { account, registered, phone, first, before } = await victimSession('repeat', encoding);
    // The phone lost our reply: the same bytes, same credentials, same URL.
    const again = await phone.resend();
    expect(again.status).toBe(200);
    expect(again.contentType).toBe(SYNCML_MEDIA_TYPES[encoding]);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);

    // The same message in the other encoding is not that request: no cached reply, no key.
    const other: SyncmlEncoding = encoding === 'xml' ? 'wbxml' : 'xml';
    const reencoded = await post(`${server.url}/syncml`, withoutCred(first.request), other);
    expect(reencoded.contentType).toBe(SYNCML_MEDIA_TYPES[other]);
    expect(Buffer.from(reencoded.bytes).includes(Buffer.from(keyOf(first.reply.header.respUri)!))).toBe(false);
    expect(headerStatus(reencoded.reply!).data).toBe(407);

    // On the session's key, a message with an answered MsgID must be the request answered.
    const next = await phone.send((m) => m.sync('contacts', './contacts', []), { final: false });
    expect(next.status).toBe(200);
    const changed = await post(phone.respUri!, { ...next.request, commands: package3(phone, first).commands }, encoding);
    expect(changed.status).toBe(400);
    const repeated = await phone.resend();
    expect(Buffer.from(repeated.bytes).equals(Buffer.from(next.bytes))).toBe(true);
    // And the key's repeat without the key is a new session's first message, not the repeat.
    const keyless = await post(`${server.url}/syncml`, next.body, encoding);
    expect(Buffer.from(keyless.bytes).equals(Buffer.from(next.bytes))).toBe(false);
    expect(headerStatus(keyless.reply!).data).toBe(407);
    expect((await peerItems(account, registered.datastoreClient)).map((i) => i.body).sort()).toEqual(before);
  });

  it('session keys are 256 random bits, differ per session, and expire when the session idles', async () => {
    const { phone, first } = await victimSession('expiry', 'xml');
    const other = await victimSession('expiry-other', 'xml');
    expect(keyOf(first.reply.header.respUri)).toMatch(KEY);
    expect(keyOf(first.reply.header.respUri)).not.toBe(keyOf(other.first.reply.header.respUri));
    // Nothing heard for longer than the idle limit: the key opens nothing any more.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SESSION_IDLE_MS + 60_000);
    const late = await post(phone.respUri!, package3(phone, first), 'xml');
    expect(late.status).toBe(404);
    expect(Buffer.from(late.bytes).toString('utf8')).toContain('<code>not_found</code>');
  });
});

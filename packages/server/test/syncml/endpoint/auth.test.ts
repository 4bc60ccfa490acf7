/**
 * How a phone authenticates at POST /syncml (guide/protocol.md#syncml-authentication), on both stores:
 * `syncml:auth-md5` with the server's nonces (a phone without one is challenged with 401 + Chal,
 * answers over that nonce and is accepted with 212 + a fresh nonce for its next session, which
 * then authenticates at once), `syncml:auth-basic`, HTTP Basic; a wrong password (401) and no
 * credentials (407) sync nothing; an MD5 credential of an earlier session opens no other.
 */
import { SecretBox } from '../../../src/secrets/box.js';
import { sessionIdOf } from '../../../src/syncml/endpoint.js';
import type { Cred } from '@atomsync/syncml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact } from '../support/items.js';
import { closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { commandsOf, headerStatus } from '../support/replies.js';
import { md5Credential, PhoneDatastore, type Exchange, type ScriptedPhone } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** Package 1 of a phone: DevInf and a two-way Alert for its contacts. */
const init = (phone: ScriptedPhone): Promise<Exchange> =>
  phone.send((m) => m.putDevInf({ verDTD: '1.2', devId: phone.deviceId, devTyp: 'phone', utc: true, supportLargeObjs: true, supportNumberOfChanges: true, dataStores: [] }).alert(200, { target: 'contacts', source: './contacts', next: 'n1' }));

/** A nonce as the server writes them: base64 of 16 random bytes. */
const NONCE = /^[A-Za-z0-9+/]{22}==$/;

describe.each(storeKinds)('SyncML authentication (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  it('challenges md5 without a nonce yet (401 + Chal), accepts it over that nonce (212 + a fresh nonce), and the next session authenticates at once', async () => {
    const account = await newAccount(server, `md5-${kind}`);
    const registered = await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth: 'md5' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('1', contact(1));

    const first = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    const [challenged, accepted] = first.exchanges;
    // Nothing but the SyncHdr's Status before the credentials are accepted.
    expect(challenged!.status).toBe(200);
    expect(challenged!.request.header.cred?.data).toBe(md5Credential(account.username, account.password, ''));
    const challenge = headerStatus(challenged!.reply);
    expect(challenge.data).toBe(401);
    expect(challenge.chal?.meta).toMatchObject({ type: 'syncml:auth-md5', format: 'b64', nextNonce: expect.stringMatching(NONCE) });
    expect(challenged!.reply.commands).toHaveLength(1);
    expect(challenged!.reply.final).toBe(true);
    // Answered in the same session over that nonce.
    expect(accepted!.request.header.sessionId).toBe(challenged!.request.header.sessionId);
    expect(accepted!.request.header.cred?.data).toBe(md5Credential(account.username, account.password, challenge.chal!.meta.nextNonce!));
    const acceptance = headerStatus(accepted!.reply);
    expect(acceptance.data).toBe(212);
    const kept = acceptance.chal?.meta.nextNonce;
    expect(kept).toMatch(NONCE);
    expect(kept).not.toBe(challenge.chal!.meta.nextNonce);
    // Later messages of the session carry no credentials and are answered 200.
    expect(first.exchanges.slice(2).map((e) => [e.request.header.cred, headerStatus(e.reply).data])).toEqual(first.exchanges.slice(2).map(() => [undefined, 200]));
    expect((await peerItems(account, registered.datastoreClient)).map((i) => i.body)).toEqual([contact(1)]);

    contacts.add('2', contact(2));
    const second = await phone.sync({ datastores: [{ store: contacts }] });
    expect(second.exchanges[0]!.request.header.cred?.data).toBe(md5Credential(account.username, account.password, kept!));
    const direct = headerStatus(second.exchanges[0]!.reply);
    expect(direct.data).toBe(212);
    expect(direct.chal?.meta.nextNonce).not.toBe(kept);
    expect(await peerItems(account, registered.datastoreClient)).toHaveLength(2);
  });

  it.each([
    ['syncml:auth-basic', 'basic'],
    ['HTTP Basic', 'http-basic'],
  ] as const)('accepts %s', async (_name, auth) => {
    const account = await newAccount(server, `${auth}-${kind}`);
    const registered = await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('1', contact(1));
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    const first = session.exchanges[0]!;
    if (auth === 'basic') expect(first.request.header.cred?.meta?.type).toBe('syncml:auth-basic');
    else expect(first.request.header.cred).toBeUndefined();
    expect(headerStatus(first.reply).data).toBe(212);
    expect((await peerItems(account, registered.datastoreClient)).map((i) => i.body)).toEqual([contact(1)]);
  });

  it.each(['md5', 'basic'] as const)('refuses a wrong password (%s) with 401, syncing nothing however long the phone goes on', async (auth) => {
    const account = await newAccount(server, `wrong-${auth}-${kind}`);
    const registered = await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth, password: 'not-the-password' });
    const answers = [await init(phone), await init(phone)];
    answers.push(await phone.send((m) => m.sync('contacts', './contacts', [{ op: 'add', luid: '1', data: contact(1) }])));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(headerStatus(answer.reply).data).toBe(401);
      expect(answer.reply.commands.map((c) => c.kind)).toEqual(['Status']);
    }
    expect(await peerItems(account, registered.datastoreClient)).toEqual([]);
    const client = await account.client.syncml.get(registered.syncmlClient);
    expect([client.client.imei ?? '', client.client.datastores ?? []]).toEqual(['', []]);
    expect(await account.client.syncml.sessions().then((f) => f.entries)).toEqual([]);
    // A refused session is not kept (issue 20): no record, no state under the key its RespURI
    // carries (the reason goes to the server's log).
    await expectNothingKept(server, phone.respUri!);
  });

  it("refuses md5 with 401, not a failure of the server, when the account's digest was sealed under another secret key", async () => {
    const account = await newAccount(server, `rekeyed-${kind}`);
    const registered = await registerPhone(server, account);
    // As after ATOMSYNC_SECRET_KEY changed: the digest kept no longer opens with the server's key.
    const record = (await server.store.accounts.byUsername(account.username))!;
    await server.store.accounts.update(record.id, { passwordHash: record.passwordHash, syncmlDigest: SecretBox.ephemeral().seal('0123456789abcdef'), admin: false });
    const phone = phoneOf(server, account, { auth: 'md5' });
    // The first is challenged for a nonce; the second carries a credential over it, which cannot be checked.
    for (const answer of [await init(phone), await init(phone)]) {
      expect(answer.status).toBe(200);
      expect(headerStatus(answer.reply).data).toBe(401);
    }
    expect(await peerItems(account, registered.datastoreClient)).toEqual([]);
    await expectNothingKept(server, phone.respUri!);
  });

  it('refuses a wrong HTTP Basic password: nothing is synced', async () => {
    const account = await newAccount(server, `wrong-http-basic-${kind}`);
    const registered = await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth: 'http-basic', password: 'not-the-password' });
    const answer = await init(phone);
    expect(answer.status === 401 || (answer.status === 200 && headerStatus(answer.reply).data === 401)).toBe(true);
    await phone.send((m) => m.sync('contacts', './contacts', [{ op: 'add', luid: '1', data: contact(1) }]));
    expect(await peerItems(account, registered.datastoreClient)).toEqual([]);
    expect((await account.client.syncml.get(registered.syncmlClient)).client.imei ?? '').toBe('');
  });

  // POST /syncml says "Authentication and per-command failures are SyncML Status codes inside a
  // 200 reply" and lists no 401: a wrong Authorization header must not be refused by the account
  // authenticator before the SyncML endpoint runs (as it once was: HTTP 401 and an error document).
  it('refuses a wrong HTTP Basic password inside a 200 reply (SyncHdr Status 401), as POST /syncml documents', async () => {
    const account = await newAccount(server, `wrong-http-basic-spec-${kind}`);
    const phone = phoneOf(server, account, { auth: 'http-basic', password: 'not-the-password' });
    const answer = await init(phone);
    expect(answer.status).toBe(200);
    expect(headerStatus(answer.reply).data).toBe(401);
  });

  it('refuses a message without credentials with 407 and a Chal', async () => {
    const phone = phoneOf(server, server.bob, { auth: 'none' });
    const answer = await init(phone);
    const status = headerStatus(answer.reply);
    expect(status.data).toBe(407);
    expect(status.chal?.meta).toMatchObject({ type: 'syncml:auth-md5', nextNonce: expect.stringMatching(NONCE) });
    expect(answer.reply.commands).toHaveLength(1);
  });

  it('refuses an md5 credential replayed from an earlier session', async () => {
    const account = await newAccount(server, `replay-${kind}`);
    await registerPhone(server, account);
    const phone = phoneOf(server, account, { auth: 'md5' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    const creds: Cred[] = [];
    for (let i = 0; i < 2; i++) {
      const session = await phone.sync({ datastores: [{ store: contacts }] });
      const accepted = session.exchanges.find((e) => headerStatus(e.reply).data === 212)!;
      creds.push(accepted.request.header.cred!);
    }
    // An eavesdropper with the same DevID, in sessions of its own.
    const eavesdropper = phoneOf(server, account, { auth: 'md5', deviceId: phone.deviceId });
    eavesdropper.sessionId = 100;
    for (const cred of creds) {
      eavesdropper.newSession();
      const answer = await eavesdropper.send((m) => m.alert(200, { target: 'contacts', source: './contacts', next: 'x' }), { cred });
      expect(headerStatus(answer.reply).data).toBe(401);
      expect(commandsOf(answer.reply, 'Alert')).toEqual([]);
    }
    // The phone itself still authenticates directly with the nonce it was given.
    const next = await phone.sync({ datastores: [{ store: contacts }] });
    expect(headerStatus(next.exchanges[0]!.reply).data).toBe(212);
  });
});

/** Nothing of the session our RespURI `respUri` names is in the store: no record, no state. */
async function expectNothingKept(server: TestServer, respUri: string): Promise<void> {
  const id = sessionIdOf(new URL(respUri).searchParams.get('session')!);
  expect(await server.store.sessions.get(id)).toBeUndefined();
  expect(await server.store.syncmlSessions.get(id)).toBeUndefined();
}

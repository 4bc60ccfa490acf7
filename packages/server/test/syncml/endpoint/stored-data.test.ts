/**
 * What a SyncML session keeps in the store is read back through typed codecs that check it
 * (syncml/session/codecs.ts), on both stores: a session whose kept state, one of its buffered
 * changes (the phone's, or ours queued for the phone) or its device's DevInf does not decode is
 * refused with 409 conflict saying what did not decode — an error document, never a 500 — and is
 * ended, so its key opens nothing more. Nothing of the failed message reaches the peer.
 */
import { decodeServiceError } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionIdOf } from '../../../src/syncml/endpoint.js';
import { itValidatesErrorDocuments, keepErrorDocument } from '../../support/http.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { codesFor, headerStatus } from '../support/replies.js';
import { phoneDevInf, type Exchange, type ScriptedPhone } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** The error document of a refused message (kept for the XSD check): its code and message. */
function refusal(exchange: Exchange): { status: number; code: string | undefined; message: string | undefined } {
  const text = Buffer.from(exchange.bytes).toString('utf8');
  keepErrorDocument(text);
  const error = decodeServiceError(text);
  return { status: exchange.status, code: error.code, message: error.message };
}

describe.each(storeKinds)('a session whose kept data does not decode (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  let accounts = 0;
  /** A phone whose package 1 (DevInf and a slow-sync Alert for contacts) was answered; its session's id. */
  async function openedSession(peer = 0): Promise<{ account: TestAccount; phone: ScriptedPhone; init: Exchange; id: string; datastoreClient: string }> {
    const account = await newAccount(server, `stored-${kind}-${++accounts}`);
    const { datastoreClient } = await registerPhone(server, account);
    for (let n = 1; n <= peer; n++) await addPeerItem(account, datastoreClient, nameOf(contact(n)), contact(n));
    const phone = phoneOf(server, account, { auth: 'basic' });
    const init = await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).alert(201, { target: 'contacts', source: './contacts', next: 'n1' }));
    expect([init.status, headerStatus(init.reply).data, codesFor(init.reply, 'Alert')]).toEqual([200, 212, [200]]);
    const key = new URL(phone.respUri!).searchParams.get('session')!;
    return { account, phone, init, id: sessionIdOf(key), datastoreClient };
  }

  /** Writes `state` over the session's kept state, the rest of its row as it is. */
  async function keepState(id: string, state: string): Promise<void> {
    const row = await server.store.syncmlSessions.get(id);
    const moved = await server.store.syncmlSessions.update(id, row!.version, { state, lastMsgId: row!.lastMsgId, lastReply: row!.lastReply, lastRequest: row!.lastRequest });
    expect(moved).toBeDefined();
  }

  /** The phone's package 3: one contact, Final (the engine runs on it). */
  const package3 = (phone: ScriptedPhone, previous: Exchange, luid = 'luid-1', n = 100) =>
    phone.send((m) => m.statuses(previous.reply).sync('contacts', './contacts', [{ op: 'add', luid, data: contact(n) }]));

  /** The refusal: 409 conflict naming what did not decode; the session is gone, its key opens nothing. */
  async function refusedAndEnded(exchange: Exchange, id: string, phone: ScriptedPhone, message: RegExp): Promise<void> {
    const answer = refusal(exchange);
    expect([answer.status, exchange.contentType, answer.code]).toEqual([409, 'application/xml', 'conflict']);
    expect(answer.message).toMatch(/^this SyncML session cannot continue: /);
    expect(answer.message).toMatch(message);
    expect(answer.message).toMatch(/; start a new one$/);
    expect(await server.store.syncmlSessions.get(id)).toBeUndefined();
    const again = await phone.resend();
    expect([again.status, refusal(again).code]).toEqual([404, 'not_found']);
  }

  it.each([
    ['text that is no JSON', () => '{"version":"1.2",', /its kept state does not decode: it is not JSON/],
    ['JSON that is no object', () => '[]', /its kept state does not decode: must be object/],
    ['a state without its start', (s: Record<string, unknown>) => JSON.stringify({ ...s, started: undefined }), /its kept state does not decode: must have required property 'started'/],
    ['an account id that is text', (s: Record<string, unknown>) => JSON.stringify({ ...s, accountId: 'alice' }), /its kept state does not decode: \/accountId: must be integer/],
    ['a null where an account id goes', (s: Record<string, unknown>) => JSON.stringify({ ...s, accountId: null }), /its kept state does not decode: it holds a null/],
    [
      'a datastore in a phase there is none of',
      (s: Record<string, unknown>) => JSON.stringify({ ...s, datastores: (s.datastores as object[]).map((d) => ({ ...d, phase: 'dancing' })) }),
      /its kept state does not decode: \/datastores\/0\/phase: must be equal to one of the allowed values/,
    ],
    [
      'a datastore on a side there is none of',
      (s: Record<string, unknown>) => JSON.stringify({ ...s, datastores: (s.datastores as object[]).map((d) => ({ ...d, side: 'left' })) }),
      /\/datastores\/0\/side: must be equal to one of the allowed values/,
    ],
    ['a sync mode there is none of', (s: Record<string, unknown>) => JSON.stringify({ ...s, datastores: (s.datastores as object[]).map((d) => ({ ...d, phoneMode: 299 })) }), /\/datastores\/0\/phoneMode: must be equal to one of the allowed values/],
  ])('refuses a session whose kept state is %s', async (_name, corrupt, message) => {
    const { phone, init, id, account, datastoreClient } = await openedSession();
    const row = await server.store.syncmlSessions.get(id);
    await keepState(id, (corrupt as (s: Record<string, unknown>) => string)(JSON.parse(row!.state) as Record<string, unknown>));
    const answer = await package3(phone, init);
    await refusedAndEnded(answer, id, phone, message);
    expect(await peerItems(account, datastoreClient)).toEqual([]);
  });

  it('refuses a session with a corrupted kept state even for a repeat of its last message', async () => {
    const { phone, id } = await openedSession();
    await keepState(id, 'garbage');
    const answer = await phone.resend();
    const refused = refusal(answer);
    expect([refused.status, refused.code]).toEqual([409, 'conflict']);
    expect(refused.message).toMatch(/its kept state does not decode: it is not JSON/);
    expect(await server.store.syncmlSessions.get(id)).toBeUndefined();
  });

  it.each([
    ['text that is no JSON', 'BEGIN:VCARD', /change 1 the phone sent in this session does not decode: it is not JSON/],
    ['a change of an operation there is none of', JSON.stringify({ serverUri: 'contacts', op: 'explode', id: 'luid-9', type: 'text/vcard' }), /change 1 the phone sent in this session does not decode: \/op: must be equal to one of the allowed values/],
    ['a change without its id', JSON.stringify({ serverUri: 'contacts', op: 'add', type: 'text/vcard', data: 'x' }), /change 1 the phone sent in this session does not decode: must have required property 'id'/],
    ['a change whose data is a number', JSON.stringify({ serverUri: 'contacts', op: 'add', id: 'luid-9', type: 'text/vcard', data: 7 }), /\/data: must be string/],
  ])("refuses a session one of whose buffered changes from the phone is %s", async (_name, body, message) => {
    const { phone, init, id, account, datastoreClient } = await openedSession();
    // Package 3 in two messages: the first is buffered, then a kept change is corrupted.
    const part = await phone.send((m) => m.statuses(init.reply).sync('contacts', './contacts', [{ op: 'add', luid: 'luid-0', data: contact(99) }]), { final: false });
    expect(part.status).toBe(200);
    await server.store.syncmlSessions.appendItems(id, 'in', [body]);
    const answer = await package3(phone, part);
    await refusedAndEnded(answer, id, phone, message);
    expect(await peerItems(account, datastoreClient)).toEqual([]);
  });

  it('refuses a session one of whose changes queued for the phone does not decode', async () => {
    // A row where the first of our changes for the phone is kept, written before the run queues them.
    const { phone, init, id } = await openedSession(2);
    await server.store.syncmlSessions.appendItems(id, 'out', ['{"serverUri":"contacts","op":"add"}']);
    const answer = await package3(phone, init);
    await refusedAndEnded(answer, id, phone, /change 0 queued for the phone in this session does not decode: must have required property 'id'/);
  });

  it.each([
    ['text that is no JSON', 'not a DevInf', /the DevInf kept for the phone's device does not decode: it is not JSON/],
    ['a DevInf without its DevID', JSON.stringify({ ...phoneDevInf('IMEI:1', '1.2'), devId: undefined }), /the DevInf kept for the phone's device does not decode: must have required property 'devId'/],
    [
      'a DevInf whose datastores are not a list',
      JSON.stringify({ ...phoneDevInf('IMEI:1', '1.2'), dataStores: { './contacts': {} } }),
      /the DevInf kept for the phone's device does not decode: \/dataStores: must be array/,
    ],
    [
      'a DevInf whose UTC flag is text',
      JSON.stringify({ ...phoneDevInf('IMEI:1', '1.2'), utc: 'yes' }),
      /the DevInf kept for the phone's device does not decode: \/utc: must be boolean/,
    ],
  ])("refuses a session whose device's kept DevInf is %s", async (_name, devinf, message) => {
    const { phone, init, id, account, datastoreClient } = await openedSession();
    await server.store.syncmlDevices.save(account.id, phone.deviceId, { devinf });
    const answer = await package3(phone, init);
    await refusedAndEnded(answer, id, phone, message);
    expect(await peerItems(account, datastoreClient)).toEqual([]);
  });

  it('takes a kept state a former server version wrote with fields it no longer has', async () => {
    const { phone, init, id, account, datastoreClient } = await openedSession();
    const row = await server.store.syncmlSessions.get(id);
    await keepState(id, JSON.stringify({ ...(JSON.parse(row!.state) as object), receivedSync: true, chunked: { seq: 1 } }));
    const answer = await package3(phone, init);
    expect([answer.status, codesFor(answer.reply, 'Add')]).toEqual([200, [201]]);
    expect((await peerItems(account, datastoreClient)).map((i) => i.title)).toEqual([nameOf(contact(100))]);
  });
});

itValidatesErrorDocuments();

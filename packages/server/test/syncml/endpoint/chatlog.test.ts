/**
 * The chat log of real sessions, on both stores: administrators only (403 for an account, 401
 * without credentials); every message of a session in both directions, with its MsgID; an XML
 * message exactly as it crossed the wire, a WBXML one as its XML form (the same message).
 */
import { sessionIdOf } from '../../../src/syncml/endpoint.js';
import { decodeMessage, type SyncmlMessage } from '@atomsync/syncml';
import type { ChatMessageEntry } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact } from '../support/items.js';
import { phoneOf, registerPhone } from '../support/registration.js';
import { headerStatus } from '../support/replies.js';
import { PhoneDatastore, type Exchange, type SessionResult } from '../support/scripted-phone.js';

/**
 * The exchanges of a session once its credentials were accepted: the phones here sign in with
 * auth-md5, so their first message is challenged (401), and of a refused message nothing is kept,
 * in the chat log or elsewhere (issue 20).
 */
const refused = (exchange: Exchange): boolean => [401, 407].includes(headerStatus(exchange.reply).data);
const accepted = (session: SessionResult): Exchange[] => session.exchanges.filter((e) => !refused(e));
/** The session key of a session: the `session` parameter of the RespURI its accepted messages were answered with. */
const keyOf = (session: SessionResult): string => new URL(accepted(session)[0]!.reply.header.respUri!).searchParams.get('session')!;
/** The id the chat log keeps a session under: a digest of its key (the key is a secret). */
const idOf = (session: SessionResult): string => sessionIdOf(keyOf(session));
/** What the chat log shows of a message: the secrets in it (Cred data, the session key) redacted. */
const redacted = (session: SessionResult, xml: string): string => xml.split(keyOf(session)).join('[redacted]').replace(/(<Cred>[\s\S]*?<Data>)[^<]*(<\/Data>)/, '$1[redacted]$2');

/** A message without what legitimately differs between its XML and WBXML forms (DevInf media type spelling). */
const comparable = (m: SyncmlMessage) => JSON.parse(JSON.stringify(m).replace(/application\/vnd\.syncml-devinf\+(xml|wbxml)/g, 'devinf')) as unknown;

describe.each(storeKinds)('the SyncML chat log of real sessions (%s)', (kind) => {
  let server: TestServer;
  const sessions: Record<'xml' | 'wbxml', SessionResult> = {} as never;
  let log: ChatMessageEntry[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const encoding of ['xml', 'wbxml'] as const) {
      await registerPhone(server, server.alice);
      const contacts = new PhoneDatastore('./contacts', 'contacts');
      contacts.add('1', contact(encoding === 'xml' ? 1 : 2));
      sessions[encoding] = await phoneOf(server, server.alice, { encoding }).sync({ datastores: [{ store: contacts, code: 201 }] });
    }
    log = (await server.root.client.syncml.chatlog()).entries;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is for administrators only', async () => {
    expect((await refusal(server.alice.client.syncml.chatlog())).status).toBe(403);
    expect((await refusal(server.anonymous.syncml.chatlog())).status).toBe(401);
  });

  it.each(['xml', 'wbxml'] as const)('holds every message of a %s session, both directions', async (encoding) => {
    const session = sessions[encoding];
    const key = idOf(session);
    const entries = log.filter((e) => e.message.sessionId === key);
    expect(session.exchanges.filter(refused)).toHaveLength(1);
    const expected = accepted(session).flatMap((e) => [
      { sessionId: key, msgId: Number(e.request.header.msgId), direction: 'in', encoding },
      { sessionId: key, msgId: Number(e.reply.header.msgId), direction: 'out', encoding },
    ]);
    expect(entries.map((e) => e.message).sort(byMessage)).toEqual(expected.sort(byMessage));
    const device = session.exchanges[0]!.request.header.source.locUri;
    const msgId = Number(accepted(session)[0]!.request.header.msgId);
    expect(entries.find((e) => e.message.direction === 'in' && e.message.msgId === msgId)!.title).toBe(`Session ${key}, message ${msgId}, ${device} → server`);
    // The challenged message left nothing: no entry under the key of the challenge's RespURI.
    const challenged = session.exchanges.find(refused)!;
    const challengeId = sessionIdOf(new URL(challenged.reply.header.respUri!).searchParams.get('session')!);
    expect(log.filter((e) => e.message.sessionId === challengeId)).toEqual([]);
  });

  it('keeps an XML message as it crossed the wire, but for its secrets', () => {
    const session = sessions.xml;
    const key = idOf(session);
    for (const exchange of accepted(session)) {
      const body = (direction: string, msgId: string) => log.find((e) => e.message.sessionId === key && e.message.direction === direction && e.message.msgId === Number(msgId))!.content!.value;
      expect(body('in', exchange.request.header.msgId)).toBe(redacted(session, Buffer.from(exchange.body).toString('utf8')));
      expect(body('out', exchange.reply.header.msgId)).toBe(redacted(session, Buffer.from(exchange.bytes).toString('utf8')));
    }
    // Neither the key nor the credentials are anywhere in the log.
    const text = log.map((e) => e.content!.value).join('\n');
    expect(text).not.toContain(keyOf(session));
    for (const exchange of session.exchanges) {
      const cred = exchange.request.header.cred;
      if (cred !== undefined) expect(text).not.toContain(cred.data);
    }
  });

  it('shows a WBXML message as XML: the same message, but for its secrets', () => {
    const session = sessions.wbxml;
    const key = idOf(session);
    for (const exchange of accepted(session)) {
      for (const [direction, message] of [['in', exchange.request], ['out', exchange.reply]] as const) {
        const entry = log.find((e) => e.message.sessionId === key && e.message.direction === direction && e.message.msgId === Number(message.header.msgId))!;
        expect(entry.content!.value).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><SyncML xmlns="SYNCML:SYNCML1\.2">/);
        expect(comparable(decodeMessage(Buffer.from(entry.content!.value, 'utf8'), 'xml'))).toEqual(comparable(withoutSecrets(message, keyOf(session))));
      }
    }
  });
});

/** The message as the chat log shows it: the Cred's data and the session key redacted. */
function withoutSecrets(message: SyncmlMessage, key: string): SyncmlMessage {
  const { cred } = message.header;
  const header = cred === undefined ? message.header : { ...message.header, cred: { ...cred, data: '[redacted]' } };
  return JSON.parse(JSON.stringify({ ...message, header }).split(key).join('[redacted]')) as SyncmlMessage;
}

function byMessage(a: { msgId: number; direction: string }, b: { msgId: number; direction: string }): number {
  return a.msgId - b.msgId || a.direction.localeCompare(b.direction);
}

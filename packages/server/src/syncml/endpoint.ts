/**
 * POST /syncml: where phones post SyncML messages (XML or WBXML). Finds the message's session (by
 * the key in our RespURI, else by the phone's DevID and SessionID), answers a repeated message
 * from the reply cached for it (never applying it twice), runs the session machine, and writes
 * the new state with a compare-and-set, so two instances taking messages of one session can never
 * both move it. Keeps the session's record (GET /v2/services/syncml/sessions/) and the chat log.
 */
import { randomBytes } from 'node:crypto';
import { decodeMessage, encodeMessage, encodingOf, SYNCML_MEDIA_TYPES, SyncmlDecodeError, type SyncmlEncoding, type SyncmlMessage } from '@atomsync/syncml';
import type { RequestContext } from '../context.js';
import { ServiceError } from '../errors.js';
import type { SessionRecord } from '../store/records.js';
import type { SyncmlSessionStateRecord } from '../store/store.js';
import { SessionTurn, type SessionDeps } from './session.js';
import type { SessionState } from './state.js';

/** A session not heard from for this long is dropped (its phone gave up long ago). */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** The chat log keeps a week, and at most this many messages. */
export const CHATLOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const CHATLOG_MAX_MESSAGES = 20_000;

/** The query parameter of our RespURI. */
const SESSION_PARAM = 'session';

const newKey = (): string => randomBytes(9).toString('base64url');

function initialState(message: SyncmlMessage, encoding: SyncmlEncoding): SessionState {
  const { header } = message;
  return {
    version: header.verDTD,
    encoding,
    deviceId: header.source.locUri,
    serverLocUri: header.target.locUri,
    maxMsgSize: 0,
    maxObjSize: 0,
    outMsgId: 0,
    sent: {},
    datastores: [],
    outSent: 0,
    done: false,
    started: Date.now(),
  };
}

export class SyncmlEndpoint {
  constructor(private readonly deps: Omit<SessionDeps, 'log'>) {}

  private get store() {
    return this.deps.store;
  }

  async handle(ctx: RequestContext, body: Uint8Array): Promise<Uint8Array> {
    const encoding = encodingOf(ctx.event.req.headers.get('content-type'));
    if (encoding === undefined) throw new ServiceError(415, 'unsupported_media_type', `a SyncML message is ${SYNCML_MEDIA_TYPES.xml} or ${SYNCML_MEDIA_TYPES.wbxml}`);
    let message: SyncmlMessage;
    try {
      message = decodeMessage(body, encoding);
    } catch (error) {
      if (error instanceof SyncmlDecodeError) throw new ServiceError(400, 'invalid_xml', `not a SyncML message: ${error.message}`);
      throw error;
    }
    const { header } = message;
    const key = ctx.event.url.searchParams.get(SESSION_PARAM);
    let record: SyncmlSessionStateRecord | undefined = key !== null ? await this.store.syncmlSessions.get(key) : await this.store.syncmlSessions.find(header.source.locUri, header.sessionId);
    if (key !== null && record === undefined) throw new ServiceError(404, 'not_found', 'there is no such SyncML session (it ended or expired): start a new one');
    if (record !== undefined && record.deviceId !== header.source.locUri) throw new ServiceError(400, 'bad_request', 'the message is from another device than its session');

    ctx.event.res.headers.set('content-type', SYNCML_MEDIA_TYPES[encoding]);
    // The same message again (the phone lost our reply): the same reply, nothing applied twice.
    if (record !== undefined && record.lastMsgId === header.msgId && record.lastReply !== null) return record.lastReply;
    // Without our key, a known SessionID that starts over (MsgID 1) or ended is a new session.
    if (key === null && record !== undefined && (header.msgId === '1' || (JSON.parse(record.state) as SessionState).done)) {
      await this.store.syncmlSessions.delete(record.key);
      record = undefined;
    }
    if (record === undefined) {
      await this.store.syncmlSessions.pruneIdle(new Date(Date.now() - SESSION_IDLE_MS));
      record = await this.store.syncmlSessions.create({
        key: newKey(),
        deviceId: header.source.locUri,
        phoneSessionId: header.sessionId,
        state: JSON.stringify(initialState(message, encoding)),
        lastMsgId: null,
        lastReply: null,
      });
    }
    const state = JSON.parse(record.state) as SessionState;
    if (state.done) throw new ServiceError(409, 'conflict', 'this SyncML session has ended: start a new one');

    const respUri = `${ctx.baseUrl}/syncml?${SESSION_PARAM}=${record.key}`;
    const turn = new SessionTurn({ ...this.deps, log: ctx.log }, { key: record.key, state, message, authorization: ctx.event.req.headers.get('authorization') ?? undefined, respUri });
    const { reply, state: next } = await turn.run();
    const bytes = encodeMessage(reply, encoding);
    const saved = await this.store.syncmlSessions.update(record.key, record.version, { state: JSON.stringify(next), lastMsgId: header.msgId, lastReply: bytes });
    if (saved === undefined) {
      // Another instance took the same message meanwhile: its reply is the one the session has.
      const now = await this.store.syncmlSessions.get(record.key);
      if (now?.lastMsgId === header.msgId && now.lastReply !== null) return now.lastReply;
      throw new ServiceError(409, 'conflict', 'another server instance moved this SyncML session meanwhile');
    }
    await this.keepRecords(record.key, message, reply, body, encoding, next);
    return bytes;
  }

  /** The session's record and the chat log (the XML of both messages; WBXML as its XML form). */
  private async keepRecords(key: string, message: SyncmlMessage, reply: SyncmlMessage, body: Uint8Array, encoding: SyncmlEncoding, state: SessionState): Promise<void> {
    const xmlOf = (m: SyncmlMessage, raw?: Uint8Array): string => (raw !== undefined && encoding === 'xml' ? Buffer.from(raw).toString('utf8') : Buffer.from(encodeMessage(m, 'xml')).toString('utf8'));
    await this.store.chatLog.append({ sessionId: key, msgId: Number(message.header.msgId) || 0, direction: 'in', encoding, body: xmlOf(message, body) });
    await this.store.chatLog.append({ sessionId: key, msgId: Number(reply.header.msgId) || 0, direction: 'out', encoding, body: xmlOf(reply) });
    const session: SessionRecord = {
      id: key,
      accountId: state.accountId ?? null,
      clientUuid: state.clientUuid ?? null,
      deviceId: state.deviceId,
      protocol: `SyncML/${state.version}`,
      encoding,
      started: new Date(state.started),
      ended: state.done ? new Date() : null,
      status: state.status ?? null,
      reason: state.reason ?? null,
      datastores: state.datastores.map((d) => ({ uri: d.serverUri, dataclass: d.dataclass, syncMode: d.phoneMode, statistics: d.stats ?? null })),
    };
    await this.store.sessions.save(session);
    if (state.done) {
      await this.store.chatLog.prune(new Date(Date.now() - CHATLOG_RETENTION_MS));
      await this.store.chatLog.keepNewest(CHATLOG_MAX_MESSAGES);
    }
  }
}

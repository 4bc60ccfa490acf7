/**
 * POST /syncml: where phones post SyncML messages (XML or WBXML). Authentication comes first: a
 * message reaches a session only through the session key of our RespURI (unguessable, given
 * to the phone in our reply, bound to its DevID and SessionID, expiring when idle); without the
 * key, a message always starts a session of its own, which its own credentials must open. The one
 * exception is a repeat: the very request we answered last (same encoding, key, Authorization and
 * bytes; the phone lost our reply) gets the reply cached for it, never applied twice. A message
 * that carries another account's credentials never reaches a session opened by the key.
 *
 * Anonymous traffic costs no storage: a session is written only once credentials open it. Until
 * then it lives in its key alone (session-key.ts): the key of a refused message's RespURI can be
 * checked when the phone answers our challenge on it, and the challenge's nonce is derived from it.
 *
 * The session machine (@atomsync/syncml, driven by session/turn.ts) answers the message, and the
 * new state is written with a compare-and-set, in one transaction with the writes the turn gives
 * and the session's records, so two instances taking messages of one session can never both move
 * it, and a session moved meanwhile keeps nothing of the message. A
 * session whose kept state, buffered changes or device DevInf does not decode cannot go on: it is
 * ended and the message refused (409), never answered from a guess. Keeps the session's record
 * (GET /v2/services/syncml/sessions/) and the chat log, with the secrets left out and each
 * message capped (chat-text.ts). See
 * guide/security.md for the threat model.
 */
import { createHash } from 'node:crypto';
import { AUTH_MD5, challengedState, credentialType, decodeMessage, encodeMessage, encodingOf, initialState, SYNCML_MEDIA_TYPES, SyncmlDecodeError, type SessionState, type SyncHdr, type SyncmlEncoding, type SyncmlMessage } from '@atomsync/syncml';
import { SignInGuard } from '../auth/sign-in.js';
import type { RequestContext } from '../context.js';
import { ServiceError } from '../errors.js';
import { sourceOf } from '../http/client-address.js';
import { requestState } from '../http/request-state.js';
import type { SessionRecord } from '@atomsync/store';
import type { Repositories, SyncmlSessionRow } from '@atomsync/store';
import { claimedUsername } from './auth.js';
import { chatText } from './chat-text.js';
import { SESSION_STATE, StoredDataError } from './session/codecs.js';
import { accountIdOf, type SessionInput, type SyncmlDeps } from './session/session.js';
import { challengeIssued, challengeNonce, KEY_FORMAT, mintChallengeKey, newSessionKey } from './session-key.js';
import { answerMessage, type Answer } from './session/turn.js';
import { applyWrites } from './session/writes.js';

/** A session not heard from for this long is over: its key no longer opens it. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** However busy, a session (and its key) lasts this long at most. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/**
 * The chat log keeps a week, at most this many messages, and at most this many bytes of them
 * (each message at most CHATLOG_MAX_BODY_BYTES, chat-text.ts): a debugging aid, bounded however
 * large the messages.
 */
export const CHATLOG_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const CHATLOG_MAX_MESSAGES = 20_000;
export const CHATLOG_MAX_BYTES = 64 * 1024 * 1024;

/** The query parameter of our RespURI. */
const SESSION_PARAM = 'session';

/**
 * The id a session is kept and listed under: a digest of its key. The key is a bearer secret
 * while the session lives, so it is never stored, listed or logged.
 */
export function sessionIdOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Identifies a request exactly: a repeat is answered from the cache only when it is this very request. */
function requestDigest(encoding: SyncmlEncoding, key: string | null, authorization: string | undefined, body: Uint8Array): string {
  return createHash('sha256').update(`${encoding}\0${key ?? ''}\0${authorization ?? ''}\0`).update(body).digest('base64url');
}

function expired(row: SyncmlSessionRow, state: SessionState, now: number): boolean {
  return now - row.updated.getTime() > SESSION_IDLE_MS || now - state.started > SESSION_MAX_MS;
}

/** Thrown inside the save's transaction when another instance moved the session first: nothing of it is kept. */
class SessionMoved extends Error {}

const NO_SESSION = 'there is no such SyncML session (it ended or expired): start a new one';

export class SyncmlEndpoint {
  constructor(
    private readonly deps: Omit<SyncmlDeps, 'log' | 'checkPassword'>,
    /** The server's sign-in guard, shared with the other protocols; default one of its own. */
    private readonly signIn: SignInGuard = new SignInGuard(),
  ) {}

  private get store() {
    return this.deps.store;
  }

  async handle(ctx: RequestContext, body: Uint8Array): Promise<Uint8Array> {
    const encoding = encodingOf(ctx.event.req.headers.get('content-type'));
    if (encoding === undefined) throw new ServiceError(415, 'unsupported_media_type', `a SyncML message is ${SYNCML_MEDIA_TYPES.xml} or ${SYNCML_MEDIA_TYPES.wbxml}`);
    const source = sourceOf(ctx.event);
    // A message without a session key starts a session, anonymous until its credentials verify:
    // bounded per address before anything of it is decoded.
    if (!ctx.event.url.searchParams.has(SESSION_PARAM)) this.signIn.admitFirstMessage(source);
    let message: SyncmlMessage;
    try {
      message = decodeMessage(body, encoding);
    } catch (error) {
      if (error instanceof SyncmlDecodeError) throw new ServiceError(400, 'invalid_xml', `not a SyncML message: ${error.message}`);
      throw error;
    }
    const { header } = message;
    const key = ctx.event.url.searchParams.get(SESSION_PARAM);
    const authorization = ctx.event.req.headers.get('authorization') ?? undefined;
    const digest = requestDigest(encoding, key, authorization, body);
    // The name the credentials claim, counted by the sign-in throttle while the session is not signed in.
    const claimed = claimedUsername(header, authorization);
    ctx.event.res.headers.set('content-type', SYNCML_MEDIA_TYPES[encoding]);

    const now = Date.now();
    const holder = { deviceId: header.source.locUri, phoneSessionId: header.sessionId };
    // The session's row: kept from the moment its credentials are accepted, never before.
    let record: SyncmlSessionRow | undefined;
    let state: SessionState;
    let respKey: string;
    let challengeIssuedAt: number | undefined;
    if (key !== null) {
      const found = KEY_FORMAT.test(key) ? await this.store.syncmlSessions.get(sessionIdOf(key)) : undefined;
      if (found === undefined) {
        // No session under the key: the phone may be answering the challenge the key was issued
        // with (a refused session lives in its key alone, see session-key.ts).
        challengeIssuedAt = challengeIssued(this.deps.secrets, key, holder, now, SESSION_IDLE_MS);
        if (challengeIssuedAt === undefined) throw new ServiceError(404, 'not_found', NO_SESSION);
        state = challengedState(message, encoding, challengeNonce(this.deps.secrets, key), now);
        if (claimed !== undefined) this.signIn.admit(claimed, source);
        respKey = newSessionKey();
      } else {
        state = await this.stateOf(ctx, found);
        if (expired(found, state, now)) {
          await this.store.syncmlSessions.delete(found.key);
          throw new ServiceError(404, 'not_found', NO_SESSION);
        }
        // The key is bound to the device and the session it was issued for.
        if (found.deviceId !== header.source.locUri || found.phoneSessionId !== header.sessionId) {
          throw new ServiceError(400, 'bad_request', 'the message is from another device or session than the session its key opens');
        }
        // The key stands for the session's account; credentials of another account never ride on it.
        if (state.username !== undefined && claimed !== undefined && claimed !== state.username) {
          throw new ServiceError(403, 'forbidden', "the message's credentials are not those of the account its session belongs to");
        }
        if (found.lastMsgId === header.msgId) {
          // The phone lost our reply and sends the same request again: the same reply, applied once.
          if (found.lastRequest === digest && found.lastReply !== null) return found.lastReply;
          throw new ServiceError(400, 'bad_request', `message ${header.msgId} of this session was answered already; a repeat must be the same request`);
        }
        if (state.done) throw new ServiceError(409, 'conflict', 'this SyncML session has ended: start a new one');
        if (state.accountId === undefined && claimed !== undefined) this.signIn.admit(claimed, source);
        record = found;
        respKey = key;
      }
    } else {
      // Without our key a message never joins an existing session: it may only repeat, byte for
      // byte with the same credentials, the request a session answered last.
      const repeat = await this.store.syncmlSessions.find(header.source.locUri, header.sessionId, digest);
      if (repeat !== undefined && repeat.lastMsgId === header.msgId && repeat.lastReply !== null && !expired(repeat, await this.stateOf(ctx, repeat), now)) {
        return repeat.lastReply;
      }
      if (claimed !== undefined) this.signIn.admit(claimed, source);
      respKey = newSessionKey();
      state = initialState(message, encoding, now);
    }

    // A refusal's RespURI carries a fresh challenge key instead of the session's (its Chal's nonce
    // is the key's): nothing is kept of a refused message.
    const challengeKey = record === undefined ? mintChallengeKey(this.deps.secrets, holder, now) : undefined;
    const id = sessionIdOf(respKey);
    const checkPassword = (username: string, password: string, stored: string | undefined) => this.signIn.verify(username, source, password, stored);
    const answered = await this.answer(ctx, {
      id,
      state,
      message,
      authorization,
      respUri: this.respUri(ctx, respKey),
      challengeNonce: challengeKey === undefined ? '' : challengeNonce(this.deps.secrets, challengeKey),
      challengeIssued: challengeIssuedAt,
      now,
    }, checkPassword);
    const next = answered.state;
    // The pipeline saw no account (the endpoint's auth is `none`): the session's, for the access log.
    if (next.username !== undefined) requestState(ctx.event).user = next.username;
    const check = answered.credentials;
    if (check !== undefined && claimed !== undefined) {
      if (check.ok) this.signIn.succeeded(claimed, source);
      else if (check.refusal === 'invalid' && isGuess(header, state)) this.signIn.failed(claimed, source);
    }
    let reply = answered.reply;
    if (record === undefined && check?.ok !== true) {
      // Refused: nothing is written. The reply's Chal and RespURI carry all the phone needs to answer.
      reply = { ...reply, header: { ...reply.header, respUri: this.respUri(ctx, challengeKey!) } };
      return encodeMessage(reply, encoding);
    }
    const bytes = encodeMessage(reply, encoding);
    const kept = { state: SESSION_STATE.encode(next), lastMsgId: header.msgId, lastReply: bytes, lastRequest: digest };
    try {
      // The session's new state, what the turn wrote, its record and chat log: all, or none.
      await this.store.transaction(async (tx) => {
        // A session whose credentials this message accepted is kept from now on, with the nonce of the device's next session.
        const row = record ?? (await tx.syncmlSessions.create({ key: id, ...holder, state: kept.state, lastMsgId: null, lastReply: null, lastRequest: null }));
        if (answered.nextNonce !== undefined) await tx.syncmlDevices.save(accountIdOf(next), next.deviceId, { nonce: answered.nextNonce });
        await applyWrites(tx, id, next, answered.writes);
        if ((await tx.syncmlSessions.update(row.key, row.version, kept)) === undefined) throw new SessionMoved();
        await this.keepRecords(tx, row.key, respKey, message, reply, body, encoding, next);
      });
    } catch (error) {
      if (record === undefined) {
        // Two instances taking the same answer to a challenge at once: one keeps it, the other is refused.
        if (!(error instanceof SessionMoved) && (await this.store.syncmlSessions.get(id)) === undefined) throw error;
        throw new ServiceError(409, 'conflict', 'another server instance opened this SyncML session meanwhile');
      }
      if (!(error instanceof SessionMoved)) throw error;
      // Another instance took the same request meanwhile: its reply is the one the session has.
      const now = await this.store.syncmlSessions.get(record.key);
      if (now?.lastMsgId === header.msgId && now.lastRequest === digest && now.lastReply !== null) return now.lastReply;
      throw new ServiceError(409, 'conflict', 'another server instance moved this SyncML session meanwhile');
    }
    return bytes;
  }

  private respUri(ctx: RequestContext, key: string): string {
    return `${ctx.baseUrl}/syncml?${SESSION_PARAM}=${key}`;
  }

  /** The state a session row keeps; a row whose state does not decode ends its session (409). */
  private async stateOf(ctx: RequestContext, row: SyncmlSessionRow): Promise<SessionState> {
    try {
      return SESSION_STATE.decode(row.state, 'its kept state');
    } catch (error) {
      if (error instanceof StoredDataError) throw await this.cannotContinue(ctx, row.key, error);
      throw error;
    }
  }

  /** The session machine's answer; a session whose buffered changes or DevInf do not decode ends (409). */
  private async answer(ctx: RequestContext, input: SessionInput, checkPassword: SyncmlDeps['checkPassword']): Promise<Answer> {
    try {
      return await answerMessage({ ...this.deps, log: ctx.log, checkPassword }, input);
    } catch (error) {
      if (error instanceof StoredDataError) throw await this.cannotContinue(ctx, input.id, error);
      throw error;
    }
  }

  /**
   * A session with something kept that does not decode cannot go on: it is ended (its key opens
   * nothing more, its items are dropped) and the message refused, saying what did not decode.
   */
  private async cannotContinue(ctx: RequestContext, id: string, error: StoredDataError): Promise<ServiceError> {
    ctx.log.warn({ session: id, fault: error.message }, 'SyncML session ended: kept data does not decode');
    await this.store.syncmlSessions.delete(id);
    return new ServiceError(409, 'conflict', `this SyncML session cannot continue: ${error.message}; start a new one`);
  }

  /** The session's record and the chat log (the XML of both messages, WBXML as its XML form; no secrets). */
  private async keepRecords(tx: Repositories, id: string, key: string, message: SyncmlMessage, reply: SyncmlMessage, body: Uint8Array, encoding: SyncmlEncoding, state: SessionState): Promise<void> {
    await tx.chatLog.append({ sessionId: id, msgId: Number(message.header.msgId) || 0, direction: 'in', encoding, body: chatText(message, encoding === 'xml' ? body : undefined, key) });
    await tx.chatLog.append({ sessionId: id, msgId: Number(reply.header.msgId) || 0, direction: 'out', encoding, body: chatText(reply, undefined, key) });
    const session: SessionRecord = {
      id,
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
    await tx.sessions.save(session);
  }
}

/**
 * Whether refused credentials were a guess at the password. An MD5 credential before this session
 * challenged is not: a device without a nonce of ours sends one over an empty or old nonce and is
 * refused whatever its password (the challenge every MD5 phone's first sync gets), and counting
 * it would make the owner's new phone wait on a name under attack.
 */
function isGuess(header: SyncHdr, before: SessionState): boolean {
  return header.cred === undefined || credentialType(header.cred) !== AUTH_MD5 || before.challengeNonce !== undefined;
}

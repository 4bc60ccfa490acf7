/**
 * A SyncML session as one of its messages finds it: the state kept between messages (state.ts),
 * the message being answered, the reply being built, and what the steps of this message hand each
 * other. Every step (auth.ts, devinf.ts, alerts.ts, inbound.ts, run.ts, outbound.ts) takes the
 * Session and moves its state on; turn.ts runs them in order.
 */
import type { DevInf, SyncmlEncoding, SyncmlMessage } from '@atomsync/syncml';
import type { AccountPrincipal } from '../../auth/principal.js';
import type { SecretBox } from '../../secrets/box.js';
import type { SynchronizationDeps } from '../../services/synchronization.js';
import type { SyncmlClientRecord } from '../../store/records.js';
import type { RenderItem } from '../exchange.js';
import { Reply, type StatusRef } from '../reply.js';
import type { DatastoreState, InChange, SessionState } from './state.js';

/** What we take in one message and one object (our MaxMsgSize / MaxObjSize). */
export const OUR_MAX_MSG_SIZE = 4 * 1024 * 1024;
export const OUR_MAX_OBJ_SIZE = 4 * 1024 * 1024;

/** What a phone's datastore is sent in: its DevInf (if kept), its SyncML client (if identified). */
export interface PhoneTarget {
  readonly devinf: DevInf | undefined;
  readonly client: SyncmlClientRecord | undefined;
  readonly datastore: DatastoreState;
}

export interface SyncmlDeps extends SynchronizationDeps {
  readonly secrets: SecretBox;
  /** Adapts an outgoing item to the phone (its DevInf, its model's quirks, its time zone). */
  readonly renderFor: (target: PhoneTarget) => Promise<RenderItem>;
  /** Checks a password against a stored hash (none: the name has no account), through the sign-in guard's gate; default scrypt with a decoy. */
  readonly checkPassword?: (username: string, password: string, stored: string | undefined) => Promise<boolean>;
}

/** What the steps of one message hand each other; nothing of it is kept. */
export interface TurnNotes {
  /** Server URIs of the datastores the phone alerted in this message. */
  readonly alerted: Set<string>;
  /** The phone's changes in this message's Sync, buffered once the message is read. */
  readonly incoming: InChange[];
  /** Statuses of this message's Sync commands, by server URI: made 500 when the run fails. */
  readonly syncStatuses: Map<string, StatusRef[]>;
  /** The phone's SyncML client, once an Alert identified it. */
  client?: SyncmlClientRecord;
  /** Where our DevInf Results are in the reply, when the phone asked for them. */
  devinfResults?: number;
  /** Every change the phone sent in this session, read once per message. */
  phoneSent?: readonly InChange[];
}

export interface Session {
  readonly deps: SyncmlDeps;
  /** The session's id (the digest of its key): its items are kept under it. */
  readonly id: string;
  readonly message: SyncmlMessage;
  /** The request's Authorization header, if any. */
  readonly authorization: string | undefined;
  /** The nonce a refusal of this message's credentials challenges with (the Chal's NextNonce). */
  readonly challengeNonce: string;
  /** When the challenge this message answers was issued (its nonce is state.challengeNonce). */
  readonly challengeIssued: number | undefined;
  /** Called once, when this message's credentials open the session, before any command is run. */
  readonly onAuthenticated: (state: SessionState) => Promise<void>;
  /** The session's state: this message's copy, moved on by the steps and saved with the reply. */
  readonly state: SessionState;
  readonly reply: Reply;
  readonly turn: TurnNotes;
}

export interface SessionInput {
  readonly id: string;
  /** The state as kept before this message (not changed: the session works on a copy). */
  readonly state: SessionState;
  readonly message: SyncmlMessage;
  readonly authorization: string | undefined;
  /** Where the phone sends its next message (RespURI). */
  readonly respUri: string;
  /**
   * The nonce a refusal challenges with. The endpoint derives it from the RespURI's key, so a
   * refused session needs nothing kept (see ../session-key.ts).
   */
  readonly challengeNonce: string;
  /**
   * When the challenge whose nonce the message may answer (state.challengeNonce) was issued: an
   * answer is taken only from a device that has not signed in since (one answer per challenge).
   */
  readonly challengeIssued?: number;
  /**
   * Called once, when the message's credentials open the session, with its state then: the
   * endpoint keeps the session from that moment (its commands may buffer items under it).
   */
  readonly onAuthenticated?: (state: SessionState) => Promise<void>;
}

/** The state of a session the phone's first message starts. */
export function initialState(message: SyncmlMessage, encoding: SyncmlEncoding): SessionState {
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

/**
 * The state of a session whose phone answers our challenge: nothing was kept of it but its key
 * (../session-key.ts), so it starts again from this message, expecting credentials over the
 * challenge's nonce. Our MsgIDs follow the phone's: one reply per message of its so far.
 */
export function challengedState(message: SyncmlMessage, encoding: SyncmlEncoding, nonce: string): SessionState {
  const state = initialState(message, encoding);
  return { ...state, challengeNonce: nonce, outMsgId: Math.max(0, Number(message.header.msgId) - 1) };
}

/** The session as `input.message` finds it: our next MsgID, the phone's sizes, a reply begun. */
export function openSession(deps: SyncmlDeps, input: SessionInput): Session {
  const state = structuredClone(input.state);
  const { header } = input.message;
  state.outMsgId += 1;
  if (header.meta?.maxMsgSize) state.maxMsgSize = header.meta.maxMsgSize;
  if (header.meta?.maxObjSize) state.maxObjSize = header.meta.maxObjSize;
  const reply = new Reply(
    {
      verDTD: state.version,
      verProto: `SyncML/${state.version}`,
      sessionId: header.sessionId,
      msgId: String(state.outMsgId),
      target: { locUri: header.source.locUri },
      source: { locUri: header.target.locUri },
      respUri: input.respUri,
      meta: { maxMsgSize: OUR_MAX_MSG_SIZE, maxObjSize: OUR_MAX_OBJ_SIZE },
    },
    header.msgId,
  );
  return {
    deps,
    id: input.id,
    message: input.message,
    authorization: input.authorization,
    challengeNonce: input.challengeNonce,
    challengeIssued: input.challengeIssued,
    onAuthenticated: input.onAuthenticated ?? (async () => undefined),
    state,
    reply,
    turn: { alerted: new Set(), incoming: [], syncStatuses: new Map() },
  };
}

/** The session's account; only steps after authentication ask for it. */
export function accountIdOf(session: Session): number {
  const { accountId } = session.state;
  if (accountId === undefined) throw new Error('the SyncML session is not authenticated');
  return accountId;
}

/** The session's account as the synchronization service takes it. */
export function principalOf(session: Session): AccountPrincipal {
  return { kind: 'account', id: accountIdOf(session), username: session.state.username ?? '', admin: false };
}

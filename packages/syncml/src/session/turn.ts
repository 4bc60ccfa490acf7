/**
 * One turn of the SyncML DS session machine: one phone message in, our reply out, the session's
 * state carried between them (state.ts). The packages of a sync session:
 *
 *  1 phone: SyncHdr + Cred, Put/Get DevInf, Alert per datastore    2 server: Statuses, Results, Alerts
 *  3 phone: Sync per datastore (its changes, or all items)          4 server: Statuses, Sync (ours)
 *  5 phone: Statuses, Map (LUIDs of what we added)                  6 server: Statuses
 *
 * Any package may span several messages: a message without Final is answered with Statuses (and
 * Alert 222 when we have nothing else to say) and the package goes on. The engine runs when
 * package 3 is complete, one datastore after another; what it computes for the phone is queued
 * as the session's 'out' items and sent from there, split to fit the phone's MaxMsgSize.
 *
 * The machine is pure: it reads no store and runs no engine. A server drives a turn in steps,
 * loading what each asks for in between:
 *
 *   openTurn → answerCredentials (the server checked them) → readCommands (with TurnFacts: the
 *   alerted datastores' bindings and anchors, whether the device's DevInf is kept) → for each of
 *   runsDue, the engine run and afterRun → outRange (the queued changes to load) → finishTurn
 *
 * and gets the reply, the next state, and the writes to make (`SessionWrite`), which it makes in
 * one transaction with the state. Every protocol decision (each status code, the mode performed,
 * what goes in which message, when the session ends) is made here.
 */
import type { Dataclass } from '@atomsync/atom';
import type { DevInf } from '../devinf.js';
import type { SyncmlMessage } from '../message.js';
import { Reply, type StatusRef } from './reply.js';
import type { BindingSide, InChange, SessionState } from './state.js';

/** What we take in one message and one object (our MaxMsgSize / MaxObjSize). */
export const OUR_MAX_MSG_SIZE = 4 * 1024 * 1024;
export const OUR_MAX_OBJ_SIZE = 4 * 1024 * 1024;

/** A write the server makes for the turn, in the transaction that keeps its next state. */
export type SessionWrite =
  /** The phone's changes of this message, buffered after those of its earlier messages ('in' items). */
  | { readonly kind: 'buffer-changes'; readonly changes: readonly InChange[] }
  /** The phone's DevInf (Put, or Results of our Get), kept per device. */
  | { readonly kind: 'keep-devinf'; readonly devinf: DevInf }
  /** The phone's device takes the SyncML client that waited for its first session (its imei becomes the DevID). */
  | { readonly kind: 'claim-client'; readonly clientUuid: string }
  /** The phone's LUIDs for what we added: our provisional ids in the binding's id map become them. */
  | { readonly kind: 'map-ids'; readonly bindingId: number; readonly side: BindingSide; readonly renames: readonly { readonly from: string; readonly to: string }[] }
  /** After a completed exchange: the phone's datastore appears on its SyncML client. */
  | { readonly kind: 'record-datastore'; readonly clientUuid: string; readonly name: string; readonly dataclass: Dataclass; readonly serverUri: string };

/** Something worth a line in the server's log (no secrets, no item data). */
export interface SessionEvent {
  readonly level: 'info' | 'warn';
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** What the steps of one message hand each other; nothing of it is kept. */
export interface TurnNotes {
  /** Server URIs of the datastores the phone alerted in this message. */
  readonly alerted: Set<string>;
  /** The phone's changes in this message's Sync. */
  readonly incoming: InChange[];
  /** Statuses of this message's Sync commands, by server URI: made 500 when the run fails. */
  readonly syncStatuses: Map<string, StatusRef[]>;
  /** Where our DevInf Results are in the reply, when the phone asked for them. */
  devinfResults?: number;
}

/** One message being answered: the state (a copy, moved on by the steps), the reply being built, the writes. */
export interface Turn {
  readonly message: SyncmlMessage;
  readonly state: SessionState;
  readonly reply: Reply;
  readonly notes: TurnNotes;
  readonly writes: SessionWrite[];
  readonly events: SessionEvent[];
  /** The time of the message (epoch ms): a phone that sends no Next anchor gets this one. */
  readonly now: number;
}

export interface TurnInput {
  /** The state as kept before this message (not changed: the turn works on a copy). */
  readonly state: SessionState;
  readonly message: SyncmlMessage;
  /** Where the phone sends its next message (our RespURI). */
  readonly respUri: string;
  readonly now: number;
}

/** What a turn gives: the reply to send, the session's next state, what to write with it, what to log. */
export interface TurnResult {
  readonly reply: SyncmlMessage;
  readonly state: SessionState;
  readonly writes: readonly SessionWrite[];
  readonly events: readonly SessionEvent[];
}

/**
 * The state a turn may change, `state` itself left as it was. What the machine changes in place is
 * the state's own fields and each DatastoreState's; everything below them is replaced whole, never
 * changed (`sent` is a new record before our message fills it, `partial`, `outChunk` and `stats`
 * are new objects), so a copy of those two levels is enough. A structuredClone of the whole, with
 * the `sent` of a message of hundreds of items, was a cost on every message of a session.
 */
function turnCopy(state: SessionState): SessionState {
  return { ...state, datastores: state.datastores.map((d) => ({ ...d })) };
}

/** The session as `input.message` finds it: our next MsgID, the phone's sizes, a reply begun. */
export function openTurn(input: TurnInput): Turn {
  const state = turnCopy(input.state);
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
    message: input.message,
    state,
    reply,
    notes: { alerted: new Set(), incoming: [], syncStatuses: new Map() },
    writes: [],
    events: [],
    now: input.now,
  };
}

/** The turn's outcome as it stands. */
export function resultOf(turn: Turn): TurnResult {
  return { reply: turn.reply.message(), state: turn.state, writes: turn.writes, events: turn.events };
}

/**
 * The state of one SyncML session between its messages, as a server keeps it (the reference
 * server: JSON in `syncml_session_state.state`, checked on reading; the items each side sends are
 * buffered as session items, InChange and OutChange). Nothing of a session lives in a server's
 * memory, so any instance can take its next message: the session machine (turn.ts) takes this
 * state and one message, and gives the next state.
 */
import type { Dataclass, Statistics, SyncMode, SyncResult } from '@atomsync/atom';
import type { SyncmlEncoding, SyncmlMessage, SyncmlVersion } from '../message.js';

/** The side of its sync binding a phone's datastore is (the engine's SideName). */
export type BindingSide = 'source' | 'target';

/** Where a datastore of the session is. */
export type DatastorePhase =
  /** Alerted and answered; the phone's Sync package is coming. */
  | 'receiving'
  /** The engine ran; its changes for the phone are being sent. */
  | 'sending'
  /** Everything was sent; the phone's statuses and Map are coming. */
  | 'mapping'
  /** Refused at the Alert or failed: nothing more happens to it. */
  | 'failed';

export interface DatastoreState {
  /** The phone's datastore (Alert Source LocURI, e.g. `./contacts`). */
  readonly phoneUri: string;
  /** The server datastore as the phone named it (Alert Target LocURI), answered in the same form. */
  readonly serverLocUri: string;
  /** Its canonical URI (`contacts`) and dataclass. */
  readonly serverUri: string;
  readonly dataclass: Dataclass;
  /** The mode the phone performs (its Alert, or 201 after an anchor mismatch), as a phone code. */
  readonly phoneMode: SyncMode;
  readonly phoneNext: string;
  readonly bindingId: number;
  /** The phone's side of the binding. */
  readonly side: BindingSide;
  phase: DatastorePhase;
  /** Our Sync for it went out (its first carries NumberOfChanges; an empty one goes out too). */
  syncOpened?: boolean;
  /** Out items of this datastore: seq range [outFrom, outTo) of the session's 'out' items. */
  outFrom: number;
  outTo: number;
  /** Statistics of the phone's side and the result of the engine run, once it ran. */
  stats?: Statistics;
  /** How the run ended (the API's SyncResult, never 'running' here). */
  result?: Exclude<SyncResult, 'running'>;
  reason?: string;
  /** Items the phone refused (status ≥ 300 to our Add/Replace/Delete). */
  refused: number;
}

/** A large object being received in chunks (MoreData). */
export interface PartialItem {
  readonly serverUri: string;
  readonly op: 'add' | 'replace';
  readonly id: string;
  readonly type: string;
  /** Declared whole size (Meta Size of the first chunk), in bytes of the item data. */
  readonly size: number | undefined;
  data: string;
}

export interface SessionState {
  readonly version: SyncmlVersion;
  readonly encoding: SyncmlEncoding;
  /** The phone's DevID (SyncHdr Source LocURI) and the URI it addressed us by (Target LocURI). */
  readonly deviceId: string;
  readonly serverLocUri: string;
  /** Set once credentials were accepted. */
  accountId?: number;
  username?: string;
  /** The nonce this session challenged the phone with (while not yet authenticated). */
  challengeNonce?: string;
  /** The matched SyncML client (once an Alert found it). */
  clientUuid?: string;
  /** The phone's MaxMsgSize / MaxObjSize (0: not given). */
  maxMsgSize: number;
  maxObjSize: number;
  /** Our last MsgID. */
  outMsgId: number;
  /** Commands of our last message awaiting status, keyed `${msgId}:${cmdId}`. */
  sent: Record<string, string>;
  datastores: DatastoreState[];
  partial?: PartialItem;
  /** Out items sent so far (the cursor into the session's 'out' items). */
  outSent: number;
  /** A large object going out in chunks: its seq and how many characters of its data went. */
  outChunk?: { readonly seq: number; readonly sentChars: number };
  /** The phone's DevInf says SupportLargeObjs. */
  largeObjects?: boolean;
  /** The phone's DevInf is kept (or was asked for) in this session. */
  devinfKnown?: boolean;
  /** The session is over (our Final after the phone's last package). */
  done: boolean;
  /** When it started (epoch ms). */
  readonly started: number;
  /** The session's final SyncML status and a reason, for its record. */
  status?: number;
  reason?: string;
}

/** One change the phone sent, buffered until its package is complete ('in' items). */
export interface InChange {
  readonly serverUri: string;
  readonly op: 'add' | 'replace' | 'delete';
  /** The phone's LUID. */
  readonly id: string;
  readonly type: string;
  readonly data?: string;
}

/** One change queued for the phone ('out' items). */
export interface OutChange {
  readonly serverUri: string;
  readonly op: 'add' | 'replace' | 'delete';
  /** For an add the provisional id (our GUID, mapped by the phone's Map); else the phone's LUID. */
  readonly id: string;
  readonly type?: string;
  readonly data?: string;
}

/** The state of a session the phone's first message starts, at `now` (epoch ms). */
export function initialState(message: SyncmlMessage, encoding: SyncmlEncoding, now: number): SessionState {
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
    started: now,
  };
}

/**
 * The state of a session whose phone answers our challenge: nothing was kept of it but its key,
 * so it starts again from this message, expecting credentials over the challenge's nonce. Our
 * MsgIDs follow the phone's: one reply per message of its so far.
 */
export function challengedState(message: SyncmlMessage, encoding: SyncmlEncoding, nonce: string, now: number): SessionState {
  const state = initialState(message, encoding, now);
  return { ...state, challengeNonce: nonce, outMsgId: Math.max(0, Number(message.header.msgId) - 1) };
}

/**
 * What the server's side of a SyncML session works with: its dependencies, and one message as the
 * endpoint hands it over. The session machine itself is @atomsync/syncml's (openTurn …
 * finishTurn); turn.ts drives it, loading what it asks for and running the engine.
 */
import type { DevInf, DatastoreState, SessionState, SyncmlMessage } from '@atomsync/syncml';
import type { SecretBox } from '../../secrets/box.js';
import type { SynchronizationDeps } from '../../services/synchronization.js';
import type { SyncmlClientRecord } from '@atomsync/store';
import type { RenderItem } from '../exchange.js';

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

export interface SessionInput {
  /** The session's id (the digest of its key): its items are kept under it. */
  readonly id: string;
  /** The state as kept before this message (not changed: the machine works on a copy). */
  readonly state: SessionState;
  readonly message: SyncmlMessage;
  /** The request's Authorization header, if any. */
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
  /** When the message came (epoch ms). */
  readonly now: number;
}

/** The session's account; only steps after authentication ask for it. */
export function accountIdOf(state: SessionState): number {
  const { accountId } = state;
  if (accountId === undefined) throw new Error('the SyncML session is not authenticated');
  return accountId;
}

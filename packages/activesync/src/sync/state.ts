/**
 * What the store keeps per synchronized collection beyond its keys (the `state` JSON of its row):
 * the options the phone set, what it supports (ghosting), and whether the next run refreshes it
 * from the peer (after a SyncKey 0). SyncKeys are `<generation>:<n>`: the generation is new at
 * every SyncKey 0, so a key of the collection's earlier life never passes for a current one.
 * The generation's random material comes from the caller (the step stays a pure function).
 */
import { FOLDERS, type FolderClass } from '../rules/folders.js';

export interface CollectionState {
  readonly className: FolderClass;
  /** The phone's Supported list (SyncKey 0), when it sent one. */
  readonly supported?: readonly string[];
  /** The body form the phone asked for (12.0+). */
  readonly bodyPreference?: { readonly type: 1 | 2 | 3 | 4; readonly truncationSize?: number };
  readonly filterType?: number;
  /** The next run copies the peer over the phone (it started from SyncKey 0 and holds nothing). */
  readonly initial: boolean;
  readonly generation: string;
  /** The n of the SyncKey handed out last. */
  readonly counter: number;
  /**
   * The queued changes the last reply carried: the first `sentCount` of the queue, up to `sentThrough`.
   * They leave the queue when the phone shows it has them (it sends the new key), not before, so a
   * phone that keeps failing on one can be sent fewer (loop.ts).
   */
  readonly sentThrough?: number;
  readonly sentCount?: number;
  /** How often in a row the phone has sent the last reply's key again. */
  readonly replays?: number;
  /** When (epoch ms) what the phone holds was last checked against a moving FilterType window (window.ts). */
  readonly agedAt?: number;
}

/** Where the random parts of keys and ids come from: the server's CSPRNG, a fixed sequence in tests. */
export interface IdSource {
  /** A new SyncKey generation (the part before the colon). */
  readonly generation: () => string;
  /** A new ServerId for an item the phone gets or sends. */
  readonly serverId: () => string;
}

/** Changes queued for the phone and not yet sent: the queue's size without the unacknowledged last window. */
export function pendingOf(state: CollectionState, queueSize: number): number {
  return Math.max(0, queueSize - (state.sentCount ?? 0));
}

export class CollectionStateError extends Error {
  override readonly name = 'CollectionStateError';
}

export const syncKeyOf = (state: CollectionState): string => `${state.generation}:${state.counter}`;

/**
 * The FolderSync key after `current` (the hierarchy changed): the same generation, the next n; a
 * key not of our form (none yet, or an earlier release's) starts a generation.
 */
export function nextFolderSyncKey(current: string, generation: () => string): string {
  const match = /^([A-Za-z0-9_-]+):(\d+)$/.exec(current);
  return match === null ? `${generation()}:1` : `${match[1]}:${Number(match[2]) + 1}`;
}

const CLASSES = new Set(Object.keys(FOLDERS));

export function readCollectionState(json: string): CollectionState {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new CollectionStateError('the collection state is not JSON');
  }
  const v = value as Record<string, unknown>;
  const ok =
    typeof v === 'object' &&
    v !== null &&
    typeof v.className === 'string' &&
    CLASSES.has(v.className) &&
    typeof v.initial === 'boolean' &&
    typeof v.generation === 'string' &&
    Number.isSafeInteger(v.counter) &&
    (v.supported === undefined || (Array.isArray(v.supported) && v.supported.every((s) => typeof s === 'string'))) &&
    (v.filterType === undefined || Number.isSafeInteger(v.filterType)) &&
    [v.sentThrough, v.sentCount, v.replays, v.agedAt].every((n) => n === undefined || Number.isSafeInteger(n)) &&
    (v.bodyPreference === undefined || (typeof v.bodyPreference === 'object' && v.bodyPreference !== null && [1, 2, 3, 4].includes((v.bodyPreference as { type?: unknown }).type as number)));
  if (!ok) throw new CollectionStateError('the collection state does not have the shape we write');
  return v as unknown as CollectionState;
}

/** The state, or undefined when the stored one is not of the shape we write. */
export function collectionStateOr(json: string): CollectionState | undefined {
  try {
    return readCollectionState(json);
  } catch (error) {
    if (error instanceof CollectionStateError) return undefined;
    throw error;
  }
}

export function writeCollectionState(state: CollectionState): string {
  return JSON.stringify(state);
}

/** What a step saw that the operator should read (an item that does not convert, a phone in a loop): the server logs it. */
export interface Fault {
  readonly level: 'info' | 'warn';
  readonly message: string;
  readonly detail: Readonly<Record<string, unknown>>;
}

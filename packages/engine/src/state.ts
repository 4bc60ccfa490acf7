/**
 * What the engine remembers of a binding between runs: the id map (which source item is which
 * target item, and the fingerprint each had when last in step) and the anchors of each side. The
 * caller loads it before a run and saves the run's `StateChange` in the run's transaction.
 */
import type { ItemDataclass } from '@atomsync/items';

/** One pair of the id map: a source item and its target twin. */
export interface MapEntry {
  readonly dataclass: ItemDataclass;
  readonly sourceId: string;
  readonly targetId: string;
  /** Fingerprints at the last run that put the two in step. */
  readonly sourceHash: string;
  readonly targetHash: string;
}

export interface Anchors {
  /** null before the first completed run. */
  readonly source: string | null;
  readonly target: string | null;
}

export interface SyncState {
  /** The map entries of the run's dataclasses. */
  readonly map: readonly MapEntry[];
  readonly anchors: Anchors;
}

/** What a run changes of the state: applied by the caller in the run's transaction. */
export interface StateChange {
  /** Inserted or replaced, keyed by sourceId (a targetId is also unique per binding). */
  readonly upsert: readonly MapEntry[];
  /** Pairs that no longer exist. */
  readonly remove: readonly { readonly sourceId: string; readonly targetId: string }[];
  readonly anchors: Anchors;
}

/**
 * One synchronization run of a binding: read both sides, plan, apply, and report the new state and
 * the statistics of the log entry. See plan.ts for what each mode does.
 */
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import type { Connector, ItemDataclass } from './connector.js';
import type { StateChange, SyncState } from './state.js';

/** Per side, as the log entry's `statistics` (DESIGN.md "statistics direction"). */
export interface SideStatistics {
  addsIn: number;
  replacesIn: number;
  deletesIn: number;
  addsOut: number;
  replacesOut: number;
  deletesOut: number;
}

export interface SyncStatsResult {
  readonly source: SideStatistics;
  readonly target: SideStatistics;
  readonly duplicatesDetected: number;
  readonly duplicatesRemoved: number;
  readonly conflictsDetected: number;
}

export interface SyncOutcome {
  /** The mode performed: a first run without anchors is a slow sync, except refreshes. */
  readonly mode: SyncMode;
  readonly stats: SyncStatsResult;
  readonly state: StateChange;
}

export interface SyncRequest {
  /** The mode asked for. */
  readonly mode: SyncMode;
  /** Item classes of the run (`Calendar` expanded to Events + Tasks by the caller). */
  readonly dataclasses: readonly ItemDataclass[];
  readonly conflictWinner: ConflictWinner;
  readonly source: Connector;
  readonly target: Connector;
  readonly state: SyncState;
  /**
   * Runs `work` in one transaction and persists what it returns there too (id map, anchors, log).
   * The engine applies every remote side before, and every local side inside, `work`.
   */
  readonly commit: (work: () => Promise<SyncOutcome>) => Promise<SyncOutcome>;
}

/** A run that cannot complete: nothing local was changed; the message becomes the log's reason. */
export class SyncFailure extends Error {
  override readonly name = 'SyncFailure';
}

export async function synchronize(_request: SyncRequest): Promise<SyncOutcome> {
  throw new SyncFailure('the sync engine is not built yet');
}

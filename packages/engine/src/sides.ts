/** The two sides of a binding, and what each mode does with them. */
import type { ConflictWinner, SyncMode } from '@atomsync/atom';

/** A side of a binding: the spec names the two in `conflict_winner`. */
export type SideName = ConflictWinner;
export const SIDES: readonly SideName[] = ['source', 'target'];

export const otherSide = (side: SideName): SideName => (side === 'source' ? 'target' : 'source');

/** What each mode (a SyncML alert code, guide/protocol.md#sync-modes) reads and which way changes flow. */
export interface ModeRule {
  /** Reads every item (slow sync, refresh) instead of the changes since the anchors. */
  readonly full: boolean;
  /** The side whose changes are sent; null: both ways. */
  readonly from: SideName | null;
  /** Refresh: the side `from` is copied over the other exactly. */
  readonly refresh: boolean;
}

export const MODES: Readonly<Record<SyncMode, ModeRule>> = {
  200: { full: false, from: null, refresh: false },
  201: { full: true, from: null, refresh: false },
  202: { full: false, from: 'source', refresh: false },
  203: { full: true, from: 'source', refresh: true },
  204: { full: false, from: 'target', refresh: false },
  205: { full: true, from: 'target', refresh: true },
};

/** May a change of `from` be sent to the other side in this mode? */
export const sends = (rule: ModeRule, from: SideName): boolean => rule.from === null || rule.from === from;

/**
 * The mode a run performs: without anchors (never completed) a binding has nothing to compare
 * changes against, so it runs as a slow sync (201) — except the refresh modes, which read
 * everything anyway (guide/protocol.md#the-first-run-of-a-binding).
 */
export function performedMode(asked: SyncMode, hasAnchors: boolean): SyncMode {
  if (hasAnchors || MODES[asked].refresh) return asked;
  return 201;
}

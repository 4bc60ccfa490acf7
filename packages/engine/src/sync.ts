/**
 * One synchronization run of a binding: read both sides, plan, apply, and report the new state and
 * the statistics of the log entry. See plan.ts for what each mode does.
 */
import type { ConflictWinner, SyncMode } from '@atomsync/atom';
import type { ItemDataclass } from '@atomsync/items';
import type { Connector } from './connector.js';
import { planChanges, planFull, type Plan } from './plan.js';
import { MODES, performedMode, sends, SIDES, type SideName } from './sides.js';
import type { Anchors, StateChange, SyncState } from './state.js';
import type { SyncStatsResult } from './tally.js';

export type { SyncStatsResult };

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

export async function synchronize(request: SyncRequest): Promise<SyncOutcome> {
  const { state, dataclasses } = request;
  const sides: Record<SideName, Connector> = { source: request.source, target: request.target };
  const { source: sourceAnchor, target: targetAnchor } = state.anchors;
  const mode = performedMode(request.mode, sourceAnchor !== null && targetAnchor !== null);
  const rule = MODES[mode];

  let plan: Plan;
  let next: Anchors;
  if (rule.full) {
    const [source, target] = await Promise.all([sides.source.all(dataclasses), sides.target.all(dataclasses)]);
    plan = planFull(rule, request.conflictWinner, state.map, { source: source.entries, target: target.entries });
    next = { source: source.anchor, target: target.anchor };
  } else {
    const [source, target] = await Promise.all([sides.source.changesSince(dataclasses, sourceAnchor!), sides.target.changesSince(dataclasses, targetAnchor!)]);
    plan = planChanges(rule, request.conflictWinner, state.map, { source: source.entries, target: target.entries });
    // A side whose changes this mode does not send keeps its anchor: they are still to be sent.
    next = { source: sends(rule, 'source') ? source.anchor : sourceAnchor, target: sends(rule, 'target') ? target.anchor : targetAnchor };
  }

  const upsert = [...plan.upsert];
  const remove = [...plan.remove];
  let stale = false;
  const applyTo = async (side: SideName): Promise<void> => {
    const actions = plan.actions.filter((action) => action.to === side);
    if (actions.length === 0) return;
    const results = await sides[side].apply(actions.map((action) => action.change));
    if (results.length !== actions.length) {
      throw new SyncFailure(`the ${side} (${sides[side].kind}) answered ${results.length} results for ${actions.length} changes`);
    }
    actions.forEach((action, i) => {
      const result = results[i]!;
      if (result.ok) {
        const delta = action.onApplied(result.id);
        if (delta.remove !== undefined) remove.push(delta.remove);
        if (delta.upsert !== undefined) upsert.push(delta.upsert);
        if (action.double) plan.tally.removedDouble(side);
        else plan.tally.applied(side, action.op);
      } else if (result.stale === true) {
        stale = true;
      } else {
        throw new SyncFailure(`the ${side} (${sides[side].kind}) refused to ${action.op} an item: ${result.reason}`);
      }
    });
  };

  // Remote sides first: if one fails, nothing local has been touched.
  for (const side of SIDES) if (!sides[side].local) await applyTo(side);
  return request.commit(async () => {
    for (const side of SIDES) if (sides[side].local) await applyTo(side);
    // An item that changed while the run read it was left alone: read both sides again next time
    // from the same anchors, so its newer version is compared as a change.
    const kept = stale ? state.anchors : next;
    // A side whose anchor holds per-item state counts its own writes of this run in (Connector.settle).
    const settled = (side: SideName): string | null => {
      const anchor = kept[side];
      const settle = sides[side].settle;
      return anchor === null || settle === undefined ? anchor : settle.call(sides[side], anchor);
    };
    const anchors = { source: settled('source'), target: settled('target') };
    return { mode, stats: plan.tally.result(), state: { upsert, remove, anchors } };
  });
}

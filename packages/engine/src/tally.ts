/**
 * The statistics of a run as the log entry reports them (guide/protocol.md#statistics-direction): per
 * side, `*_in` counts changes the run applied to that side and `*_out` that side's own changes sent
 * to the other. A twin found by duplicate matching counts as sent (`adds_out`) but is not added, so
 * `source.adds_out = target.adds_in + duplicates matched`.
 */
import type { SideName } from './sides.js';
import type { Statistics, SyncStats } from '@atomsync/atom';

export type Operation = 'add' | 'replace' | 'delete';

/**
 * What a run reports: the spec's SyncStats with each side's statistics alone (the log entry adds
 * which client each side is).
 */
export type SyncStatsResult = Readonly<Omit<SyncStats, SideName>> & { readonly [side in SideName]: Statistics };

const zero = (): Statistics => ({ addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 });

const IN = { add: 'addsIn', replace: 'replacesIn', delete: 'deletesIn' } as const;
const OUT = { add: 'addsOut', replace: 'replacesOut', delete: 'deletesOut' } as const;

export class Tally {
  readonly source = zero();
  readonly target = zero();
  duplicatesDetected = 0;
  duplicatesRemoved = 0;
  conflictsDetected = 0;

  /** `op` was applied to `to` on behalf of the other side. */
  applied(to: SideName, op: Operation): void {
    this[to][IN[op]]++;
    this[to === 'source' ? 'target' : 'source'][OUT[op]]++;
  }

  /** A pair of twins (one item on each side) was matched instead of added. */
  twins(): void {
    this.duplicatesDetected++;
    this.source.addsOut++;
    this.target.addsOut++;
  }

  /** A second identical copy on one side was removed. */
  removedDouble(on: SideName): void {
    this.duplicatesDetected++;
    this.duplicatesRemoved++;
    this[on].deletesIn++;
  }

  result(): SyncStatsResult {
    return {
      source: { ...this.source },
      target: { ...this.target },
      duplicatesDetected: this.duplicatesDetected,
      duplicatesRemoved: this.duplicatesRemoved,
      conflictsDetected: this.conflictsDetected,
    };
  }
}

/** Statistics of a run that moved nothing (a failed run's log entry). */
export function emptyStats(): SyncStatsResult {
  return new Tally().result();
}

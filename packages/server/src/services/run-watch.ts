/**
 * Who is told when a synchronization run starts and ends on this server (issue 26: a 20,000-item
 * sync was one silent request): the metrics (runs in progress, run durations, items synced by
 * protocol) watch every run through it, whatever started it (a run request, a SyncML phone's
 * session, an ActiveSync Sync).
 */
import type { Dataclass, SyncMode } from '@atomsync/atom';
import type { BindingRecord, SyncLogRecord } from '@atomsync/store';

/** A run that began: what it runs. */
export interface StartedRun {
  readonly binding: BindingRecord;
  readonly dataclass: Dataclass;
  /** The mode asked for. */
  readonly mode: SyncMode;
}

export interface RunWatch {
  /**
   * A run holding its binding began; the function returned is called once when it ends, with its
   * log record (completed or failed), or undefined when it ended without one (its binding was
   * deleted meanwhile, the store failed while logging it).
   */
  began(run: StartedRun): (logged: SyncLogRecord | undefined) => void;
}

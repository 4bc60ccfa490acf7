/**
 * Runs cut off by their server's crash (issue 27): a run that never gave its binding's lease up
 * (run-lock.ts) is logged as failed, `interrupted: …` (its entry, left `running`, ends so), once
 * its lease is found run out — by the next run of the binding, which takes the lease over, or else by housekeeping
 * (`logInterruptedRuns`), so the sync log shows it whether or not the binding runs again.
 */
import { randomUUID } from 'node:crypto';
import { emptyStats, performedMode } from '@atomsync/engine';
import type { BindingRecord, SyncLogRecord } from '@atomsync/store';
import type { Repositories, Store } from '@atomsync/store';
import type { InterruptedRun } from './run-lock.js';

/** The log entry's reason for a run whose lease ran out unrenewed: its server died mid-run. */
export function interruptedReason(interrupted: InterruptedRun): string {
  return `interrupted: the run started at ${interrupted.run.started.toISOString()} stopped renewing its lease, which ran out at ${interrupted.expired.toISOString()} (its server stopped or lost the database mid-run); nothing of it was committed`;
}

/** Logs `interrupted` as a failed run of `binding`, in `tx` (the transaction that took its lease over). */
export async function logInterrupted(tx: Repositories, binding: BindingRecord, interrupted: InterruptedRun): Promise<SyncLogRecord> {
  // Logged as the mode it would have performed: its anchors are as it found them, since it committed nothing.
  const { anchors } = await tx.syncState.load(binding, [], interrupted.run.dataclass);
  const outcome = {
    syncMode: performedMode(interrupted.run.syncMode, anchors.source !== null && anchors.target !== null),
    stats: emptyStats(),
    result: 'failed',
    reason: interruptedReason(interrupted),
  } as const;
  // Its entry, logged running when it started, ends here; a run that died before writing it gets one now.
  const running = await tx.syncLog.running(binding.accountId, binding.id);
  const finished = running === undefined ? undefined : await tx.syncLog.finish(binding.accountId, running.id, outcome);
  return finished ?? tx.syncLog.append({ accountId: binding.accountId, bindingId: binding.id, source: binding.source, target: binding.target, dataclass: interrupted.run.dataclass, ...outcome });
}

/** How many run-out leases one housekeeping pass looks at. */
const PER_PASS = 100;

/**
 * Housekeeping: logs the runs whose lease ran out by `now` and gives their leases up, each in one
 * transaction (taken over as a run would take it, so a run starting meanwhile wins and logs it
 * itself, and two instances log each once). Returns how many it logged.
 */
export async function logInterruptedRuns(store: Store, now: Date): Promise<number> {
  let logged = 0;
  for (const key of await store.syncLocks.expired(now, PER_PASS)) {
    const holder = `housekeeping-${randomUUID()}`;
    const done = await store.transaction(async (tx) => {
      const binding = await tx.bindings.get(key.accountId, key.id);
      // A deleted binding takes its lease with it.
      if (binding === undefined) return false;
      const took = await tx.syncLocks.take(binding, holder, 0, { dataclass: 'Contacts', syncMode: 200, started: now });
      if (!took.taken) return false;
      if (took.interrupted !== undefined) await logInterrupted(tx, binding, took.interrupted);
      await tx.syncLocks.release(binding, holder);
      return took.interrupted !== undefined;
    });
    if (done) logged++;
  }
  return logged;
}

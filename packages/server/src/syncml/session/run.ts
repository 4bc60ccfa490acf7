/**
 * The engine run of one datastore, when the session machine says it is due (runsDue): the phone's
 * buffered changes in, what the engine computes for the phone queued as the session's 'out'
 * changes in the run's own transaction (exchange.ts). Says how it went (RunOutcome); the machine
 * decides what follows.
 */
import type { DatastoreState, InChange, OutChange, RunOutcome, SessionState } from '@atomsync/syncml';
import { ServiceError } from '../../errors.js';
import { exchange } from '../exchange.js';
import { DEVINF, OUT_CHANGE } from './codecs.js';
import { accountIdOf, type SyncmlDeps } from './session.js';

export async function runDatastore(deps: SyncmlDeps, sessionId: string, state: SessionState, datastore: DatastoreState, phoneSent: readonly InChange[]): Promise<RunOutcome> {
  const accountId = accountIdOf(state);
  const device = await deps.store.syncmlDevices.get(accountId, state.deviceId);
  const devinf = device?.devinf ? DEVINF.decode(device.devinf, "the DevInf kept for the phone's device") : undefined;
  const largeObjects = devinf?.supportLargeObjs === true;
  const client = state.clientUuid === undefined ? undefined : await deps.store.syncml.get(accountId, state.clientUuid);
  const render = await deps.renderFor({ devinf, client, datastore });
  let queued: readonly OutChange[] = [];
  try {
    const log = await exchange({
      deps,
      account: { kind: 'account', id: accountId, username: state.username ?? '', admin: false },
      sessionKey: sessionId,
      datastore,
      phoneSent,
      render,
      queue: async (tx, items) => {
        queued = items;
        await tx.syncmlSessions.appendItems(sessionId, 'out', items.map((change) => OUT_CHANGE.encode(change)));
      },
    });
    const stats = log.stats[datastore.side];
    if (log.result === 'failed') return { result: 'failed', stats, ...(log.reason ? { reason: log.reason } : {}), queued: 0, largeObjects };
    return { result: 'completed', stats, queued: queued.length, largeObjects };
  } catch (error) {
    return { result: 'failed', reason: error instanceof ServiceError ? error.message : String(error), queued: 0, largeObjects };
  }
}

/**
 * The engine run of one datastore, once the phone's package 3 is complete: the phone's buffered
 * changes go in (../exchange.ts runs the binding with the phone as one side), and what the engine
 * computes for the phone is queued as the session's 'out' items in the run's own transaction,
 * rendered for the phone (its DevInf, its model, its time zone). A failed run fails the datastore:
 * its Sync Statuses become 500, so the phone keeps its changes for the next session.
 */
import { StatusCode } from '@atomsync/syncml';
import { ServiceError } from '../../errors.js';
import type { SyncmlClientRecord } from '../../store/records.js';
import { exchange } from '../exchange.js';
import { OUT_CHANGE } from './codecs.js';
import { keptDevInf } from './devinf.js';
import { phoneSent } from './inbound.js';
import { accountIdOf, principalOf, type Session } from './session.js';
import type { DatastoreState, OutChange } from './state.js';

export async function runDatastore(session: Session, datastore: DatastoreState): Promise<void> {
  const { state, deps, turn } = session;
  const devinf = await keptDevInf(session);
  // A phone that sent no DevInf this session: what it said in an earlier one.
  state.largeObjects ??= devinf?.supportLargeObjs === true;
  const sent = await phoneSent(session);
  const render = await deps.renderFor({ devinf, client: turn.client ?? (await clientRecord(session)), datastore });
  let queued: OutChange[] = [];
  try {
    const log = await exchange({
      deps,
      account: principalOf(session),
      sessionKey: session.id,
      datastore,
      phoneSent: sent,
      render,
      queue: async (tx, items) => {
        queued = [...items];
        await tx.syncmlSessions.appendItems(session.id, 'out', items.map((change) => OUT_CHANGE.encode(change)));
      },
    });
    datastore.result = log.result;
    datastore.stats = log.stats[datastore.side];
    if (log.result === 'failed') {
      datastore.reason = log.reason ?? 'the synchronization failed';
      queued = [];
    }
  } catch (error) {
    datastore.result = 'failed';
    datastore.reason = error instanceof ServiceError ? error.message : String(error);
    queued = [];
  }
  if (datastore.result === 'failed') {
    // The phone keeps its changes for the next session: a failed Sync must not let it move its anchor.
    datastore.phase = 'failed';
    state.reason = datastore.reason;
    for (const ref of turn.syncStatuses.get(datastore.serverUri) ?? []) session.reply.restatus(ref, StatusCode.COMMAND_FAILED);
    return;
  }
  const total = state.datastores.reduce((n, d) => Math.max(n, d.outTo), 0);
  datastore.outFrom = total;
  datastore.outTo = total + queued.length;
  datastore.phase = 'sending';
}

async function clientRecord(session: Session): Promise<SyncmlClientRecord | undefined> {
  const { clientUuid } = session.state;
  return clientUuid === undefined ? undefined : session.deps.store.syncml.get(accountIdOf(session), clientUuid);
}

/** After a completed exchange: the phone's datastore appears on its SyncML client. */
export async function recordDatastore(session: Session, datastore: DatastoreState): Promise<void> {
  const { clientUuid } = session.state;
  if (clientUuid === undefined || datastore.result !== 'completed') return;
  await session.deps.store.syncml.addDatastore(accountIdOf(session), clientUuid, {
    name: datastore.phoneUri,
    dataclass: datastore.dataclass,
    serverUri: datastore.serverUri,
  });
}

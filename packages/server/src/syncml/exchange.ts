/**
 * One datastore's exchange with the engine, once the phone's Sync package is complete: the
 * phone's buffered changes go in through the engine's PhoneConnector, the binding's peer is the
 * other side, and what the engine computes for the phone is queued as the session's 'out' items
 * in the run's own transaction (with the id map, the anchors and the sync log entry).
 */
import { PhoneConnector, type Change, type OutgoingChange } from '@atomsync/engine';
import { bindingMode, type DatastoreState, type InChange, type OutChange } from '@atomsync/syncml';
import { itemClassOf, titleOf, type ItemDataclass } from '@atomsync/items';
import type { AccountPrincipal } from '../auth/principal.js';
import { runBinding, type EndedRun, type SynchronizationDeps } from '../services/synchronization.js';
import type { Repositories } from '@atomsync/store';

/** The phone's buffered changes of one datastore as engine changes. */
export function phoneChanges(datastore: DatastoreState, changes: readonly InChange[]): Change[] {
  const out: Change[] = [];
  for (const change of changes) {
    if (change.serverUri !== datastore.serverUri) continue;
    if (change.op === 'delete') {
      out.push({ op: 'delete', id: change.id });
      continue;
    }
    const body = change.data ?? '';
    const dataclass = itemClassOf(datastore.dataclass, body);
    out.push({ op: 'upsert', item: { id: change.id, dataclass, type: change.type, title: titleOf(dataclass, body), body } });
  }
  return out;
}

/** What a computed change looks like on the wire: `render` adapts an item to the phone. */
export type RenderItem = (item: { dataclass: ItemDataclass; type: string; title: string; body: string }) => { type: string; data: string };

/**
 * The engine's changes for the phone as out items. A replace or delete of an item the phone
 * never mapped (its id is still provisional) cannot be addressed on the phone and is left out:
 * the next slow sync reconciles it.
 */
export function outChanges(datastore: DatastoreState, outgoing: readonly { change: OutgoingChange; provisionalId?: string }[], render: RenderItem): OutChange[] {
  const out: OutChange[] = [];
  for (const { change, provisionalId } of outgoing) {
    if (change.op === 'add') {
      const rendered = render(change.item);
      out.push({ serverUri: datastore.serverUri, op: 'add', id: provisionalId!, type: rendered.type, data: rendered.data });
    } else if (change.id.startsWith('pending:')) {
      continue;
    } else if (change.op === 'replace') {
      const rendered = render(change.item);
      out.push({ serverUri: datastore.serverUri, op: 'replace', id: change.id, type: rendered.type, data: rendered.data });
    } else {
      out.push({ serverUri: datastore.serverUri, op: 'delete', id: change.id });
    }
  }
  return out;
}

export interface ExchangeInput {
  readonly deps: SynchronizationDeps;
  readonly account: AccountPrincipal;
  readonly sessionKey: string;
  readonly datastore: DatastoreState;
  readonly phoneSent: readonly InChange[];
  readonly render: RenderItem;
  /** Queues the out items in the run's transaction; returns nothing. */
  readonly queue: (tx: Repositories, items: readonly OutChange[]) => Promise<void>;
}

/**
 * Runs the binding for the datastore with the phone as one side; the log record says whether it
 * completed. Throws only when the binding is gone (ServiceError 404) or cannot get its turn (409).
 */
export async function exchange(input: ExchangeInput): Promise<EndedRun> {
  const { deps, datastore } = input;
  const binding = await deps.store.bindings.get(input.account.id, datastore.bindingId);
  if (binding === undefined) throw new Error(`the binding ${datastore.bindingId} of this phone is gone`);
  const phone = new PhoneConnector({ sent: phoneChanges(datastore, input.phoneSent), anchor: datastore.phoneNext, session: input.sessionKey });
  return runBinding(deps, {
    account: input.account,
    binding,
    mode: bindingMode(datastore.phoneMode, datastore.side),
    dataclass: datastore.dataclass,
    driven: {
      side: datastore.side,
      connector: phone,
      onCommit: (tx) => input.queue(tx, outChanges(datastore, phone.outgoing, input.render)),
    },
  });
}

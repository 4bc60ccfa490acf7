/**
 * One collection's run of the binding, with the phone as one side (the engine's PhoneConnector,
 * ids given by us: ServerIds, random as the SyncKeys' generations are). What the engine computes for the phone comes back to `onCommit`,
 * inside the run's one transaction with the id map, the anchors and the sync log entry.
 */
import { randomBytes } from 'node:crypto';
import type { IdSource, ItemFormat } from '@atomsync/activesync';
import type { SyncMode } from '@atomsync/atom';
import { PhoneConnector, type Change, type PhoneOutgoing } from '@atomsync/engine';
import { runBinding } from '../../services/synchronization.js';
import type { SyncLogRecord } from '@atomsync/store';
import type { Repositories } from '@atomsync/store';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';

/** A ServerId: 12 characters, unique without a counter to keep. */
export const newServerId = (): string => randomBytes(9).toString('base64url');

/** The random parts of SyncKeys and ServerIds the step is handed (the key's form is the step's). */
export const ids: IdSource = { generation: () => randomBytes(6).toString('base64url'), serverId: newServerId };

export interface CollectionRun {
  readonly phone: PhoneBinding;
  readonly format: ItemFormat;
  readonly sent: readonly Change[];
  readonly mode: SyncMode;
  /** The phone's anchor after this run (opaque to the engine). */
  readonly anchor: string;
  readonly onCommit: (tx: Repositories, outgoing: readonly PhoneOutgoing[]) => Promise<void>;
}

export async function exchange(request: PhoneRequest, run: CollectionRun): Promise<SyncLogRecord> {
  const connector = new PhoneConnector({ sent: run.sent, anchor: run.anchor, kind: 'activesync', newId: newServerId });
  return runBinding(request.deps, {
    account: request.account,
    binding: run.phone.binding,
    mode: run.mode,
    dataclass: run.format.dataclass,
    driven: { side: run.phone.side, connector, onCommit: (tx) => run.onCommit(tx, connector.outgoing) },
  });
}

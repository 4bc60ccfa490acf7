/**
 * One collection's run of the binding, with the phone as one side (the engine's PhoneConnector,
 * ids given by us: ServerIds). What the engine computes for the phone comes back to `onCommit`,
 * inside the run's one transaction with the id map, the anchors and the sync log entry.
 */
import { randomBytes } from 'node:crypto';
import type { SyncMode } from '@atomsync/atom';
import { PhoneConnector, type Change, type PhoneOutgoing } from '@atomsync/engine';
import { runBinding } from '../../services/synchronization.js';
import type { SyncLogRecord } from '../../store/records.js';
import type { Repositories } from '../../store/store.js';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import type { ItemFormat } from './formats.js';

/** A ServerId: 12 characters, unique without a counter to keep. */
export const newServerId = (): string => randomBytes(9).toString('base64url');

/**
 * The engine mode of a run: a phone that starts from SyncKey 0 holds nothing, so the peer is
 * copied over it (a refresh from the peer's side) — unless it already sent items, when it is a
 * slow sync (a union: nothing of the phone's is deleted); otherwise two-way.
 */
export function runMode(phone: PhoneBinding, initial: boolean, sentSomething: boolean): SyncMode {
  if (!initial) return 200;
  if (sentSomething) return 201;
  return phone.side === 'target' ? 203 : 205;
}

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

/** What every part of the Sync glue does with a step's outcome: its faults logged, its queue and held-item writes made. */
import type { Fault, OutboxWrites } from '@atomsync/activesync';
import type { Repositories } from '@atomsync/store';
import type { PhoneRequest } from '../context.js';

/** The step's faults, in the request's log. */
export function logFaults(request: PhoneRequest, faults: readonly Fault[]): void {
  for (const f of faults) request.log[f.level]({ ...f.detail }, f.message);
}

/** The step's writes to the queue and to what the phone holds, in `tx`. */
export async function writeOutbox(tx: Repositories, request: PhoneRequest, collectionId: string, writes: Pick<OutboxWrites, 'remember' | 'forget'> & { readonly append?: OutboxWrites['append'] }): Promise<void> {
  const { accountId, uuid: clientUuid } = request.client;
  const devices = tx.activesyncDevices;
  if (writes.append !== undefined && writes.append.length > 0) await devices.appendOutbox(accountId, clientUuid, collectionId, writes.append);
  if (writes.remember.length > 0) await devices.putItems(accountId, clientUuid, collectionId, writes.remember);
  if (writes.forget.length > 0) await devices.removeItems(accountId, clientUuid, collectionId, writes.forget);
}


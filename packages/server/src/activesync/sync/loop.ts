/**
 * A repeat of our last reply's key, carried out: the queue's entries that reply carried are read,
 * @atomsync/activesync's loop policy (sync/loop.ts there) says the answer — the same reply, a cut
 * one, or the one change the phone keeps failing on taken out — and it is written here: the
 * collection's row, and for a change taken out, in one transaction, its removal from the queue, the
 * item on the device record (shown in the client entry until the phone takes a later change of it
 * or starts the folder again) and a failed entry in the binding's sync log naming it — all of it or
 * nothing, so a lost write cannot leave an item out of the queue that no record names.
 */
import { answerRepeat, elementToJson, writeCollectionState, type CollectionReply, type Opened } from '@atomsync/activesync';
import { emptyStats } from '@atomsync/engine';
import type { ActivesyncCollectionRecord } from '@atomsync/store';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import { logFaults } from './writes.js';

export async function repeatCollection(
  request: PhoneRequest,
  phone: PhoneBinding,
  collectionId: string,
  row: ActivesyncCollectionRecord,
  opened: Extract<Opened, { kind: 'repeat' }>,
): Promise<CollectionReply> {
  const { state, format } = opened;
  const devices = request.deps.store.activesyncDevices;
  const { accountId, uuid: clientUuid } = request.client;
  const sentCount = state.sentCount ?? 0;
  const sent = sentCount > 0 ? await devices.peekOutbox(accountId, clientUuid, collectionId, sentCount) : [];
  const queued = sent.length > 0 ? await devices.outboxSize(accountId, clientUuid, collectionId) : 0;
  const answer = answerRepeat({ lastReply: opened.lastReply, state, sent, queued, format, version: request.line.protocolVersion, deviceId: request.device.deviceId, collectionId });
  logFaults(request, answer.faults);
  const saved = { ...row, lastReply: JSON.stringify(elementToJson(answer.reply)), state: writeCollectionState(answer.state) };
  const { isolate } = answer;
  if (isolate === undefined) {
    await devices.saveCollection(saved, request.now);
    return { element: answer.reply, quiet: false };
  }
  const { binding } = phone;
  await request.deps.store.transaction(async (tx) => {
    await tx.activesyncDevices.dropOutbox(accountId, clientUuid, collectionId, isolate.entry.seq);
    await tx.activesyncDevices.isolate(accountId, clientUuid, { collectionId, serverId: isolate.entry.serverId, op: isolate.entry.op, bindingId: binding.id, since: request.now });
    await tx.syncLog.append({
      accountId: binding.accountId,
      bindingId: binding.id,
      source: binding.source,
      target: binding.target,
      dataclass: format.dataclass,
      syncMode: 200,
      stats: emptyStats(),
      result: 'failed',
      reason: isolate.reason,
    });
    await tx.activesyncDevices.saveCollection(saved, request.now);
  });
  return { element: answer.reply, quiet: false };
}

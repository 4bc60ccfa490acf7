/**
 * Loop protection (what Z-Push's users suffer from): a phone that sends the same SyncKey again and
 * again after our reply is failing on something in it — most often one item it cannot take. The
 * first repeats get the same reply (a lost answer). From LOOP_REPEATS on, the reply is cut: half
 * of its changes, then half again, down to one; a single change the phone still fails on is taken
 * out of its queue and reported (a failed entry in the binding's sync log naming it, the item on
 * the device record — shown in the client entry until the phone takes a later change of it or
 * starts the folder again — and a warning log line), and the rest of the folder syncs on. The
 * phone never has to start the folder again.
 */
import { elementFromJson, elementToJson, el, nameOf, type AsElement } from '@atomsync/activesync';
import { emptyStats } from '@atomsync/engine';
import type { ActivesyncCollectionRecord, ActivesyncOutboxRow } from '../../store/records.js';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import type { ItemFormat } from './formats.js';
import { renderCommands } from './render.js';
import { writeState, type CollectionState } from './state.js';

/** From this many repeats of one key in a row, the reply is cut. */
export const LOOP_REPEATS = 3;

/** The reply with other Commands and MoreAvailable: the rest as it was, in MS-ASCMD's order. */
function withCommands(reply: AsElement, commands: readonly AsElement[], more: boolean): AsElement {
  const kept = (reply.children ?? []).filter((c) => !['AirSync:Commands', 'AirSync:MoreAvailable', 'AirSync:Responses'].includes(nameOf(c)));
  const responses = (reply.children ?? []).filter((c) => nameOf(c) === 'AirSync:Responses');
  return el('AirSync:Collection', [...kept, ...(more ? [el('AirSync:MoreAvailable')] : []), ...(commands.length > 0 ? [el('AirSync:Commands', [...commands])] : []), ...responses]);
}

/** The answer to a repeat of the last reply's key: that reply, or a cut one once the phone keeps failing on it. */
export async function answerRepeat(
  request: PhoneRequest,
  phone: PhoneBinding,
  format: ItemFormat,
  row: ActivesyncCollectionRecord & { readonly lastReply: string },
  state: CollectionState,
): Promise<AsElement> {
  const reply = elementFromJson(JSON.parse(row.lastReply));
  const replays = (state.replays ?? 0) + 1;
  const devices = request.deps.store.activesyncDevices;
  const { accountId, uuid: clientUuid } = request.client;
  const save = (next: CollectionState, answer: AsElement) =>
    devices.saveCollection({ ...row, lastReply: JSON.stringify(elementToJson(answer)), state: writeState(next) }, request.now);
  const sent: ActivesyncOutboxRow[] = (state.sentCount ?? 0) > 0 ? await devices.peekOutbox(accountId, clientUuid, row.collectionId, state.sentCount!) : [];
  if (replays < LOOP_REPEATS || sent.length === 0) {
    await save({ ...state, replays }, reply);
    return reply;
  }
  const queued = await devices.outboxSize(accountId, clientUuid, row.collectionId);
  if (sent.length > 1) {
    const keep = sent.slice(0, Math.ceil(sent.length / 2));
    request.log.warn({ collectionId: row.collectionId, repeats: replays, sent: sent.length, now: keep.length }, 'ActiveSync: the phone keeps sending the same key; sending it fewer changes');
    const cut = withCommands(reply, renderCommands(request, format, state, keep), queued > keep.length);
    await save({ ...state, replays: 0, sentThrough: keep.at(-1)!.seq, sentCount: keep.length }, cut);
    return cut;
  }
  // One change, and the phone still fails on it: it is taken out, and said so — all of it or
  // nothing, so a lost write cannot leave an item out of the queue that no record names.
  const broken = sent[0]!;
  const reason = `the phone (DeviceId ${request.device.deviceId}) kept failing on the ${broken.op} of item ${broken.serverId} in folder ${row.collectionId}: it was left out so the rest of the folder syncs`;
  request.log.warn({ collectionId: row.collectionId, serverId: broken.serverId, op: broken.op }, 'ActiveSync: an item the phone keeps failing on is left out');
  const { binding } = phone;
  const without = withCommands(reply, [], queued > 1);
  await request.deps.store.transaction(async (tx) => {
    await tx.activesyncDevices.dropOutbox(accountId, clientUuid, row.collectionId, broken.seq);
    await tx.activesyncDevices.isolate(accountId, clientUuid, { collectionId: row.collectionId, serverId: broken.serverId, op: broken.op, bindingId: binding.id, since: request.now });
    await tx.syncLog.append({
      accountId: binding.accountId,
      bindingId: binding.id,
      source: binding.source,
      target: binding.target,
      dataclass: format.dataclass,
      syncMode: 200,
      stats: emptyStats(),
      result: 'failed',
      reason,
    });
    const next: CollectionState = { ...state, replays: 0, sentThrough: undefined, sentCount: 0 };
    await tx.activesyncDevices.saveCollection({ ...row, lastReply: JSON.stringify(elementToJson(without)), state: writeState(next) }, request.now);
  });
  return without;
}

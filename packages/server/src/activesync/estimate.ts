/**
 * GetItemEstimate: how many changes the next Syncs would bring a collection — those queued for
 * the phone, plus the peer's changes since the binding last ran that are not echoes of that run
 * (what the engine would send), or all the peer holds when the phone starts afresh; counted
 * through the FilterType's window as Sync queues them (sync/window.ts): an item outside it counts
 * only when the phone holds it (it would get a SoftDelete), a delete only of an item it holds.
 */
import { estimateAnswer, getItemEstimateResponse, openEstimate, readGetItemEstimateRequest, type AsElement, type EstimateAnswer, type ItemFilter, type ItemFormat, inWindow } from '@atomsync/activesync';
import { otherSide } from '@atomsync/engine';
import { describeItem, isEarlierFingerprint, type ItemContent } from '@atomsync/items';
import { connectorFor } from '../connectors/index.js';
import { foldersOf, phoneBinding, type PhoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';

export async function getItemEstimateCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const asked = body === null ? [] : readGetItemEstimateRequest(body);
  const phone = await phoneBinding(request);
  const folders = await foldersOf(request, phone);
  const answers: EstimateAnswer[] = [];
  const { accountId, uuid: clientUuid } = request.client;
  const devices = request.deps.store.activesyncDevices;
  for (const c of asked) {
    // The statuses are openEstimate's (@atomsync/activesync rules/estimate.ts); here the rows are read and the peer counted.
    const folder = phone === undefined ? undefined : folders.find((f) => f.serverId === c.collectionId);
    const row = folder === undefined || c.syncKey === '0' ? undefined : await devices.collection(accountId, clientUuid, c.collectionId);
    const opened = openEstimate(c, folder, row, row === undefined ? 0 : await devices.outboxSize(accountId, clientUuid, c.collectionId), request.line.protocolVersion, request.now);
    if ('answer' in opened) {
      answers.push(opened.answer);
      continue;
    }
    const { count } = opened;
    answers.push(estimateAnswer(count, await peerChanges(request, phone!, count.format, count.state.initial, c.collectionId, count.filter)));
  }
  return getItemEstimateResponse(answers);
}

async function peerChanges(request: PhoneRequest, phone: PhoneBinding, format: ItemFormat, initial: boolean, collectionId: string, filter: ItemFilter): Promise<number> {
  const peerSide = otherSide(phone.side);
  let connector;
  try {
    connector = await connectorFor(request.deps, request.client.accountId, phone.peer, peerSide);
  } catch (error) {
    // The peer is gone or unreachable: nothing can come from it.
    request.log.warn({ fault: String(error) }, 'ActiveSync GetItemEstimate: the peer cannot be read');
    return 0;
  }
  const state = await request.deps.store.syncState.load(phone.binding, format.itemDataclasses, format.dataclass);
  const anchor = state.anchors[peerSide];
  if (initial || anchor === null) return (await connector.all(format.itemDataclasses)).entries.filter((i) => inWindow(filter, i.body)).length;
  // The peer's changes since the binding last ran, less the echoes of that run (an item whose
  // fingerprint is the one the map keeps, or an earlier release's of the same content: nothing to send).
  const hashes = new Map(state.map.map((e) => [peerSide === 'source' ? e.sourceId : e.targetId, peerSide === 'source' ? e.sourceHash : e.targetHash]));
  const sent = (item: ItemContent & { readonly id: string }) => {
    const hash = hashes.get(item.id);
    return hash !== undefined && (hash === describeItem(item).fingerprint || isEarlierFingerprint(item, hash));
  };
  const changes = (await connector.changesSince(format.itemDataclasses, anchor)).entries.filter((change) =>
    change.op === 'delete' ? hashes.has(change.id) : !sent(change.item),
  );
  if (filter.kind === 'all') return changes.length;
  // What the phone holds decides whether an item outside the window (or a delete) is sent at all.
  const phoneIds = new Map(state.map.map((e) => [peerSide === 'source' ? e.sourceId : e.targetId, peerSide === 'source' ? e.targetId : e.sourceId]));
  const ids = changes.flatMap((change) => {
    const id = phoneIds.get(change.op === 'delete' ? change.id : change.item.id);
    return id === undefined ? [] : [id];
  });
  const held = await request.deps.store.activesyncDevices.items(request.client.accountId, request.client.uuid, collectionId, ids);
  const holds = (peerId: string) => {
    const id = phoneIds.get(peerId);
    return id !== undefined && held.has(id);
  };
  return changes.filter((change) => (change.op === 'delete' ? holds(change.id) : inWindow(filter, change.item.body) || holds(change.item.id))).length;
}

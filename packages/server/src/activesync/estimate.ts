/**
 * GetItemEstimate: how many changes the next Syncs would bring a collection — those queued for
 * the phone, plus the peer's changes since the binding last ran that are not echoes of that run
 * (what the engine would send), or all the peer holds when the phone starts afresh; counted
 * through the FilterType's window as Sync queues them (sync/window.ts): an item outside it counts
 * only when the phone holds it (it would get a SoftDelete), a delete only of an item it holds.
 */
import {
  CollectionStateError,
  ESTIMATE_STATUS,
  filterOf,
  formatOf,
  getItemEstimateResponse,
  inWindow,
  pendingOf,
  readCollectionState,
  readGetItemEstimateRequest,
  type AsElement,
  type CollectionState,
  type EstimateAnswer,
  type ItemFilter,
  type ItemFormat,
} from '@atomsync/activesync';
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
  for (const c of asked) {
    const folder = folders.find((f) => f.serverId === c.collectionId);
    const format = folder === undefined ? undefined : formatOf(folder.className);
    const className = request.line.protocolVersion === '2.5' && folder !== undefined ? { className: folder.className } : {};
    if (phone === undefined || format === undefined) {
      answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_COLLECTION });
      continue;
    }
    const row = await request.deps.store.activesyncDevices.collection(request.client.accountId, request.client.uuid, c.collectionId);
    if (row === undefined || c.syncKey === '0') {
      answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.NOT_PRIMED, ...className });
      continue;
    }
    if (c.syncKey !== undefined && c.syncKey !== row.syncKey) {
      answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_SYNC_KEY, ...className });
      continue;
    }
    let state: CollectionState;
    try {
      state = readCollectionState(row.state);
    } catch (error) {
      if (!(error instanceof CollectionStateError)) throw error;
      answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_SYNC_KEY, ...className });
      continue;
    }
    const queued = pendingOf(state, await request.deps.store.activesyncDevices.outboxSize(request.client.accountId, request.client.uuid, c.collectionId));
    // The estimate's own FilterType, when it sends one, is the window the phone is about to ask for.
    const filter = filterOf(c.filterType === undefined ? state : { ...state, filterType: c.filterType }, request.now);
    const estimate = queued + (await peerChanges(request, phone, format, state.initial, c.collectionId, filter));
    answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.OK, estimate, ...className });
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

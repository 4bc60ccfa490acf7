/**
 * GetItemEstimate: how many changes the next Syncs would bring a collection — those queued for
 * the phone, plus the peer's changes since the binding last ran that are not echoes of that run
 * (what the engine would send), or all the peer holds when the phone starts afresh.
 */
import { ESTIMATE_STATUS, getItemEstimateResponse, readGetItemEstimateRequest, type AsElement, type EstimateAnswer } from '@atomsync/activesync';
import { otherSide } from '@atomsync/engine';
import { describeItem } from '@atomsync/items';
import { connectorFor } from '../connectors/index.js';
import { foldersOf, phoneBinding, type PhoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';
import { formatOf, type ItemFormat } from './sync/formats.js';
import { CollectionStateError, pendingOf, readState, type CollectionState } from './sync/state.js';

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
      state = readState(row.state);
    } catch (error) {
      if (!(error instanceof CollectionStateError)) throw error;
      answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_SYNC_KEY, ...className });
      continue;
    }
    const queued = pendingOf(state, await request.deps.store.activesyncDevices.outboxSize(request.client.accountId, request.client.uuid, c.collectionId));
    const estimate = queued + (await peerChanges(request, phone, format, state.initial));
    answers.push({ collectionId: c.collectionId, status: ESTIMATE_STATUS.OK, estimate, ...className });
  }
  return getItemEstimateResponse(answers);
}

async function peerChanges(request: PhoneRequest, phone: PhoneBinding, format: ItemFormat, initial: boolean): Promise<number> {
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
  if (initial || anchor === null) return (await connector.all(format.itemDataclasses)).entries.length;
  // The peer's changes since the binding last ran, less the echoes of that run (an item whose
  // fingerprint is the one the map keeps: nothing to send).
  const hashes = new Map(state.map.map((e) => [peerSide === 'source' ? e.sourceId : e.targetId, peerSide === 'source' ? e.sourceHash : e.targetHash]));
  let count = 0;
  for (const change of (await connector.changesSince(format.itemDataclasses, anchor)).entries) {
    if (change.op === 'delete') {
      if (hashes.has(change.id)) count++;
    } else if (hashes.get(change.item.id) !== describeItem(change.item).fingerprint) {
      count++;
    }
  }
  return count;
}

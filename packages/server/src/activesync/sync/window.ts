/**
 * The phone's FilterType window, carried out: what the phone holds, and with the filter changed
 * what the peer has that the phone lacks, read and handed to @atomsync/activesync's windowMoves
 * (sync/window.ts there, which says what moves and why), its writes made in the caller's transaction.
 */
import { windowMoves, type HeldItem, type ItemFilter, type ItemFormat } from '@atomsync/activesync';
import { otherSide, type Item } from '@atomsync/engine';
import { connectorFor } from '../../connectors/index.js';
import type { Repositories } from '@atomsync/store';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import { writeOutbox } from './writes.js';

/** Every item of the peer, by its id there, for a widened window; undefined when the peer cannot be read (nothing is added then). */
export async function peerItems(request: PhoneRequest, phone: PhoneBinding, format: ItemFormat): Promise<Map<string, Item> | undefined> {
  try {
    const connector = await connectorFor(request.deps, request.client.accountId, phone.peer, otherSide(phone.side));
    return new Map((await connector.all(format.itemDataclasses)).entries.map((i) => [i.id, i]));
  } catch (error) {
    request.log.warn({ fault: String(error) }, 'ActiveSync Sync: the peer cannot be read to widen the window');
    return undefined;
  }
}

/** Brings what the phone holds into the window, in `tx`; with `peer` (the filter changed), the binding's items the phone lacks are offered too, under the ids the map gives the phone. */
export async function reconcileWindow(tx: Repositories, request: PhoneRequest, phone: PhoneBinding, format: ItemFormat, collectionId: string, filter: ItemFilter, peer: ReadonlyMap<string, Item> | undefined): Promise<void> {
  const { accountId, uuid: clientUuid } = request.client;
  const map = (await tx.syncState.load(phone.binding, format.itemDataclasses, format.dataclass)).map;
  const phoneId = (e: (typeof map)[number]) => (phone.side === 'source' ? e.sourceId : e.targetId);
  const peerId = (e: (typeof map)[number]) => (phone.side === 'source' ? e.targetId : e.sourceId);
  const held = await tx.activesyncDevices.items(accountId, clientUuid, collectionId, map.map(phoneId));
  const lacking: HeldItem[] = [];
  if (peer !== undefined) {
    for (const entry of map) {
      const serverId = phoneId(entry);
      const item = held.has(serverId) ? undefined : peer.get(peerId(entry));
      if (item !== undefined) lacking.push({ serverId, dataclass: item.dataclass, body: item.body });
    }
  }
  await writeOutbox(tx, request, collectionId, windowMoves(filter, held.values(), lacking));
}

/**
 * The phone's window of a collection (FilterType): which items it is to hold, and bringing what it
 * holds into line when the window moves (the filter changed, or time passed). The engine still runs
 * the whole binding — its map says the phone side has every item — but what the phone really holds
 * is `activesync_items`: an item outside the window is neither sent nor remembered there, so a
 * later change that brings it in is sent as an Add, and one that takes a held item out as a SoftDelete.
 *
 * As time passes, events the phone holds fall out of a calendar window. MS-ASCMD §2.2.3.68.2 says
 * the server sends SoftDelete for objects "when they become older than the window", so we do:
 * a Sync looks at what the phone holds at most once per AGE_SCAN_MS (the finest window is a day,
 * so an hour late is nothing; a phone that syncs every minute does not pay a scan every minute).
 */
import { agesOut, itemFilterOf, type ItemFilter } from '@atomsync/activesync';
import { otherSide, type Item } from '@atomsync/engine';
import { eventEndsAfter, taskIsComplete } from '@atomsync/items';
import { connectorFor } from '../../connectors/index.js';
import type { ActivesyncDeviceItem, ActivesyncOutboxRow } from '../../store/records.js';
import type { Repositories } from '../../store/store.js';
import type { PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import type { ItemFormat } from './formats.js';
import type { CollectionState } from './state.js';

/** How often a Sync looks for held items the moving window has left. */
export const AGE_SCAN_MS = 60 * 60 * 1000;

export function filterOf(state: CollectionState, now: Date): ItemFilter {
  return itemFilterOf(state.className, state.filterType, now);
}

/** Whether the phone is to hold this stored item. */
export function inWindow(filter: ItemFilter, body: string): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'endsAfter':
      return eventEndsAfter(body, filter.since);
    case 'incomplete':
      return !taskIsComplete(body);
  }
}

/** Whether this Sync looks at what the phone holds: the filter changed, or the window moved on since the last look. */
export function needsScan(filter: ItemFilter, state: CollectionState, filterChanged: boolean, now: Date): boolean {
  if (state.initial) return false;
  return filterChanged || (agesOut(filter) && now.getTime() - (state.agedAt ?? 0) >= AGE_SCAN_MS);
}

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

/**
 * Brings what the phone holds into the window, in the caller's transaction: a held item outside it
 * is queued as a SoftDelete and forgotten; with `peer` (the filter changed), an item of the binding
 * the phone lacks and that is inside it is queued as an Add under the id the map gives the phone.
 * No whole-folder resync: only the items that cross the window's edge move.
 */
export async function reconcileWindow(tx: Repositories, request: PhoneRequest, phone: PhoneBinding, format: ItemFormat, collectionId: string, filter: ItemFilter, peer: ReadonlyMap<string, Item> | undefined): Promise<void> {
  const { accountId, uuid: clientUuid } = request.client;
  const map = (await tx.syncState.load(phone.binding, format.itemDataclasses, format.dataclass)).map;
  const phoneId = (e: (typeof map)[number]) => (phone.side === 'source' ? e.sourceId : e.targetId);
  const peerId = (e: (typeof map)[number]) => (phone.side === 'source' ? e.targetId : e.sourceId);
  const held = await tx.activesyncDevices.items(accountId, clientUuid, collectionId, map.map(phoneId));
  const rows: Omit<ActivesyncOutboxRow, 'seq'>[] = [];
  const remember: ActivesyncDeviceItem[] = [];
  const forget: string[] = [];
  for (const [serverId, item] of held) {
    if (inWindow(filter, item.body)) continue;
    rows.push({ op: 'softdelete', serverId, dataclass: item.dataclass, body: '' });
    forget.push(serverId);
  }
  if (peer !== undefined) {
    for (const entry of map) {
      const serverId = phoneId(entry);
      if (held.has(serverId)) continue;
      const item = peer.get(peerId(entry));
      if (item === undefined || !inWindow(filter, item.body)) continue;
      rows.push({ op: 'add', serverId, dataclass: item.dataclass, body: item.body });
      remember.push({ serverId, dataclass: item.dataclass, body: item.body });
    }
  }
  if (rows.length === 0) return;
  await tx.activesyncDevices.appendOutbox(accountId, clientUuid, collectionId, rows);
  if (remember.length > 0) await tx.activesyncDevices.putItems(accountId, clientUuid, collectionId, remember);
  if (forget.length > 0) await tx.activesyncDevices.removeItems(accountId, clientUuid, collectionId, forget);
}

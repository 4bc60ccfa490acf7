/**
 * The phone's window of a collection (FilterType): which items it is to hold, and which of them
 * move when the window moves (the filter changed, or time passed). The engine still runs the whole
 * binding — its map says the phone side has every item — but what the phone really holds is the
 * server's record of its items: an item outside the window is neither sent nor remembered there, so
 * a later change that brings it in is sent as an Add, and one that takes a held item out as a
 * SoftDelete (outbox.ts, which also says what moves when the window does).
 *
 * As time passes, events the phone holds fall out of a calendar window. MS-ASCMD §2.2.3.68.2 says
 * the server sends SoftDelete for objects "when they become older than the window", so we do:
 * a Sync looks at what the phone holds at most once per AGE_SCAN_MS (the finest window is a day,
 * so an hour late is nothing; a phone that syncs every minute does not pay a scan every minute).
 */
import { eventEndsAfter, taskIsComplete, type ItemDataclass } from '@atomsync/items';
import { agesOut, itemFilterOf, type ItemFilter } from '../rules/filter.js';
import type { CollectionState } from './state.js';

/** How often a Sync looks for held items the moving window has left. */
export const AGE_SCAN_MS = 60 * 60 * 1000;

export function filterOf(state: Pick<CollectionState, 'className' | 'filterType'>, now: Date): ItemFilter {
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

/** An item as the phone holds it (or as the peer offers it), by the id the phone knows it under. */
export interface HeldItem {
  readonly serverId: string;
  readonly dataclass: ItemDataclass;
  readonly body: string;
}

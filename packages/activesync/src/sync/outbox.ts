/**
 * The outbox decisions: which of the engine's changes for the phone are queued for it, as which
 * command, and what the phone will then hold — through the FilterType's window (window.ts). An add
 * outside it is neither queued nor remembered; a change of an item the phone does not hold is an
 * Add when it is now inside, else nothing; a change taking a held item outside is a SoftDelete
 * (MS-ASCMD §2.2.3.162, the phone drops it, the server keeps it); a delete of an item the phone
 * does not hold is nothing.
 */
import type { ItemContent, ItemDataclass } from '@atomsync/items';
import type { ItemFilter } from '../rules/filter.js';
import { inWindow, type HeldItem } from './window.js';

export type OutboxOp = 'add' | 'replace' | 'delete' | 'softdelete';

/** A queued change as the server's store keeps it (`seq` orders the queue). */
export interface OutboxEntry {
  readonly seq: number;
  readonly op: OutboxOp;
  readonly serverId: string;
  readonly dataclass: ItemDataclass;
  /** The item (empty for a delete). */
  readonly body: string;
}

/** What a step writes to the phone's queue and to the record of what it holds, in the caller's transaction. */
export interface OutboxWrites {
  readonly append: Omit<OutboxEntry, 'seq'>[];
  readonly remember: HeldItem[];
  readonly forget: string[];
}

/** A change the engine computed for the phone (the engine's PhoneOutgoing, as far as these rules read it). */
export interface EngineOutgoing {
  readonly change:
    | { readonly op: 'add'; readonly item: ItemContent }
    | { readonly op: 'replace'; readonly id: string; readonly item: ItemContent }
    | { readonly op: 'delete'; readonly id: string; readonly dataclass: ItemDataclass };
  /** For an add: the ServerId the engine gave it. */
  readonly assignedId?: string;
}

/** The ids of the phone's items the outbox decisions need to know held (none when the filter keeps everything). */
export function outboxHeldIds(filter: ItemFilter, outgoing: readonly EngineOutgoing[]): string[] | undefined {
  // Without a filter the phone holds every item of the binding: no need to ask which.
  if (filter.kind === 'all') return undefined;
  return outgoing.flatMap((o) => (o.change.op === 'add' ? [] : [o.change.id]));
}

/** `held`: the ServerIds the phone holds of outboxHeldIds; undefined when it was not asked (every item held). */
export function outboxOf(outgoing: readonly EngineOutgoing[], filter: ItemFilter, held: ReadonlySet<string> | undefined, newServerId: () => string): OutboxWrites {
  const writes: OutboxWrites = { append: [], remember: [], forget: [] };
  const holds = (id: string) => held === undefined || held.has(id);
  for (const { change, assignedId } of outgoing) {
    if (change.op === 'add') {
      if (!inWindow(filter, change.item.body)) continue;
      const serverId = assignedId ?? newServerId();
      writes.append.push({ op: 'add', serverId, dataclass: change.item.dataclass, body: change.item.body });
      writes.remember.push({ serverId, dataclass: change.item.dataclass, body: change.item.body });
    } else if (change.op === 'replace') {
      if (inWindow(filter, change.item.body)) {
        writes.append.push({ op: holds(change.id) ? 'replace' : 'add', serverId: change.id, dataclass: change.item.dataclass, body: change.item.body });
        writes.remember.push({ serverId: change.id, dataclass: change.item.dataclass, body: change.item.body });
      } else if (holds(change.id)) {
        writes.append.push({ op: 'softdelete', serverId: change.id, dataclass: change.item.dataclass, body: '' });
        writes.forget.push(change.id);
      }
    } else if (holds(change.id)) {
      writes.append.push({ op: 'delete', serverId: change.id, dataclass: change.dataclass, body: '' });
      writes.forget.push(change.id);
    }
  }
  return writes;
}

/**
 * What the phone's window moving changes: a held item outside it is queued as a SoftDelete and
 * forgotten; each of `lacking` (with the filter changed: an item of the binding the phone does not
 * hold, under the id the map gives the phone) inside it is queued as an Add and remembered.
 * No whole-folder resync: only the items that cross the window's edge move.
 */
export function windowMoves(filter: ItemFilter, held: Iterable<HeldItem>, lacking: Iterable<HeldItem> = []): OutboxWrites {
  const writes: OutboxWrites = { append: [], remember: [], forget: [] };
  for (const item of held) {
    if (inWindow(filter, item.body)) continue;
    writes.append.push({ op: 'softdelete', serverId: item.serverId, dataclass: item.dataclass, body: '' });
    writes.forget.push(item.serverId);
  }
  for (const item of lacking) {
    if (!inWindow(filter, item.body)) continue;
    writes.append.push({ op: 'add', serverId: item.serverId, dataclass: item.dataclass, body: item.body });
    writes.remember.push({ serverId: item.serverId, dataclass: item.dataclass, body: item.body });
  }
  return writes;
}

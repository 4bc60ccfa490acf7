/**
 * The phone's Sync (package 3, over as many messages as it takes): each Add/Replace/Delete is
 * answered and buffered as an 'in' change of the session, a large object chunk by chunk
 * (MoreData) until it is whole and has its declared size. The engine takes them all when the
 * package is complete.
 */
import type { Item, Sync, SyncItemCommand } from '../message.js';
import { sizeMatches } from '../rules/large-objects.js';
import { StatusCode } from '../rules/status.js';
import { serverDatastore } from './datastores.js';
import { refsOf, type StatusRef } from './reply.js';
import type { DatastoreState } from './state.js';
import type { Turn } from './turn.js';

export function onSync(turn: Turn, sync: Sync): void {
  const { state, reply } = turn;
  const serverLocUri = sync.target?.locUri ?? '';
  const datastore = state.datastores.find((d) => d.serverLocUri === serverLocUri || d.serverUri === serverDatastore(serverLocUri)?.uri);
  const refs = { targetRefs: sync.target ? [sync.target.locUri] : [], sourceRefs: sync.source ? [sync.source.locUri] : [] };
  if (datastore === undefined || datastore.phase === 'failed') {
    if (!sync.noResp) reply.status({ cmdRef: sync.cmdId, cmd: 'Sync', data: StatusCode.NOT_FOUND, ...refs });
    for (const command of sync.commands) {
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.kind === 'Unsupported' ? command.name : command.kind, data: StatusCode.NOT_FOUND });
    }
    return;
  }
  if (!sync.noResp) remember(turn, datastore, reply.status({ cmdRef: sync.cmdId, cmd: 'Sync', data: StatusCode.OK, ...refs }));
  for (const command of sync.commands) {
    if (command.kind === 'Unsupported') {
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.name, data: StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED });
      continue;
    }
    for (const item of command.items) {
      const data = bufferItem(turn, datastore, command, item, sync);
      if (!command.noResp) remember(turn, datastore, reply.status({ cmdRef: command.cmdId, cmd: command.kind, data, ...refsOf({ items: [item] }) }));
    }
  }
}

/** A Status of the datastore's Sync: made 500 if its run fails. */
function remember(turn: Turn, datastore: DatastoreState, ref: StatusRef): void {
  const { syncStatuses } = turn.notes;
  syncStatuses.set(datastore.serverUri, [...(syncStatuses.get(datastore.serverUri) ?? []), ref]);
}

/** One item of the phone's Sync: buffered (a large object chunk by chunk); returns its status. */
function bufferItem(turn: Turn, datastore: DatastoreState, command: SyncItemCommand, item: Item, sync: Sync): number {
  const { state, notes } = turn;
  const id = item.source?.locUri ?? item.target?.locUri ?? '';
  const op = command.kind === 'Add' ? 'add' : command.kind === 'Replace' ? 'replace' : 'delete';
  if (op === 'delete') {
    notes.incoming.push({ serverUri: datastore.serverUri, op, id, type: '' });
    return StatusCode.OK;
  }
  const type = item.meta?.type ?? command.meta?.type ?? sync.meta?.type ?? '';
  const partial = state.partial;
  let data = item.data ?? '';
  let size = item.meta?.size ?? command.meta?.size;
  if (partial !== undefined && partial.id === id && partial.serverUri === datastore.serverUri) {
    data = partial.data + data;
    size = partial.size;
    delete state.partial;
  }
  if (item.moreData) {
    state.partial = { serverUri: datastore.serverUri, op, id, type: partial?.type ?? type, size, data };
    return StatusCode.CHUNK_ACCEPTED;
  }
  if (size !== undefined && !sizeMatches(data, size, state.encoding)) return StatusCode.SIZE_MISMATCH;
  notes.incoming.push({ serverUri: datastore.serverUri, op, id, type: partial?.type ?? type, data });
  return op === 'add' ? StatusCode.ITEM_ADDED : StatusCode.OK;
}

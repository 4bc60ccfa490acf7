/** Queued changes as the phone gets them: each rendered on its own, one that does not convert left out (and logged), never blocking the rest. */
import { serverCommandElement, type AsElement, type ServerCommand } from '@atomsync/activesync';
import type { ActivesyncOutboxRow } from '../../store/records.js';
import type { PhoneRequest } from '../context.js';
import type { ItemFormat } from './formats.js';
import { renderItem } from './items.js';
import type { CollectionState } from './state.js';

export function serverCommand(request: PhoneRequest, format: ItemFormat, state: CollectionState, row: ActivesyncOutboxRow): ServerCommand | undefined {
  if (row.op === 'delete') return { kind: 'Delete', serverId: row.serverId };
  if (row.op === 'softdelete') return { kind: 'SoftDelete', serverId: row.serverId };
  try {
    return { kind: row.op === 'add' ? 'Add' : 'Change', serverId: row.serverId, data: renderItem(format, row.body, state, request.line.protocolVersion) };
  } catch (error) {
    request.log.warn({ serverId: row.serverId, fault: String(error) }, 'ActiveSync: an item does not convert for the phone; left out');
    return undefined;
  }
}

export function serverCommands(request: PhoneRequest, format: ItemFormat, state: CollectionState, rows: readonly ActivesyncOutboxRow[]): ServerCommand[] {
  return rows.map((r) => serverCommand(request, format, state, r)).filter((c) => c !== undefined);
}

export function renderCommands(request: PhoneRequest, format: ItemFormat, state: CollectionState, rows: readonly ActivesyncOutboxRow[]): AsElement[] {
  return serverCommands(request, format, state, rows).map(serverCommandElement);
}

/**
 * Where a phone's data goes: the peer of its ActiveSync client in a sync-engine binding, and the
 * folders the phone gets from it — one per class of the peer that we map (@atomsync/activesync's FORMATS).
 * A phone without a binding gets no folders; the reason is logged and recorded on the device
 * (folder-sync.ts).
 */
import { FOLDERS, FORMATS, type FolderDefinition } from '@atomsync/activesync';
import { otherSide, type SideName } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import { extdataCoverage } from '../connectors/extdata/index.js';
import type { BindingRecord, ClientRefRecord } from '@atomsync/store';
import type { PhoneRequest } from './context.js';

export interface PhoneBinding {
  readonly binding: BindingRecord;
  /** The phone's side of the binding. */
  readonly side: SideName;
  readonly peer: ClientRefRecord;
}

/** The binding of the phone's client (the oldest, should there be several). */
export async function phoneBinding(request: PhoneRequest): Promise<PhoneBinding | undefined> {
  const { client } = request;
  const bindings = await request.deps.store.bindings.byClient(client.accountId, client.uuid);
  for (const binding of bindings) {
    for (const side of ['source', 'target'] as const) {
      const ref = binding[side];
      if (ref.kind === 'activesync' && ref.uuid.toLowerCase() === client.uuid.toLowerCase()) return { binding, side, peer: binding[otherSide(side)] };
    }
  }
  return undefined;
}

/** The folders the phone gets: those of the classes we map, in its protocol version, that the peer holds. */
export async function foldersOf(request: PhoneRequest, phone: PhoneBinding | undefined): Promise<FolderDefinition[]> {
  if (phone === undefined) return [];
  const folders: FolderDefinition[] = [];
  const version = Number(request.line.protocolVersion);
  for (const format of Object.values(FORMATS)) {
    if (format.since !== undefined && version < format.since) continue;
    if (await holds(request, phone.peer, format.itemDataclasses)) folders.push(FOLDERS[format.className]);
  }
  return folders;
}

async function holds(request: PhoneRequest, peer: ClientRefRecord, dataclasses: readonly ItemDataclass[]): Promise<boolean> {
  switch (peer.kind) {
    case 'datastore':
      return true;
    case 'extdata': {
      const client = await request.deps.store.extdata.get(request.client.accountId, peer.uuid);
      return client !== undefined && extdataCoverage(client, dataclasses).length === 0;
    }
    default:
      // Two phones bound to each other have no store between them.
      return false;
  }
}

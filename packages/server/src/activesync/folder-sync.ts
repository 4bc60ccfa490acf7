/**
 * FolderSync: the phone's folder hierarchy — one folder per class the binding's peer holds
 * (binding.ts). Key 0 gives them all; the current key gives what changed since (a folder gone
 * with its binding is deleted, and its collection state with it); any other key is Status 9,
 * and the phone starts again from 0 (it gets the same ServerIds back). A client in no binding gets
 * no folders, and its device record says since when (`unboundSince`, shown in the client entry)
 * until a FolderSync finds it bound.
 */
import { FOLDER_SYNC_STATUS, folderSyncResponse, readFolderSyncRequest, ROOT_FOLDER_ID, type AsElement, type FolderEntry } from '@atomsync/activesync';
import { foldersOf, phoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';
import { newGeneration } from './sync/state.js';

/** What the device record keeps of the folders the phone was given. */
function readGiven(json: string): FolderEntry[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) {
      return value.filter(
        (f): f is FolderEntry => typeof f === 'object' && f !== null && typeof f.serverId === 'string' && typeof f.displayName === 'string' && typeof f.parentId === 'string' && Number.isInteger(f.type),
      );
    }
  } catch {
    // An unreadable record gives nothing: the phone is told of every folder again.
  }
  return [];
}

function nextKey(current: string): string {
  const match = /^([A-Za-z0-9_-]+):(\d+)$/.exec(current);
  return match === null ? `${newGeneration()}:1` : `${match[1]}:${Number(match[2]) + 1}`;
}

export async function folderSyncCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  if (body === null) return folderSyncResponse(FOLDER_SYNC_STATUS.MALFORMED_REQUEST);
  const { syncKey } = readFolderSyncRequest(body);
  const { device, client } = request;
  if (syncKey !== '0' && syncKey !== device.folderSyncKey) return folderSyncResponse(FOLDER_SYNC_STATUS.INVALID_SYNC_KEY);

  const phone = await phoneBinding(request);
  if (phone === undefined) request.log.warn({ client: client.uuid }, 'ActiveSync FolderSync: the client is in no binding, so the phone gets no folders; bind it with POST /v2/syncengine/');
  const now = (await foldersOf(request, phone)).map((f) => ({ serverId: f.serverId, parentId: ROOT_FOLDER_ID, displayName: f.displayName, type: f.type }));
  const given = syncKey === '0' ? [] : readGiven(device.folders);
  const add = now.filter((f) => !given.some((g) => g.serverId === f.serverId));
  const gone = given.filter((g) => !now.some((f) => f.serverId === g.serverId)).map((g) => g.serverId);
  const update = now.filter((f) => given.some((g) => g.serverId === f.serverId && (g.displayName !== f.displayName || g.type !== f.type)));
  const moved = syncKey === '0' || add.length + gone.length + update.length > 0;
  const key = moved ? nextKey(syncKey === '0' ? '' : device.folderSyncKey) : device.folderSyncKey;
  // Written only when it changes: the first unbound FolderSync sets it, the first bound one clears it.
  const unbound = phone === undefined ? (device.unboundSince ?? request.now) : null;
  const unboundChanged = (unbound?.getTime() ?? null) !== (device.unboundSince?.getTime() ?? null);
  await request.deps.store.transaction(async (tx) => {
    for (const id of syncKey === '0' ? given.map((g) => g.serverId) : gone) await tx.activesyncDevices.resetCollection(client.accountId, client.uuid, id);
    await tx.activesyncDevices.update(client.accountId, client.uuid, { folderSyncKey: key, folders: JSON.stringify(now), ...(unboundChanged ? { unboundSince: unbound } : {}) });
  });
  return folderSyncResponse(FOLDER_SYNC_STATUS.OK, key, { add, update, delete: gone });
}

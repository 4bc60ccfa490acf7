/**
 * FolderSync: the phone's folder hierarchy — one folder per class the binding's peer holds
 * (binding.ts). @atomsync/activesync's folderSyncStep says the answer and the key (rules/
 * folder-hierarchy.ts there: key 0 gives them all, the current key what changed since, any other
 * Status 9); here the folders are read and its writes made: a folder gone takes its collection
 * state with it. A client in no binding gets no folders, and its device record says since when
 * (`unboundSince`, shown in the client entry) until a FolderSync finds it bound.
 */
import { folderSyncRefusal, folderSyncStep, readFolderSyncRequest, ROOT_FOLDER_ID, type AsElement } from '@atomsync/activesync';
import { foldersOf, phoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';
import { ids } from './sync/exchange.js';

export async function folderSyncCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const syncKey = body === null ? null : readFolderSyncRequest(body).syncKey;
  const { device, client } = request;
  const refusal = folderSyncRefusal(syncKey, device.folderSyncKey);
  if (refusal !== undefined) return refusal;

  const phone = await phoneBinding(request);
  if (phone === undefined) request.log.warn({ client: client.uuid }, 'ActiveSync FolderSync: the client is in no binding, so the phone gets no folders; bind it with POST /v2/syncengine/');
  const folders = (await foldersOf(request, phone)).map((f) => ({ serverId: f.serverId, parentId: ROOT_FOLDER_ID, displayName: f.displayName, type: f.type }));
  const step = folderSyncStep({ syncKey, currentKey: device.folderSyncKey, given: device.folders, folders, generation: ids.generation });
  if (step.kind === 'refuse') return step.reply;
  // Written only when it changes: the first unbound FolderSync sets it, the first bound one clears it.
  const unbound = phone === undefined ? (device.unboundSince ?? request.now) : null;
  const unboundChanged = (unbound?.getTime() ?? null) !== (device.unboundSince?.getTime() ?? null);
  await request.deps.store.transaction(async (tx) => {
    for (const id of step.reset) await tx.activesyncDevices.resetCollection(client.accountId, client.uuid, id);
    await tx.activesyncDevices.update(client.accountId, client.uuid, { folderSyncKey: step.key, folders: step.folders, ...(unboundChanged ? { unboundSince: unbound } : {}) });
  });
  return step.reply;
}

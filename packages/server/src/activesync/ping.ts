/**
 * Ping: the phone's push. The request is held until a watched folder has something for the phone
 * — changes queued for it, or its datastore changed since the folder last synced, made through
 * any instance (watch.ts) — or until the heartbeat ends (Status 1). The folders and heartbeat of
 * the device's last Ping are kept on its record (`pingRequest`): a Ping without folders, or without
 * a heartbeat, or with no body at all, takes the missing part from it (MS-ASCMD §2.2.1.13: iOS
 * sends empty Pings); Status 3 only when there is nothing to take it from. Only a datastore peer
 * pushes; a folder of an extdata peer waits the heartbeat out.
 */
import { collectionStateOr, folderById, pingNeedsFolderSync, pingOutcome, planPing, readPingRequest, type AsElement } from '@atomsync/activesync';
import { foldersOf, phoneBinding, type PhoneBinding } from './binding.js';
import type { PhoneRequest, PingSettings } from './context.js';
import { WipeAskedMeanwhile } from './wipe.js';

export const DEFAULT_PING: PingSettings = { minHeartbeat: 60, maxHeartbeat: 3540, maxFolders: 32 };

export async function pingCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const { watch, ping: settings, signal } = request.endpoint;
  // The folders and heartbeat, completed from the last Ping and checked against the bounds (planPing).
  const planned = planPing(body === null ? {} : readPingRequest(body), request.device.pingRequest, settings);
  if ('refuse' in planned) return planned.refuse;
  const { hold: ping } = planned;
  const heartbeat = ping.heartbeatInterval;
  if (planned.cache !== undefined) await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { pingRequest: planned.cache });

  const phone = await phoneBinding(request);
  const watched = await watchedFolders(request, phone, ping.folders.map((f) => f.id));
  // A folder the phone was not given, or never synced: it runs FolderSync (and Sync) first.
  if (watched === undefined) return pingNeedsFolderSync();
  const { accountId, uuid: clientUuid } = request.client;
  const devices = request.deps.store.activesyncDevices;
  // Changes queued and not yet sent (the last reply's, not yet acknowledged, are the phone's already).
  const queued: string[] = [];
  for (const w of watched) if ((await devices.outboxSize(accountId, clientUuid, w.id)) > w.sentCount) queued.push(w.id);
  if (queued.length > 0) return pingOutcome(queued);

  // The datastore of the binding, by its key: the binding's account and the peer's uuid.
  const peer = phone?.peer.kind === 'datastore' ? [{ accountId: phone.binding.accountId, uuid: phone.peer.uuid }] : [];
  const since = new Date(Math.min(...watched.map((w) => w.synced.getTime())));
  const deadline = Date.now() + heartbeat * 1000;
  if (peer.length > 0) {
    const latest = await request.deps.store.contents.lastChanged(peer);
    if ((latest.get(peer[0]!)?.getTime() ?? 0) > since.getTime()) return pingOutcome(watched.map((w) => w.id));
  }
  const waited = await watch.wait(peer, since, deadline, signal, { accountId, clientUuid });
  if (waited.wipe) throw new WipeAskedMeanwhile();
  return pingOutcome(waited.changed.length > 0 ? watched.map((w) => w.id) : []);
}

/**
 * What a held Ping needs of each folder: when it last synced and how much of its queue the phone
 * has. Read here, in a function of its own, so the collection rows (with the last reply, a window
 * of items) are not held in the suspended Ping for its whole heartbeat.
 */
async function watchedFolders(request: PhoneRequest, phone: PhoneBinding | undefined, ids: readonly string[]): Promise<{ id: string; synced: Date; sentCount: number }[] | undefined> {
  const folders = await foldersOf(request, phone);
  const { accountId, uuid: clientUuid } = request.client;
  const watched: { id: string; synced: Date; sentCount: number }[] = [];
  for (const id of ids) {
    const row = folders.some((g) => g.serverId === id) && folderById(id) !== undefined ? await request.deps.store.activesyncDevices.collection(accountId, clientUuid, id) : undefined;
    if (row === undefined) return undefined;
    watched.push({ id, synced: row.updated, sentCount: collectionStateOr(row.state)?.sentCount ?? 0 });
  }
  return watched;
}

/**
 * Ping: the phone's push. The request is held until a watched folder has something for the phone
 * — changes queued for it, or its datastore changed since the folder last synced, made through
 * any instance (watch.ts) — or until the heartbeat ends (Status 1). The folders and heartbeat of
 * the device's last Ping are kept on its record (`pingRequest`): a Ping without folders, or without
 * a heartbeat, or with no body at all, takes the missing part from it (MS-ASCMD §2.2.1.13: iOS
 * sends empty Pings); Status 3 only when there is nothing to take it from. Only a datastore peer
 * pushes; a folder of an extdata peer waits the heartbeat out.
 */
import { folderById, PING_STATUS, pingResponse, readPingRequest, type AsElement, type PingFolder } from '@atomsync/activesync';
import { foldersOf, phoneBinding, type PhoneBinding } from './binding.js';
import type { PhoneRequest, PingSettings } from './context.js';
import { CollectionStateError, readState } from './sync/state.js';
import { WipeAskedMeanwhile } from './wipe.js';

export const DEFAULT_PING: PingSettings = { minHeartbeat: 60, maxHeartbeat: 3540, maxFolders: 32 };

export async function pingCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const { watch, ping: settings, signal } = request.endpoint;
  const sent = body === null ? {} : readPingRequest(body);
  const cached = readCachedPing(request.device.pingRequest);
  const folders = sent.folders !== undefined && sent.folders.length > 0 ? sent.folders : cached?.folders;
  const heartbeat = sent.heartbeatInterval ?? cached?.heartbeatInterval;
  if (folders === undefined || folders.length === 0 || heartbeat === undefined) return pingResponse({ status: PING_STATUS.MISSING_PARAMETERS });
  const ping = { folders, heartbeatInterval: heartbeat };
  if (heartbeat < settings.minHeartbeat) return pingResponse({ status: PING_STATUS.HEARTBEAT_OUT_OF_RANGE, heartbeatInterval: settings.minHeartbeat });
  if (heartbeat > settings.maxHeartbeat) return pingResponse({ status: PING_STATUS.HEARTBEAT_OUT_OF_RANGE, heartbeatInterval: settings.maxHeartbeat });
  if (ping.folders.length > settings.maxFolders) return pingResponse({ status: PING_STATUS.TOO_MANY_FOLDERS, maxFolders: settings.maxFolders });
  // A Ping we take is the one the next empty Ping repeats; written only when it differs (a phone
  // that sends the same full Ping every time costs no write per Ping).
  const written = JSON.stringify(ping);
  if (written !== request.device.pingRequest) await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { pingRequest: written });

  const phone = await phoneBinding(request);
  const watched = await watchedFolders(request, phone, ping.folders.map((f) => f.id));
  // A folder the phone was not given, or never synced: it runs FolderSync (and Sync) first.
  if (watched === undefined) return pingResponse({ status: PING_STATUS.FOLDER_SYNC_REQUIRED });
  const { accountId, uuid: clientUuid } = request.client;
  const devices = request.deps.store.activesyncDevices;
  // Changes queued and not yet sent (the last reply's, not yet acknowledged, are the phone's already).
  const queued: string[] = [];
  for (const w of watched) if ((await devices.outboxSize(accountId, clientUuid, w.id)) > w.sentCount) queued.push(w.id);
  if (queued.length > 0) return pingResponse({ status: PING_STATUS.CHANGES, changed: queued });

  // The datastore of the binding, by its key: the binding's account and the peer's uuid.
  const peer = phone?.peer.kind === 'datastore' ? [{ accountId: phone.binding.accountId, uuid: phone.peer.uuid }] : [];
  const since = new Date(Math.min(...watched.map((w) => w.synced.getTime())));
  const deadline = Date.now() + heartbeat * 1000;
  if (peer.length > 0) {
    const latest = await request.deps.store.contents.lastChanged(peer);
    if ((latest.get(peer[0]!)?.getTime() ?? 0) > since.getTime()) return pingResponse({ status: PING_STATUS.CHANGES, changed: watched.map((w) => w.id) });
  }
  const waited = await watch.wait(peer, since, deadline, signal, { accountId, clientUuid });
  if (waited.wipe) throw new WipeAskedMeanwhile();
  if (waited.changed.length > 0) return pingResponse({ status: PING_STATUS.CHANGES, changed: watched.map((w) => w.id) });
  return pingResponse({ status: PING_STATUS.EXPIRED });
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
    let sentCount = 0;
    try {
      sentCount = readState(row.state).sentCount ?? 0;
    } catch (error) {
      if (!(error instanceof CollectionStateError)) throw error;
    }
    watched.push({ id, synced: row.updated, sentCount });
  }
  return watched;
}

/** The device's last Ping (folders and heartbeat), or undefined for none or one not of the shape we write. */
function readCachedPing(json: string | null | undefined): { folders: PingFolder[]; heartbeatInterval: number } | undefined {
  if (json === null || json === undefined) return undefined;
  try {
    const v = JSON.parse(json) as { folders?: unknown; heartbeatInterval?: unknown };
    const folders = Array.isArray(v.folders) ? (v.folders as PingFolder[]).filter((f) => typeof f === 'object' && f !== null && typeof f.id === 'string') : [];
    if (folders.length === 0 || !Number.isSafeInteger(v.heartbeatInterval)) return undefined;
    return { folders, heartbeatInterval: v.heartbeatInterval as number };
  } catch {
    return undefined;
  }
}

/**
 * The Sync command: per collection, the SyncKey checked (a resent key gets the reply it had, a
 * key of no life of the collection gets Status 3), the phone's commands read into changes (each
 * item on its own: one that cannot be read is answered Status 6, the rest go on), the binding run
 * with the phone as one side when there is something to run, and a window of the changes queued
 * for the phone sent with MoreAvailable while more wait. The engine's outcome, the queue, what the
 * phone holds and the new key are written in the run's one transaction.
 *
 * An empty Sync repeats the device's cached request and a Partial one completes it (cached.ts);
 * with Wait or HeartbeatInterval a Sync that has nothing for the phone is held until its datastore
 * changes or the interval ends (push over Sync). What the phone holds follows its FilterType (window.ts).
 */
import {
  DEFAULT_WINDOW_SIZE,
  elementFromJson,
  elementToJson,
  nameOf,
  readSyncRequest,
  SYNC_STATUS,
  syncCollectionElement,
  syncResponse,
  syncStatusResponse,
  type AsElement,
  type ClientCommand,
  type CommandResponse,
  type FolderDefinition,
  type ServerCommand,
  type ItemFilter,
  type SyncCollectionRequest,
  type SyncRequest,
  sameFilter,
} from '@atomsync/activesync';
import { SyncFailure, type Change, type PhoneOutgoing } from '@atomsync/engine';
import { titleOf } from '@atomsync/items';
import type { ActivesyncDeviceItem, ActivesyncOutboxRow } from '../../store/records.js';
import type { Repositories } from '../../store/store.js';
import { foldersOf, phoneBinding, type PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import { exchange, newServerId, runMode } from './exchange.js';
import { formatOf, type ItemFormat } from './formats.js';
import { readItem, renderItem } from './items.js';
import { cacheOf, completeRequest, mergePartial, readCache, writeCache, type CachedSync } from './cached.js';
import { answerRepeat } from './loop.js';
import { serverCommands } from './render.js';
import { CollectionStateError, newGeneration, pendingOf, readState, syncKeyOf, writeState, type CollectionState } from './state.js';
import { filterOf, inWindow, needsScan, peerItems, reconcileWindow } from './window.js';
import { WipeAskedMeanwhile } from '../wipe.js';

export async function syncCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const planned = await plan(request, body);
  if (typeof planned === 'number') return syncStatusResponse(planned);
  const { sync, cache } = planned;
  const hold = holdOf(request, sync);
  if ('status' in hold) return syncStatusResponse(hold.status, hold.limit);
  // Cached once it is known to be a request we run: the next empty or partial Sync completes from it.
  // Written only when it differs (most phones send the same request every time).
  const written = cache === undefined ? undefined : writeCache(cache);
  if (written !== undefined && written !== request.device.syncRequest) await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { syncRequest: written });
  const phone = await phoneBinding(request);
  const run = async (at: PhoneRequest) => {
    const folders = await foldersOf(at, phone);
    const replies: AsElement[] = [];
    for (const collection of sync.collections) replies.push(await syncCollection(at, phone, folders, collection, sync.windowSize));
    if (replies.length > 0) await at.deps.store.activesync.setLastSync(at.client.accountId, at.client.uuid, at.now);
    return replies;
  };
  let replies = await run(request);
  if (hold.seconds === undefined) return syncResponse(replies);
  // A hanging Sync (Wait / HeartbeatInterval, §3.1.5.4): nothing for the phone now, so the request is
  // held until its collections' datastore changes (through any instance, watch.ts) or the interval ends.
  const deadline = Date.now() + hold.seconds * 1000;
  const peer = phone?.peer.kind === 'datastore' ? [{ accountId: phone.binding.accountId, uuid: phone.peer.uuid }] : [];
  let since = request.now;
  while (quiet(replies, sync) && Date.now() < deadline && request.endpoint.signal?.aborted !== true) {
    const waited = await request.endpoint.watch.wait(peer, since, deadline, request.endpoint.signal, { accountId: request.client.accountId, clientUuid: request.client.uuid });
    if (waited.wipe) throw new WipeAskedMeanwhile();
    if (waited.changed.length === 0) break;
    // Another request of the phone moved a collection on meanwhile (it gave up on this one): running
    // this one again with its old key would tell the phone to start that collection over.
    const keys = await currentKeys(request);
    if (sync.collections.some((c) => keys.get(c.collectionId) !== c.syncKey)) break;
    const again: PhoneRequest = { ...request, now: new Date() };
    since = again.now;
    replies = await run(again);
  }
  return syncResponse(replies);
}

/** The request to run: the body's, or completed from the device's cached one (empty or Partial Sync); a number is the Status that refuses it. */
async function plan(request: PhoneRequest, body: AsElement | null): Promise<{ sync: SyncRequest; cache?: CachedSync } | number> {
  const cached = readCache(request.device.syncRequest);
  if (body === null) {
    // An empty Sync repeats the cached request (§2.2.1.21.1); without one the phone sends it whole (Status 13).
    if (cached === undefined) return SYNC_STATUS.INCOMPLETE_REQUEST;
    const sync = completeRequest(cached, await currentKeys(request));
    return sync.collections.length === 0 ? SYNC_STATUS.INCOMPLETE_REQUEST : { sync };
  }
  const read = readSyncRequest(body);
  if (read.partial) {
    // A Partial Sync completes the cached request (§2.2.3.131); with none there is nothing to complete.
    if (cached === undefined) return SYNC_STATUS.INCOMPLETE_REQUEST;
    const merged = mergePartial(cached, read);
    return { sync: completeRequest(merged, await currentKeys(request), read.collections), cache: merged };
  }
  // A Sync needs Collections or Partial (§2.2.3.131).
  if (!read.hasCollections) return SYNC_STATUS.INCOMPLETE_REQUEST;
  return { sync: read, cache: cacheOf(read) };
}

async function currentKeys(request: PhoneRequest): Promise<Map<string, string>> {
  const rows = await request.deps.store.activesyncDevices.collections(request.client.accountId, request.client.uuid);
  return new Map(rows.map((r) => [r.collectionId, r.syncKey]));
}

/**
 * How long the Sync may be held: Wait is minutes (1–59, MS-ASCMD §2.2.3.198), HeartbeatInterval
 * seconds, both within the endpoint's heartbeat bounds (those of Ping); out of range is Status 14
 * with the Limit the server takes, both at once Status 4.
 */
function holdOf(request: PhoneRequest, sync: SyncRequest): { seconds?: number } | { status: number; limit?: number } {
  const { minHeartbeat, maxHeartbeat } = request.endpoint.ping;
  if (sync.wait !== undefined && sync.heartbeatInterval !== undefined) return { status: SYNC_STATUS.PROTOCOL_ERROR };
  if (sync.wait !== undefined) {
    const min = Math.max(1, Math.ceil(minHeartbeat / 60));
    const max = Math.min(59, Math.floor(maxHeartbeat / 60));
    if (sync.wait < min) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: min };
    if (sync.wait > max) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: max };
    return { seconds: sync.wait * 60 };
  }
  if (sync.heartbeatInterval !== undefined) {
    if (sync.heartbeatInterval < minHeartbeat) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: minHeartbeat };
    if (sync.heartbeatInterval > maxHeartbeat) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: maxHeartbeat };
    return { seconds: sync.heartbeatInterval };
  }
  return {};
}

/** Every collection answered OK with its key unchanged and nothing in it: the phone has nothing to take. */
function quiet(replies: readonly AsElement[], sync: SyncRequest): boolean {
  return replies.every((reply, i) => {
    const names = (reply.children ?? []).map(nameOf);
    const text = (name: string) => reply.children?.find((c) => nameOf(c) === name)?.text;
    return (
      text('AirSync:Status') === String(SYNC_STATUS.OK) &&
      text('AirSync:SyncKey') === sync.collections[i]?.syncKey &&
      !names.some((n) => n === 'AirSync:Commands' || n === 'AirSync:Responses' || n === 'AirSync:MoreAvailable')
    );
  });
}

/** A reply of only a status (the key as the phone sent it). */
function statusOnly(request: PhoneRequest, c: SyncCollectionRequest, status: number, folder?: FolderDefinition): AsElement {
  return syncCollectionElement({ ...classOf(request, folder), syncKey: c.syncKey, collectionId: c.collectionId, status });
}

/** 2.5 echoes the collection's class. */
function classOf(request: PhoneRequest, folder: FolderDefinition | undefined): { className?: string } {
  return request.line.protocolVersion === '2.5' && folder !== undefined ? { className: folder.className } : {};
}

function bodyPreferenceOf(c: SyncCollectionRequest): CollectionState['bodyPreference'] {
  const preference = c.options.bodyPreferences.find((p) => p.type === 1) ?? c.options.bodyPreferences[0];
  if (preference === undefined) return undefined;
  return { type: preference.type as 1 | 2 | 3 | 4, ...(preference.truncationSize === undefined ? {} : { truncationSize: preference.truncationSize }) };
}

async function syncCollection(request: PhoneRequest, phone: PhoneBinding | undefined, folders: readonly FolderDefinition[], c: SyncCollectionRequest, windowSize: number | undefined): Promise<AsElement> {
  const folder = folders.find((f) => f.serverId === c.collectionId);
  const format = folder === undefined ? undefined : formatOf(folder.className);
  // A folder the phone was not given (or no longer has): it runs FolderSync first.
  if (phone === undefined || folder === undefined || format === undefined) {
    request.log.info({ collectionId: c.collectionId, bound: phone !== undefined }, 'ActiveSync Sync of a folder the phone does not have');
    return statusOnly(request, c, SYNC_STATUS.FOLDER_HIERARCHY_CHANGED);
  }
  const devices = request.deps.store.activesyncDevices;
  const { accountId, uuid: clientUuid } = request.client;
  if (c.syncKey === '0') return startCollection(request, folder, c);

  const row = await devices.collection(accountId, clientUuid, c.collectionId);
  const repeat = row !== undefined && row.previousKey === c.syncKey && row.lastReply !== null;
  if (row === undefined || (!repeat && row.syncKey !== c.syncKey)) return statusOnly(request, c, SYNC_STATUS.INVALID_SYNC_KEY, folder);
  let state: CollectionState;
  try {
    state = readState(row.state);
  } catch (error) {
    if (!(error instanceof CollectionStateError)) throw error;
    request.log.warn({ collectionId: c.collectionId, fault: error.message }, 'ActiveSync collection state unreadable: the phone starts the collection again');
    return statusOnly(request, c, SYNC_STATUS.INVALID_SYNC_KEY, folder);
  }
  // Our reply was lost (the same again, nothing applied twice), or the phone keeps failing on it (loop.ts).
  if (repeat) return answerRepeat(request, phone, format, { ...row, lastReply: row.lastReply! }, state);
  // Options may come with any request; a phone that sends none keeps those it set.
  const bodyPreference = bodyPreferenceOf(c) ?? state.bodyPreference;
  const filterChanged = c.options.filterType !== undefined && !sameFilter(state.className, c.options.filterType, state.filterType);
  state = { ...state, ...(bodyPreference === undefined ? {} : { bodyPreference }), ...(c.options.filterType === undefined ? {} : { filterType: c.options.filterType }) };
  const filter = filterOf(state, request.now);
  // A changed FilterType moves only the items across its edge (no resync); time moves a calendar's window too.
  const scan = needsScan(filter, state, filterChanged, request.now);
  const peer = filterChanged && !state.initial ? await peerItems(request, phone, format) : undefined;

  const incoming = await readCommands(request, format, state, c.collectionId, c.commands);
  const window = Math.max(1, c.windowSize ?? windowSize ?? DEFAULT_WINDOW_SIZE);
  const queued = pendingOf(state, await devices.outboxSize(accountId, clientUuid, c.collectionId));
  const next: CollectionState = {
    ...state,
    initial: false,
    counter: state.counter + 1,
    replays: 0,
    sentThrough: undefined,
    sentCount: 0,
    ...(scan || state.initial ? { agedAt: request.now.getTime() } : {}),
  };
  let reply: AsElement | undefined;
  const finish = async (tx: Repositories): Promise<AsElement> => {
    const txDevices = tx.activesyncDevices;
    // Another request of the phone with this key may have been answered while this one waited for
    // the binding's turn: then nothing of this one is written (the run rolls back).
    const current = await txDevices.collection(accountId, clientUuid, c.collectionId);
    if (current?.syncKey !== row.syncKey) throw new SyncFailure('the collection moved on while this request waited (the phone sent it twice at once)');
    if (incoming.remember.length > 0) await txDevices.putItems(accountId, clientUuid, c.collectionId, incoming.remember);
    if (incoming.forget.length > 0) await txDevices.removeItems(accountId, clientUuid, c.collectionId, incoming.forget);
    // The phone sent the key of our last reply: it has that reply's changes.
    if (state.sentThrough !== undefined) await txDevices.dropOutbox(accountId, clientUuid, c.collectionId, state.sentThrough);
    if (scan) await reconcileWindow(tx, request, phone, format, c.collectionId, filter, peer);
    let commands: ServerCommand[] = [];
    let moreAvailable = false;
    let sending: ActivesyncOutboxRow[] = [];
    if (c.getChanges) {
      const rows = await txDevices.peekOutbox(accountId, clientUuid, c.collectionId, window + 1);
      moreAvailable = rows.length > window;
      sending = rows.slice(0, window);
      commands = serverCommands(request, format, next, sending);
    }
    const moved = sending.length > 0 || incoming.responses.length > 0 || incoming.sent.length > 0 || state.initial;
    const built = syncCollectionElement({
      ...classOf(request, folder),
      syncKey: moved ? syncKeyOf(next) : row.syncKey,
      collectionId: c.collectionId,
      status: SYNC_STATUS.OK,
      moreAvailable,
      commands,
      responses: incoming.responses,
    });
    // Nothing moved: the key stays, and so there is no reply to send again.
    const kept: CollectionState = moved ? { ...next, ...(sending.length > 0 ? { sentThrough: sending.at(-1)!.seq, sentCount: sending.length } : {}) } : { ...next, counter: state.counter };
    await txDevices.saveCollection(
      {
        accountId,
        clientUuid,
        collectionId: c.collectionId,
        syncKey: syncKeyOf(kept),
        previousKey: moved ? c.syncKey : null,
        lastReply: moved ? JSON.stringify(elementToJson(built)) : null,
        state: writeState(kept),
      },
      request.now,
    );
    return built;
  };

  const runEngine = incoming.sent.length > 0 || state.initial || (c.getChanges && queued === 0);
  if (!runEngine) return request.deps.store.transaction(finish);
  const log = await exchange(request, {
    phone,
    format,
    sent: incoming.sent,
    mode: runMode(phone, state.initial, incoming.sent.some((s) => s.op === 'upsert')),
    anchor: syncKeyOf(next),
    onCommit: async (tx, outgoing) => {
      await queue(tx, request, c.collectionId, outgoing, filter);
      reply = await finish(tx);
    },
  });
  if (log.result !== 'completed' || reply === undefined) {
    // The same request, answered meanwhile: its answer.
    const now = await devices.collection(accountId, clientUuid, c.collectionId);
    if (now !== undefined && now.previousKey === c.syncKey && now.lastReply !== null) return elementFromJson(JSON.parse(now.lastReply));
    // Nothing was written: the phone keeps its changes and sends them again with the same key.
    request.log.warn({ collectionId: c.collectionId, bindingId: phone.binding.id, reason: log.reason }, 'ActiveSync Sync: the binding run failed');
    return statusOnly(request, c, SYNC_STATUS.SERVER_ERROR, folder);
  }
  return reply;
}

/** SyncKey 0: the collection starts again — its queue and what the phone held are forgotten, the next run refreshes it. */
async function startCollection(request: PhoneRequest, folder: FolderDefinition, c: SyncCollectionRequest): Promise<AsElement> {
  const { accountId, uuid: clientUuid } = request.client;
  const bodyPreference = bodyPreferenceOf(c);
  const state: CollectionState = {
    className: folder.className,
    ...(c.supported === undefined ? {} : { supported: c.supported }),
    ...(bodyPreference === undefined ? {} : { bodyPreference }),
    ...(c.options.filterType === undefined ? {} : { filterType: c.options.filterType }),
    initial: true,
    generation: newGeneration(),
    counter: 1,
  };
  const reply = syncCollectionElement({ ...classOf(request, folder), syncKey: syncKeyOf(state), collectionId: c.collectionId, status: SYNC_STATUS.OK });
  await request.deps.store.transaction(async (tx) => {
    await tx.activesyncDevices.resetCollection(accountId, clientUuid, c.collectionId);
    await tx.activesyncDevices.saveCollection(
      { accountId, clientUuid, collectionId: c.collectionId, syncKey: syncKeyOf(state), previousKey: '0', lastReply: JSON.stringify(elementToJson(reply)), state: writeState(state) },
      request.now,
    );
  });
  return reply;
}

interface Incoming {
  /** The phone's changes, for the engine. */
  readonly sent: Change[];
  readonly responses: CommandResponse[];
  /** Items the phone now holds as written here. */
  readonly remember: ActivesyncDeviceItem[];
  /** Items the phone no longer holds. */
  readonly forget: string[];
}

async function readCommands(request: PhoneRequest, format: ItemFormat, state: CollectionState, collectionId: string, commands: readonly ClientCommand[]): Promise<Incoming> {
  const incoming: Incoming = { sent: [], responses: [], remember: [], forget: [] };
  if (commands.length === 0) return incoming;
  const { accountId, uuid: clientUuid } = request.client;
  const ids = commands.flatMap((c) => (c.kind === 'Add' ? [] : [c.serverId]));
  const held = await request.deps.store.activesyncDevices.items(accountId, clientUuid, collectionId, ids);
  const version = request.line.protocolVersion;
  const dataclass = format.itemDataclasses[0]!;
  for (const command of commands) {
    switch (command.kind) {
      case 'Add': {
        try {
          const body = readItem(format, command.data, state, version);
          const serverId = newServerId();
          incoming.sent.push({ op: 'upsert', item: { id: serverId, dataclass, type: format.type, title: titleOf(dataclass, body), body } });
          incoming.remember.push({ serverId, dataclass, body });
          incoming.responses.push({ kind: 'Add', clientId: command.clientId, serverId, status: SYNC_STATUS.OK });
        } catch (error) {
          request.log.warn({ clientId: command.clientId, fault: String(error) }, 'ActiveSync Add refused: its data does not convert');
          incoming.responses.push({ kind: 'Add', clientId: command.clientId, status: SYNC_STATUS.CONVERSION_ERROR });
        }
        break;
      }
      case 'Change': {
        const previous = held.get(command.serverId);
        if (previous === undefined) {
          incoming.responses.push({ kind: 'Change', serverId: command.serverId, status: SYNC_STATUS.OBJECT_NOT_FOUND });
          break;
        }
        try {
          const body = readItem(format, command.data, state, version, previous.body);
          incoming.sent.push({ op: 'upsert', item: { id: command.serverId, dataclass: previous.dataclass, type: format.type, title: titleOf(previous.dataclass, body), body } });
          incoming.remember.push({ serverId: command.serverId, dataclass: previous.dataclass, body });
        } catch (error) {
          request.log.warn({ serverId: command.serverId, fault: String(error) }, 'ActiveSync Change refused: its data does not convert');
          incoming.responses.push({ kind: 'Change', serverId: command.serverId, status: SYNC_STATUS.CONVERSION_ERROR });
        }
        break;
      }
      case 'Delete': {
        const previous = held.get(command.serverId);
        if (previous === undefined) {
          incoming.responses.push({ kind: 'Delete', serverId: command.serverId, status: SYNC_STATUS.OBJECT_NOT_FOUND });
          break;
        }
        incoming.sent.push({ op: 'delete', id: command.serverId, dataclass: previous.dataclass });
        incoming.forget.push(command.serverId);
        break;
      }
      case 'Fetch': {
        const previous = held.get(command.serverId);
        if (previous === undefined) {
          incoming.responses.push({ kind: 'Fetch', serverId: command.serverId, status: SYNC_STATUS.OBJECT_NOT_FOUND });
          break;
        }
        try {
          incoming.responses.push({ kind: 'Fetch', serverId: command.serverId, status: SYNC_STATUS.OK, data: renderItem(format, previous.body, state, version) });
        } catch (error) {
          request.log.warn({ serverId: command.serverId, fault: String(error) }, 'ActiveSync Fetch: the item does not convert');
          incoming.responses.push({ kind: 'Fetch', serverId: command.serverId, status: SYNC_STATUS.CONVERSION_ERROR });
        }
        break;
      }
    }
  }
  return incoming;
}

/**
 * The engine's changes for the phone: queued, and what the phone will hold remembered, in the run's
 * transaction — through the FilterType's window: an add outside it is neither queued nor
 * remembered; a change of an item the phone does not hold is an Add when it is now inside, else
 * nothing; a change taking a held item outside is a SoftDelete; a delete of an item the phone does
 * not hold is nothing.
 */
async function queue(tx: Repositories, request: PhoneRequest, collectionId: string, outgoing: readonly PhoneOutgoing[], filter: ItemFilter): Promise<void> {
  if (outgoing.length === 0) return;
  const { accountId, uuid: clientUuid } = request.client;
  // Without a filter the phone holds every item of the binding: no need to ask which.
  const held = filter.kind === 'all' ? undefined : await tx.activesyncDevices.items(accountId, clientUuid, collectionId, outgoing.flatMap((o) => (o.change.op === 'add' ? [] : [o.change.id])));
  const rows: Omit<ActivesyncOutboxRow, 'seq'>[] = [];
  const remember: ActivesyncDeviceItem[] = [];
  const forget: string[] = [];
  for (const { change, assignedId } of outgoing) {
    if (change.op === 'add') {
      if (!inWindow(filter, change.item.body)) continue;
      const serverId = assignedId ?? newServerId();
      rows.push({ op: 'add', serverId, dataclass: change.item.dataclass, body: change.item.body });
      remember.push({ serverId, dataclass: change.item.dataclass, body: change.item.body });
    } else if (change.op === 'replace') {
      const holds = held === undefined || held.has(change.id);
      const inside = inWindow(filter, change.item.body);
      if (inside) {
        rows.push({ op: holds ? 'replace' : 'add', serverId: change.id, dataclass: change.item.dataclass, body: change.item.body });
        remember.push({ serverId: change.id, dataclass: change.item.dataclass, body: change.item.body });
      } else if (holds) {
        rows.push({ op: 'softdelete', serverId: change.id, dataclass: change.item.dataclass, body: '' });
        forget.push(change.id);
      }
    } else if (held === undefined || held.has(change.id)) {
      rows.push({ op: 'delete', serverId: change.id, dataclass: change.dataclass, body: '' });
      forget.push(change.id);
    }
  }
  if (rows.length > 0) await tx.activesyncDevices.appendOutbox(accountId, clientUuid, collectionId, rows);
  if (remember.length > 0) await tx.activesyncDevices.putItems(accountId, clientUuid, collectionId, remember);
  if (forget.length > 0) await tx.activesyncDevices.removeItems(accountId, clientUuid, collectionId, forget);
}

/**
 * The Sync command's glue: per collection, the rows the step needs are read, @atomsync/activesync's
 * step (sync/step.ts there) says the reply, the next state and the writes, the binding is run with
 * the phone as one side when the step asks, and everything is written in the run's one transaction.
 * Every status and SyncKey is the step's; what is here is reading, running and writing.
 *
 * An empty Sync repeats the device's cached request and a Partial one completes it (planSync);
 * with Wait or HeartbeatInterval a Sync that has nothing for the phone is held until its datastore
 * changes or the interval ends (push over Sync). What the phone holds follows its FilterType (window.ts).
 */
import {
  closeCollection,
  completeSync,
  cacheToWrite,
  failedRun,
  heldIdsOf,
  openCollection,
  outboxHeldIds,
  outboxOf,
  planSync,
  readCache,
  readSyncRequest,
  syncHold,
  syncResponse,
  syncStatusResponse,
  type AsElement,
  type CollectionReply,
  type EngineOutgoing,
  type FolderDefinition,
  type RunPlan,
  type SyncCollectionRequest,
  type SyncRequest,
} from '@atomsync/activesync';
import { SyncFailure } from '@atomsync/engine';
import type { Repositories } from '@atomsync/store';
import { foldersOf, phoneBinding, type PhoneBinding } from '../binding.js';
import type { PhoneRequest } from '../context.js';
import { exchange, ids } from './exchange.js';
import { repeatCollection } from './loop.js';
import { peerItems, reconcileWindow } from './window.js';
import { logFaults, writeOutbox } from './writes.js';
import { WipeAskedMeanwhile } from '../wipe.js';

export async function syncCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const planned = await plan(request, body);
  if ('status' in planned) return syncStatusResponse(planned.status);
  const { sync, cache } = planned;
  const hold = syncHold(sync, request.endpoint.ping);
  if ('status' in hold) return syncStatusResponse(hold.status, hold.limit);
  // Cached once it is known to be a request we run: the next empty or partial Sync completes from it.
  const written = cacheToWrite(cache, request.device.syncRequest);
  if (written !== undefined) await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { syncRequest: written });
  const phone = await phoneBinding(request);
  const run = async (at: PhoneRequest) => {
    const folders = await foldersOf(at, phone);
    const replies: CollectionReply[] = [];
    for (const collection of sync.collections) replies.push(await syncCollection(at, phone, folders, collection, sync.windowSize));
    if (replies.length > 0) await at.deps.store.activesync.setLastSync(at.client.accountId, at.client.uuid, at.now);
    return replies;
  };
  let replies = await run(request);
  if (hold.seconds === undefined) return syncResponse(replies.map((r) => r.element));
  // A hanging Sync (Wait / HeartbeatInterval, §3.1.5.4): nothing for the phone now, so the request is
  // held until its collections' datastore changes (through any instance, watch.ts) or the interval ends.
  const deadline = Date.now() + hold.seconds * 1000;
  const peer = phone?.peer.kind === 'datastore' ? [{ accountId: phone.binding.accountId, uuid: phone.peer.uuid }] : [];
  let since = request.now;
  while (replies.every((r) => r.quiet) && Date.now() < deadline && request.endpoint.signal?.aborted !== true) {
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
  return syncResponse(replies.map((r) => r.element));
}

/** The request to run (planSync), its collections' current keys read when it is completed from the cache. */
async function plan(request: PhoneRequest, body: AsElement | null): Promise<{ sync: SyncRequest; cache?: ReturnType<typeof readCache> } | { status: number }> {
  const planned = planSync(body === null ? null : readSyncRequest(body), readCache(request.device.syncRequest));
  switch (planned.kind) {
    case 'refuse':
      return { status: planned.status };
    case 'run':
      return { sync: planned.sync, cache: planned.cache };
    case 'complete': {
      const completed = completeSync(planned, await currentKeys(request));
      return 'status' in completed ? completed : { sync: completed.sync, ...(planned.cache === undefined ? {} : { cache: planned.cache }) };
    }
  }
}

async function currentKeys(request: PhoneRequest): Promise<Map<string, string>> {
  const rows = await request.deps.store.activesyncDevices.collections(request.client.accountId, request.client.uuid);
  return new Map(rows.map((r) => [r.collectionId, r.syncKey]));
}

async function syncCollection(request: PhoneRequest, phone: PhoneBinding | undefined, folders: readonly FolderDefinition[], c: SyncCollectionRequest, windowSize: number | undefined): Promise<CollectionReply> {
  const devices = request.deps.store.activesyncDevices;
  const { accountId, uuid: clientUuid } = request.client;
  const folder = phone === undefined ? undefined : folders.find((f) => f.serverId === c.collectionId);
  const row = folder === undefined || c.syncKey === '0' ? undefined : await devices.collection(accountId, clientUuid, c.collectionId);
  const heldIds = row === undefined ? [] : heldIdsOf(c);
  const opened = openCollection({
    request: c,
    version: request.line.protocolVersion,
    folder,
    row,
    held: heldIds.length === 0 ? new Map() : await devices.items(accountId, clientUuid, c.collectionId, heldIds),
    queued: row === undefined ? 0 : await devices.outboxSize(accountId, clientUuid, c.collectionId),
    windowSize,
    side: phone?.side ?? 'source',
    now: request.now,
    ids,
  });
  switch (opened.kind) {
    case 'answer':
      logFaults(request, opened.faults);
      return opened.reply;
    case 'start':
      await request.deps.store.transaction(async (tx) => {
        await tx.activesyncDevices.resetCollection(accountId, clientUuid, c.collectionId);
        await tx.activesyncDevices.saveCollection({ accountId, clientUuid, collectionId: c.collectionId, ...opened.save }, request.now);
      });
      return opened.reply;
    case 'repeat':
      return repeatCollection(request, phone!, c.collectionId, row!, opened);
    case 'run':
      logFaults(request, opened.faults);
      return runCollection(request, phone!, opened.plan);
  }
}

/** The step's plan carried out: its writes, the engine's run when it asks for one, the reply — in one transaction. */
async function runCollection(request: PhoneRequest, phone: PhoneBinding, plan: RunPlan): Promise<CollectionReply> {
  const { accountId, uuid: clientUuid } = request.client;
  const { collectionId, format } = plan;
  const peer = plan.widen ? await peerItems(request, phone, format) : undefined;
  let reply: CollectionReply | undefined;
  const finish = async (tx: Repositories): Promise<CollectionReply> => {
    const txDevices = tx.activesyncDevices;
    // Another request of the phone with this key may have been answered while this one waited for
    // the binding's turn: then nothing of this one is written (the run rolls back).
    const current = await txDevices.collection(accountId, clientUuid, collectionId);
    if (current?.syncKey !== plan.expectKey) throw new SyncFailure('the collection moved on while this request waited (the phone sent it twice at once)');
    await writeOutbox(tx, request, collectionId, plan.incoming);
    if (plan.dropThrough !== undefined) await txDevices.dropOutbox(accountId, clientUuid, collectionId, plan.dropThrough);
    if (plan.scan) await reconcileWindow(tx, request, phone, format, collectionId, plan.filter, peer);
    const peeked = plan.peek === undefined ? [] : await txDevices.peekOutbox(accountId, clientUuid, collectionId, plan.peek);
    const closed = closeCollection(plan, peeked);
    logFaults(request, closed.faults);
    await txDevices.saveCollection({ accountId, clientUuid, collectionId, ...closed.save }, request.now);
    return closed.reply;
  };
  if (plan.engine === undefined) return request.deps.store.transaction(finish);
  const log = await exchange(request, {
    phone,
    format,
    sent: plan.incoming.sent,
    mode: plan.engine.mode,
    anchor: plan.engine.anchor,
    onCommit: async (tx, outgoing) => {
      await queue(tx, request, plan, outgoing);
      reply = await finish(tx);
    },
  });
  if (log.result === 'completed' && reply !== undefined) return reply;
  const failed = failedRun(plan, await request.deps.store.activesyncDevices.collection(accountId, clientUuid, collectionId), log.reason ?? undefined);
  logFaults(request, failed.faults.map((f) => ({ ...f, detail: { ...f.detail, bindingId: phone.binding.id } })));
  return failed.reply;
}

/** The engine's changes for the phone through the outbox decisions, in the run's transaction. */
async function queue(tx: Repositories, request: PhoneRequest, plan: RunPlan, outgoing: readonly EngineOutgoing[]): Promise<void> {
  if (outgoing.length === 0) return;
  const ids_ = outboxHeldIds(plan.filter, outgoing);
  const held = ids_ === undefined ? undefined : new Set((await tx.activesyncDevices.items(request.client.accountId, request.client.uuid, plan.collectionId, ids_)).keys());
  await writeOutbox(tx, request, plan.collectionId, outboxOf(outgoing, plan.filter, held, ids.serverId));
}

/**
 * Handlers of external data, SyncML and ActiveSync clients: thin, over services/clients.ts (rules
 * and multi-row writes) and services/client-entries.ts (record → entry). Another account's client
 * is 404 exactly like a missing one, and absent from lists (the store is keyed by account).
 */
import type { CatalogueRepo } from '@atomsync/store';
import type { SyncmlClientRecord } from '@atomsync/store';
import { ServiceError } from '../errors.js';
import { activesyncEntry, extdataEntry, syncmlEntry } from './client-entries.js';
import {
  changeActivesyncPassword,
  createActivesyncClient,
  createExtdataClient,
  createSyncmlClient,
  deleteClient,
  updateExtdataClient,
} from '../services/clients.js';
import { deviceViewOf, deviceViews, requestWipe, viewOfRecord } from '../services/activesync-devices.js';
import { isUuid } from '../services/validation.js';
import { caller, feedOf } from './atom.js';
import type { HandlerGroup } from './deps.js';

const KIND_NAMES = { extdata: 'external data client', syncml: 'SyncML client', activesync: 'ActiveSync client' } as const;

/** The message names no identifier: an answer about another account's object must not differ from a missing one's in anything. */
function notFound(kind: keyof typeof KIND_NAMES): ServiceError {
  return new ServiceError(404, 'not_found', `there is no such ${KIND_NAMES[kind]} in your account`);
}

/** The record, or 404 (a path uuid that is not a uuid names nothing). */
async function found<T>(kind: keyof typeof KIND_NAMES, uuid: string, get: () => Promise<T | undefined>): Promise<T> {
  const record = isUuid(uuid) ? await get() : undefined;
  if (record === undefined) throw notFound(kind);
  return record;
}

/** Deletes the client with `remove` (false: none of the caller's), or 404. */
async function removed(kind: keyof typeof KIND_NAMES, uuid: string, remove: () => Promise<boolean>): Promise<void> {
  if (!isUuid(uuid) || !(await remove())) throw notFound(kind);
}

/** Model names of the clients' models, one catalogue lookup per distinct model. */
async function modelNames(catalogue: CatalogueRepo, clients: readonly SyncmlClientRecord[]): Promise<Map<string, string | undefined>> {
  const uuids = [...new Set(clients.map((c) => c.modelUuid))];
  const models = await Promise.all(uuids.map((uuid) => catalogue.getModel(uuid)));
  return new Map(uuids.map((uuid, i) => [uuid, models[i]?.name]));
}

export const clientsHandlers: HandlerGroup = ({ store, secrets }) => ({
  // ---- external data clients ----------------------------------------------------------------
  async listExtdataClients(_input, ctx) {
    const clients = await store.extdata.list(caller(ctx).id);
    return feedOf(ctx, '/v2/services/extdata/', 'External data clients', clients.map((c) => extdataEntry(ctx, c)));
  },
  async createExtdataClient({ body }, ctx) {
    return extdataEntry(ctx, await createExtdataClient(store, secrets, caller(ctx), body.client));
  },
  async getExtdataClient({ path }, ctx) {
    const id = caller(ctx).id;
    return extdataEntry(ctx, await found('extdata', path.clientUuid, () => store.extdata.get(id, path.clientUuid)));
  },
  async updateExtdataClient({ path, body }, ctx) {
    const account = caller(ctx);
    const updated = await found('extdata', path.clientUuid, () => updateExtdataClient(store, secrets, account, path.clientUuid, body.client));
    return extdataEntry(ctx, updated);
  },
  async deleteExtdataClient({ path }, ctx) {
    const id = caller(ctx).id;
    await removed('extdata', path.clientUuid, () => deleteClient(store, id, 'extdata', path.clientUuid));
  },

  // ---- SyncML clients (no PUT: the pipeline answers 405 with Allow: GET, DELETE) -------------
  async listSyncmlClients(_input, ctx) {
    const clients = await store.syncml.list(caller(ctx).id);
    const names = await modelNames(store.catalogue, clients);
    return feedOf(ctx, '/v2/services/syncml/', 'SyncML clients', clients.map((c) => syncmlEntry(ctx, c, names.get(c.modelUuid))));
  },
  async createSyncmlClient({ body }, ctx) {
    const { client, model } = await createSyncmlClient(store, caller(ctx), body.client);
    return syncmlEntry(ctx, client, model.name);
  },
  async getSyncmlClient({ path }, ctx) {
    const id = caller(ctx).id;
    const client = await found('syncml', path.clientUuid, () => store.syncml.get(id, path.clientUuid));
    return syncmlEntry(ctx, client, (await store.catalogue.getModel(client.modelUuid))?.name);
  },
  async deleteSyncmlClient({ path }, ctx) {
    const id = caller(ctx).id;
    await removed('syncml', path.clientUuid, () => deleteClient(store, id, 'syncml', path.clientUuid));
  },

  // ---- ActiveSync clients -------------------------------------------------------------------
  async listActivesyncClients(_input, ctx) {
    const id = caller(ctx).id;
    const [clients, devices] = await Promise.all([store.activesync.list(id), deviceViews(store, id)]);
    return feedOf(ctx, '/v2/services/activesync/', 'ActiveSync clients', clients.map((c) => activesyncEntry(ctx, c, devices.get(c.uuid))));
  },
  async createActivesyncClient({ body }, ctx) {
    return activesyncEntry(ctx, await createActivesyncClient(store, caller(ctx), body.client));
  },
  async getActivesyncClient({ path }, ctx) {
    const id = caller(ctx).id;
    const client = await found('activesync', path.clientUuid, () => store.activesync.get(id, path.clientUuid));
    return activesyncEntry(ctx, client, await deviceViewOf(store, id, client.uuid));
  },
  async updateActivesyncClient({ path, body }, ctx) {
    const account = caller(ctx);
    const updated = await found('activesync', path.clientUuid, () => changeActivesyncPassword(store, account, path.clientUuid, body.client));
    return activesyncEntry(ctx, updated, await deviceViewOf(store, account.id, updated.uuid));
  },
  async wipeActivesyncDevice({ path, body }, ctx) {
    const id = caller(ctx).id;
    const client = await found('activesync', path.clientUuid, () => store.activesync.get(id, path.clientUuid));
    const asked = await requestWipe(store, id, client.uuid, body.wipe?.scope ?? 'device', new Date());
    ctx.log.info({ client: client.uuid, scope: body.wipe?.scope ?? 'device' }, 'ActiveSync client: remote wipe requested');
    // The answer shows the record as the ask wrote it (nothing in it can fail to be written: deviceView).
    return activesyncEntry(ctx, client, await viewOfRecord(store, asked));
  },
  async cancelActivesyncWipe({ path }, ctx) {
    const id = caller(ctx).id;
    const client = await found('activesync', path.clientUuid, () => store.activesync.get(id, path.clientUuid));
    // No device, or no wipe: nothing to cancel, and the answer is the entry as it is.
    await store.activesyncDevices.cancelWipe(id, client.uuid);
    return activesyncEntry(ctx, client, await deviceViewOf(store, id, client.uuid));
  },
  async deleteActivesyncClient({ path }, ctx) {
    const id = caller(ctx).id;
    await removed('activesync', path.clientUuid, () => deleteClient(store, id, 'activesync', path.clientUuid));
  },
});

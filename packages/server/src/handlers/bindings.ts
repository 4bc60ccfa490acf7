/**
 * Handlers of sync-engine bindings, phone-to-datastore bindings, synchronization runs and the sync
 * log, over services/bindings.ts (rules, transactions), services/synchronization.ts (a run: the
 * engine, its connectors, the run lock) and handlers/binding-entries.ts (record → entry).
 */
import { ServiceError } from '../errors.js';
import { bindingEntry, phoneBindingEntry, syncLogEntry } from './binding-entries.js';
import { createBinding, createPhoneDatastoreBinding, updateBinding } from '../services/bindings.js';
import { runBinding } from '../services/synchronization.js';
import { isStoreId } from '../services/validation.js';
import { caller, feedOf } from './atom.js';
import type { HandlerGroup } from './deps.js';

/**
 * The record, or 404 not_found: another account's exactly as a missing one (the message names no
 * id); an id out of range names nothing.
 */
async function found<T>(what: string, id: number, get: () => Promise<T | undefined>): Promise<T> {
  const record = isStoreId(id) ? await get() : undefined;
  if (record === undefined) throw new ServiceError(404, 'not_found', `there is no such ${what} in your account`);
  return record;
}

export const bindingsHandlers: HandlerGroup = ({ store, secrets, runs, oauthClients }) => {
  return {
    // ---- sync-engine bindings -----------------------------------------------------------------
    async listBindings(_input, ctx) {
      const bindings = await store.bindings.list(caller(ctx).id);
      return feedOf(ctx, '/v2/syncengine/', 'Sync bindings', bindings.map((b) => bindingEntry(ctx, b)));
    },
    async createBinding({ body }, ctx) {
      return bindingEntry(ctx, await createBinding(store, caller(ctx), body));
    },
    async getBinding({ path }, ctx) {
      const id = caller(ctx).id;
      return bindingEntry(ctx, await found('binding', path.bindingId, () => store.bindings.get(id, path.bindingId)));
    },
    async updateBinding({ path, body }, ctx) {
      const account = caller(ctx);
      return bindingEntry(ctx, await found('binding', path.bindingId, () => updateBinding(store, account, path.bindingId, body)));
    },
    async deleteBinding({ path }, ctx) {
      const id = caller(ctx).id;
      if (!isStoreId(path.bindingId) || !(await store.bindings.delete(id, path.bindingId))) {
        throw new ServiceError(404, 'not_found', 'there is no such binding in your account');
      }
    },

    // ---- synchronization runs and their log ---------------------------------------------------
    async synchronize({ path, body }, ctx) {
      const account = caller(ctx);
      const binding = await found('binding', path.bindingId, () => store.bindings.get(account.id, path.bindingId));
      const run = { account, binding, mode: body.syncMode, dataclass: body.dataclass, atOnce: true };
      return syncLogEntry(ctx, await runBinding({ store, secrets, runs, oauthClients, log: ctx.log }, run));
    },
    async listSyncLog(_input, ctx) {
      const entries = await store.syncLog.list(caller(ctx).id);
      return feedOf(ctx, '/v2/syncengine/synchronization/', 'Synchronizations', entries.map((e) => syncLogEntry(ctx, e)));
    },
    async listBindingSyncLog({ path }, ctx) {
      const id = caller(ctx).id;
      const binding = await found('binding', path.bindingId, () => store.bindings.get(id, path.bindingId));
      const entries = await store.syncLog.list(id, binding.id);
      return feedOf(ctx, `/v2/syncengine/${binding.id}/synchronization/`, `Synchronizations of binding ${binding.id}`, entries.map((e) => syncLogEntry(ctx, e)));
    },
    async getSyncLogEntry({ path }, ctx) {
      const id = caller(ctx).id;
      return syncLogEntry(ctx, await found('synchronization log entry', path.logId, () => store.syncLog.get(id, path.logId)));
    },

    // ---- phone-to-datastore bindings ----------------------------------------------------------
    async listPhoneDatastoreBindings(_input, ctx) {
      const bindings = await store.phoneBindings.list(caller(ctx).id);
      return feedOf(ctx, '/v2/syncengine/phone_datastore_bindings/', 'Phone-to-datastore bindings', bindings.map((b) => phoneBindingEntry(ctx, b)));
    },
    async createPhoneDatastoreBinding({ body }, ctx) {
      const binding = await createPhoneDatastoreBinding(store, caller(ctx), body);
      // The seed: the create answers with an Allow header listing the methods of the collection.
      ctx.event.res.headers.set('allow', 'GET, HEAD, POST');
      return phoneBindingEntry(ctx, binding);
    },
  };
};

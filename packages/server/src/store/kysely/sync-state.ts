/** The sync engine's state of a binding (id map, anchors) and its run lock. PLACEHOLDER. */
import type { SyncLockRepo, SyncStateRepo } from '../store.js';
import type { StoreContext } from './context.js';

export function syncStateRepo(_ctx: StoreContext): SyncStateRepo {
  return {
    async load() {
      throw new Error('sync state: not built yet');
    },
    async save() {
      throw new Error('sync state: not built yet');
    },
  };
}

export function syncLockRepo(_ctx: StoreContext): SyncLockRepo {
  return {
    async acquire() {
      throw new Error('sync locks: not built yet');
    },
    async renew() {
      throw new Error('sync locks: not built yet');
    },
    async release() {
      throw new Error('sync locks: not built yet');
    },
  };
}

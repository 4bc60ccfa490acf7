/** What every store test needs: a fresh store per test and a few accounts in it. */
import { afterEach, beforeEach } from 'vitest';
import type { AccountRecord } from '../src/records.js';
import type { ClientKey, Store } from '../src/store.js';
import { openTestStore, type StoreKind } from '../../server/test/support/stores.js';

/** A fresh, empty store of `kind` for each test of the enclosing describe. */
export function useStore(kind: StoreKind): () => Store {
  let store: Store | undefined;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
  return () => {
    if (store === undefined) throw new Error('no store outside a test');
    return store;
  };
}

export async function makeAccount(store: Store, username: string, admin = false): Promise<AccountRecord> {
  const account = await store.accounts.create({ username, passwordHash: `scrypt$${username}`, syncmlDigest: null, admin });
  if (account === undefined) throw new Error(`${username} exists`);
  return account;
}

let counter = 0;
/** A unique uuid-shaped id, readable in failures. */
export const uid = (prefix = 'id'): string => `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fresh client's key under `accountId` (default 1), for tests of contents alone: the store asks
 * no client row, nor an account row, of what it writes under a key (the services check ownership).
 */
export const clientKey = (accountId = 1): ClientKey => ({ accountId, uuid: uid('client') });

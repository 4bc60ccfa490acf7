/**
 * Stores for tests: `openTestStore(kind)` gives a fresh, empty, migrated store of either kind
 * (PostgreSQL: a fresh database on the test cluster); `storeKinds` drives describe.each so one
 * suite runs on both (STYLE.md: h3's describeMatrix).
 */
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';

export type StoreKind = 'sqlite' | 'postgres';
export const storeKinds: readonly StoreKind[] = ['sqlite', 'postgres'];

export async function openTestStore(kind: StoreKind): Promise<Store> {
  if (kind === 'sqlite') return openStore({ kind: 'sqlite', file: ':memory:' });
  throw new Error('the PostgreSQL test cluster is being written');
}

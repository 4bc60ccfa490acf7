/** Seeding the phone catalogue from the shipped dataset on first start (guide/operators.md#accounts: `atomsync catalogue import` adds more). */
import type { Repositories, Store } from '@atomsync/store';
import { shippedCatalogue, type Catalogue } from './dataset.js';

/** Upserts a catalogue in one transaction; a nested call joins the caller's. */
export async function importCatalogue(store: Store, catalogue: Catalogue): Promise<void> {
  await store.transaction((tx: Repositories) => tx.catalogue.upsert(catalogue.vendors, catalogue.models));
}

/**
 * Fills an empty catalogue with the shipped dataset. A catalogue that has anything (seeded before,
 * or imported by an operator) is left as it is: what an operator changed is never overwritten.
 */
export async function seedCatalogue(store: Store): Promise<void> {
  await store.transaction(async (tx) => {
    if (!(await tx.catalogue.isEmpty())) return;
    const { vendors, models } = shippedCatalogue();
    await tx.catalogue.upsert(vendors, models);
  });
}

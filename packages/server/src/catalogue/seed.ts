/** Seeding the phone catalogue from the shipped dataset on first start. */
import type { Store } from '../store/store.js';

export async function seedCatalogue(_store: Store): Promise<void> {}

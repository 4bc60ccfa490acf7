/** Opening a Store: the embedded default (better-sqlite3) or PostgreSQL; migrations run here. */
import type { Store } from './store.js';

export type StoreOptions =
  /** `file`: a path, or ':memory:' for a store that lives and dies with the process. */
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string };

export async function openStore(options: StoreOptions): Promise<Store> {
  throw new Error(`openStore(${options.kind}) is being written`);
}

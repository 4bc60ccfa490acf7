/**
 * The connector interface: what the engine needs of one side of a binding. The client kinds are
 * connectors: the server's datastore (local store) and extdata (a remote Atom feed) connectors, and
 * the phone connector (connectors/phone.ts) the SyncML endpoint drives. The engine itself never
 * touches HTTP or storage: it reads through `changesSince`/`all` and writes through `apply`.
 */
import type { ClientKind } from '@atomsync/atom';
import type { ItemContent, ItemDataclass, ItemDescription } from '@atomsync/items';

/** One item as a side holds it. */
export interface Item extends ItemContent {
  /** The side's own id of the item (datastore uuid, remote entry id, phone LUID). */
  readonly id: string;
  /**
   * `describeItem` of this very content, when the side keeps it (the local store writes it beside
   * each item): the engine then need not parse the item again. A side that does not keep it leaves
   * it out and the engine describes the item itself; a side must never hand one of other content.
   */
  readonly description?: ItemDescription;
}

/** A change a side reports since an anchor. */
export type Change =
  /** Added or replaced: the engine tells which by its id map, not by this flag. */
  | { readonly op: 'upsert'; readonly item: Item }
  | { readonly op: 'delete'; readonly id: string; readonly dataclass?: ItemDataclass };

/** A change the engine asks a side to apply. */
export type OutgoingChange =
  /**
   * `description`: `describeItem` of `item`, which the engine has at hand (the item it copies was
   * described when read): a side that keeps descriptions stores it instead of parsing the item.
   */
  | { readonly op: 'add'; readonly item: ItemContent; readonly description?: ItemDescription }
  /**
   * `expected` is the fingerprint (`describeItem` of @atomsync/items) the engine believes the item has now. A side
   * that can check it atomically (the local store) refuses a replace or delete of an item that
   * changed meanwhile with `{ ok: false, stale: true }`: the newer edit is kept and syncs next run.
   */
  | { readonly op: 'replace'; readonly id: string; readonly item: ItemContent; readonly expected?: string; readonly description?: ItemDescription }
  | { readonly op: 'delete'; readonly id: string; readonly dataclass: ItemDataclass; readonly expected?: string };

export type ApplyResult =
  /** Applied; `id` is the item's id on that side (new for an add). */
  | { readonly ok: true; readonly id: string }
  /** Not applied because the item changed since it was read; not an error. */
  | { readonly ok: false; readonly stale: true }
  /** Refused: the run fails and is logged with this reason. */
  | { readonly ok: false; readonly stale?: false; readonly reason: string };

/** What a side reports, with the anchor to ask from next time. */
export interface Listing<T> {
  readonly entries: readonly T[];
  /** Opaque to the engine; handed back to `changesSince` on the next run. */
  readonly anchor: string;
}

export interface Connector {
  readonly kind: ClientKind;
  /**
   * true when `apply` writes the local store: the engine applies local sides inside the run's one
   * transaction (`SyncRequest.commit`), after every remote side has been applied, so a failure
   * anywhere leaves the local store untouched.
   */
  readonly local: boolean;
  /** Changes of items of these classes since `anchor` (inclusive; repeats are harmless). */
  changesSince(dataclasses: readonly ItemDataclass[], anchor: string): Promise<Listing<Change>>;
  /** Every live item of these classes: slow sync and refresh. */
  all(dataclasses: readonly ItemDataclass[]): Promise<Listing<Item>>;
  /** Applies `changes` in order; one result per change, in the same order. */
  apply(changes: readonly OutgoingChange[]): Promise<ApplyResult[]>;
  /**
   * Optional: `anchor` (the one the run keeps for this side) with this run's own writes through
   * `apply` counted in, for a side whose anchor holds per-item state — the DAV connector's ETags,
   * which its delete guard weighs a listing by; without it, the items this run deleted there would
   * come back next run as deletions the remote made. Absent: the anchor is kept as it is.
   */
  settle?(anchor: string): string;
}

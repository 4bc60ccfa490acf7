/**
 * The datastore connector: a datastore client's contents in our own store, as one side of a
 * binding. It is local: the engine calls `apply` inside the run's transaction (store.transaction),
 * and the repositories used here join it, so this module never opens one of its own: a run that
 * fails leaves the contents as they were.
 */
import type { ApplyResult, Change, Connector, Item, OutgoingChange } from '@atomsync/engine';
import { describeItem, isEarlierFingerprint, type ItemContent, type ItemDescription } from '@atomsync/items';
import type { ContentChange, DescribedContent, NewContent } from '@atomsync/store';
import type { ClientKey, Store } from '@atomsync/store';
import { newItemUuid } from '../services/item-uuid.js';

/**
 * How far back of the moment of reading the next anchor lies. A row's `updated` is the time it was
 * written, and it becomes visible only when its transaction commits: a sync run writing thousands
 * of items commits seconds later, and on PostgreSQL another instance's clock may be behind ours.
 * Rows stamped before the read but committed after it must fall after the anchor, so the anchor
 * lags by more than any such delay. Repeats are harmless (the engine compares fingerprints).
 */
export const ANCHOR_MARGIN_MS = 60_000;

/** The anchor for a listing about to be read: epoch milliseconds, as text. */
const anchorNow = (): string => String(Date.now() - ANCHOR_MARGIN_MS);

/**
 * The moment an anchor stands for. Anchors are ours (anchorNow); one that is not (a corrupted
 * state row) reads from the beginning: too much is harmless, too little loses changes.
 */
function since(anchor: string): Date {
  const ms = Number(anchor);
  return new Date(Number.isSafeInteger(ms) && ms > 0 ? ms : 0);
}

/**
 * The UID and DAV ETag of rows a run read from the store, for the run's writes: both are functions
 * of the dataclass and body alone (contents.ts), and a sync's copy is the other side's body byte
 * for byte, so the copy takes the read row's instead of rendering vCard 2.1 as 3.0 and hashing it
 * again per written row (a third of a 10k-vs-10k slow sync's CPU time). One per run, shared by its
 * two sides (services/synchronization.ts), gone with it.
 *
 * Known by the row's description object, which the engine hands on unchanged with a copy of the
 * item (engine/src/plan.ts `copy`): keyed by the body string, 20,000 bodies of a slow sync were
 * hashed once each to remember them (issue 23). The copy's body is checked against the row's all
 * the same (the very string, as a rule: a pointer compare).
 */
export class ServedBodies {
  /** The read row itself, not a copy of its fields: a slow sync remembers 20,000 rows, and a new object for each was a third of this class's cost. */
  readonly #byDescription = new WeakMap<ItemDescription, DescribedContent>();

  remember(row: DescribedContent): void {
    if (row.served !== undefined) this.#byDescription.set(row.description, row);
  }

  /** The uid and etag of this very content, when a row of it was read and the change hands on that row's description. */
  of(item: ItemContent, description: ItemDescription | undefined): { readonly uid: string | null; readonly etag: string } | undefined {
    const known = description === undefined ? undefined : this.#byDescription.get(description);
    return known === undefined || known.body !== item.body || known.dataclass !== item.dataclass ? undefined : known.served;
  }
}

/** A stored item with the description the store keeps beside it: the engine need not parse it. */
const described = (row: DescribedContent): Item => ({ id: row.uuid, dataclass: row.dataclass, type: row.type, title: row.title, body: row.body, description: row.description });

/** What the store writes for a change: its content, its description when the engine has it, its UID and ETag when a read row had this body. */
const toStore = ({ item, description }: { readonly item: ItemContent; readonly description?: ItemDescription }, served: ServedBodies): ContentChange => {
  // Fields set, not spread in: a slow sync makes one per item it copies, and a spread is a runtime copy.
  const change: Writable<ContentChange> = { dataclass: item.dataclass, title: item.title, type: item.type, body: item.body };
  withKnown(change, item, description, served);
  return change;
};

/** toStore's change as a new item of `client`: made at once, not spread into a second object (a slow sync adds 14,000). */
const toNew = ({ item, description }: { readonly item: ItemContent; readonly description?: ItemDescription }, client: ClientKey, served: ServedBodies): NewContent => {
  const row: Writable<NewContent> = { uuid: newItemUuid(), accountId: client.accountId, clientUuid: client.uuid, dataclass: item.dataclass, title: item.title, type: item.type, body: item.body };
  withKnown(row, item, description, served);
  return row;
};

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Sets on a row being written the description the engine has and the UID and ETag of a read row of this body. */
function withKnown(written: Writable<ContentChange>, item: ItemContent, description: ItemDescription | undefined, served: ServedBodies): void {
  if (description !== undefined) written.description = description;
  const known = served.of(item, description);
  if (known !== undefined) {
    written.uid = known.uid;
    written.etag = known.etag;
  }
}

export function datastoreConnector(store: Store, client: ClientKey, served: ServedBodies = new ServedBodies()): Connector {
  const read = (row: DescribedContent): Item => {
    served.remember(row);
    return described(row);
  };
  return {
    kind: 'datastore',
    local: true,

    async changesSince(dataclasses, anchor) {
      const next = anchorNow();
      const rows = await store.contents.changesDescribed(client, since(anchor), dataclasses);
      const entries = rows.map((row): Change => (row.deleted ? { op: 'delete', id: row.uuid, dataclass: row.dataclass } : { op: 'upsert', item: read(row) }));
      return { entries, anchor: next };
    },

    async all(dataclasses) {
      const next = anchorNow();
      const rows = await store.contents.listDescribed(client, dataclasses);
      return { entries: rows.map(read), anchor: next };
    },

    async apply(changes) {
      return apply(store, client, changes, served);
    },
  };
}

/**
 * Applies `changes` as if one after another, in three batched writes: the items to replace or
 * delete are read once, the checks run in order against that view (updated as each change is
 * accepted, so two changes of one item behave as in sequence), then the replaces (one
 * multi-row update per chunk), the deletes and the adds are written. A replace that describes as
 * the item it replaces (equal fingerprints) is accepted and written as no change.
 */
async function apply(store: Store, client: ClientKey, changes: readonly OutgoingChange[], served: ServedBodies): Promise<ApplyResult[]> {
  const results: ApplyResult[] = new Array(changes.length);
  // A loop, not a flatMap: a slow sync's 14,000 adds made an empty array each.
  const touchedIds = new Set<string>();
  for (const change of changes) if (change.op !== 'add') touchedIds.add(change.id);
  const touched = [...touchedIds];
  /** Each touched item as it stands after the changes accepted so far; null: absent or deleted. */
  const view = new Map<string, ItemContent | null>(touched.map((id) => [id, null]));
  /** Fingerprints known without parsing: the stored items' own, and those the engine sends. */
  const fingerprints = new Map<ItemContent, string>();
  for (const row of touched.length === 0 ? [] : await store.contents.getManyDescribed(client, touched)) {
    view.set(row.uuid, row);
    fingerprints.set(row, row.description.fingerprint);
  }
  const fingerprint = (current: ItemContent): string => {
    let value = fingerprints.get(current);
    if (value === undefined) fingerprints.set(current, (value = describeItem(current).fingerprint));
    return value;
  };
  /**
   * The item changed since the engine read it: the newer edit stays and syncs next run. An expected
   * fingerprint an earlier release gave the same content (a map hash not yet rehashed) is no change.
   */
  const changed = (current: ItemContent, expected: string | undefined) =>
    expected !== undefined && fingerprint(current) !== expected && !isEarlierFingerprint(current, expected);
  const stale: ApplyResult = { ok: false, stale: true };

  const adds: { index: number; row: NewContent }[] = [];
  const replaces = new Map<string, { index: number; item: ItemContent; description?: ItemDescription }>();
  const deletes = new Set<string>();
  changes.forEach((change, index) => {
    switch (change.op) {
      case 'add':
        adds.push({ index, row: toNew(change, client, served) });
        return;
      case 'replace': {
        const current = view.get(change.id) ?? null;
        // Gone meanwhile: replacing it would bring back what someone deleted.
        if (current === null || changed(current, change.expected)) {
          results[index] = stale;
          return;
        }
        results[index] = { ok: true, id: change.id };
        if (change.description !== undefined) fingerprints.set(change.item, change.description.fingerprint);
        // The same item in other bytes (a phone syncing back what it got, in its own form): what
        // is stored stays, and with it the DAV ETag and sync token, or every phone sync would make
        // every DAV client download everything again. The engine pairs at this fingerprint all the same.
        if (fingerprint(change.item) === fingerprint(current)) return;
        replaces.set(change.id, { index, item: change.item, ...(change.description !== undefined ? { description: change.description } : {}) });
        view.set(change.id, change.item);
        return;
      }
      case 'delete': {
        const current = view.get(change.id) ?? null;
        if (current === null) {
          // Already gone: done, unless the engine expected a particular version to be there.
          results[index] = change.expected === undefined ? { ok: true, id: change.id } : stale;
          return;
        }
        if (changed(current, change.expected)) {
          results[index] = stale;
          return;
        }
        replaces.delete(change.id);
        deletes.add(change.id);
        view.set(change.id, null);
        results[index] = { ok: true, id: change.id };
        return;
      }
    }
  });

  if (replaces.size > 0) {
    const written = new Set((await store.contents.updateMany(client, [...replaces].map(([uuid, replace]) => ({ uuid, change: toStore(replace, served) })))).map((row) => row.uuid));
    // Missing only outside a transaction, when someone deleted it since the read above.
    for (const [id, replace] of replaces) if (!written.has(id)) results[replace.index] = stale;
  }
  if (deletes.size > 0) await store.contents.deleteMany(client, [...deletes]);
  if (adds.length > 0) {
    await store.contents.insertOnly(adds.map((add) => add.row));
    for (const add of adds) results[add.index] = { ok: true, id: add.row.uuid };
  }
  return results;
}

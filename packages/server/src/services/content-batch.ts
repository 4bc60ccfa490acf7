/**
 * Batch posts of content items (GData batch extension; seed "Datastore contents"): one outcome per
 * posted entry, in order. A bad entry gets its own 4xx outcome and the others still apply; all the
 * writes of a batch land in one transaction, or none if the store fails.
 *
 *  operation   names the item by     outcome
 *  insert      (the server's uuid)    201 Created, the stored item
 *  update      atom:id urn:uuid       200 Updated, the stored item
 *  delete      atom:id urn:uuid       200 Deleted, the item as it was (no content)
 *  query       atom:id urn:uuid       200 OK, the item
 *  any         a missing item         404 Not Found
 *  bad entry   (no operation, no content to insert or update, no urn:uuid id, a class that cannot
 *              be decided or contradicts the body, an item already named by an earlier entry of
 *              the same batch)       400 with the reason
 *
 * An item may be named by one entry per batch: the entries of a batch are applied together (all
 * inserts in one statement, all deletes in one), not one after another, so a second operation on
 * the same item has no well-defined "before" to act on; it is refused instead of guessed at.
 *
 * Query count, whatever the batch size: one getMany for the items named, one deleteMany, one
 * insertMany, and one statement per update.
 *
 * In two steps, so that a caller can put its store's line of writers between them: planBatch
 * checks the entries and describes the inserts, which needs no store (the descriptions are made on
 * a helper thread, describe-pool.ts); applyPlan writes, in one transaction.
 */
import type { Dataclass, OperationType } from '@atomsync/atom';
import type { ContentChange, ContentRecord, NewContent } from '@atomsync/store';
import type { ClientKey, Repositories, Store } from '@atomsync/store';
import { prepareContent, uuidOfUrn, type ContentInput } from './contents.js';
import { describeAll } from './describe-pool.js';
import { newItemUuid } from './item-uuid.js';

export interface BatchRequest {
  /** undefined: the entry has no batch:operation. */
  readonly operation: OperationType | undefined;
  /** atom:id as posted (update, delete and query name their item with `urn:uuid:<uuid>`). */
  readonly id: string | undefined;
  readonly content: ContentInput;
}

export interface BatchOutcome {
  readonly code: number;
  readonly reason: string;
  /** The item's current data: as stored (insert, update, query) or as it was (delete). */
  readonly item?: ContentRecord;
  /** Set for a delete that happened: when (the tombstone's time, to the store's precision). */
  readonly deleted?: Date;
}

const bad = (reason: string): BatchOutcome => ({ code: 400, reason: `Bad Request: ${reason}` });
const NOT_FOUND: BatchOutcome = { code: 404, reason: 'Not Found' };

interface Named {
  readonly index: number;
  readonly operation: Exclude<OperationType, 'insert'>;
  readonly uuid: string;
  readonly request: BatchRequest;
}

/** A batch checked and its inserts described: what applyPlan writes. */
export interface BatchPlan {
  /** The entries decided already (refused ones); the others' are set by applyPlan. */
  readonly outcomes: BatchOutcome[];
  readonly inserts: readonly { readonly index: number; readonly item: NewContent }[];
  readonly named: readonly Named[];
  readonly dataclass: Dataclass | undefined;
}

/**
 * Checks `requests` for the client's items and describes the items to insert, without the store.
 * `dataclass` is the batch's `?dataclass=`: the class of inserted and updated items whose content
 * names none.
 */
export async function planBatch(client: ClientKey, requests: readonly BatchRequest[], dataclass?: Dataclass): Promise<BatchPlan> {
  const outcomes: BatchOutcome[] = new Array<BatchOutcome>(requests.length);
  const inserts: { index: number; item: NewContent }[] = [];
  const named: Named[] = [];
  const firstNamer = new Map<string, number>();

  requests.forEach((request, index) => {
    const { operation } = request;
    if (operation === undefined) {
      outcomes[index] = bad('the entry has no batch:operation');
    } else if (operation === 'insert') {
      const prepared = prepareContent({ ...request.content, dataclass: request.content.dataclass ?? dataclass });
      if (!prepared.ok) outcomes[index] = bad(prepared.message);
      else inserts.push({ index, item: { uuid: newItemUuid(), accountId: client.accountId, clientUuid: client.uuid, ...prepared.change } });
    } else {
      const uuid = uuidOfUrn(request.id);
      const earlier = uuid === undefined ? undefined : firstNamer.get(uuid);
      if (uuid === undefined) outcomes[index] = bad(`a ${operation} names its item with atom:id urn:uuid:<uuid>`);
      else if (earlier !== undefined) outcomes[index] = bad(`item ${uuid} is already named by entry ${earlier + 1} of this batch`);
      else if (operation === 'update' && request.content.body === undefined) outcomes[index] = bad('an update needs content');
      else {
        firstNamer.set(uuid, index);
        named.push({ index, operation, uuid, request });
      }
    }
  });

  // An insert's description depends on nothing stored: made here, before the writer's turn and
  // the transaction, and handed to insertMany, which keeps it beside the item.
  const described = await describeAll(inserts.map((insert) => insert.item));
  inserts.forEach((insert, i) => (insert.item = { ...insert.item, description: described[i] }));
  return { outcomes, inserts, named, dataclass };
}

/** Writes a planned batch to the client's items, in one transaction; one outcome per request, in order. */
export async function applyPlan(store: Store, client: ClientKey, plan: BatchPlan): Promise<BatchOutcome[]> {
  // Nothing but the store: it runs again when cut before its COMMIT (issue 27).
  return store.transaction((tx) => writePlan(tx, client, plan), { retry: true });
}

/**
 * applyPlan's writes, in the caller's transaction (`tx`): for a caller whose own reads must be
 * one step with them (the import's twin check). Only inside a transaction the caller may run again.
 */
export async function writePlan(tx: Repositories, client: ClientKey, plan: BatchPlan): Promise<BatchOutcome[]> {
  const { inserts, named, dataclass } = plan;
  // A copy: a transaction run again starts from the plan's own outcomes, not from the last try's.
  const outcomes = [...plan.outcomes];
  const existing = new Map<string, ContentRecord>();
  if (named.length > 0) for (const item of await tx.contents.getMany(client, named.map((n) => n.uuid))) existing.set(item.uuid, item);

  const deletes: { index: number; item: ContentRecord }[] = [];
  const updates: { index: number; uuid: string; change: ContentChange }[] = [];
  for (const { index, operation, uuid, request } of named) {
    const item = existing.get(uuid);
    if (item === undefined) {
      outcomes[index] = NOT_FOUND;
    } else if (operation === 'query') {
      outcomes[index] = { code: 200, reason: 'OK', item };
    } else if (operation === 'delete') {
      deletes.push({ index, item });
    } else {
      const prepared = prepareContent({ ...request.content, dataclass: request.content.dataclass ?? dataclass }, item.dataclass);
      if (prepared.ok) updates.push({ index, uuid, change: prepared.change });
      else outcomes[index] = bad(prepared.message);
    }
  }

  if (updates.length > 0) {
    // One multi-row statement per chunk, not one UPDATE per entry.
    const updated = new Map((await tx.contents.updateMany(client, updates)).map((item) => [item.uuid, item]));
    for (const { index, uuid } of updates) {
      const item = updated.get(uuid);
      outcomes[index] = item === undefined ? NOT_FOUND : { code: 200, reason: 'Updated', item };
    }
  }

  if (deletes.length > 0) {
    const gone = new Set(await tx.contents.deleteMany(client, deletes.map((d) => d.item.uuid)));
    const when = new Date();
    for (const { index, item } of deletes) outcomes[index] = gone.has(item.uuid) ? { code: 200, reason: 'Deleted', item, deleted: when } : NOT_FOUND;
  }

  if (inserts.length > 0) {
    const stored = new Map((await tx.contents.insertMany(inserts.map((i) => i.item))).map((item) => [item.uuid, item]));
    for (const { index, item } of inserts) outcomes[index] = { code: 201, reason: 'Created', item: stored.get(item.uuid)! };
  }
  return outcomes;
}

/** planBatch, then applyPlan: for a caller with no line of writers to wait in. */
export async function applyBatch(store: Store, client: ClientKey, requests: readonly BatchRequest[], dataclass?: Dataclass): Promise<BatchOutcome[]> {
  return applyPlan(store, client, await planBatch(client, requests, dataclass));
}

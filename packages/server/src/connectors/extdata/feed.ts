/**
 * The remote's Atom documents as the engine sees them, through @atomsync/atom's generated codecs:
 * a content listing → items, a `?since=` change feed → changes, outgoing changes → a batch feed,
 * and a batch result feed → one ApplyResult per change.
 *
 * An item's id is its entry's `atom:id` (`urn:uuid:<uuid>` on a remote like ours), lower-cased
 * when it is a urn:uuid: the change feed's deletes and the batch's updates and deletes name items
 * by that same id, so it is the one key that works across all three.
 */
import { AtomDecodeError, decodeBatchContentFeed, decodeContentFeed, encodeBatchContentFeed, type BatchContentEntry, type Dataclass, type Feed } from '@atomsync/atom';
import type { ApplyResult, Change, Item, OutgoingChange } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import { resolveDataclass } from '../../services/dataclass.js';
import { ExtdataError } from './transport.js';

/** One remote feed as a run uses it. */
export interface FeedScope {
  /** The contents collection URL (also names the remote in messages). */
  readonly href: string;
  /** The item classes the run asks of this feed. */
  readonly classes: readonly ItemDataclass[];
  /** The class of an entry that names none and whose media type says none: the datastore's own, unless it is Calendar. */
  readonly fallback?: ItemDataclass;
}

/** The `?dataclass=` that selects exactly `classes`; undefined: ask for all and filter here. */
export function filterOf(classes: readonly ItemDataclass[]): Dataclass | undefined {
  if (classes.length === 1) return classes[0];
  if (classes.length === 2 && classes.includes('Events') && classes.includes('Tasks')) return 'Calendar';
  return undefined;
}

/** The engine's id of an entry: its atom:id, a urn:uuid lower-cased (the form the remote is asked with). */
export function itemIdOf(atomId: string | undefined): string | undefined {
  const id = atomId?.trim();
  if (id === undefined || id === '') return undefined;
  return /^urn:uuid:/i.test(id) ? id.toLowerCase() : id;
}

function malformed(scope: FeedScope, why: string): ExtdataError {
  return new ExtdataError(`extdata ${scope.href}: the remote's answer is not a usable Atom feed: ${why.length > 300 ? `${why.slice(0, 300)}…` : why}`);
}

function decoded<T>(scope: FeedScope, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof AtomDecodeError) throw malformed(scope, error.message);
    throw error;
  }
}

/** The class of one entry, or undefined when it cannot be told (such an entry is not synced). */
function classOf(scope: FeedScope, named: Dataclass | undefined, type: string, body: string): ItemDataclass | undefined {
  const decided = resolveDataclass(type, body, named, scope.fallback);
  return decided.ok ? decided.dataclass : undefined;
}

/** What a decoded feed yields, with the newest `updated` seen (the remote's clock, for the anchor). */
export interface Decoded<T> {
  readonly entries: T[];
  readonly newest: Date | undefined;
  /** The feed's `link rel="next"` (RFC 5005): the next page, as written (maybe relative). */
  readonly next?: string | undefined;
}

/** The `rel="next"` link of a feed, if any (`rel` may list several relations). */
function nextOf(links: readonly { rel?: string | undefined; href: string }[] | undefined): string | undefined {
  return links?.find((l) => l.rel !== undefined && l.rel.toLowerCase().split(/\s+/).includes('next'))?.href;
}

function newer(a: Date | undefined, b: Date | null | undefined): Date | undefined {
  return b == null || (a !== undefined && a >= b) ? a : b;
}

/** A content listing (`GET href?dataclass=`) → the items of the scope's classes. */
export function decodeListing(scope: FeedScope, xml: string): Decoded<Item> {
  const feed = decoded(scope, () => decodeContentFeed(xml));
  const items: Item[] = [];
  let newest: Date | undefined;
  feed.entries.forEach((entry, index) => {
    newest = newer(newest, entry.updated);
    const id = itemIdOf(entry.id);
    if (id === undefined) throw malformed(scope, `entry ${index + 1} has no atom:id`);
    const type = entry.content?.type ?? 'text/plain';
    const body = entry.content?.value ?? '';
    const dataclass = classOf(scope, entry.dataclass, type, body);
    if (dataclass !== undefined && scope.classes.includes(dataclass)) items.push({ id, dataclass, type, title: entry.title ?? '', body });
  });
  return { entries: items, newest, next: nextOf(feed.links) };
}

/** A change feed (`GET href?since=`) → upserts of the scope's classes, and deletes. */
export function decodeChanges(scope: FeedScope, xml: string): Decoded<Change> {
  const feed = decoded(scope, () => decodeBatchContentFeed(xml));
  const changes: Change[] = [];
  // A tombstone names no class; when the feed serves one class only, it is that one.
  const only = scope.classes.length === 1 ? scope.classes[0] : undefined;
  let newest: Date | undefined;
  feed.entries.forEach((entry, index) => {
    newest = newer(newest, entry.updated);
    const id = itemIdOf(entry.id);
    if (id === undefined) throw malformed(scope, `entry ${index + 1} has no atom:id`);
    if (entry.operation?.type === 'delete') {
      const named = entry.content?.dataclass;
      const dataclass = named !== undefined && named !== 'Calendar' ? named : only;
      if (dataclass === undefined || scope.classes.includes(dataclass)) changes.push(dataclass === undefined ? { op: 'delete', id } : { op: 'delete', id, dataclass });
      return;
    }
    if (entry.content === undefined) throw malformed(scope, `entry ${index + 1} (${id}) is a change without content`);
    const type = entry.content.type ?? 'text/plain';
    const dataclass = classOf(scope, entry.content.dataclass, type, entry.content.value);
    if (dataclass !== undefined && scope.classes.includes(dataclass)) {
      changes.push({ op: 'upsert', item: { id, dataclass, type, title: entry.title ?? '', body: entry.content.value } });
    }
  });
  return { entries: changes, newest, next: nextOf(feed.links) };
}

/** Outgoing changes → a batch feed; each entry's batch:id is its index, to tie results back. */
export function encodeBatch(changes: readonly OutgoingChange[]): string {
  const entries = changes.map((change, index): BatchContentEntry => {
    const batchId = String(index);
    switch (change.op) {
      case 'add':
        return { title: change.item.title, content: { dataclass: change.item.dataclass, type: change.item.type, value: change.item.body }, operation: { type: 'insert' }, batchId };
      case 'replace':
        return { id: change.id, title: change.item.title, content: { dataclass: change.item.dataclass, type: change.item.type, value: change.item.body }, operation: { type: 'update' }, batchId };
      case 'delete':
        return { id: change.id, operation: { type: 'delete' }, batchId };
    }
  });
  const feed: Feed<BatchContentEntry> = { title: 'atomsync batch', updated: new Date(), entries };
  return encodeBatchContentFeed(feed);
}

/** How much of a body a batch entry costs besides its text (head, escaping slack). */
const ENTRY_OVERHEAD = 512;

/** What a change costs a batch body: its text plus an entry's head and escaping slack. */
export function batchBytesOf(change: OutgoingChange): number {
  return ENTRY_OVERHEAD + (change.op === 'delete' ? 0 : Buffer.byteLength(change.item.body) + Buffer.byteLength(change.item.title));
}

/** Splits `items` into runs of at most `maxEntries` and about `maxBytes` (a single larger item goes alone). */
export function chunksOf<T>(items: readonly T[], bytesOf: (item: T) => number, maxEntries: number, maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    if (current.length > 0 && (current.length >= maxEntries || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A batch result feed → one result per posted change, in order. */
export function decodeBatchResults(scope: FeedScope, changes: readonly OutgoingChange[], xml: string): ApplyResult[] {
  const feed = decoded(scope, () => decodeBatchContentFeed(xml));
  const byBatchId = new Map<string, BatchContentEntry>();
  for (const entry of feed.entries) if (entry.batchId !== undefined) byBatchId.set(entry.batchId.trim(), entry);
  // A remote that echoes no batch:id answers in order (the GData rule).
  const positional = byBatchId.size === 0 && feed.entries.length === changes.length;
  return changes.map((change, index) => {
    const result = positional ? feed.entries[index] : byBatchId.get(String(index));
    return resultOf(scope, change, result);
  });
}

const OPERATION: Readonly<Record<OutgoingChange['op'], string>> = { add: 'insert', replace: 'update', delete: 'delete' };

function resultOf(scope: FeedScope, change: OutgoingChange, result: BatchContentEntry | undefined): ApplyResult {
  const what = change.op === 'add' ? `insert of "${change.item.title}"` : `${OPERATION[change.op]} of ${change.id}`;
  const refused = (why: string): ApplyResult => ({ ok: false, reason: `extdata ${scope.href}: ${what}: ${why}` });
  if (result === undefined) return refused('the batch answer has no result for it');
  const status = result.status;
  if (status === undefined) return refused('its batch result has no batch:status');
  if (status.code >= 200 && status.code < 300) {
    if (change.op !== 'add') return { ok: true, id: change.id };
    const id = itemIdOf(result.id);
    return id === undefined ? refused(`${status.code} but the result names no atom:id`) : { ok: true, id };
  }
  // Deleting what is already gone leaves the remote as asked. Replacing what is gone means the
  // remote deleted it after we read it: stale, like a local item edited meanwhile — the engine
  // leaves it and the next run compares the delete with our change (a conflict, by the winner).
  if (status.code === 404 && change.op === 'delete') return { ok: true, id: change.id };
  if (status.code === 404 && change.op === 'replace') return { ok: false, stale: true };
  const reason = status.reason?.trim();
  return refused(`${status.code}${reason ? ` ${reason.length > 200 ? `${reason.slice(0, 200)}…` : reason}` : ''}`);
}

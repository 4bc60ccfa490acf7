/**
 * The device's cached Sync request (MS-ASCMD §2.2.1.21.1 empty Sync, §2.2.3.131 Partial): the
 * last full request's collections and settings, kept as JSON on the device record (`syncRequest`)
 * so any instance can complete the next one. Never the commands: an empty or partial request
 * repeats what was asked, not what was sent — and never the SyncKeys, which are each collection's
 * current key when the request is completed (the collection moved on since it was cached).
 *
 * planSync decides what a Sync body asks: run it as sent, complete it from the cache (the caller
 * reads the collections' current keys, then completeRequest), or refuse it (Status 13).
 */
import type { SyncCollectionRequest, SyncOptions, SyncRequest } from '../commands/sync.js';
import { SYNC_STATUS } from '../rules/status.js';

export interface CachedCollection {
  readonly collectionId: string;
  readonly className?: string;
  readonly getChanges: boolean;
  readonly windowSize?: number;
  readonly options: SyncOptions;
}

export interface CachedSync {
  readonly collections: readonly CachedCollection[];
  readonly windowSize?: number;
  readonly wait?: number;
  readonly heartbeatInterval?: number;
}

/** Whether the collection request set any option (a Partial Sync that sets none keeps the cached ones). */
const hasOptions = (o: SyncOptions): boolean => o.filterType !== undefined || o.bodyPreferences.length > 0 || o.truncation !== undefined || o.conflict !== undefined;

function cachedCollection(c: SyncCollectionRequest): CachedCollection {
  return {
    collectionId: c.collectionId,
    ...(c.className === undefined ? {} : { className: c.className }),
    // A SyncKey 0 request gets no changes by default; repeated with a current key it does (§2.2.3.84).
    getChanges: c.syncKey === '0' ? true : c.getChanges,
    ...(c.windowSize === undefined ? {} : { windowSize: c.windowSize }),
    options: c.options,
  };
}

/** A full request as the cache keeps it. */
export function cacheOf(sync: SyncRequest): CachedSync {
  return settingsOf(sync, sync.collections.map(cachedCollection));
}

function settingsOf(sync: Pick<SyncRequest, 'windowSize' | 'wait' | 'heartbeatInterval'>, collections: readonly CachedCollection[]): CachedSync {
  return {
    collections,
    ...(sync.windowSize === undefined ? {} : { windowSize: sync.windowSize }),
    ...(sync.wait === undefined ? {} : { wait: sync.wait }),
    ...(sync.heartbeatInterval === undefined ? {} : { heartbeatInterval: sync.heartbeatInterval }),
  };
}

/**
 * A Partial Sync merged into the cache: the collections it names replace the cached ones of the
 * same id (keeping the cached options when it sets none), the others stay as cached; WindowSize,
 * Wait and HeartbeatInterval it sends replace the cached ones (§2.2.3.131).
 */
export function mergePartial(cached: CachedSync, sync: SyncRequest): CachedSync {
  const named = new Map(sync.collections.map((c) => [c.collectionId, c]));
  const collections: CachedCollection[] = cached.collections.map((old) => {
    const c = named.get(old.collectionId);
    if (c === undefined) return old;
    const fresh = cachedCollection(c);
    return hasOptions(c.options) ? fresh : { ...fresh, options: old.options };
  });
  for (const c of sync.collections) if (!cached.collections.some((old) => old.collectionId === c.collectionId)) collections.push(cachedCollection(c));
  const interval = sync.wait !== undefined || sync.heartbeatInterval !== undefined ? sync : cached;
  return settingsOf({ windowSize: sync.windowSize ?? cached.windowSize, wait: interval.wait, heartbeatInterval: interval.heartbeatInterval }, collections);
}

/**
 * The request to run: the cached collections with their current SyncKeys (a collection the device
 * no longer has a key for is left out), the request's own collections (with their commands) for
 * those it names.
 */
export function completeRequest(cached: CachedSync, keys: ReadonlyMap<string, string>, own: readonly SyncCollectionRequest[] = []): SyncRequest {
  const named = new Map(own.map((c) => [c.collectionId, c]));
  const collections: SyncCollectionRequest[] = [];
  for (const c of cached.collections) {
    const sent = named.get(c.collectionId);
    if (sent !== undefined) {
      collections.push(hasOptions(sent.options) ? sent : { ...sent, options: c.options });
      continue;
    }
    const syncKey = keys.get(c.collectionId);
    if (syncKey === undefined) continue;
    collections.push({ ...c, syncKey, commands: [] });
  }
  return { ...settingsOf(cached, []), collections, partial: false, hasCollections: true };
}

export function writeCache(cache: CachedSync): string {
  return JSON.stringify(cache);
}

/** The stored cache; undefined for none, or one not of the shape we write (then the phone sends a full request). */
export function readCache(json: string | null | undefined): CachedSync | undefined {
  if (json === null || json === undefined) return undefined;
  try {
    const value = JSON.parse(json) as Partial<CachedSync>;
    if (typeof value !== 'object' || value === null || !Array.isArray(value.collections)) return undefined;
    const ok = value.collections.every((c) => typeof c === 'object' && c !== null && typeof c.collectionId === 'string' && typeof c.getChanges === 'boolean' && typeof c.options === 'object' && c.options !== null && Array.isArray(c.options.bodyPreferences));
    return ok ? (value as CachedSync) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a Sync body asks (MS-ASCMD §2.2.3.131, §2.2.1.21.1):
 * - `run`: a full request, run as sent, and cached as `cache`;
 * - `complete`: an empty or Partial request, completed from the cached one with the collections'
 *   current keys (completeSync), cached as `cache` when it changed the cache (Partial);
 * - `refuse`: the Status that answers the whole request.
 */
export type SyncPlan =
  | { readonly kind: 'run'; readonly sync: SyncRequest; readonly cache: CachedSync }
  | { readonly kind: 'complete'; readonly cached: CachedSync; readonly own: readonly SyncCollectionRequest[]; readonly cache?: CachedSync; readonly empty: boolean }
  | { readonly kind: 'refuse'; readonly status: number };

/** `read`: the body as read, null for an empty Sync; `cached`: the device's cached request. */
export function planSync(read: SyncRequest | null, cached: CachedSync | undefined): SyncPlan {
  if (read === null) {
    // An empty Sync repeats the cached request (§2.2.1.21.1); without one the phone sends it whole (Status 13).
    if (cached === undefined) return { kind: 'refuse', status: SYNC_STATUS.INCOMPLETE_REQUEST };
    return { kind: 'complete', cached, own: [], empty: true };
  }
  if (read.partial) {
    // A Partial Sync completes the cached request (§2.2.3.131); with none there is nothing to complete.
    if (cached === undefined) return { kind: 'refuse', status: SYNC_STATUS.INCOMPLETE_REQUEST };
    const merged = mergePartial(cached, read);
    return { kind: 'complete', cached: merged, own: read.collections, cache: merged, empty: false };
  }
  // A Sync needs Collections or Partial (§2.2.3.131).
  if (!read.hasCollections) return { kind: 'refuse', status: SYNC_STATUS.INCOMPLETE_REQUEST };
  return { kind: 'run', sync: read, cache: cacheOf(read) };
}

/** A `complete` plan with the collections' current keys: the request to run, or the Status refusing it (an empty Sync of no collection left). */
export function completeSync(plan: Extract<SyncPlan, { kind: 'complete' }>, keys: ReadonlyMap<string, string>): { readonly sync: SyncRequest } | { readonly status: number } {
  const sync = completeRequest(plan.cached, keys, plan.own);
  if (plan.empty && sync.collections.length === 0) return { status: SYNC_STATUS.INCOMPLETE_REQUEST };
  return { sync };
}

/** The cache text to write, or undefined when the device's record holds it already (most phones send the same request every time). */
export function cacheToWrite(cache: CachedSync | undefined, stored: string | null | undefined): string | undefined {
  if (cache === undefined) return undefined;
  const written = writeCache(cache);
  return written === stored ? undefined : written;
}

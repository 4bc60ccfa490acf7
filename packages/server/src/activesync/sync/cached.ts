/**
 * The device's cached Sync request (MS-ASCMD §2.2.1.21.1 empty Sync, §2.2.3.131 Partial): the
 * last full request's collections and settings, kept as JSON on the device record (`syncRequest`)
 * so any instance can complete the next one. Never the commands: an empty or partial request
 * repeats what was asked, not what was sent — and never the SyncKeys, which are each collection's
 * current key when the request is completed (the collection moved on since it was cached).
 */
import type { SyncCollectionRequest, SyncOptions, SyncRequest } from '@atomsync/activesync';

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

/**
 * A collection's members by name. A member keeps the name its DAV client chose (the href column);
 * an item made by another protocol has none and is served as `<uuid>.vcf|.ics`. Names and UIDs
 * are apart: a client may name an item anything.
 */
import { defaultMemberId, defaultMemberName } from '@atomsync/dav';
import type { DavItemRecord, Repositories } from '@atomsync/store';
import { canonicalUuid } from '../services/datastore-clients.js';
import type { DavCollection } from './collections.js';

/** The name a member is served under. */
export function memberName(c: DavCollection, item: Pick<DavItemRecord, 'href' | 'uuid'>): string {
  return item.href ?? defaultMemberName(item.uuid, c.kind);
}

/** The uuid a default name (`<uuid>.vcf`) stands for; undefined for any other name. */
function defaultUuid(c: DavCollection, name: string): string | undefined {
  const stem = defaultMemberId(name, c.kind);
  if (stem === undefined) return undefined;
  const uuid = canonicalUuid(stem);
  return uuid === stem ? uuid : undefined;
}

/** The live members the names name (each name at most once; absent names are left out), by name. */
export async function membersNamed(store: Repositories, c: DavCollection, names: readonly string[]): Promise<Map<string, DavItemRecord>> {
  const found = new Map<string, DavItemRecord>();
  if (names.length === 0) return found;
  for (const item of await store.contents.byHrefs(c.key, [...new Set(names)])) if (item.href !== null) found.set(item.href, item);
  const byUuid = new Map<string, string>();
  for (const name of names) {
    if (found.has(name)) continue;
    const uuid = defaultUuid(c, name);
    if (uuid !== undefined) byUuid.set(uuid, name);
  }
  if (byUuid.size > 0) for (const item of await atDefaultNames(store, c, [...byUuid.keys()])) found.set(byUuid.get(item.uuid)!, item);
  return found;
}

/** The live items among `uuids` served under their default names: a member with a name of its own is not also at its default name. */
async function atDefaultNames(store: Repositories, c: DavCollection, uuids: readonly string[]): Promise<DavItemRecord[]> {
  return (await store.contents.davGetMany(c.key, uuids)).filter((item) => item.href === null);
}

export async function memberNamed(store: Repositories, c: DavCollection, name: string): Promise<DavItemRecord | undefined> {
  return (await membersNamed(store, c, [name])).get(name);
}

/** What a PUT reads before it writes (memberToWrite). */
export interface MemberToWrite {
  /** The member named (memberNamed's). */
  readonly current: DavItemRecord | undefined;
  /** No row holds the name, tombstones neither: the PUT's insert need not take it off one (one statement fewer per new item). */
  readonly nameFree: boolean;
  /** The live items holding the UID asked (byUid's), read in the same statement. */
  readonly holdersOfUid: DavItemRecord[];
}

/** memberNamed for a PUT, with whether the name is free and, when `uid` is given, the items holding it. */
export async function memberToWrite(store: Repositories, c: DavCollection, name: string, uid: string | null): Promise<MemberToWrite> {
  const { live, tombstoned, holdersOfUid } = await store.contents.davNamed(c.key, name, uid);
  if (live !== undefined) return { current: live, nameFree: false, holdersOfUid };
  const uuid = defaultUuid(c, name);
  if (uuid === undefined) return { current: undefined, nameFree: !tombstoned, holdersOfUid };
  const [item] = await atDefaultNames(store, c, [uuid]);
  return { current: item, nameFree: !tombstoned, holdersOfUid };
}

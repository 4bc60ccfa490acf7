/**
 * FolderSync (MS-ASCMD §2.2.1.5) as a pure step: key 0 gives every folder; the current key gives
 * what changed since (a folder gone is deleted, and its collection state with it); any other key
 * is Status 9 (§2.2.3.177.4), and the phone starts again from 0 (it gets the same ServerIds back).
 * The key moves only when the hierarchy did.
 */
import { folderSyncResponse, type FolderEntry } from '../commands/folder-sync.js';
import { nextFolderSyncKey } from '../sync/state.js';
import type { AsElement } from '../tree.js';
import { FOLDER_SYNC_STATUS } from './status.js';

/** What the device record keeps of the folders the phone was given; an unreadable record gives nothing (the phone is told of every folder again). */
export function readGivenFolders(json: string): FolderEntry[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) {
      return value.filter(
        (f): f is FolderEntry => typeof f === 'object' && f !== null && typeof f.serverId === 'string' && typeof f.displayName === 'string' && typeof f.parentId === 'string' && Number.isInteger(f.type),
      );
    }
  } catch {
    // Not ours: nothing given.
  }
  return [];
}

export interface FolderSyncInput {
  /** The phone's key; null for a FolderSync without a body. */
  readonly syncKey: string | null;
  /** The key handed out last, and the folders given with it (the device record's text). */
  readonly currentKey: string;
  readonly given: string;
  /** The folders the phone is to have now. */
  readonly folders: readonly FolderEntry[];
  readonly generation: () => string;
}

export type FolderSyncOutcome =
  /** Refused: nothing written. */
  | { readonly kind: 'refuse'; readonly reply: AsElement }
  /** Answered: the collections in `reset` forgotten, `key` and `folders` recorded, in one transaction. */
  | { readonly kind: 'answer'; readonly reply: AsElement; readonly key: string; readonly folders: string; readonly reset: readonly string[] };

/** The answer refusing the phone's key (none: Status 10; not 0 nor the current key: Status 9), or undefined for a key the step answers. */
export function folderSyncRefusal(syncKey: string | null, currentKey: string): AsElement | undefined {
  if (syncKey === null) return folderSyncResponse(FOLDER_SYNC_STATUS.MALFORMED_REQUEST);
  if (syncKey !== '0' && syncKey !== currentKey) return folderSyncResponse(FOLDER_SYNC_STATUS.INVALID_SYNC_KEY);
  return undefined;
}

export function folderSyncStep(input: FolderSyncInput): FolderSyncOutcome {
  const { syncKey, currentKey, folders: now } = input;
  const refusal = folderSyncRefusal(syncKey, currentKey);
  if (refusal !== undefined || syncKey === null) return { kind: 'refuse', reply: refusal ?? folderSyncResponse(FOLDER_SYNC_STATUS.MALFORMED_REQUEST) };
  // Key 0: the phone holds no folder, every one is an Add.
  const since = syncKey === '0' ? [] : readGivenFolders(input.given);
  const add = now.filter((f) => !since.some((g) => g.serverId === f.serverId));
  const gone = since.filter((g) => !now.some((f) => f.serverId === g.serverId)).map((g) => g.serverId);
  const update = now.filter((f) => since.some((g) => g.serverId === f.serverId && (g.displayName !== f.displayName || g.type !== f.type)));
  const moved = syncKey === '0' || add.length + gone.length + update.length > 0;
  const key = moved ? nextFolderSyncKey(syncKey === '0' ? '' : currentKey, input.generation) : currentKey;
  return {
    kind: 'answer',
    reply: folderSyncResponse(FOLDER_SYNC_STATUS.OK, key, { add, update, delete: gone }),
    key,
    folders: JSON.stringify(now),
    // The collections of the folders gone (each Sync key 0 resets its own collection).
    reset: gone,
  };
}

/** The FolderSync command (MS-ASCMD §2.2.1.5): the client's key in, the hierarchy's changes out. */
import { ActiveSyncDecodeError } from '../errors.js';
import { el, requireText, type AsElement } from '../tree.js';
import { expectRoot } from './values.js';

export interface FolderSyncRequest {
  readonly syncKey: string;
}

export function readFolderSyncRequest(root: AsElement): FolderSyncRequest {
  expectRoot(root, 'FolderHierarchy:FolderSync');
  const syncKey = requireText(root, 'FolderHierarchy:SyncKey').trim();
  if (syncKey === '' || syncKey.length > 64) throw new ActiveSyncDecodeError('FolderHierarchy:SyncKey is empty or longer than 64 characters');
  return { syncKey };
}

export interface FolderEntry {
  readonly serverId: string;
  readonly parentId: string;
  readonly displayName: string;
  readonly type: number;
}

export interface FolderChanges {
  readonly add: readonly FolderEntry[];
  readonly update: readonly FolderEntry[];
  readonly delete: readonly string[];
}

/** A FolderSync response; changes only with Status 1. */
export function folderSyncResponse(status: number, syncKey?: string, changes?: FolderChanges): AsElement {
  const children: AsElement[] = [el('FolderHierarchy:Status', String(status))];
  if (syncKey !== undefined) children.push(el('FolderHierarchy:SyncKey', syncKey));
  if (changes !== undefined) {
    const folder = (name: 'Add' | 'Update', f: FolderEntry) =>
      el(`FolderHierarchy:${name}`, [
        el('FolderHierarchy:ServerId', f.serverId),
        el('FolderHierarchy:ParentId', f.parentId),
        el('FolderHierarchy:DisplayName', f.displayName),
        el('FolderHierarchy:Type', String(f.type)),
      ]);
    const count = changes.add.length + changes.update.length + changes.delete.length;
    children.push(
      el('FolderHierarchy:Changes', [
        el('FolderHierarchy:Count', String(count)),
        ...changes.update.map((f) => folder('Update', f)),
        ...changes.delete.map((id) => el('FolderHierarchy:Delete', [el('FolderHierarchy:ServerId', id)])),
        ...changes.add.map((f) => folder('Add', f)),
      ]),
    );
  }
  return el('FolderHierarchy:FolderSync', children);
}

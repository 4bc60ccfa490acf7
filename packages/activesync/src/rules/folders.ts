/**
 * The folders of a contacts/calendar/tasks/notes server (MS-ASCMD §2.2.3.186.3, FolderSync Type):
 * one default folder per class, named and numbered as Exchange names the defaults, so a phone puts
 * each into its own app. The ServerIds are ours and stable: a phone that runs FolderSync 0 again
 * gets the same folders back.
 */

export type FolderClass = 'Contacts' | 'Calendar' | 'Tasks' | 'Notes';

export interface FolderDefinition {
  /** The folder's ServerId (and the Sync CollectionId). */
  readonly serverId: string;
  readonly displayName: string;
  /** The default folder type of the class. */
  readonly type: number;
  /** The class name in Sync (2.5 Class, Options/Class) and Ping. */
  readonly className: FolderClass;
}

export const FOLDERS: Readonly<Record<FolderClass, FolderDefinition>> = {
  Contacts: { serverId: 'contacts', displayName: 'Contacts', type: 9, className: 'Contacts' },
  Calendar: { serverId: 'calendar', displayName: 'Calendar', type: 8, className: 'Calendar' },
  Tasks: { serverId: 'tasks', displayName: 'Tasks', type: 7, className: 'Tasks' },
  Notes: { serverId: 'notes', displayName: 'Notes', type: 10, className: 'Notes' },
};

/** The folder with this ServerId, if it is one of ours. */
export function folderById(serverId: string): FolderDefinition | undefined {
  return Object.values(FOLDERS).find((f) => f.serverId === serverId);
}

/** The root: every folder's ParentId. */
export const ROOT_FOLDER_ID = '0';

/**
 * The item classes a phone syncs over ActiveSync, each with its folder class, the binding's
 * dataclass, and its property mapping (which lives in @atomsync/items, beside the other formats).
 */
import type { Dataclass } from '@atomsync/atom';
import type { FolderClass } from '../rules/folders.js';
import { contactFromAirSync, contactToAirSync, eventFromAirSync, eventToAirSync, noteFromAirSync, noteToAirSync, taskFromAirSync, taskToAirSync, type AirSyncProperty, type FromAirSyncOptions, type ItemDataclass, type ToAirSyncOptions } from '@atomsync/items';

export interface ItemFormat {
  readonly className: FolderClass;
  /** What a run of the binding asks for. */
  readonly dataclass: Dataclass;
  /** The item classes that run reads. */
  readonly itemDataclasses: readonly ItemDataclass[];
  /** The media type of what the phone's items become. */
  readonly type: string;
  readonly toAirSync: (body: string, options: ToAirSyncOptions) => AirSyncProperty[];
  readonly fromAirSync: (properties: readonly AirSyncProperty[], options: FromAirSyncOptions) => string;
  /** The first protocol version that has the class (Notes came with 14.0). */
  readonly since?: number;
}

export const FORMATS: Partial<Record<FolderClass, ItemFormat>> = {
  Contacts: { className: 'Contacts', dataclass: 'Contacts', itemDataclasses: ['Contacts'], type: 'text/vcard', toAirSync: contactToAirSync, fromAirSync: contactFromAirSync },
  Calendar: { className: 'Calendar', dataclass: 'Events', itemDataclasses: ['Events'], type: 'text/calendar', toAirSync: eventToAirSync, fromAirSync: eventFromAirSync },
  Tasks: { className: 'Tasks', dataclass: 'Tasks', itemDataclasses: ['Tasks'], type: 'text/calendar', toAirSync: taskToAirSync, fromAirSync: taskFromAirSync },
  Notes: { className: 'Notes', dataclass: 'Notes', itemDataclasses: ['Notes'], type: 'text/plain', toAirSync: noteToAirSync, fromAirSync: noteFromAirSync, since: 14 },
};

export function formatOf(className: FolderClass): ItemFormat | undefined {
  return FORMATS[className];
}

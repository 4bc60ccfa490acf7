/**
 * The server datastore URIs a phone alerts (guide/protocol.md#datastore-uris): `contacts`, `calendar`
 * (events and tasks), `events`, `tasks`, `notes`, and the Funambol-style aliases phones were set
 * up with. Phones write them in many ways (`./contacts`, `Contacts/`, `card?x=y`): compared
 * without a leading `./`, trailing `/`, query, and case.
 */
import type { Dataclass } from '@atomsync/atom';

const BY_NAME: Readonly<Record<string, { readonly uri: string; readonly dataclass: Dataclass }>> = {
  contacts: { uri: 'contacts', dataclass: 'Contacts' },
  card: { uri: 'contacts', dataclass: 'Contacts' },
  addressbook: { uri: 'contacts', dataclass: 'Contacts' },
  calendar: { uri: 'calendar', dataclass: 'Calendar' },
  cal: { uri: 'calendar', dataclass: 'Calendar' },
  events: { uri: 'events', dataclass: 'Events' },
  event: { uri: 'events', dataclass: 'Events' },
  tasks: { uri: 'tasks', dataclass: 'Tasks' },
  task: { uri: 'tasks', dataclass: 'Tasks' },
  notes: { uri: 'notes', dataclass: 'Notes' },
  note: { uri: 'notes', dataclass: 'Notes' },
};

/** The canonical server datastore a phone's Target LocURI names, or undefined. */
export function serverDatastore(locUri: string): { readonly uri: string; readonly dataclass: Dataclass } | undefined {
  let name = locUri.trim().split('?', 1)[0]!.toLowerCase();
  // An absolute URI names the datastore by its last path segment (`http://host/sync/contacts`).
  name = name.replace(/^[a-z]+:\/\/[^/]*/, '');
  name = name.replace(/\/+$/, '');
  name = name.slice(name.lastIndexOf('/') + 1);
  return BY_NAME[name];
}

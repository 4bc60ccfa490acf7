/**
 * Which server datastores a phone is offered (setup) or alerted for (SAN), and in what format:
 * the server datastore URIs (guide/protocol.md#datastore-uris) as data.
 */
import type { ModelRecord, PhoneDatastoreRecord } from '@atomsync/store';
import type { CpResource } from './oma-cp.js';
import { SAN_CONTENT_TYPES, type SanSync } from './san.js';

interface ServerDatastore {
  readonly uri: string;
  readonly name: string;
  /** The format every phone of the era speaks (vCard 2.1, vCalendar 1.0, plain text). */
  readonly mediaType: string;
}

/** By dataclass; `Calendar` (events and tasks together) is what phones of the era sync. */
const BY_DATACLASS: Readonly<Record<string, ServerDatastore>> = {
  Contacts: { uri: 'contacts', name: 'Contacts', mediaType: 'text/x-vcard' },
  Calendar: { uri: 'calendar', name: 'Calendar', mediaType: 'text/x-vcalendar' },
  Events: { uri: 'events', name: 'Events', mediaType: 'text/x-vcalendar' },
  Tasks: { uri: 'tasks', name: 'Tasks', mediaType: 'text/x-vcalendar' },
  Notes: { uri: 'notes', name: 'Notes', mediaType: 'text/plain' },
};

/** When the catalogue does not know what a model syncs: offer the three every phone had. */
const DEFAULT_DATACLASSES = ['Contacts', 'Calendar', 'Notes'] as const;

const BY_URI: Readonly<Record<string, ServerDatastore>> = Object.fromEntries(Object.values(BY_DATACLASS).map((d) => [d.uri, d]));

/** The datastores of a model (all default ones when the model or its dataclasses are unknown). */
function forModel(model: ModelRecord | undefined): ServerDatastore[] {
  const classes = model !== undefined && model.dataclasses.length > 0 ? model.dataclasses : DEFAULT_DATACLASSES;
  return [...new Set(classes.map((c) => BY_DATACLASS[c]!))];
}

/** RESOURCE entries of the setup document. */
export function setupResources(model: ModelRecord | undefined): CpResource[] {
  return forModel(model).map((d) => ({ uri: d.uri, name: d.name, accept: [d.mediaType] }));
}

/**
 * The syncs of a SAN: the phone's own datastores (their server URIs) once it has synced, else
 * what the setup offered it.
 */
export function sanSyncs(phoneDatastores: readonly PhoneDatastoreRecord[], model: ModelRecord | undefined, syncType: SanSync['syncType']): SanSync[] {
  const uris = phoneDatastores.length > 0 ? [...new Set(phoneDatastores.map((d) => d.serverUri))] : forModel(model).map((d) => d.uri);
  return uris.map((uri) => ({ syncType, serverUri: uri, contentType: SAN_CONTENT_TYPES[BY_URI[uri]?.mediaType ?? ''] ?? 0 }));
}

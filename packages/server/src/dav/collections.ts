/**
 * The collections an account has over DAV: each datastore client is one address book (its
 * Contacts), one VEVENT calendar (its Events) and one VTODO calendar (its Tasks), the account's
 * first datastore first in each home (macOS uses only the first address book).
 */
import { collectionKindOf, type CalendarComponent, type CollectionKind } from '@atomsync/dav';
import { canonicalUuid } from '../services/datastore-clients.js';
import type { DatastoreClientRecord } from '@atomsync/store';
import type { CollectionKey, Repositories } from '@atomsync/store';
import { collectionName, collectionOfName, type Family } from './layout.js';

export type DavDataclass = 'Contacts' | 'Events' | 'Tasks';

export interface DavCollection {
  readonly key: CollectionKey & { readonly dataclass: DavDataclass };
  readonly family: Family;
  /** Its segment in the home. */
  readonly name: string;
  /** Its id in sync tokens: the dataclass and the datastore (URI-unreserved). */
  readonly id: string;
  readonly client: DatastoreClientRecord;
  /** The calendar's one component; undefined for an address book. */
  readonly component: CalendarComponent | undefined;
  /** What it is to DAV: an address book or a calendar (@atomsync/dav's rules go by it). */
  readonly kind: CollectionKind;
}

const FAMILY_CLASSES: Readonly<Record<Family, readonly DavDataclass[]>> = { addressbooks: ['Contacts'], calendars: ['Events', 'Tasks'] };

export const familyOf = (dataclass: DavDataclass): Family => (dataclass === 'Contacts' ? 'addressbooks' : 'calendars');

/** `name`: the segment it is found under (a client's own segment, or the one our layout gives it). */
function collection(client: DatastoreClientRecord, dataclass: DavDataclass, name = collectionName(dataclass, client.uuid)): DavCollection {
  const family = familyOf(dataclass);
  const component = dataclass === 'Events' ? 'VEVENT' : dataclass === 'Tasks' ? 'VTODO' : undefined;
  return {
    key: { accountId: client.accountId, uuid: client.uuid, dataclass },
    family,
    name,
    id: `${dataclass.toLowerCase()}.${client.uuid}`,
    client,
    component,
    kind: collectionKindOf(component),
  };
}

/**
 * The collections of the account in a home, the first datastore's first; a collection a DAV
 * client made is listed under the segment it chose (the URL it asked for and keeps).
 */
export async function collectionsIn(store: Repositories, accountId: number, family: Family): Promise<DavCollection[]> {
  const [clients, segments] = await Promise.all([store.datastores.list(accountId), store.davSegments.list(accountId)]);
  const chosen = new Map<string, string>();
  for (const s of segments) if (s.family === family && !chosen.has(`${s.clientUuid}:${s.dataclass}`)) chosen.set(`${s.clientUuid}:${s.dataclass}`, s.segment);
  return clients.flatMap((client) => FAMILY_CLASSES[family].map((dataclass) => collection(client, dataclass, chosen.get(`${client.uuid}:${dataclass}`))));
}

/**
 * The account's collection a home segment names; undefined when it has none (another account's is
 * none). Our own segments (`<datastore>`, `<datastore>-tasks`) first, in their canonical spelling
 * only; then the segments clients chose for collections they made (MKCALENDAR, extended MKCOL).
 * A collection a client made answers under its uuid too (the REST API names it so), under that URL.
 */
export async function collectionNamed(store: Repositories, accountId: number, family: Family, name: string): Promise<DavCollection | undefined> {
  const named = collectionOfName(family, name);
  const uuid = named === undefined ? undefined : canonicalUuid(named.datastore);
  if (named !== undefined && uuid !== undefined && uuid === named.datastore) {
    const client = await store.datastores.get(accountId, uuid);
    if (client !== undefined) return collection(client, named.dataclass);
  }
  const chosen = await store.davSegments.get(accountId, family, name);
  if (chosen === undefined) return undefined;
  const client = await store.datastores.get(accountId, chosen.clientUuid);
  return client === undefined ? undefined : collection(client, chosen.dataclass as DavDataclass, chosen.segment);
}

/** The display name: the datastore's user id, the tasks marked apart from the events. */
export function displayNameOf(c: DavCollection): string {
  return c.key.dataclass === 'Tasks' ? `${c.client.userId} (tasks)` : c.client.userId;
}

/**
 * The collections an account has over DAV: each datastore client is one address book (its
 * Contacts), one VEVENT calendar (its Events) and one VTODO calendar (its Tasks), the account's
 * first datastore first in each home (macOS uses only the first address book).
 */
import type { CalendarComponent } from '@atomsync/dav';
import { canonicalUuid } from '../services/datastore-clients.js';
import type { DatastoreClientRecord } from '../store/records.js';
import type { CollectionKey, Repositories } from '../store/store.js';
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
  /** What a member's default name ends with: items made by other protocols are `<uuid>.vcf|.ics`. */
  readonly extension: '.vcf' | '.ics';
}

const FAMILY_CLASSES: Readonly<Record<Family, readonly DavDataclass[]>> = { addressbooks: ['Contacts'], calendars: ['Events', 'Tasks'] };

function collection(client: DatastoreClientRecord, dataclass: DavDataclass): DavCollection {
  const family: Family = dataclass === 'Contacts' ? 'addressbooks' : 'calendars';
  return {
    key: { accountId: client.accountId, uuid: client.uuid, dataclass },
    family,
    name: collectionName(dataclass, client.uuid),
    id: `${dataclass.toLowerCase()}.${client.uuid}`,
    client,
    component: dataclass === 'Events' ? 'VEVENT' : dataclass === 'Tasks' ? 'VTODO' : undefined,
    extension: dataclass === 'Contacts' ? '.vcf' : '.ics',
  };
}

/** The collections of the account in a home, the first datastore's first. */
export async function collectionsIn(store: Repositories, accountId: number, family: Family): Promise<DavCollection[]> {
  const clients = await store.datastores.list(accountId);
  return clients.flatMap((client) => FAMILY_CLASSES[family].map((dataclass) => collection(client, dataclass)));
}

/** The account's collection a home segment names; undefined when it has none (another account's is none). */
export async function collectionNamed(store: Repositories, accountId: number, family: Family, name: string): Promise<DavCollection | undefined> {
  const named = collectionOfName(family, name);
  const uuid = named === undefined ? undefined : canonicalUuid(named.datastore);
  // Only the canonical spelling: one collection, one URL.
  if (named === undefined || uuid === undefined || uuid !== named.datastore) return undefined;
  const client = await store.datastores.get(accountId, uuid);
  return client === undefined ? undefined : collection(client, named.dataclass);
}

/** The display name: the datastore's user id, the tasks marked apart from the events. */
export function displayNameOf(c: DavCollection): string {
  return c.key.dataclass === 'Tasks' ? `${c.client.userId} (tasks)` : c.client.userId;
}

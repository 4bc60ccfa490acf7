/**
 * A DAV remote found at run time. Registration marks a datastore `dav` when its remote answers as
 * CardDAV/CalDAV; one that could not be reached then (down, no such host yet) is stored without the
 * marker and would be run as an Atom feed for ever. So when a run of such a client fails, its
 * remote is checked again as registration checks it (register.ts), and a datastore that now
 * answers as CardDAV/CalDAV gets its marker stored: the run is then made over DAV, and so is every
 * later one. A remote that is Atom, still unreachable or refusing changes nothing (the run's own
 * failure stands). Working Atom remotes never pay for this: it runs only after a failure.
 */
import type { SecretBox } from '../../../secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord, ExtdataDavRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { checkRemote, type RemoteCheck, type RemoteCheckRequest } from './register.js';

export type LateDiscovery = (client: ExtdataClientRecord) => Promise<ExtdataClientRecord | undefined>;

/** The client with the markers found, or undefined when no datastore turned out to be DAV. */
export function lateDiscovery(store: Store, secrets: SecretBox, check: (request: RemoteCheckRequest) => Promise<RemoteCheck> = checkRemote): LateDiscovery {
  return async (client) => {
    const found = new Map<ExtdataDatastoreRecord, ExtdataDavRecord>();
    for (const d of client.datastores) {
      if (d.dav !== undefined || !/^https?:\/\//i.test(d.href) || d.dataclass === 'Notes') continue;
      let credentials: RemoteCheckRequest['credentials'];
      try {
        credentials = d.token === null ? undefined : { key: secrets.open(d.token.sealedKey), secret: secrets.open(d.token.sealedSecret), scopes: d.token.scopes };
      } catch {
        continue; // Sealed with another key: the run's own failure says so.
      }
      // Stored names default to the dataclass (services/clients.ts): that one means "the default collection".
      const name = d.name === null || d.name === d.dataclass ? undefined : d.name;
      const result = await check({ dataclass: d.dataclass, href: d.href, name, credentials });
      if (result.outcome === 'dav') found.set(d, result.dav);
    }
    if (found.size === 0) return undefined;
    const same = (a: ExtdataDatastoreRecord, b: ExtdataDatastoreRecord) => a.href === b.href && a.dataclass === b.dataclass && a.name === b.name;
    const updated = await store.extdata.updateDatastores(client.accountId, client.uuid, (stored) => {
      if (stored.dav !== undefined) return undefined;
      for (const [d, dav] of found) if (same(stored, d)) return { ...stored, dav };
      return undefined;
    });
    return updated?.datastores.some((d) => d.dav !== undefined) ? updated : undefined;
  };
}

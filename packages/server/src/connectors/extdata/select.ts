/**
 * Which connector an extdata client runs with: a client whose datastores registration found
 * speaking CardDAV/CalDAV (ExtdataDatastoreRecord.dav) → the DAV connector (dav/); any other → the
 * Atom feed connector, exactly as before DAV existed. A client with both kinds of datastore takes
 * the one of the classes a run asks for (a run over both kinds fails, saying so, in the DAV one).
 */
import type { Connector } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import type { SecretBox } from '../../secrets/box.js';
import type { ExtdataClientRecord } from '../../store/records.js';
import { datastoreFor, extdataConnector as atomConnector, type ExtdataConnectorOptions } from './connector.js';
import { davConnector } from './dav/connector.js';
import { davFetch } from './dav/fetch.js';

export function extdataConnector(client: ExtdataClientRecord, secrets: SecretBox, options: ExtdataConnectorOptions = {}): Connector {
  if (!client.datastores.some((d) => d.dav !== undefined)) return atomConnector(client, secrets, options);
  const retry = typeof options.retries === 'number' ? { retries: options.retries } : options.retries;
  let atom: Connector | undefined;
  let dav: Connector | undefined;
  const pick = (dataclasses: readonly ItemDataclass[]): Connector => {
    const davClasses = dataclasses.some((c) => datastoreFor(client, c)?.dav !== undefined);
    if (davClasses) return (dav ??= davConnector(client, secrets, { fetch: davFetch({ fetch: options.fetch, timeoutMs: options.timeoutMs, retry }) }));
    return (atom ??= atomConnector(client, secrets, options));
  };
  const classOf = (change: Parameters<Connector['apply']>[0][number]): ItemDataclass => (change.op === 'delete' ? change.dataclass : change.item.dataclass);
  return {
    kind: 'extdata',
    local: false,
    changesSince: (dataclasses, anchor) => pick(dataclasses).changesSince(dataclasses, anchor),
    all: (dataclasses) => pick(dataclasses).all(dataclasses),
    apply: (changes) => pick([...new Set(changes.map(classOf))]).apply(changes),
  };
}

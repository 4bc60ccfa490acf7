/**
 * Which connector an extdata client runs with: a client whose datastores registration found
 * speaking CardDAV/CalDAV (ExtdataDatastoreRecord.dav) → the DAV connector (dav/); any other → the
 * Atom feed connector, exactly as before DAV existed. A client with both kinds of datastore takes
 * the one of the classes a run asks for (a run over both kinds fails, saying so, in the DAV one).
 * A client with no DAV datastore whose listing fails is checked again (dav/late.ts): a DAV remote
 * that was unreachable at registration is run over DAV from the run that finds it answering.
 */
import { isDavAnchor } from '@atomsync/dav';
import type { Connector } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import type { SecretBox } from '../../secrets/box.js';
import type { ExtdataClientRecord } from '@atomsync/store';
import { datastoreFor, extdataConnector as atomConnector, type ExtdataConnectorOptions } from './connector.js';
import { davConnector } from './dav/connector.js';
import { davFetch } from './dav/fetch.js';
import type { LateDiscovery } from './dav/late.js';
import type { BearerRefresh } from './dav/credentials.js';

export interface SelectOptions extends ExtdataConnectorOptions {
  /** How a DAV remote's bearer tokens are refreshed (dav/credentials.ts); the Atom connector signs with OAuth 1.0a and needs none. */
  readonly oauth?: BearerRefresh;
}

export function extdataConnector(client: ExtdataClientRecord, secrets: SecretBox, options: SelectOptions = {}, late?: LateDiscovery): Connector {
  if (!client.datastores.some((d) => d.dav !== undefined)) {
    const atom = atomConnector(client, secrets, options);
    if (late === undefined) return atom;
    return withLateDiscovery(atom, client, late, (found) => extdataConnector(found, secrets, options));
  }
  const retry = typeof options.retries === 'number' ? { retries: options.retries } : options.retries;
  let atom: Connector | undefined;
  let dav: Connector | undefined;
  const pick = (dataclasses: readonly ItemDataclass[]): Connector => {
    const davClasses = dataclasses.some((c) => datastoreFor(client, c)?.dav !== undefined);
    if (davClasses) return (dav ??= davConnector(client, secrets, { fetch: davFetch({ fetch: options.fetch, timeoutMs: options.timeoutMs, retry }), oauth: options.oauth }));
    return (atom ??= atomConnector(client, secrets, options));
  };
  const classOf = (change: Parameters<Connector['apply']>[0][number]): ItemDataclass => (change.op === 'delete' ? change.dataclass : change.item.dataclass);
  return {
    kind: 'extdata',
    local: false,
    changesSince: (dataclasses, anchor) => pick(dataclasses).changesSince(dataclasses, anchor),
    all: (dataclasses) => pick(dataclasses).all(dataclasses),
    apply: (changes) => pick([...new Set(changes.map(classOf))]).apply(changes),
    // Only the DAV connector's anchors hold per-item state (its ETags); an Atom anchor is kept as it is.
    settle: (anchor) => (dav?.settle !== undefined && isDavAnchor(anchor) ? dav.settle(anchor) : anchor),
  };
}

/**
 * The Atom connector, until its listing fails: then the remote is checked for CardDAV/CalDAV and,
 * when found so, the listing is made (and the run goes on) over DAV. Apply follows whichever listed.
 */
function withLateDiscovery(atom: Connector, client: ExtdataClientRecord, late: LateDiscovery, davOf: (client: ExtdataClientRecord) => Connector): Connector {
  let current = atom;
  const listing = async <T>(call: (c: Connector) => Promise<T>): Promise<T> => {
    try {
      return await call(current);
    } catch (error) {
      if (current !== atom) throw error;
      const found = await late(client).catch(() => undefined);
      if (found === undefined) throw error;
      current = davOf(found);
      return call(current);
    }
  };
  return {
    kind: 'extdata',
    local: false,
    changesSince: (dataclasses, anchor) => listing((c) => c.changesSince(dataclasses, anchor)),
    all: (dataclasses) => listing((c) => c.all(dataclasses)),
    apply: (changes) => current.apply(changes),
    settle: (anchor) => (current.settle === undefined ? anchor : current.settle(anchor)),
  };
}

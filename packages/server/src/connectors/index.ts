/**
 * The connector of one side of a binding, by the kind of client it names: what the sync service
 * hands the engine. datastore → the local store (datastore.ts); extdata → the remote feeds of the
 * client's datastores (extdata/). A SyncML phone is not run from here: it synchronizes when it
 * opens a session, and the SyncML endpoint drives the engine through the phone connector then;
 * an ActiveSync phone likewise, through the ActiveSync endpoint, when it sends Sync.
 */
import type { ClientKind } from '@atomsync/atom';
import { SyncFailure, type Connector, type SideName } from '@atomsync/engine';
import type { SecretBox } from '../secrets/box.js';
import type { ClientRefRecord, ExtdataClientRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { datastoreConnector, type ServedBodies } from './datastore.js';
import { extdataConnector, type ExtdataConnectorOptions } from './extdata/index.js';
import { lateDiscovery } from './extdata/dav/late.js';
import type { OAuthClient } from './extdata/dav/oauth.js';
import { sharedTokens } from './extdata/dav/refreshed.js';

export interface ConnectorDeps {
  readonly store: Store;
  readonly secrets: SecretBox;
  /** Timeouts and retries of the remote feeds (extdata/); their defaults when absent. */
  readonly extdata?: ExtdataConnectorOptions;
  /** The operator's OAuth 2.0 clients (ATOMSYNC_OAUTH_CLIENTS), to refresh a DAV remote's bearer tokens with; default none. */
  readonly oauthClients?: readonly OAuthClient[];
}

/**
 * Why a binding with a side of this kind cannot be run on request, or undefined when it can: the
 * answer of a 409 conflict.
 */
export function unrunnableKind(kind: ClientKind): string | undefined {
  switch (kind) {
    case 'datastore':
    case 'extdata':
      return undefined;
    case 'syncml':
      return 'a SyncML phone synchronizes when it starts a session; ask it with POST /v2/services/syncml/<uuid>/sync/';
    case 'activesync':
      return 'an ActiveSync phone synchronizes when it sends Sync (its runs are logged with the binding); it cannot be run on request';
  }
}

/**
 * The connector of `ref`, a side of one of the account's bindings. A client deleted since it was
 * bound (its row gone behind the API's back) fails the run: SyncFailure, before anything is read.
 * `extdataClient` is the record the caller already read, if any; `served`, the run's, shared by its
 * two datastore sides (datastore.ts ServedBodies).
 */
export async function connectorFor(
  deps: ConnectorDeps,
  accountId: number,
  ref: ClientRefRecord,
  side: SideName,
  extdataClient?: ExtdataClientRecord,
  served?: ServedBodies,
): Promise<Connector> {
  const gone = (): SyncFailure => new SyncFailure(`the ${side} ${ref.kind} client no longer exists`);
  switch (ref.kind) {
    case 'datastore': {
      const client = await deps.store.datastores.get(accountId, ref.uuid);
      if (client === undefined) throw gone();
      return datastoreConnector(deps.store, client, served);
    }
    case 'extdata': {
      const client = extdataClient ?? (await deps.store.extdata.get(accountId, ref.uuid));
      if (client === undefined) throw gone();
      const oauth = { clients: deps.oauthClients ?? [], shared: sharedTokens(deps.store, deps.secrets, client) };
      return extdataConnector(client, deps.secrets, { ...deps.extdata, oauth }, lateDiscovery(deps.store, deps.secrets));
    }
    case 'syncml':
    case 'activesync':
      throw new SyncFailure(unrunnableKind(ref.kind)!);
  }
}

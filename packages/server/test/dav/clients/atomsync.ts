/**
 * Our server as a DAV target, started as the other interop tests start it (startTestServer on
 * SQLite): the account alice with ONE datastore client created through the API, which the DAV
 * endpoint serves as an address book, an events calendar and a tasks calendar (issue 21). Clients
 * get the server's root URL and find the rest through /.well-known/carddav and /caldav.
 *
 */
import type { AtomSyncClient } from '@atomsync/sdk';
import { startTestServer } from '../../support/server.js';
import type { DavTarget } from './target.js';

export interface AtomsyncTarget extends DavTarget {
  /** The datastore client the DAV collections stand for. */
  readonly datastoreClient: string;
  /** An SDK client of the account, to read the datastore as the REST API sees it. */
  readonly client: AtomSyncClient;
}

export async function startAtomsync(): Promise<AtomsyncTarget> {
  const server = await startTestServer('sqlite');
  try {
    const created = await server.alice.client.datastore.create({ userId: 'dav-clients' });
    const datastoreClient = created.client.uuid;
    if (datastoreClient === undefined) throw new Error('the created datastore client has no uuid');
    return {
      name: 'atomsync',
      url: server.url.replace(/\/$/, ''),
      username: server.alice.username,
      password: server.alice.password,
      datastoreClient,
      client: server.alice.client,
      stop: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Another instance, for extdata-dav-oauth-instances.test.ts: a process of its own (two SQLite
 * stores in one process would block each other, better-sqlite3 waiting on the lock synchronously)
 * that opens the store named in ATOMSYNC_TEST_INSTANCE, signs in with the client's stored bearer
 * token as a run does, says `ready`, and on a line on stdin renews the token the remote refused —
 * printing `{"authorization": …}` or `{"refused": message}`.
 */
import { createInterface } from 'node:readline';
import { OAUTH2_BEARER_SCOPE, openSignIn } from '../../../src/connectors/extdata/dav/credentials.js';
import { RefreshRefused, type OAuthClient } from '../../../src/connectors/extdata/dav/oauth.js';
import { sharedTokens } from '../../../src/connectors/extdata/dav/refreshed.js';
import { SecretBox } from '../../../src/secrets/box.js';
import { openStore, type StoreOptions } from '@atomsync/store';

export interface InstanceConfig {
  readonly store: StoreOptions;
  /** The SecretBox key, hex. */
  readonly key: string;
  readonly accountId: number;
  readonly clientUuid: string;
  readonly collection: string;
  readonly oauthClient: OAuthClient;
}

const config = JSON.parse(process.env.ATOMSYNC_TEST_INSTANCE!) as InstanceConfig;
const store = await openStore(config.store);
const secrets = new SecretBox(Buffer.from(config.key, 'hex'));
const client = { accountId: config.accountId, uuid: config.clientUuid };
const token = (await store.extdata.get(client.accountId, client.uuid))!.datastores.find((d) => d.dav?.collection === config.collection)!.token!;
if (!token.scopes.includes(OAUTH2_BEARER_SCOPE)) throw new Error('not a bearer token');
const signIn = openSignIn(token, secrets, config.collection, { fetch, onSecret: () => undefined, refresh: { clients: [config.oauthClient], shared: sharedTokens(store, secrets, client), pollMs: 20 } });
const refused = signIn.authorization();
const lines = createInterface({ input: process.stdin });
console.log('ready');
for await (const _ of lines) {
  void _;
  try {
    await signIn.reauthorize(refused);
    console.log(JSON.stringify({ authorization: signIn.authorization() }));
  } catch (error) {
    if (!(error instanceof RefreshRefused)) throw error;
    console.log(JSON.stringify({ refused: error.message }));
  }
  break;
}
lines.close();
await store.close();

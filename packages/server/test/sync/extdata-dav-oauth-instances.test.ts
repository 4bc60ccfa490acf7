/**
 * One OAuth 2.0 refresh at a time across instances (connectors/extdata/dav/refreshed.ts): two
 * instances — this process and another (support/oauth-instance.ts), each with its store opened on
 * one SQLite file or one PostgreSQL schema — whose runs meet the
 * same expired access token at the same instant, against a provider that rotates refresh tokens
 * and answers a spent one `invalid_grant` (as Google, Microsoft and RFC 9700 §4.14.2 do). Without
 * the lease both would spend the refresh token and one run would fail (or the grant be revoked).
 *
 * Shown: the provider is asked once, both runs end signed in with the one renewed token, which is
 * stored with no lease left; a lease whose holder died is waited out, then taken; a refresh the
 * provider refuses ends the lease at once, so the waiting run asks for itself and is told why.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/secrets/box.js';
import { openStore, type StoreOptions } from '@atomsync/store';
import type { ExtdataDatastoreRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { OAUTH2_BEARER_SCOPE, openSignIn, type SignIn } from '../../src/connectors/extdata/dav/credentials.js';
import { RefreshRefused, type OAuthClient } from '../../src/connectors/extdata/dav/oauth.js';
import { sharedTokens } from '../../src/connectors/extdata/dav/refreshed.js';
import { makeAccount, uid } from '../../../store/test/helpers.js';
import { createTestSchema, storeKinds, type TestSchema } from '../support/stores.js';
import type { InstanceConfig } from './support/oauth-instance.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const INSTANCE = join(ROOT, 'packages/server/test/sync/support/oauth-instance.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');

const COLLECTION = 'https://dav.example.test/alice/contacts/';

/**
 * A token endpoint that rotates: each refresh token works once and is then void. It answers after
 * a pause, so two refreshes sent at once both reach it with the same refresh token.
 */
interface Provider {
  readonly url: string;
  /** The refresh token it takes now; undefined when it refuses every refresh (the grant revoked). */
  refreshToken: string | undefined;
  /** The refresh tokens it was sent, in order. */
  readonly calls: string[];
  /** How many it has issued (access-N, refresh-N). */
  issuedCount: number;
  /** The most refreshes it was answering at once. */
  maxInFlight: number;
  /** What it issued last. */
  issued?: { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sent = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('refresh_token') ?? '';
      provider.calls.push(sent);
      provider.maxInFlight = Math.max(provider.maxInFlight, ++inFlight);
      setTimeout(() => {
        inFlight--;
        if (provider.refreshToken === undefined || sent !== provider.refreshToken) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }));
          return;
        }
        const n = ++provider.issuedCount;
        provider.issued = { accessToken: `access-${n}`, refreshToken: `refresh-${n}` };
        provider.refreshToken = provider.issued.refreshToken;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: provider.issued.accessToken, refresh_token: provider.issued.refreshToken, token_type: 'Bearer', expires_in: 3600 }));
      }, 150);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const provider: Provider = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refreshToken: 'refresh-0',
    calls: [],
    maxInFlight: 0,
    issuedCount: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return provider;
}

/** A database for two instances: this process's store on it, and what the other opens. */
async function sharedDatabase(kind: (typeof storeKinds)[number]): Promise<{ store: Store; options: StoreOptions; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'atomsync-oauth-instances-'));
    const options = { kind: 'sqlite', file: join(dir, 'store.db') } as const;
    const store = await openStore(options);
    return {
      store,
      options,
      async close() {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema: TestSchema = await createTestSchema();
  const options = { kind: 'postgres', url: schema.url } as const;
  const store = await openStore(options);
  return {
    store,
    options,
    async close() {
      await store.close();
      await schema.drop();
    },
  };
}

/** The other instance, signed in and ready: `renew()` has it renew the token at once; resolves with what it printed. */
async function otherInstance(config: InstanceConfig): Promise<{ renew(): Promise<{ authorization?: string; refused?: string }> }> {
  const child = spawn(process.execPath, ['--import', TSX, INSTANCE], {
    env: { ...process.env, ATOMSYNC_TEST_INSTANCE: JSON.stringify(config), TSX_TSCONFIG_PATH: TSCONFIG },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const line = await lines.next();
    if (line.done === true) throw new Error(`the other instance ended (${await exited}): ${stderr}`);
    return line.value;
  };
  expect(await next()).toBe('ready');
  return {
    async renew() {
      child.stdin.write('renew\n');
      const said = JSON.parse(await next()) as { authorization?: string; refused?: string };
      expect(await exited).toBe(0);
      return said;
    },
  };
}

let provider: Provider;
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => {
  await provider?.close();
});

describe.each(storeKinds)('an OAuth 2.0 refresh across two instances on one %s store', (kind) => {
  const key = randomBytes(32);
  const secrets = new SecretBox(key);
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  let accountId: number;
  let clientUuid: string;
  let oauthClient: OAuthClient;

  beforeEach(async () => {
    db = await sharedDatabase(kind);
    accountId = (await makeAccount(db.store, uid('alice'))).id;
    clientUuid = uid('ext');
    provider.refreshToken = 'refresh-0';
    provider.calls.length = 0;
    provider.maxInFlight = 0;
    provider.issuedCount = 0;
    oauthClient = { name: 'test-provider', origins: [new URL(COLLECTION).origin], tokenEndpoint: `${provider.url}/token`, clientId: 'atomsync', clientSecret: 'client-secret-not-secret' };
    // Two datastores sharing one grant (a Contacts and a Calendar of one Google account).
    const token = { type: 2, sealedKey: secrets.seal('access-0'), sealedSecret: secrets.seal('refresh-0'), scopes: [OAUTH2_BEARER_SCOPE] } as const;
    const datastores: ExtdataDatastoreRecord[] = [
      { dataclass: 'Contacts', href: 'https://dav.example.test/', name: null, token, dav: { collection: COLLECTION, kind: 'addressbook' } },
      { dataclass: 'Calendar', href: 'https://dav.example.test/', name: null, token, dav: { collection: 'https://dav.example.test/alice/calendar/', kind: 'calendar' } },
    ];
    await db.store.extdata.create({ uuid: clientUuid, accountId, userId: 'alice@example.test', datastores });
  });
  afterEach(async () => {
    await db?.close();
  });

  /** A run's sign-in in this instance, from the token as stored now. */
  async function signInHere(leaseMs?: number): Promise<SignIn> {
    const token = (await db.store.extdata.get(accountId, clientUuid))!.datastores[0]!.token!;
    return openSignIn(token, secrets, COLLECTION, {
      fetch,
      onSecret: () => undefined,
      refresh: { clients: [oauthClient], shared: sharedTokens(db.store, secrets, { accountId, uuid: clientUuid }, leaseMs === undefined ? {} : { leaseMs }), pollMs: 20 },
    });
  }

  const signInThere = () => otherInstance({ store: db.options, key: key.toString('hex'), accountId, clientUuid, collection: COLLECTION, oauthClient });

  /** Every datastore's stored token, opened, with its lease. */
  async function stored(): Promise<{ accessToken: string; refreshToken: string; refreshing: unknown }[]> {
    const client = await db.store.extdata.get(accountId, clientUuid);
    return client!.datastores.map((d) => ({ accessToken: secrets.open(d.token!.sealedKey), refreshToken: secrets.open(d.token!.sealedSecret), refreshing: d.token!.refreshing }));
  }

  it('asks the provider once when both instances refresh at the same instant; both take the renewed token, stored without a lease', async () => {
    const [here, there] = [await signInHere(), await signInThere()];
    expect(here.authorization()).toBe('Bearer access-0');

    const [renewedHere, said] = await Promise.all([here.reauthorize('Bearer access-0'), there.renew()]);
    expect(renewedHere).toBe(true);

    expect(provider.calls).toEqual(['refresh-0']);
    expect(provider.maxInFlight).toBe(1);
    expect([here.authorization(), said]).toEqual(['Bearer access-1', { authorization: 'Bearer access-1' }]);
    const renewed = { accessToken: 'access-1', refreshToken: 'refresh-1', refreshing: undefined };
    expect(await stored()).toEqual([renewed, renewed]);
  });

  it('waits out a lease whose holder died, then refreshes itself', async () => {
    // A run of another instance took the lease and died before storing anything.
    await db.store.extdata.updateDatastores(accountId, clientUuid, (d) => ({ ...d, token: { ...d.token!, refreshing: { by: 'a run that died', until: Date.now() + 300 } } }));
    const here = await signInHere(300);

    expect(await here.reauthorize('Bearer access-0')).toBe(true);

    expect(provider.calls).toEqual(['refresh-0']);
    expect(here.authorization()).toBe('Bearer access-1');
    const renewed = { accessToken: 'access-1', refreshToken: 'refresh-1', refreshing: undefined };
    expect(await stored()).toEqual([renewed, renewed]);
  });

  it('ends the lease when the provider refuses: the waiting instance asks for itself and is told why, and the stored token is kept', async () => {
    provider.refreshToken = undefined;
    const [here, there] = [await signInHere(), await signInThere()];

    const [result, said] = await Promise.all([here.reauthorize('Bearer access-0').then(() => undefined, (error: unknown) => error), there.renew()]);

    const told = /refused to refresh the access token: invalid_grant: Token has been expired or revoked\./;
    expect(result).toBeInstanceOf(RefreshRefused);
    expect((result as Error).message).toMatch(told);
    expect(said.refused).toMatch(told);
    // One after the other, never at once: the second asked only once the first's lease had ended.
    expect(provider.calls).toEqual(['refresh-0', 'refresh-0']);
    expect(provider.maxInFlight).toBe(1);
    const kept = { accessToken: 'access-0', refreshToken: 'refresh-0', refreshing: undefined };
    expect(await stored()).toEqual([kept, kept]);
  });
});

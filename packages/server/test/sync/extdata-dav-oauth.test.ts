/**
 * An extdata account that signs in with an OAuth 2.0 bearer token (as Google's CardDAV does),
 * against Debian's Radicale behind two small servers this test writes — only the edge is mocked:
 *
 * - a bearer-checking proxy: a request whose `Bearer` token the provider issued and has not
 *   expired goes on to Radicale (signed there with Radicale's own Basic); any other bearer is
 *   answered 401 with a Bearer challenge, as Google answers an expired token;
 * - the OAuth provider's token endpoint (RFC 6749 §6): it checks the operator's client id and
 *   secret, and rotates the refresh token on each refresh, or refuses with `invalid_grant`.
 *
 * Shown: an expired access token is refreshed with the operator's OAuth client on the 401, the new
 * tokens are stored sealed, the request is sent again once and the run completes; a refused
 * refresh fails the run with the provider's reason and changes nothing stored; so does an origin the
 * server has no OAuth client for, and a remote that refuses the renewed token too (one refresh, one
 * more try, no loop); registration refuses a token the remote refuses then, naming it; a remote
 * that sends us to another origin gets no credentials there; and no token, nor the client secret,
 * is ever in the server's log or a sync log reason.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/log.js';
import { OAUTH2_BEARER_SCOPE } from '../../src/connectors/extdata/dav/credentials.js';
import type { OAuthClient } from '../../src/connectors/extdata/dav/oauth.js';
import { refusal, startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { basicHeader } from '../dav/clients/target.js';
import { datastoreSide, expectFailed, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const CLIENT_ID = 'atomsync-test.apps.example';
const CLIENT_SECRET = `client-secret-${randomBytes(8).toString('hex')}`;

interface Listening {
  readonly url: string;
  close(): Promise<void>;
}

async function listening(server: Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const bodyOf = (req: import('node:http').IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The OAuth provider's token endpoint: the edge this test mocks. */
interface Provider extends Listening {
  /** Access tokens the proxy takes. */
  readonly valid: Set<string>;
  /** Every token it issued, to look for in logs. */
  readonly issued: string[];
  /** The refresh token that works now; undefined once revoked. */
  refreshToken: string | undefined;
  /** What each call to the endpoint carried. */
  readonly calls: { authorization: string | undefined; body: string }[];
  /** Issues a first pair, as the user's sign-in at the provider does. */
  signIn(): { accessToken: string; refreshToken: string };
}

async function startProvider(): Promise<Provider> {
  const fresh = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
  const provider = {
    valid: new Set<string>(),
    issued: [] as string[],
    refreshToken: undefined as string | undefined,
    calls: [] as { authorization: string | undefined; body: string }[],
    signIn() {
      const accessToken = fresh('ya29.');
      const refreshToken = fresh('1//');
      provider.valid.add(accessToken);
      provider.refreshToken = refreshToken;
      provider.issued.push(accessToken, refreshToken);
      return { accessToken, refreshToken };
    },
  };
  const server = createServer(async (req, res) => {
    const body = (await bodyOf(req)).toString('utf8');
    provider.calls.push({ authorization: req.headers.authorization, body });
    const json = (status: number, answer: object) => res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(answer));
    const client = `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64')}`;
    if (req.method !== 'POST' || req.url !== '/token') return json(404, { error: 'not_found' });
    if (req.headers.authorization !== client) return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'refresh_token') return json(400, { error: 'unsupported_grant_type' });
    if (provider.refreshToken === undefined || form.get('refresh_token') !== provider.refreshToken) {
      return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    }
    // Rotated: the refresh token just used stops working.
    const accessToken = fresh('ya29.');
    const refreshToken = fresh('1//');
    provider.valid.add(accessToken);
    provider.refreshToken = refreshToken;
    provider.issued.push(accessToken, refreshToken);
    return json(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer', refresh_token: refreshToken, scope: 'https://www.googleapis.com/auth/carddav' });
  });
  return Object.assign(provider, await listening(server));
}

/** Before Radicale: takes the provider's bearer tokens, signs on with Radicale's Basic. */
interface BearerProxy extends Listening {
  /** The Authorization of every request, and the status answered. */
  readonly seen: { method: string; authorization: string | undefined; status: number }[];
  /** When set, the next listing request (PROPFIND, or the sync-collection REPORT a run holding a token starts with) is answered 301 to this origin (the same path). */
  redirectTo: string | undefined;
  /** Every bearer token refused, even one the provider just issued (a remote that will not take the account any more). */
  refuseAll: boolean;
  /** Run once before the next 401 is answered (what happens elsewhere meanwhile). */
  beforeRefusal: (() => Promise<void>) | undefined;
}

async function startBearerProxy(radicale: RadicaleTarget, provider: Provider): Promise<BearerProxy> {
  const upstream = new URL(radicale.url);
  const proxy = { seen: [] as BearerProxy['seen'], redirectTo: undefined as string | undefined, refuseAll: false, beforeRefusal: undefined as (() => Promise<void>) | undefined };
  const forward = (method: string, path: string, headers: IncomingHttpHeaders, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method, path, headers: { ...headers, host: upstream.host } }, (answer) => {
        bodyOf(answer).then((b) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: b }), reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const authorization = req.headers.authorization;
    const answer = (status: number, headers: IncomingHttpHeaders, text: Buffer | string) => {
      proxy.seen.push({ method: req.method!, authorization, status });
      res.writeHead(status, headers as Record<string, string>).end(text);
    };
    try {
      if (proxy.redirectTo !== undefined && (req.method === 'PROPFIND' || req.method === 'REPORT')) {
        const to = proxy.redirectTo;
        proxy.redirectTo = undefined;
        return answer(301, { location: new URL(req.url!, to).href }, '');
      }
      const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      if (authorization !== undefined && (bearer === undefined || !provider.valid.has(bearer) || proxy.refuseAll)) {
        const meanwhile = proxy.beforeRefusal;
        proxy.beforeRefusal = undefined;
        await meanwhile?.();
        return answer(401, { 'www-authenticate': 'Bearer realm="test", error="invalid_token"', 'content-type': 'text/plain' }, 'Request had invalid authentication credentials.');
      }
      const headers = { ...req.headers };
      if (bearer !== undefined) headers.authorization = basicHeader(radicale);
      const upstreamAnswer = await forward(req.method!, req.url!, headers, body);
      // Radicale's own challenge would ask for Basic: this remote takes bearer tokens only.
      if (upstreamAnswer.status === 401) upstreamAnswer.headers['www-authenticate'] = 'Bearer realm="test"';
      return answer(upstreamAnswer.status, upstreamAnswer.headers, upstreamAnswer.body);
    } catch {
      return answer(502, {}, '');
    }
  });
  return Object.assign(proxy, await listening(server));
}

/** Another origin, which a remote's redirect points at: records what it is sent, asks for credentials. */
async function startForeign(): Promise<Listening & { readonly seen: (string | undefined)[] }> {
  const seen: (string | undefined)[] = [];
  const server = createServer(async (req, res) => {
    await bodyOf(req);
    seen.push(req.headers.authorization);
    res.writeHead(401, { 'www-authenticate': 'Bearer realm="elsewhere"' }).end();
  });
  return Object.assign(await listening(server), { seen });
}

async function remoteNames(target: RadicaleTarget): Promise<string[]> {
  const response = await fetch(`${target.url}/${target.username}/contacts/`, {
    method: 'REPORT',
    headers: { authorization: basicHeader(target), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:address-data/></d:prop></c:addressbook-query>',
  });
  expect(response.status).toBe(207);
  return [...(await response.text()).matchAll(/FN:([^\r\n]*)/g)].map((m) => m[1]!).sort();
}

let logged = '';
let server: TestServer;
let radicale: RadicaleTarget;
let provider: Provider;
let proxy: BearerProxy;
/** A second remote, on an origin the server has no OAuth client for. */
let unconfigured: BearerProxy;
let foreign: Awaited<ReturnType<typeof startForeign>>;
beforeAll(async () => {
  [radicale, provider, foreign] = await Promise.all([startRadicale(), startProvider(), startForeign()]);
  [proxy, unconfigured] = await Promise.all([startBearerProxy(radicale, provider), startBearerProxy(radicale, provider)]);
  const oauthClients: OAuthClient[] = [{ name: 'test-provider', origins: [proxy.url], tokenEndpoint: `${provider.url}/token`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }];
  const sink = new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) });
  server = await startTestServer('sqlite', { oauthClients, logger: createLogger('debug', sink) });
}, 60_000);
afterAll(async () => {
  await Promise.all([proxy?.close(), unconfigured?.close(), provider?.close(), foreign?.close()]);
  await radicale?.stop();
  await server?.close();
});

/** The stored token of the client's one datastore, opened. */
async function storedToken(uuid: string): Promise<{ sealedKey: string; sealedSecret: string; accessToken: string; refreshToken: string }> {
  const client = await server.store.extdata.get(server.alice.id, uuid);
  const token = client!.datastores[0]!.token!;
  return { sealedKey: token.sealedKey, sealedSecret: token.sealedSecret, accessToken: server.secrets.open(token.sealedKey), refreshToken: server.secrets.open(token.sealedSecret) };
}

/** Every binding this file ran: their sync logs are searched for secrets at the end. */
const bindings: number[] = [];

/** A datastore with the given names bound to an extdata account on `remote` signed in with `tokens`; its first run made. */
async function boundTo(remote: BearerProxy, tokens: { accessToken: string; refreshToken: string }, people: readonly string[]) {
  const near = await datastoreSide(server.alice);
  for (const p of people) await near.add(p);
  const ext = (
    await server.alice.client.extdata.create({
      userId: `harness-${bindings.length}@example.com`,
      datastores: [{ dataclass: 'Contacts', href: `${remote.url}/${radicale.username}/contacts/`, token: { tokenType: 2, key: tokens.accessToken, secret: tokens.refreshToken, scopes: [OAUTH2_BEARER_SCOPE] } }],
    })
  ).client.uuid!;
  const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
  bindings.push(binding);
  const run = (mode: 200 | 201 = 200) => server.alice.client.syncengine.synchronize(binding, { syncMode: mode, dataclass: 'Contacts' });
  return { near, ext, binding, run };
}

describe('extdata over CardDAV with an OAuth 2.0 bearer token', () => {
  let near: Awaited<ReturnType<typeof datastoreSide>>;
  let ext: string;
  let run: (mode?: 200 | 201) => ReturnType<TestServer['alice']['client']['syncengine']['synchronize']>;

  beforeAll(async () => {
    ({ near, ext, run } = await boundTo(proxy, provider.signIn(), ['Anna Berg', 'Bo Ek']));
    expectRun(await run(), 201, { addsOut: 2 }, { addsIn: 2 });
    expect(provider.calls).toHaveLength(0);
  }, 60_000);

  it('refreshes an expired access token on the 401 with the operator\'s client, stores the new tokens sealed, and sends the request again once', async () => {
    const before = await storedToken(ext);
    provider.valid.delete(before.accessToken);
    const refusedBefore = proxy.seen.filter((s) => s.status === 401).length;
    const carla = await near.add('Carla Nyberg');
    expect(carla).toEqual(expect.any(String));

    expectRun(await run(), 200, { addsOut: 1 }, { addsIn: 1 });
    expect(await remoteNames(radicale)).toEqual(['Anna Berg', 'Bo Ek', 'Carla Nyberg']);
    // One refresh, with the operator's client, of the refresh token stored.
    expect(provider.calls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(provider.calls[0]!.body))).toEqual({ grant_type: 'refresh_token', refresh_token: before.refreshToken });
    // One 401 (the expired token), then the same request again with the new one.
    expect(proxy.seen.filter((s) => s.status === 401).length - refusedBefore).toBe(1);
    const after = await storedToken(ext);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(provider.valid.has(after.accessToken)).toBe(true);
    expect(after.refreshToken).toBe(provider.refreshToken);
    // Sealed at rest: the stored strings are neither token.
    expect(after.sealedKey).not.toContain(after.accessToken);
    expect(after.sealedSecret).not.toContain(after.refreshToken);
    expect(proxy.seen.at(-1)!.authorization).toBe(`Bearer ${after.accessToken}`);

    // The stored token serves the next run as it is: no refresh.
    expectRun(await run(), 200, {}, {});
    expect(provider.calls).toHaveLength(1);
  });

  it('sends the bearer token to the registered origin alone: a redirect elsewhere gets no credentials, and asks no refresh', async () => {
    const calls = provider.calls.length;
    proxy.redirectTo = foreign.url;
    const reason = expectFailed(await run(), 200);
    expect(reason).toMatch(/401/);
    expect(foreign.seen.length).toBeGreaterThan(0);
    expect(foreign.seen.every((a) => a === undefined)).toBe(true);
    expect(provider.calls.length).toBe(calls);
    expectRun(await run(), 200, {}, {});
  });

  it('fails the run with the provider\'s reason when it refuses the refresh, and keeps what is stored', async () => {
    const before = await storedToken(ext);
    provider.valid.delete(before.accessToken);
    provider.refreshToken = undefined;
    await near.add('Dan Ohlsson');

    const reason = expectFailed(await run(), 200);
    expect(reason).toMatch(/the OAuth provider test-provider \(http:\/\/127\.0\.0\.1:\d+\) refused to refresh the access token: invalid_grant: Token has been expired or revoked\./);
    expect(reason).toMatch(/signed in again/);
    const after = await storedToken(ext);
    expect([after.sealedKey, after.sealedSecret]).toEqual([before.sealedKey, before.sealedSecret]);
    expect(await remoteNames(radicale)).toEqual(['Anna Berg', 'Bo Ek', 'Carla Nyberg']);
  });

  it('takes the tokens of a new sign-in for the datastore it has (PUT, same dataclass and href): the binding goes on with a normal sync', async () => {
    const href = `${proxy.url}/${radicale.username}/contacts/`;
    const signedIn = provider.signIn();
    const updated = await server.alice.client.extdata.update(ext, { datastores: [{ dataclass: 'Contacts', href, token: { tokenType: 2, key: signedIn.accessToken, secret: signedIn.refreshToken, scopes: [OAUTH2_BEARER_SCOPE] } }] });
    expect(updated.client.datastores).toHaveLength(1);
    expect(JSON.stringify(updated)).not.toContain(signedIn.accessToken);
    expect(await storedToken(ext)).toMatchObject({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken });
    // Dan, added while the token was refused, goes now: from the anchors of the last good run.
    expectRun(await run(), 200, { addsOut: 1 }, { addsIn: 1 });
    expect(await remoteNames(radicale)).toEqual(['Anna Berg', 'Bo Ek', 'Carla Nyberg', 'Dan Ohlsson']);
    expectRun(await run(), 200, {}, {});
  });
});

describe('a bearer token that cannot be renewed', () => {
  it('is refused at registration with the reason, when the remote refuses it then; nothing registered, the token in no message', async () => {
    const stale = provider.signIn();
    provider.valid.delete(stale.accessToken);
    const before = (await server.alice.client.extdata.list()).entries.length;
    const refused = await refusal(
      server.alice.client.extdata.create({
        userId: 'stale@example.com',
        datastores: [{ dataclass: 'Contacts', href: `${proxy.url}/${radicale.username}/contacts/`, token: { tokenType: 2, key: stale.accessToken, secret: stale.refreshToken, scopes: [OAUTH2_BEARER_SCOPE] } }],
      }),
    );
    expect(refused.status).toBe(400);
    const said = `${refused.message} ${JSON.stringify(refused.details)}`;
    expect(said).toMatch(/the remote refused the OAuth 2\.0 access token .*401/);
    for (const secret of [stale.accessToken, stale.refreshToken]) expect(said).not.toContain(secret);
    expect((await server.alice.client.extdata.list()).entries.length).toBe(before);
  });

  it('fails the run saying so when the server has no OAuth client for the collection\'s origin', async () => {
    const tokens = provider.signIn();
    const { run } = await boundTo(unconfigured, tokens, ['Erik Falk']);
    // The address book holds the earlier cases' cards too: the first run brings them over.
    const held = (await remoteNames(radicale)).length;
    expectRun(await run(), 201, { addsOut: 1, addsIn: held }, { addsIn: 1, addsOut: held });
    provider.valid.delete(tokens.accessToken);
    const calls = provider.calls.length;
    const reason = expectFailed(await run(), 200);
    expect(reason).toContain(`no OAuth client of this server is set for ${unconfigured.url} to refresh it with (ATOMSYNC_OAUTH_CLIENTS)`);
    expect(provider.calls.length).toBe(calls);
  });

  it('takes the tokens another run renewed meanwhile instead of refreshing with a refresh token the provider has voided', async () => {
    const tokens = provider.signIn();
    const { ext, run, near } = await boundTo(proxy, tokens, ['Gustav Hed']);
    const held = (await remoteNames(radicale)).length;
    expectRun(await run(), 201, { addsOut: 1, addsIn: held }, { addsIn: 1, addsOut: held });
    provider.valid.delete(tokens.accessToken);
    // Another instance's run of this account refreshes first (rotating the refresh token) and stores the result.
    proxy.beforeRefusal = async () => {
      const answer = await fetch(`${provider.url}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }).toString(),
      });
      expect(answer.status).toBe(200);
      const renewed = (await answer.json()) as { access_token: string; refresh_token: string };
      await server.store.extdata.updateDatastores(server.alice.id, ext, (d) => ({ ...d, token: { ...d.token!, sealedKey: server.secrets.seal(renewed.access_token), sealedSecret: server.secrets.seal(renewed.refresh_token) } }));
    };
    const calls = provider.calls.length;
    await near.add('Hedda Ivarsson');
    expectRun(await run(), 200, { addsOut: 1 }, { addsIn: 1 });
    expect(proxy.beforeRefusal).toBeUndefined();
    // Only the other run's refresh reached the provider; this run took what it stored.
    expect(provider.calls.length).toBe(calls + 1);
    expect((await storedToken(ext)).refreshToken).toBe(provider.refreshToken);
  });

  it('asks one refresh and sends once more, no more, when the remote refuses the renewed token too', async () => {
    const tokens = provider.signIn();
    const { ext, run } = await boundTo(proxy, tokens, ['Frida Gran']);
    // The address book holds the earlier cases' cards too: the first run brings them over.
    const held = (await remoteNames(radicale)).length;
    expectRun(await run(), 201, { addsOut: 1, addsIn: held }, { addsIn: 1, addsOut: held });
    proxy.refuseAll = true;
    try {
      const calls = provider.calls.length;
      const refusedBefore = proxy.seen.filter((s) => s.status === 401).length;
      const reason = expectFailed(await run(), 200);
      expect(reason).toMatch(/401/);
      expect(provider.calls.length).toBe(calls + 1);
      expect(proxy.seen.filter((s) => s.status === 401).length - refusedBefore).toBe(2);
      // The renewed token was stored all the same: the provider rotated the refresh token, the old one is void.
      expect((await storedToken(ext)).refreshToken).toBe(provider.refreshToken);
    } finally {
      proxy.refuseAll = false;
    }
  });
});

describe('secrets', () => {
  it('never logs a token or the client secret: not in the server\'s log, nor in a sync log reason', async () => {
    const reasons = (await Promise.all(bindings.map((b) => server.alice.client.syncengine.bindingLog(b)))).flatMap((log) => log.entries.map((e) => e.reason ?? ''));
    expect(reasons.some((r) => r.includes('invalid_grant'))).toBe(true);
    const secrets = [...provider.issued, CLIENT_SECRET, ...provider.calls.map((c) => c.authorization!.slice('Basic '.length))];
    // What is searched holds the runs' failures (else the search could not fail).
    expect(logged).toContain('synchronization failed');
    expect(logged).toContain('invalid_grant');
    for (const secret of secrets) {
      expect(logged).not.toContain(secret);
      for (const reason of reasons) expect(reason).not.toContain(secret);
    }
  });
});

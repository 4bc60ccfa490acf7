/**
 * The account authenticator on a real store of either kind: HTTP Basic with its verified-credential
 * cache, Bearer tokens, and two-legged OAuth 1.0a (signature, time window, nonce replay), each
 * with the answers the pipeline gives: 200 for an admin on the admin API, 403 for an identified
 * non-admin, 401 with `WWW-Authenticate` for credentials that do not authenticate.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { oauth1 } from '@atomsync/sdk';
import OAuth from 'oauth-1.0a';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { CHALLENGE, createAccountAuthenticator } from '../../src/auth/accounts.js';
import { verifyPassword } from '../../src/auth/password.js';
import { outboxGateway } from '../../src/gateway/gateway.js';
import { createHandlers } from '../../src/handlers/index.js';
import { SecretBox } from '../../src/secrets/box.js';
import * as accounts from '../../src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { BindingRuns } from '../../src/services/run-lock.js';
import { call, itValidatesErrorDocuments } from '../support/http.js';
import { openTestStore, storeKinds } from '../support/stores.js';

const ADMIN = '/v2/admin/accounts';
const ORIGIN = 'http://atomsync.test';
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe.each(storeKinds)('on %s', (kind) => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  const deps = () => ({ store, secrets });
  /** How many scrypt verifications ran: the seam proves the cache spares them. */
  let verifications = 0;
  let clockOffset = 0;
  const options = {
    now: () => Date.now() + clockOffset,
    verifyPassword: async (password: string, stored: string) => (verifications++, verifyPassword(password, stored)),
  };
  let app: ReturnType<typeof createApp>;
  const as = (authorization?: string, path = ADMIN, method = 'GET') => call(app, method, path, authorization ? { headers: { authorization } } : {});

  beforeAll(async () => {
    store = await openTestStore(kind);
    const handlers = createHandlers({ store, secrets, gateway: outboxGateway, runs: new BindingRuns() });
    app = createApp({ handlers, authenticate: createAccountAuthenticator(store, secrets, options) });
    await accounts.createAccount(deps(), { username: 'root', password: 'root secret pw', admin: true });
    await accounts.createAccount(deps(), { username: 'kim', password: 'kim:pw é', admin: false });
  });
  afterAll(() => store.close());

  function expectRefused(answer: Awaited<ReturnType<typeof as>>) {
    expect(answer.status).toBe(401);
    expect(answer.error?.code).toBe('unauthorized');
    expect(answer.headers.get('www-authenticate')).toBe(CHALLENGE);
  }

  describe('Basic', () => {
    it('identifies accounts: an admin runs admin operations, a non-admin gets 403', async () => {
      expect((await as(basic('root', 'root secret pw'))).status).toBe(200);
      const kim = await as(basic('kim', 'kim:pw é'));
      expect([kim.status, kim.error?.code]).toEqual([403, 'forbidden']);
    });

    it.each([
      ['a wrong password', basic('root', 'root PW')],
      ['an unknown user', basic('nobody', 'root secret pw')],
      ['no colon', `Basic ${Buffer.from('root').toString('base64')}`],
      ['not base64', 'Basic %%%'],
      ['nothing', 'Basic'],
      ['an unknown scheme', 'Digest username="root"'],
    ])('refuses %s with 401 and the challenge', async (_, header) => {
      expectRefused(await as(header));
    });

    it('asks anonymous callers for credentials', async () => {
      expectRefused(await as());
    });

    it('verifies a password once, then answers from the cache', async () => {
      const header = basic('kim', 'kim:pw é');
      clockOffset = 0;
      await as(header);
      const before = verifications;
      for (let i = 0; i < 5; i++) expect((await as(header)).status).toBe(403);
      expect(verifications).toBe(before);
      // A wrong password is never cached: each attempt pays the KDF.
      await as(basic('kim', 'guess'));
      await as(basic('kim', 'guess'));
      expect(verifications).toBe(before + 2);
    });

    it('checks a cached password again once its entry is older than the TTL', async () => {
      const header = basic('root', 'root secret pw');
      await as(header);
      const before = verifications;
      clockOffset = 11 * 60_000;
      expect((await as(header)).status).toBe(200);
      expect(verifications).toBe(before + 1);
      clockOffset = 0;
    });

    it('stops taking a cached password the moment it is changed, and takes the new one', async () => {
      await accounts.createAccount(deps(), { username: 'lee', password: 'old-secret-pw', admin: true });
      expect((await as(basic('lee', 'old-secret-pw'))).status).toBe(200);
      expect((await as(basic('lee', 'old-secret-pw'))).status).toBe(200);
      await accounts.changePassword(deps(), 'lee', 'new-secret-pw');
      expectRefused(await as(basic('lee', 'old-secret-pw')));
      expect((await as(basic('lee', 'new-secret-pw'))).status).toBe(200);
    });

    it('stops taking a cached password once its account is deleted, even if the name is reused', async () => {
      await accounts.createAccount(deps(), { username: 'max', password: 'secret-pw', admin: true });
      expect((await as(basic('max', 'secret-pw'))).status).toBe(200);
      await accounts.deleteAccount(deps(), 'max');
      expectRefused(await as(basic('max', 'secret-pw')));
      await accounts.createAccount(deps(), { username: 'max', password: 'secret-pw', admin: false });
      expect((await as(basic('max', 'secret-pw'))).status).toBe(403);
    });

    it('sees an admin flag change at once', async () => {
      await accounts.createAccount(deps(), { username: 'ann', password: 'secret-pw', admin: false });
      expect((await as(basic('ann', 'secret-pw'))).status).toBe(403);
      await accounts.ensureAdmin(deps(), 'ann', 'secret-pw');
      expect((await as(basic('ann', 'secret-pw'))).status).toBe(200);
    });
  });

  describe('Bearer', () => {
    it('authenticates a token the admin API issued, and only that', async () => {
      const { token } = await accounts.issueToken(deps(), 'root');
      expect(token).toMatch(/^ast_[A-Za-z0-9_-]{43}$/);
      expect((await as(`Bearer ${token}`)).status).toBe(200);
      expectRefused(await as(`Bearer ${token}x`));
      expectRefused(await as('Bearer '));
    });

    it("dies with its account", async () => {
      await accounts.createAccount(deps(), { username: 'tmp', password: 'secret-pw', admin: true });
      const { token } = await accounts.issueToken(deps(), 'tmp');
      expect((await as(`Bearer ${token}`)).status).toBe(200);
      await accounts.deleteAccount(deps(), 'tmp');
      expectRefused(await as(`Bearer ${token}`));
    });
  });

  describe('OAuth 1.0a', () => {
    let consumer: { key: string; secret: string };
    beforeAll(async () => {
      consumer = await accounts.issueConsumer(deps(), 'root');
    });
    const sign = (c = consumer, url = `${ORIGIN}${ADMIN}`, method = 'GET') => oauth1({ consumerKey: c.key, consumerSecret: c.secret })({ method, url: new URL(url) });

    it("authenticates the SDK's signature", async () => {
      expect((await as(await sign())).status).toBe(200);
    });

    it('authenticates the oauth-1.0a package’s signature', async () => {
      const signer = new OAuth({ consumer: { key: consumer.key, secret: consumer.secret }, signature_method: 'HMAC-SHA1', hash_function: (b, k) => createHmac('sha1', k).update(b).digest('base64') });
      signer.getNonce = () => randomBytes(12).toString('hex');
      const header = signer.toHeader(signer.authorize({ method: 'GET', url: `${ORIGIN}${ADMIN}` })).Authorization;
      expect((await as(header)).status).toBe(200);
    });

    it('refuses a signature made with another secret', async () => {
      expectRefused(await as(await sign({ key: consumer.key, secret: 'not the secret' })));
    });

    it('refuses (401, not a failure of the server) a consumer whose secret was sealed under another secret key', async () => {
      const root = (await store.accounts.byUsername('root'))!;
      const stale = { key: 'a'.repeat(32), secret: 'the consumer secret' };
      // As after ATOMSYNC_SECRET_KEY changed: the secret kept no longer opens with the server's key.
      await store.consumers.create({ key: stale.key, accountId: root.id, sealedSecret: SecretBox.ephemeral().seal(stale.secret) });
      expectRefused(await as(await sign(stale)));
    });

    it('refuses a consumer key nobody issued', async () => {
      expectRefused(await as(await sign({ key: 'f'.repeat(32), secret: consumer.secret })));
    });

    it('refuses a signature over another method or URL', async () => {
      expectRefused(await as(await sign(consumer, `${ORIGIN}${ADMIN}`, 'POST')));
      expectRefused(await as(await sign(consumer, `${ORIGIN}/v2/admin/accounts/root`)));
    });

    it('refuses a replayed request: the same nonce twice', async () => {
      const header = await sign();
      expect((await as(header)).status).toBe(200);
      expectRefused(await as(header));
    });

    it('refuses a timestamp more than 300 s from the clock, either way', async () => {
      const header = await sign();
      clockOffset = 301_000;
      expectRefused(await as(header));
      clockOffset = -301_000;
      expectRefused(await as(header));
      clockOffset = 0;
      // Refused for its time, not remembered: the same request within the window still works.
      expect((await as(header)).status).toBe(200);
    });

    it('refuses other signature methods and versions, OAuth tokens, and missing parameters', async () => {
      const header = await sign();
      expectRefused(await as(header.replace('HMAC-SHA1', 'HMAC-SHA256')));
      expectRefused(await as(header.replace('oauth_version="1.0"', 'oauth_version="2.0"')));
      expectRefused(await as(`${header}, oauth_token="t0k3n"`));
      expectRefused(await as(header.replace(/oauth_nonce="[^"]*", /, '')));
      expectRefused(await as('OAuth garbage'));
    });

    it('accepts a signature over ATOMSYNC_BASE_URL, as a client behind a proxy addressed the server', async () => {
      const proxied = createApp({ handlers: createHandlers({ store, secrets, gateway: outboxGateway, runs: new BindingRuns() }), authenticate: createAccountAuthenticator(store, secrets, { baseUrl: 'https://sync.example.com/atomsync' }) });
      const header = await sign(consumer, `https://sync.example.com/atomsync${ADMIN}`);
      expect((await call(proxied, 'GET', ADMIN, { headers: { authorization: header } })).status).toBe(200);
      // The request's own URL is still fine.
      expect((await call(proxied, 'GET', ADMIN, { headers: { authorization: await sign() } })).status).toBe(200);
    });

    it("prunes the signing account's stale nonces, at most once a minute per account, and never every account's", async () => {
      const pruned: [number, number | undefined][] = [];
      const watched: Store = { ...store, nonces: { remember: (...args) => store.nonces.remember(...args), prune: (olderThan, accountId) => (pruned.push([olderThan, accountId]), store.nonces.prune(olderThan, accountId)) } };
      let offset = 0;
      const now = () => Date.now() + offset;
      const watchedApp = createApp({ handlers: createHandlers({ store, secrets, gateway: outboxGateway, runs: new BindingRuns() }), authenticate: createAccountAuthenticator(watched, secrets, { now }) });
      const request = async (c: { key: string; secret: string }) => (await call(watchedApp, 'GET', '/v2/services/datastore/', { headers: { authorization: await sign(c, `${ORIGIN}/v2/services/datastore/`) } })).status;
      const root = (await store.accounts.byUsername('root'))!;
      const kim = (await store.accounts.byUsername('kim'))!;
      const ofKim = await accounts.issueConsumer(deps(), 'kim');
      expect(await request(consumer)).toBe(200);
      expect(await request(consumer)).toBe(200);
      expect(await request(ofKim)).toBe(200);
      expect(pruned.map(([, account]) => account)).toEqual([root.id, kim.id]);
      // Each prune forgets what fell out of the window at that moment.
      for (const [olderThan] of pruned) expect(Math.abs(olderThan - (Math.floor(now() / 1000) - 300))).toBeLessThanOrEqual(1);
      offset = 61_000;
      expect(await request(consumer)).toBe(200);
      expect(pruned.map(([, account]) => account)).toEqual([root.id, kim.id, root.id]);
    });
  });
});

itValidatesErrorDocuments();

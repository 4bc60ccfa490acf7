/**
 * The console's glue over HTTP, on both stores (src/console/): its files under their policies and
 * nothing else served, the session's sign-in through the shared guard, and the Atom API taking the
 * session cookie only from the console's own pages — never from another origin, never in place
 * of an Authorization header. The browser half (test/console) drives the real app.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSOLE_POLICY, DOCS_POLICY } from '../../src/console/mount.js';
import { issueSession, readSession, SESSION_SECONDS, sessionHolds } from '../../src/console/session-cookie.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { changePassword, createAccount } from '../../src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { openTestStore, storeKinds } from '../support/stores.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const CONSOLE = { 'x-atomsync-console': '1' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const DATASTORE_ENTRY = '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:client><s:user_id>ada</s:user_id></s:client></entry>';

/** A built console in miniature: the page, one asset, the reference's index. */
function consoleDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-console-'));
  mkdirSync(join(dir, 'console'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(dir, 'console', 'app.js'), 'console.log("app");'.repeat(50));
  writeFileSync(join(dir, 'console', 'app.js.map'), '{}');
  writeFileSync(join(dir, 'docs', 'index.html'), '<!doctype html><title>reference</title>');
  return dir;
}

describe.each(storeKinds)('the console on the %s store', (kind) => {
  let store: Store;
  let secrets: SecretBox;
  let server: RunningServer;
  let url: string;

  const signIn = (username: string, password: string, headers: Record<string, string> = CONSOLE) =>
    fetch(`${url}/console/session`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const cookieOf = (response: Response): string => response.headers.get('set-cookie')!.split(';', 1)[0]!;
  const datastores = async () => (await (await fetch(`${url}/v2/services/datastore/`, { headers: { authorization: basic('ada', 'ada-secret-pw') } })).text()).split('<entry').length - 1;

  beforeAll(async () => {
    store = await openTestStore(kind);
    secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'ada', password: 'ada-secret-pw', admin: false });
    await createAccount({ store, secrets }, { username: 'bob', password: 'bob-secret-pw', admin: false });
    await createAccount({ store, secrets }, { username: 'eve', password: 'eve-secret-pw', admin: false });
    server = await listen(createServer({ store, secrets, consoleDir: consoleDir() }), { host: '127.0.0.1', port: 0 });
    url = server.url;
  });
  afterAll(async () => {
    await server?.close(2_000);
    await store?.close();
  });

  it('serves its page at / and the API reference at /docs/, each under its own policy', async () => {
    const page = await fetch(`${url}/`);
    expect([page.status, page.statusText]).toEqual([200, 'OK']);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_POLICY);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toContain('<title>console</title>');
    const docs = await fetch(`${url}/docs/`);
    expect(docs.headers.get('content-security-policy')).toBe(DOCS_POLICY);
    expect(await docs.text()).toContain('<title>reference</title>');
    const bare = await fetch(`${url}/docs`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/docs/']);
  });

  it('answers a revalidation 304 and gzip to whoever takes it', async () => {
    const first = await fetch(`${url}/console/app.js`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${url}/console/app.js`, { headers: { 'if-none-match': etag } });
    expect([again.status, again.statusText]).toEqual([304, 'Not Modified']);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      // node's fetch would unzip it: ask with node:http to see the bytes sent.
      import('node:http').then(({ get }) =>
        get(`${url}/console/app.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          expect(res.headers['content-encoding']).toBe('gzip');
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    expect(gunzipSync(raw).toString()).toBe(await first.text());
  });

  it('serves nothing but its files: every other path keeps the contract 404', async () => {
    for (const path of ['/console/nothing.js', '/console/app.js.map', '/docs/nothing.html', '/no/such/page', '/index.html/']) {
      const answer = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toBe('application/xml');
      expect(await answer.text(), path).toContain('<code>not_found</code>');
    }
  });

  it('signs in with the password through a session cookie that no script reads', async () => {
    const answer = await signIn('ada', 'ada-secret-pw');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ username: 'ada', admin: false });
    const cookie = answer.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^atomsync-session=\d+\.\d+\.[\w-]{43}; /);
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', `Max-Age=${SESSION_SECONDS}`, 'Path=/', 'SameSite=Strict']);
    const me = await fetch(`${url}/console/session`, { headers: { ...CONSOLE, cookie: cookieOf(answer) } });
    expect(await me.json()).toEqual({ username: 'ada', admin: false });
  });

  it('refuses a wrong password without a challenge a browser would answer with its own dialog', async () => {
    const answer = await signIn('ada', 'not-her-password');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await answer.text()).toContain('the username or password is wrong');
  });

  it('slows guessing with the sign-in throttle every protocol shares', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await signIn('eve', `guess-${i}-wrong`)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await signIn('eve', 'eve-secret-pw');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same wait holds on the Atom API's Basic: one throttle.
    const api = await fetch(`${url}/v2/services/datastore/`, { headers: { authorization: basic('eve', 'eve-secret-pw') } });
    expect(api.status).toBe(429);
  });

  it('is managed only from the console\'s own pages', async () => {
    expect((await signIn('ada', 'ada-secret-pw', {})).status).toBe(403);
    expect((await signIn('ada', 'ada-secret-pw', { ...CONSOLE, origin: 'http://evil.example' })).status).toBe(403);
    expect((await signIn('ada', 'ada-secret-pw', { ...CONSOLE, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    const form = await fetch(`${url}/console/session`, { method: 'POST', headers: { ...CONSOLE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=ada&password=ada-secret-pw' });
    expect(form.status).toBe(415);
    expect((await fetch(`${url}/console/session`, { method: 'DELETE' })).status).toBe(403);
  });

  it('lets the Atom API take the session from the console only: no cookie-authenticated write from another origin', async () => {
    const cookie = cookieOf(await signIn('ada', 'ada-secret-pw'));
    const before = await datastores();
    const post = (headers: Record<string, string>) =>
      fetch(`${url}/v2/services/datastore/`, { method: 'POST', headers: { cookie, 'content-type': 'application/atom+xml', ...headers }, body: DATASTORE_ENTRY });
    // What another site's form or simple fetch can send: the cookie, without the header. Refused
    // outright: a Basic challenge would have the browser hold the request for a password dialog.
    const bare = await post({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(bare.status).toBe(403);
    expect(bare.headers.get('www-authenticate')).toBeNull();
    expect((await post({})).status).toBe(403);
    expect((await post({ ...CONSOLE, origin: 'http://evil.example' })).status).toBe(403);
    expect((await post({ ...CONSOLE, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await datastores()).toBe(before);
    // From the console's page: its own origin, same-origin fetch.
    const own = await post({ ...CONSOLE, origin: url, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(201);
    expect(await datastores()).toBe(before + 1);
  });

  it('never reads the cookie when Authorization is there: the API\'s other callers are as before', async () => {
    const anonymous = await fetch(`${url}/v2/services/datastore/`);
    expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Basic realm="atomsync", OAuth realm="atomsync"']);
    const cookie = cookieOf(await signIn('ada', 'ada-secret-pw'));
    const asBob = await fetch(`${url}/v2/services/datastore/`, { method: 'POST', headers: { ...CONSOLE, cookie, authorization: basic('bob', 'bob-secret-pw'), 'content-type': 'application/atom+xml' }, body: DATASTORE_ENTRY });
    expect(asBob.status).toBe(201);
    expect(await asBob.text()).toContain('<name>bob</name>');
    const wrong = await fetch(`${url}/v2/services/datastore/`, { headers: { ...CONSOLE, cookie, authorization: basic('bob', 'not-bobs-password') } });
    expect(wrong.status).toBe(401);
  });

  it('ends on sign-out in the browser, and everywhere when the password changes', async () => {
    const cookie = cookieOf(await signIn('bob', 'bob-secret-pw'));
    const out = await fetch(`${url}/console/session`, { method: 'DELETE', headers: { ...CONSOLE, cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^atomsync-session=; .*Max-Age=0/);
    expect((await fetch(`${url}/console/session`, { headers: { ...CONSOLE, cookie } })).status).toBe(200);
    await changePassword({ store, secrets }, 'bob', 'bob-new-secret-pw');
    const after = await fetch(`${url}/v2/services/datastore/`, { headers: { ...CONSOLE, cookie } });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBeNull();
    const tampered = cookie.replace(/\.(\d+)\./, (_, expires: string) => `.${Number(expires) + 1}.`);
    expect((await fetch(`${url}/console/session`, { headers: { ...CONSOLE, cookie: tampered } })).status).toBe(401);
  });
});

describe('the console behind a proxy that terminates TLS (ATOMSYNC_BASE_URL https)', () => {
  it('takes its public origin for the console\'s own, and makes the cookie Secure and __Host-', async () => {
    const store = await openTestStore('sqlite');
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'ada', password: 'ada-secret-pw', admin: false });
    const server = await listen(createServer({ store, secrets, baseUrl: 'https://sync.example.org/', consoleDir: consoleDir() }), { host: '127.0.0.1', port: 0 });
    try {
      const signIn = (origin: string) =>
        fetch(`${server.url}/console/session`, { method: 'POST', headers: { ...CONSOLE, origin, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ada', password: 'ada-secret-pw' }) });
      const refused = await signIn('http://sync.example.org');
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('set ATOMSYNC_BASE_URL (or ATOMSYNC_TRUST_PROXY)');
      const answer = await signIn('https://sync.example.org');
      expect(answer.status).toBe(200);
      const cookie = answer.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^__Host-atomsync-session=[\w.-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
      const session = cookie.split(';', 1)[0]!;
      const me = await fetch(`${server.url}/console/session`, { headers: { ...CONSOLE, origin: 'https://sync.example.org', cookie: session } });
      expect(await me.json()).toEqual({ username: 'ada', admin: false });
      // The plain name is not ours over https: a cookie set by a plain-http page does not count.
      const plain = await fetch(`${server.url}/console/session`, { headers: { ...CONSOLE, cookie: session.replace('__Host-', '') } });
      expect(plain.status).toBe(401);
    } finally {
      await server.close(2_000);
      await store.close();
    }
  });
});

describe('the session value', () => {
  const secrets = SecretBox.ephemeral();
  const now = Date.UTC(2026, 0, 1);

  it('holds for its account and password until it expires', () => {
    const { value } = issueSession(secrets, 7, 'hash-1', now);
    const session = readSession(value, now + (SESSION_SECONDS - 1) * 1000)!;
    expect(session.accountId).toBe(7);
    expect(sessionHolds(secrets, session, 'hash-1')).toBe(true);
    expect(sessionHolds(secrets, session, 'hash-2')).toBe(false);
    expect(sessionHolds(SecretBox.ephemeral(), session, 'hash-1')).toBe(false);
    expect(readSession(value, now + SESSION_SECONDS * 1000)).toBeUndefined();
  });

  it('is refused in any other form, whatever its length', () => {
    for (const value of ['', '7', '7.1.x', `7.${'9'.repeat(13)}.${'a'.repeat(43)}`, `x.1.${'a'.repeat(43)}`, `7.1.${'a'.repeat(44)}`, 'a'.repeat(100_000)]) {
      expect(readSession(value, 0), value.slice(0, 40)).toBeUndefined();
    }
  });
});

/**
 * Behind a reverse proxy: with ATOMSYNC_TRUST_PROXY, `Forwarded` (RFC 7239) and else
 * `X-Forwarded-Proto` / `X-Forwarded-Host` decide `{base_url}` (ids and links) and the URL an
 * OAuth 1.0a client signed; ATOMSYNC_BASE_URL still wins; without it they are ignored. With N
 * proxies trusted, the value the outermost of them wrote counts, not what the client sent before.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { oauthSigner } from '../../src/connectors/extdata/sign.js';
import { forwardedOrigin, parseForwarded } from '../../src/http/forwarded.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount, issueConsumer } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { resolveServeConfig } from '../../src/config.js';
import { ConfigError } from '../../src/errors.js';
import { createLogger } from '../../src/log.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const headers = (h: Record<string, string>) => new Headers(h);

describe('parseForwarded', () => {
  it('reads elements and their parameters, quoted strings with separators in them included', () => {
    const elements = parseForwarded('for=192.0.2.60;Proto=HTTP;by=203.0.113.43, for="[2001:db8::1]:4711";host="sync.example.com:8443";proto=https, host="a,b;c"');
    expect(elements.map((e) => Object.fromEntries(e))).toEqual([
      { for: '192.0.2.60', proto: 'HTTP', by: '203.0.113.43' },
      { for: '[2001:db8::1]:4711', host: 'sync.example.com:8443', proto: 'https' },
      { host: 'a,b;c' },
    ]);
  });

  it('survives garbage: empty elements, no values, an unclosed quote', () => {
    expect(parseForwarded(' , ;;, proto').map((e) => Object.fromEntries(e))).toEqual([{ proto: '' }]);
    expect(parseForwarded('host="unclosed').map((e) => Object.fromEntries(e))).toEqual([{ host: 'unclosed' }]);
    expect(parseForwarded('')).toEqual([]);
  });
});

describe('forwardedOrigin', () => {
  it('takes proto and host from Forwarded, case-insensitively, and from X-Forwarded-* without it', () => {
    expect(forwardedOrigin(headers({ forwarded: 'proto=HTTPS;host=sync.example.com' }), 1)).toEqual({ proto: 'https', host: 'sync.example.com' });
    expect(forwardedOrigin(headers({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sync.example.com:8443' }), 1)).toEqual({ proto: 'https', host: 'sync.example.com:8443' });
    // Forwarded wins; a parameter it lacks comes from X-Forwarded-*.
    expect(forwardedOrigin(headers({ forwarded: 'proto=https', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'b.example' }), 1)).toEqual({ proto: 'https', host: 'b.example' });
  });

  it('with N proxies trusted, takes what the outermost of them appended, not what the client wrote before it', () => {
    const forwarded = 'proto=http;host=evil.example, proto=https;host=sync.example.com, proto=http;host=lb.internal';
    expect(forwardedOrigin(headers({ forwarded }), 1)).toEqual({ proto: 'http', host: 'lb.internal' });
    expect(forwardedOrigin(headers({ forwarded }), 2)).toEqual({ proto: 'https', host: 'sync.example.com' });
    // Fewer values than proxies (a proxy that overwrites): the first.
    expect(forwardedOrigin(headers({ forwarded }), 5)).toEqual({ proto: 'http', host: 'evil.example' });
    expect(forwardedOrigin(headers({ 'x-forwarded-host': 'evil.example, sync.example.com', 'x-forwarded-proto': 'http,https' }), 1)).toEqual({ proto: 'https', host: 'sync.example.com' });
  });

  it.each([
    ['proto=javascript;host=ok.example', { host: 'ok.example' }],
    ['proto=ftp', {}],
    ['host="evil.example/path"', {}],
    ['host="user@evil.example"', {}],
    ['host="a b"', {}],
    ['host="x.example:99999"', {}],
    ['host=""', {}],
    ['host="[::1]:8080";proto=https', { proto: 'https', host: '[::1]:8080' }],
  ])('keeps only valid values: %s', (forwarded, expected) => {
    expect(forwardedOrigin(headers({ forwarded }), 1)).toEqual(expected);
  });
});

describe('configuration', () => {
  it.each([
    [{}, {}, undefined],
    [{}, { ATOMSYNC_TRUST_PROXY: 'true' }, 1],
    [{}, { ATOMSYNC_TRUST_PROXY: 'ON' }, 1],
    [{}, { ATOMSYNC_TRUST_PROXY: '2' }, 2],
    [{}, { ATOMSYNC_TRUST_PROXY: 'false' }, undefined],
    [{}, { ATOMSYNC_TRUST_PROXY: '0' }, undefined],
    [{}, { ATOMSYNC_TRUST_PROXY: '' }, undefined],
    [{ trustProxy: '' }, {}, 1],
    [{ trustProxy: '3' }, { ATOMSYNC_TRUST_PROXY: 'false' }, 3],
    [{ trustProxy: 'false' }, { ATOMSYNC_TRUST_PROXY: '2' }, undefined],
  ])('%j %j trusts %s', (flags, env, expected) => {
    expect(resolveServeConfig(flags, env, '/srv').trustProxy).toBe(expected);
  });

  it.each([[{ trustProxy: '--port' }, {}], [{}, { ATOMSYNC_TRUST_PROXY: 'maybe' }], [{}, { ATOMSYNC_TRUST_PROXY: '-1' }]])('refuses %j %j', (flags, env) => {
    expect(() => resolveServeConfig(flags, env, '/srv')).toThrow(ConfigError);
  });
});

describe('the server behind a proxy', () => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  const logger = createLogger('silent');
  let consumer: { key: string; secret: string };
  const PROXIED = { forwarded: 'for=198.51.100.7;proto=https;host=sync.example.com' };

  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file: ':memory:' });
    await createAccount({ store, secrets }, { username: 'alice', password: 'alice-secret-pw' });
    consumer = await issueConsumer({ store, secrets }, 'alice');
  });
  afterAll(async () => {
    await store?.close();
  });

  /** The self link of the vendors feed, asked of the server at http://127.0.0.1:8080. */
  async function selfLink(options: { trustProxy?: number; baseUrl?: string }, sent: Record<string, string>): Promise<string> {
    const app = createServer({ store, secrets, logger, ...options });
    const answer = await app.fetch(new Request('http://127.0.0.1:8080/v2/phones/vendors/', { headers: sent }));
    expect(answer.status).toBe(200);
    return /<link href="([^"]+)" rel="self"\/>/.exec(await answer.text())![1]!;
  }

  it('ignores the forwarded headers unless told to trust them', async () => {
    expect(await selfLink({}, PROXIED)).toBe('http://127.0.0.1:8080/v2/phones/vendors/');
    expect(await selfLink({}, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sync.example.com' })).toBe('http://127.0.0.1:8080/v2/phones/vendors/');
  });

  it('trusting them, ids and links carry the scheme and host the client used', async () => {
    expect(await selfLink({ trustProxy: 1 }, PROXIED)).toBe('https://sync.example.com/v2/phones/vendors/');
    expect(await selfLink({ trustProxy: 1 }, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sync.example.com:8443' })).toBe('https://sync.example.com:8443/v2/phones/vendors/');
    // Only the scheme forwarded: the Host the proxy passed on stands (here with its port).
    expect(await selfLink({ trustProxy: 1 }, { 'x-forwarded-proto': 'https' })).toBe('https://127.0.0.1:8080/v2/phones/vendors/');
    // Nothing forwarded, or nothing valid: the request's own.
    expect(await selfLink({ trustProxy: 1 }, { forwarded: 'host="bad/host"' })).toBe('http://127.0.0.1:8080/v2/phones/vendors/');
  });

  it('ATOMSYNC_BASE_URL wins over what is forwarded', async () => {
    expect(await selfLink({ trustProxy: 1, baseUrl: 'https://public.example.org/sync' }, PROXIED)).toBe('https://public.example.org/sync/v2/phones/vendors/');
  });

  it('verifies an OAuth 1.0a signature over the URL the client addressed, only when trusting the proxy', async () => {
    const sign = oauthSigner(consumer.key, consumer.secret);
    const ask = async (trustProxy: number | undefined) => {
      const app = createServer({ store, secrets, logger, trustProxy });
      const authorization = sign('GET', new URL('https://sync.example.com/v2/syncengine/'));
      return (await app.fetch(new Request('http://127.0.0.1:8080/v2/syncengine/', { headers: { ...PROXIED, authorization } }))).status;
    };
    expect(await ask(1)).toBe(200);
    expect(await ask(undefined)).toBe(401);
  });
});

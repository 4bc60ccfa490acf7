/**
 * Every answer carries the headers that keep a browser from sniffing, framing or leaking it
 * (http/security-headers.ts): operations, errors, the 404 of an unknown path, the device
 * protocols and the operator's endpoints alike; HSTS only where the client came over https (our
 * own TLS, a trusted proxy's forwarded https, an https base URL).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/listen.js';
import { SecretBox } from '../src/secrets/box.js';
import { createServer, type ServerOptions } from '../src/server.js';
import { createAccount } from '../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

function securityHeaders(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, headers.get(name)]));
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('security headers', () => {
  let store: Store;
  const running: RunningServer[] = [];
  const start = async (options: Partial<ServerOptions> = {}, tls?: { cert: Buffer; key: Buffer }) => {
    const server = await listen(createServer({ store, secrets: SecretBox.ephemeral(), ...options }), { host: '127.0.0.1', port: 0, tls });
    running.push(server);
    return server;
  };

  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file: ':memory:' });
    await createAccount({ store, secrets: SecretBox.ephemeral() }, { username: 'hedy', password: 'hedy-secret-pw', admin: false });
  });
  afterAll(async () => {
    for (const server of running) await server.close(2_000);
    await store.close();
  });

  it('are on every kind of answer, success or error, without HSTS over plain http', async () => {
    const { url } = await start();
    const auth = { authorization: basic('hedy', 'hedy-secret-pw') };
    const answers: [string, Promise<Response>][] = [
      ['an operation', fetch(`${url}/v2/services/datastore/`, { headers: auth })],
      ['a probe', fetch(`${url}/livez`)],
      ['the contract health check', fetch(`${url}/healthz`)],
      ['401', fetch(`${url}/v2/services/datastore/`)],
      ['404 of an unknown path', fetch(`${url}/no/such/thing`)],
      ['405', fetch(`${url}/healthz`, { method: 'DELETE' })],
      ['415', fetch(`${url}/v2/services/datastore/`, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'x' })],
      ['SyncML', fetch(`${url}/syncml`, { method: 'POST', headers: { 'content-type': 'application/vnd.syncml+xml' }, body: '<SyncML/>' })],
      ['ActiveSync OPTIONS refused', fetch(`${url}/Microsoft-Server-ActiveSync`, { method: 'OPTIONS' })],
      ['Autodiscover refused', fetch(`${url}/autodiscover/autodiscover.xml`, { method: 'POST', body: '<x/>' })],
      ['a malformed URL', fetch(`${url}/v2/services/datastore/%E0%A4%A`, { headers: auth })],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      await response.arrayBuffer();
      expect({ what, status: response.status, headers: securityHeaders(response.headers) }).toEqual({ what, status: response.status, headers: EXPECTED });
      expect({ what, hsts: response.headers.get('strict-transport-security') }).toEqual({ what, hsts: null });
    }
  });

  it('are on the DAV endpoint\'s answers, which carry them on their own (http/answer-headers.ts), with the request id', async () => {
    const { url } = await start();
    const auth = { authorization: basic('hedy', 'hedy-secret-pw') };
    const answers: [string, Promise<Response>][] = [
      ['a PROPFIND', fetch(`${url}/dav/`, { method: 'PROPFIND', headers: { ...auth, depth: '0' } })],
      ['OPTIONS', fetch(`${url}/dav/`, { method: 'OPTIONS', headers: auth })],
      ['401', fetch(`${url}/dav/`, { method: 'PROPFIND' })],
      ['404 of a DAV path', fetch(`${url}/dav/addressbooks/hedy/nothing-here/x.vcf`, { method: 'PUT', headers: { ...auth, 'content-type': 'text/vcard' }, body: 'x' })],
      ['a well-known redirect', fetch(`${url}/.well-known/carddav`, { redirect: 'manual' })],
      ['a malformed DAV URL', fetch(`${url}/dav/%E0%A4%A`, { headers: auth })],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      await response.arrayBuffer();
      expect({ what, status: response.status, headers: securityHeaders(response.headers) }).toEqual({ what, status: response.status, headers: EXPECTED });
      expect({ what, hsts: response.headers.get('strict-transport-security') }).toEqual({ what, hsts: null });
      expect({ what, id: response.headers.get('x-request-id') }).toEqual({ what, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    }
    const echoed = await fetch(`${url}/dav/`, { method: 'PROPFIND', headers: { ...auth, depth: '0', 'x-request-id': 'client-chose-this' } });
    await echoed.arrayBuffer();
    expect(echoed.status).toBe(207);
    expect(echoed.headers.get('x-request-id')).toBe('client-chose-this');
    const secure = await start({ baseUrl: 'https://sync.example.org' });
    for (const init of [{ method: 'PROPFIND', headers: { ...auth, depth: '0' } }, { method: 'PROPFIND' }]) {
      const response = await fetch(`${secure.url}/dav/`, init);
      await response.arrayBuffer();
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(securityHeaders(response.headers)).toEqual(EXPECTED);
    }
  });

  it('adds HSTS when a trusted proxy says the client used https, and not when an untrusted client says so', async () => {
    const trusted = await start({ trustProxy: 1 });
    const behind = await fetch(`${trusted.url}/livez`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(behind.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const direct = await start();
    const spoofed = await fetch(`${direct.url}/livez`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the configured base URL is https', async () => {
    const { url } = await start({ baseUrl: 'https://sync.example.org' });
    const response = await fetch(`${url}/no/such/thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(securityHeaders(response.headers)).toEqual(EXPECTED);
  });

  it('adds HSTS over the server\'s own TLS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-headers-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem')], { stdio: 'ignore' });
    const { url } = await start({}, { cert: readFileSync(join(dir, 'c.pem')), key: readFileSync(join(dir, 'k.pem')) });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      httpsRequest(`${url}/no/such/thing`, { rejectUnauthorized: false, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      })
        .on('error', reject)
        .end();
    });
    expect(headers['strict-transport-security']).toBe('max-age=31536000');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

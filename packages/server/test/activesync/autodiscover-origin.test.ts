/**
 * Autodiscover hands a phone the URL it will send its credentials to: ATOMSYNC_BASE_URL, a trusted
 * proxy's forwarded origin, or the address the connection came in on, never the Host header a
 * client wrote (activesync/public-origin.ts).
 */
import { request as httpRequest } from 'node:http';
import { createClient, basicAuth } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer, type ServerOptions } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const SCHEMA = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006';
const BODY =
  '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006">' +
  `<Request><EMailAddress>ada@example.org</EMailAddress><AcceptableResponseSchema>${SCHEMA}</AcceptableResponseSchema></Request></Autodiscover>`;

/** POST Autodiscover with our own Host header (fetch would not send one of ours). */
function autodiscover(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/autodiscover/autodiscover.xml`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'text/xml', authorization: `Basic ${Buffer.from('ada-phone:Ada-phone-pw-1').toString('base64')}`, ...headers },
    }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

const urlIn = (xml: string): string | undefined => /<Url>([^<]*)<\/Url>/.exec(xml)?.[1];

describe('Autodiscover answers no Host a client wrote', () => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  const running: RunningServer[] = [];
  const start = async (options: Partial<ServerOptions> = {}) => {
    const server = await listen(createServer({ store, secrets, ...options }), { host: '127.0.0.1', port: 0 });
    running.push(server);
    return server.url;
  };

  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file: ':memory:' });
    await createAccount({ store, secrets }, { username: 'ada', password: 'ada-secret-pw', admin: false });
    const url = await start();
    const sdk = createClient({ baseUrl: url, auth: basicAuth('ada', 'ada-secret-pw') });
    await sdk.activesync.create({ username: 'ada-phone', password: 'Ada-phone-pw-1' });
    await sdk.close();
  });
  afterAll(async () => {
    for (const server of running) await server.close(2_000);
    await store.close();
  });

  it('without a base URL or a trusted proxy: the address the connection came in on, whatever the Host says', async () => {
    const url = await start();
    const answer = await autodiscover(url, { host: 'attacker.example:8443' });
    expect(answer.status).toBe(200);
    expect(urlIn(answer.body)).toBe(`${url}/Microsoft-Server-ActiveSync`);
    expect(answer.body).not.toContain('attacker.example');
    // Forwarded headers of a proxy nobody trusts count no more than Host.
    const forwarded = await autodiscover(url, { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' });
    expect(urlIn(forwarded.body)).toBe(`${url}/Microsoft-Server-ActiveSync`);
  });

  it('with ATOMSYNC_BASE_URL: that, whatever the Host or forwarded headers say', async () => {
    const url = await start({ baseUrl: 'https://sync.example.org/' });
    const answer = await autodiscover(url, { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' });
    expect(urlIn(answer.body)).toBe('https://sync.example.org/Microsoft-Server-ActiveSync');
  });

  it('behind a trusted proxy: the origin it forwards', async () => {
    const url = await start({ trustProxy: 1 });
    const answer = await autodiscover(url, { host: '127.0.0.1', 'x-forwarded-host': 'phones.example.org', 'x-forwarded-proto': 'https' });
    expect(urlIn(answer.body)).toBe('https://phones.example.org/Microsoft-Server-ActiveSync');
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { sampleHandlers } from '@atomsync/msw';
import { basicAuth, bearerAuth, createClient, oauth1 } from '@atomsync/sdk';
import { expectedSignature, parseOAuthHeader } from './fixtures/oauth.js';
import { recordRequests, type Recorded } from './fixtures/recorder.js';

const server = setupServer(...sampleHandlers());
let seen: Recorded[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.events.removeAllListeners();
  seen = recordRequests(server);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const baseUrl = 'http://127.0.0.1:8080';
const STORE = 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2';

describe('basicAuth', () => {
  it('sends the RFC 7617 header', async () => {
    await createClient({ baseUrl, auth: basicAuth('alice', 's3cret') }).syncml.list();
    expect(seen[0]!.headers.get('Authorization')).toBe('Basic YWxpY2U6czNjcmV0');
  });

  it('encodes non-ASCII credentials as UTF-8', async () => {
    await createClient({ baseUrl, auth: basicAuth('jörg', 'pässwörd') }).syncml.list();
    expect(seen[0]!.headers.get('Authorization')).toBe('Basic asO2cmc6cMOkc3N3w7ZyZA==');
  });

  it('refuses a username with a colon', () => {
    expect(() => basicAuth('a:b', 'x')).toThrow(TypeError);
  });
});

describe('bearerAuth', () => {
  it('sends the token', async () => {
    await createClient({ baseUrl, auth: bearerAuth('tok_9f8e7d') }).syncml.list();
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok_9f8e7d');
  });

  it('asks a token function before every request', async () => {
    let n = 0;
    const client = createClient({ baseUrl, auth: bearerAuth(async () => `t${++n}`) });
    await client.syncml.list();
    await client.syncml.list();
    expect(seen.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer t1', 'Bearer t2']);
  });
});

describe('the RFC 5849 verifier of these tests', () => {
  it('reproduces the signature of RFC 5849 §1.2', () => {
    const params = new Map([
      ['realm', 'Photos'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ]);
    const url = new URL('http://photos.example.net/photos?file=vacation.jpg&size=original');
    expect(expectedSignature('GET', url, params, 'kd94hf93k423kf44', 'pfkkdhi9sl3r4s00')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });
});

describe('oauth1', () => {
  const credentials = { consumerKey: 'ck_3a9f', consumerSecret: 'cs/+&=secret' };

  it('signs method, URL and query parameters (HMAC-SHA1, two-legged)', async () => {
    const client = createClient({ baseUrl, auth: oauth1(credentials) });
    await client.datastore.contents(STORE).changes({ since: '2009-06-01T12:00:00Z', dataclass: 'Calendar' });
    const request = seen[0]!;
    expect(request.url.search).toBe('?dataclass=Calendar&since=2009-06-01T12%3A00%3A00Z&max-results=100'); // the SDK's default page is signed too
    const params = parseOAuthHeader(request.headers.get('Authorization')!);
    expect(params.get('oauth_consumer_key')).toBe('ck_3a9f');
    expect(params.get('oauth_signature_method')).toBe('HMAC-SHA1');
    expect(params.get('oauth_version')).toBe('1.0');
    expect(params.has('oauth_token')).toBe(false);
    expect(Math.abs(Number(params.get('oauth_timestamp')) - Date.now() / 1000)).toBeLessThan(60);
    expect(params.get('oauth_signature')).toBe(expectedSignature('GET', request.url, params, credentials.consumerSecret));

    // The signature covers the query: the same header does not verify another `since`.
    const tampered = new URL(request.url);
    tampered.searchParams.set('since', '2009-01-01T00:00:00Z');
    expect(params.get('oauth_signature')).not.toBe(expectedSignature('GET', tampered, params, credentials.consumerSecret));
    // And the method.
    expect(params.get('oauth_signature')).not.toBe(expectedSignature('POST', request.url, params, credentials.consumerSecret));
  });

  it('signs the path as sent, percent-encoded, and the token when there is one', async () => {
    const client = createClient({ baseUrl: 'HTTP://LocalHost:80', auth: oauth1({ ...credentials, token: 'tk_1', tokenSecret: 'ts_2' }) });
    await client.admin.deleteAccount('jörg smith');
    const request = seen[0]!;
    expect(request.url.pathname).toBe('/v2/admin/accounts/j%C3%B6rg%20smith');
    const params = parseOAuthHeader(request.headers.get('Authorization')!);
    expect(params.get('oauth_token')).toBe('tk_1');
    expect(params.get('oauth_signature')).toBe(expectedSignature('DELETE', request.url, params, credentials.consumerSecret, 'ts_2'));
    expect(params.get('oauth_signature')).not.toBe(expectedSignature('DELETE', request.url, params, credentials.consumerSecret));
  });

  it('uses a fresh nonce per request', async () => {
    const client = createClient({ baseUrl, auth: oauth1(credentials) });
    await client.syncml.list();
    await client.syncml.list();
    const nonces = seen.map((r) => parseOAuthHeader(r.headers.get('Authorization')!).get('oauth_nonce'));
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

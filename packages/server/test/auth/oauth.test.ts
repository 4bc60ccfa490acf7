/** OAuth 1.0a signature pieces (RFC 5849): the RFC's own examples, and agreement with two signers. */
import { createHmac } from 'node:crypto';
import { oauth1 } from '@atomsync/sdk';
import OAuth from 'oauth-1.0a';
import { describe, expect, it } from 'vitest';
import { baseStringUri, hmacSha1Signature, normalizeParameters, parseOAuthHeader, percentEncode, sameSignature, signatureBaseString } from '../../src/auth/oauth.js';

describe('RFC 5849 examples', () => {
  it('normalizes the parameters of §3.4.1.3.2', () => {
    // The query `b5=%3D%253D&a3=a&c%40=&a2=r%20b`, the body `c2&a3=2+q`, and the protocol parameters, decoded.
    const pairs: [string, string][] = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    expect(normalizeParameters(pairs)).toBe(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
  });

  it.each([
    ['HTTP://EXAMPLE.COM:80/r%20v/X?id=123', 'http://example.com/r%20v/X'],
    ['https://www.example.net:8080/?q=1', 'https://www.example.net:8080/'],
    ['https://example.com:443/a', 'https://example.com/a'],
  ])('base string URI of %s is %s (§3.4.1.2)', (url, expected) => {
    expect(baseStringUri(new URL(url))).toBe(expected);
  });

  it('parses the Authorization header of §3.5.1, realm and all', () => {
    const header =
      'OAuth realm="Example",\r\n   oauth_consumer_key="0685bd9184jfhq22",\r\n oauth_token="ad180jjd733klru7",\r\n oauth_signature_method="HMAC-SHA1",\r\n oauth_signature="wOJIO9A2W5mFwDgiDvZbTSMK%2FPY%3D",\r\n oauth_timestamp="137131200",\r\n oauth_nonce="4572616e48616d6d65724c61686176",\r\n oauth_version="1.0"';
    const params = parseOAuthHeader(header)!;
    expect(params.get('realm')).toBe('Example');
    expect(params.get('oauth_signature')).toBe('wOJIO9A2W5mFwDgiDvZbTSMK/PY=');
    expect(params.get('oauth_version')).toBe('1.0');
    expect(params.size).toBe(8);
  });

  it('encodes everything but unreserved characters (§3.6)', () => {
    expect(percentEncode("a-._~ !*'()&=+/é")).toBe('a-._~%20%21%2A%27%28%29%26%3D%2B%2F%C3%A9');
  });
});

describe('malformed headers', () => {
  it.each([
    'Basic abc',
    'OAuth oauth_nonce=unquoted',
    'OAuth oauth_nonce="a" oauth_timestamp="1"',
    'OAuth oauth_nonce="a", oauth_nonce="b"',
    'OAuth oauth_nonce="%E0%A4%A"',
    'OAuth oauth_nonce="a", junk',
  ])('refuses %j', (header) => {
    expect(parseOAuthHeader(header)).toBeUndefined();
  });
});

describe('agreement with client signers', () => {
  const consumer = { key: 'dpf43f3p2l4k3l03', secret: 'kd94hf93k423kf44' };
  const url = new URL('http://127.0.0.1:8080/v2/services/datastore/6f1c2a9e/contents/?dataclass=Contacts&since=2009-06-05T09%3A00%3A00&note=a%20b');

  function verifies(method: string, header: string, at: URL, secret = consumer.secret): boolean {
    const params = parseOAuthHeader(header)!;
    return sameSignature(hmacSha1Signature(signatureBaseString(method, at, params), secret), params.get('oauth_signature')!);
  }

  it('verifies what the oauth-1.0a package signs, query parameters included', () => {
    const signer = new OAuth({ consumer, signature_method: 'HMAC-SHA1', hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64') });
    const header = signer.toHeader(signer.authorize({ method: 'GET', url: url.href })).Authorization;
    expect(verifies('GET', header, url)).toBe(true);
    expect(verifies('GET', header, url, 'another secret')).toBe(false);
    expect(verifies('POST', header, url)).toBe(false);
    expect(verifies('GET', header, new URL(url.href.replace('Contacts', 'Notes')))).toBe(false);
  });

  it("verifies the SDK's oauth1() signatures, with a realm", async () => {
    const auth = oauth1({ consumerKey: consumer.key, consumerSecret: consumer.secret, realm: 'atomsync' });
    const header = await auth({ method: 'POST', url });
    expect(header).toMatch(/^OAuth realm="atomsync", /);
    expect(verifies('POST', header, url)).toBe(true);
    expect(verifies('POST', header, new URL('http://127.0.0.1:8081' + url.pathname + url.search))).toBe(false);
  });
});

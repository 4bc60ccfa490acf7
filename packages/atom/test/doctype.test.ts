/**
 * No DTD processing, ever: a document with a DOCTYPE is refused as invalid_xml before any entity
 * is declared, expanded or fetched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtomDecodeError, decodeContentEntry, decodeContentFeed, decodeServiceError } from '@atomsync/atom';

const ATOM = 'http://www.w3.org/2005/Atom';

let server: Server;
let hits = 0;
let port = 0;
beforeAll(async () => {
  // A listener an external entity would point at: any request to it is a failure.
  server = createServer((_req, res) => {
    hits++;
    res.end('<title>fetched</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
<entry xmlns="${ATOM}"><title>&lol9;</title></entry>`;

const cases: [string, () => string][] = [
  ['billion laughs', () => billionLaughs],
  ['external entity (http)', () => `<!DOCTYPE entry [<!ENTITY x SYSTEM "http://127.0.0.1:${port}/x">]><entry xmlns="${ATOM}"><title>&x;</title></entry>`],
  ['external entity (file)', () => `<!DOCTYPE entry [<!ENTITY x SYSTEM "file:///etc/passwd">]><entry xmlns="${ATOM}"><title>&x;</title></entry>`],
  ['external DTD', () => `<!DOCTYPE entry SYSTEM "http://127.0.0.1:${port}/dtd"><entry xmlns="${ATOM}"><title>t</title></entry>`],
  ['parameter entity', () => `<!DOCTYPE entry [<!ENTITY % p SYSTEM "http://127.0.0.1:${port}/p"> %p;]><entry xmlns="${ATOM}"/>`],
  ['bare DOCTYPE', () => `<!DOCTYPE entry><entry xmlns="${ATOM}"/>`],
];

describe('DOCTYPE refusal', () => {
  it.each(cases)('%s is refused as invalid_xml', (_name, doc) => {
    for (const decode of [decodeContentEntry, decodeContentFeed, decodeServiceError]) {
      let caught: unknown;
      try {
        decode(doc());
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AtomDecodeError);
      expect((caught as AtomDecodeError).code).toBe('invalid_xml');
      expect((caught as AtomDecodeError).message).toMatch(/DOCTYPE/);
    }
  });

  it('never contacted the entity host', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(hits).toBe(0);
    // ...and the listener does answer when asked, so a zero means something.
    await fetch(`http://127.0.0.1:${port}/probe`).then((r) => r.text());
    expect(hits).toBe(1);
  });

  it('an undeclared entity without a DOCTYPE is not well-formed XML', () => {
    expect(() => decodeContentEntry(`<entry xmlns="${ATOM}"><title>&lol9;</title></entry>`)).toThrow(AtomDecodeError);
  });
});

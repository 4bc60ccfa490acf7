/**
 * The addresses the DAV connector and the registration check never connect to: a literal
 * link-local or cloud-metadata host is refused before anything is sent, a host name that resolves
 * to a refused address is refused at connect time (shown with loopback refused by a rule of the
 * test's own, the only name that resolves here), and a redirect to a metadata address is not
 * followed. Loopback itself stays allowed by default (a Radicale on the same host).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockList } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { davFetch } from '../../src/connectors/extdata/dav/fetch.js';
import { RefusedAddress } from '../../src/connectors/extdata/dav/addresses.js';
import { checkRemote } from '../../src/connectors/extdata/dav/register.js';

let server: Server;
let port = 0;
let received = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    received += 1;
    if (req.url === '/to-metadata') res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('addresses the DAV connector refuses', () => {
  it('refuses a literal metadata or link-local host before sending', async () => {
    const fetch = davFetch({ retry: { retries: 0 } });
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/', 'http://[::ffff:169.254.169.254]/', 'http://100.100.100.200/']) {
      const error = await fetch(url, { method: 'PROPFIND' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RefusedAddress);
      expect((error as Error).message).toMatch(/link-local or cloud-metadata address/);
    }
  });

  it('refuses a host name whose address a rule refuses, at connect time, and allows loopback by default', async () => {
    const loopback = new BlockList();
    loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    loopback.addAddress('::1', 'ipv6');
    const before = received;
    const refused = await davFetch({ refused: loopback, refusedRule: 'test-loopback', retry: { retries: 0 } })(`http://localhost:${port}/`, { method: 'GET' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedAddress);
    expect((refused as Error).message).toMatch(/localhost resolves to .*, a link-local or cloud-metadata address/);
    expect(received).toBe(before);
    const allowed = await davFetch({ retry: { retries: 0 } })(`http://localhost:${port}/`, { method: 'GET' });
    expect(await allowed.text()).toBe('hello');
    expect(received).toBe(before + 1);
  });

  it('answers registration with the refusal, for a metadata href and for a redirect to one', async () => {
    for (const href of ['http://169.254.169.254/', `http://127.0.0.1:${port}/to-metadata`]) {
      const check = await checkRemote({ dataclass: 'Contacts', href, name: undefined, credentials: { key: 'u', secret: 'p', scopes: [] } });
      expect(check.outcome).toBe('refused');
      expect(check.outcome === 'refused' && check.reason).toMatch(/169\.254\.169\.254 is a link-local or cloud-metadata address/);
    }
  });
});

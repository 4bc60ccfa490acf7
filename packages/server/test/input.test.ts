/** Validation of what a request carries: XML and DTDs, shapes, types, media types, parameters. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, createLogger, type OperationHandlers } from '../src/index.js';
import { ATOM, call, itValidatesErrorDocuments } from './support/http.js';
import { sampleOf } from './support/samples.js';

const received: unknown[] = [];
const handlers: OperationHandlers = {
  synchronize: async (input) => (received.push(input), sampleOf(operations.synchronize.response, 'response').value as never),
  listContents: async (input) => (received.push(input), { entries: [] }),
  postSyncmlMessage: async (input) => (received.push(input), new Uint8Array([1])),
};
const app = createApp({ handlers, logger: createLogger('silent') });

const SYNC = '/v2/syncengine/7/synchronization/';
const entry = (children: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">${children}</entry>`;
const VALID_SYNC = entry('<s:sync_mode>200</s:sync_mode><s:dataclass>Contacts</s:dataclass>');

describe('DOCTYPE', () => {
  // A listener that records every hit: an external entity pointing here must never reach it.
  let listener: Server;
  let hits: string[] = [];
  let base = '';
  beforeAll(async () => {
    listener = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('<!ENTITY leak "leaked">');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => listener.close(() => r())));

  it('has a listener that does record hits', async () => {
    await fetch(`${base}/probe`);
    expect(hits).toEqual(['/probe']);
    hits = [];
  });

  const LAUGHS =
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('') +
    ']><entry xmlns="http://www.w3.org/2005/Atom"><title>&lol9;</title></entry>';

  it('refuses billion laughs with 400 invalid_xml, at once', async () => {
    const answer = await call(app, 'POST', SYNC, { body: LAUGHS, headers: ATOM });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('invalid_xml');
    // At once: refused at the DOCTYPE, before a single entity was declared, let alone expanded.
    expect(answer.error?.message).toMatch(/DOCTYPE/);
    expect(received).toEqual([]);
  });

  it.each([
    ['an external general entity', (b: string) => `<?xml version="1.0"?><!DOCTYPE entry [<!ENTITY x SYSTEM "${b}/entity">]><entry xmlns="http://www.w3.org/2005/Atom"><title>&x;</title></entry>`],
    ['an external parameter entity', (b: string) => `<?xml version="1.0"?><!DOCTYPE entry [<!ENTITY % p SYSTEM "${b}/param"> %p;]><entry xmlns="http://www.w3.org/2005/Atom"/>`],
    ['an external DTD', (b: string) => `<?xml version="1.0"?><!DOCTYPE entry SYSTEM "${b}/dtd"><entry xmlns="http://www.w3.org/2005/Atom"/>`],
    ['an internal subset without entities', () => `<!DOCTYPE entry><entry xmlns="http://www.w3.org/2005/Atom"/>`],
  ])('refuses %s with 400 invalid_xml and fetches nothing', async (_, body) => {
    const answer = await call(app, 'POST', SYNC, { body: body(base), headers: ATOM });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('invalid_xml');
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toEqual([]);
    expect(received).toEqual([]);
  });
});

describe('XML and shape', () => {
  it.each([
    ['an unclosed element', entry('<s:sync_mode>200</s:sync_mode>').replace('</entry>', '')],
    ['mismatched tags', entry('<s:sync_mode>200</s:dataclass>')],
    ['an empty body', ''],
    ['text, not XML', 'sync_mode=200'],
    ['an undeclared prefix', entry('<x:sync_mode>200</x:sync_mode>')],
  ])('answers %s with 400 invalid_xml', async (_, body) => {
    const answer = await call(app, 'POST', SYNC, { body, headers: ATOM });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('invalid_xml');
  });

  it('answers a body that is not UTF-8 with 400 invalid_xml', async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode(entry('<title>')), 0xe9, ...new TextEncoder().encode('</title>')]);
    const answer = await call(app, 'POST', SYNC, { body: latin1, headers: ATOM });
    expect(answer.error?.code).toBe('invalid_xml');
  });

  it('answers wrong types with 400 validation_failed, one detail per violation', async () => {
    const answer = await call(app, 'POST', SYNC, { body: entry('<s:sync_mode>abc</s:sync_mode><s:dataclass>Cards</s:dataclass>'), headers: ATOM });
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('validation_failed');
    expect(answer.error?.details).toEqual(
      expect.arrayContaining([
        { path: expect.stringMatching(/^\/entry\/(s:)?sync_mode$/), message: expect.stringContaining('"abc" is not an integer') },
        { path: expect.stringMatching(/^\/entry\/(s:)?dataclass$/), message: expect.stringContaining('"Cards" is not one of') },
      ]),
    );
  });

  it('reports an unknown element of the service namespace instead of dropping it', async () => {
    const answer = await call(app, 'POST', SYNC, { body: entry('<s:sync_mode>200</s:sync_mode><s:dataklass>Contacts</s:dataklass>'), headers: ATOM });
    expect(answer.error?.code).toBe('validation_failed');
    expect(answer.error?.details?.[0]?.path).toContain('dataklass');
  });

  it('still skips foreign elements (Atom extensibility)', async () => {
    const answer = await call(app, 'POST', SYNC, { body: entry('<s:sync_mode>200</s:sync_mode><x:note xmlns:x="urn:other"><s:bogus/></x:note><s:dataclass>Notes</s:dataclass>'), headers: ATOM });
    expect(answer.status).toBe(200);
  });

  it('answers the wrong document element with 400 validation_failed', async () => {
    const answer = await call(app, 'POST', SYNC, { body: '<feed xmlns="http://www.w3.org/2005/Atom"/>', headers: ATOM });
    expect(answer.error?.code).toBe('validation_failed');
  });
});

describe('media types', () => {
  it.each([['text/xml'], ['application/xml'], ['application/json'], ['text/plain']])('answers a %s body with 415', async (type) => {
    const answer = await call(app, 'POST', SYNC, { body: VALID_SYNC, headers: { 'content-type': type } });
    expect(answer.status).toBe(415);
    expect(answer.error?.code).toBe('unsupported_media_type');
  });

  it('answers a body without Content-Type with 415', async () => {
    const answer = await call(app, 'POST', SYNC, { body: new TextEncoder().encode(VALID_SYNC) });
    expect(answer.status).toBe(415);
  });

  it('takes application/atom+xml with parameters, in any case', async () => {
    const answer = await call(app, 'POST', SYNC, { body: VALID_SYNC, headers: { 'content-type': 'Application/Atom+XML; type=entry; charset=utf-8' } });
    expect(answer.status).toBe(200);
  });

  it('takes the SyncML endpoint as XML or WBXML, and nothing else', async () => {
    for (const type of ['application/vnd.syncml+xml', 'application/vnd.syncml+wbxml']) {
      expect((await call(app, 'POST', '/syncml', { body: 'x', headers: { 'content-type': type } })).status).toBe(200);
    }
    expect((await call(app, 'POST', '/syncml', { body: 'x', headers: ATOM })).status).toBe(415);
  });
});

describe('parameters', () => {
  it('answers a non-integer integer path parameter with 404 not_found: that URL names nothing', async () => {
    received.length = 0;
    for (const id of ['abc', '1.5', '1e3', '99999999999999999999', '12ab']) {
      const answer = await call(app, 'POST', `/v2/syncengine/${id}/synchronization/`, { body: VALID_SYNC, headers: ATOM });
      expect(answer.status, id).toBe(404);
      expect(answer.error?.code, id).toBe('not_found');
      expect(answer.error?.message, id).toContain('{bindingId}');
      expect(answer.error?.details, id).toEqual([]);
    }
    expect(received).toEqual([]);
  });

  it('answers a query enum outside its values with 400 validation_failed and a detail', async () => {
    const answer = await call(app, 'GET', '/v2/services/datastore/c-1/contents/?dataclass=Cards');
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('validation_failed');
    expect(answer.error?.details).toEqual([{ path: '?dataclass', message: expect.stringContaining('Contacts') }]);
  });

  it('answers a repeated query parameter with 400', async () => {
    const answer = await call(app, 'GET', '/v2/services/datastore/c-1/contents/?dataclass=Notes&dataclass=Tasks');
    expect(answer.error?.details?.[0]?.path).toBe('?dataclass');
  });

  it('decodes parameters before handing them over', async () => {
    received.length = 0;
    const answer = await call(app, 'GET', '/v2/services/datastore/a%20b%C3%A9/contents/?dataclass=Notes&unrelated=1');
    expect(answer.status).toBe(200);
    expect(received).toEqual([{ path: { clientUuid: 'a bé' }, query: { dataclass: 'Notes' }, body: undefined }]);
  });

  it('checks parameters before the body', async () => {
    const answer = await call(app, 'POST', '/v2/syncengine/x/synchronization/', { body: '<not-xml', headers: ATOM });
    expect(answer.error?.code).toBe('not_found');
    const query = await call(app, 'POST', '/v2/services/datastore/c-1/contents/batch?dataclass=Cards', { body: '<not-xml', headers: ATOM });
    expect(query.error?.code).toBe('validation_failed');
  });
});

itValidatesErrorDocuments();

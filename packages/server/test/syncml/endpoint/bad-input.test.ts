/**
 * What POST /syncml refuses before any session exists, over a real socket: bodies that are not a
 * SyncML message (not XML, a DOCTYPE — never fetched —, another XML document, a SyncML version we
 * do not speak, empty, WBXML garbage, XML labelled WBXML) with 400 `invalid_xml`; a media type that
 * is neither SyncML one with 415; a RespURI whose session is gone with 404. Each answer is an error
 * document, valid against the XSD. None of them leaves a session behind.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeMessage } from '@atomsync/syncml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itValidatesErrorDocuments, read } from '../../support/http.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { phoneOf } from '../support/registration.js';

const XML = 'application/vnd.syncml+xml';
const WBXML = 'application/vnd.syncml+wbxml';

/** A well-formed SyncML 1.2 message with nothing in it. */
const EMPTY_MESSAGE = Buffer.from(
  encodeMessage({ header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: 'http://x/syncml' }, source: { locUri: 'IMEI:1' } }, commands: [], final: true }, 'xml'),
).toString('utf8');

describe('POST /syncml refuses what is not a SyncML message', () => {
  let server: TestServer;
  // A listener that records every hit: an external entity pointing here must never reach it.
  let listener: Server;
  const hits: string[] = [];
  let base = '';
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    listener = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('<!ENTITY leak "leaked">');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => listener.close(() => r()));
    await server?.close();
  });

  const post = async (body: string | Uint8Array, contentType: string | undefined, path = '/syncml') => {
    const headers: Record<string, string> = contentType === undefined ? {} : { 'content-type': contentType };
    return read(await fetch(`${server.url}${path}`, { method: 'POST', headers, body: body as BodyInit }));
  };

  it.each([
    ['not XML', 'BEGIN:VCARD\r\nEND:VCARD\r\n', XML],
    ['a DOCTYPE with an internal entity', `<?xml version="1.0"?><!DOCTYPE SyncML [<!ENTITY x "IMEI:1">]>${EMPTY_MESSAGE.replace(/^<\?xml[^>]*>/, '').replace('IMEI:1', '&x;')}`, XML],
    ['a DOCTYPE with an external entity', () => `<?xml version="1.0"?><!DOCTYPE SyncML [<!ENTITY x SYSTEM "${base}/entity">]>${EMPTY_MESSAGE.replace(/^<\?xml[^>]*>/, '').replace('IMEI:1', '&x;')}`, XML],
    ['another XML document', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>', XML],
    ['SyncML 1.0', EMPTY_MESSAGE.replace(/1\.2/g, '1.0'), XML],
    ['truncated SyncML', EMPTY_MESSAGE.slice(0, EMPTY_MESSAGE.length - 30), XML],
    ['an empty body', '', XML],
    ['an empty WBXML body', '', WBXML],
    ['WBXML garbage', new Uint8Array([0x02, 0xa4, 0x01, 0x6a, 0x00, 0xff, 0xfe, 0x13, 0x37]), WBXML],
    ['XML labelled WBXML', EMPTY_MESSAGE, WBXML],
  ])('refuses %s with 400 invalid_xml', async (_name, body, type) => {
    const before = await server.store.syncmlSessions.find('IMEI:1', '1');
    const answer = await post(typeof body === 'function' ? body() : body, type);
    expect([answer.status, answer.headers.get('content-type'), answer.error?.code]).toEqual([400, 'application/xml', 'invalid_xml']);
    expect(await server.store.syncmlSessions.find('IMEI:1', '1')).toEqual(before);
  });

  it('never fetched an external entity', () => {
    expect(hits).toEqual([]);
  });

  it.each([
    ['text/xml', 'text/xml'],
    ['application/json', 'application/json'],
    ['no content type', undefined],
  ])('refuses %s with 415 unsupported_media_type', async (_name, type) => {
    const answer = await post(EMPTY_MESSAGE, type);
    expect([answer.status, answer.error?.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('refuses a message to a RespURI whose session is gone with 404', async () => {
    const answer = await post(EMPTY_MESSAGE, XML, '/syncml?session=no-such-session');
    expect([answer.status, answer.error?.code]).toEqual([404, 'not_found']);
  });

  it('answers a well-formed message in the encoding it came in', async () => {
    const phone = phoneOf(server, server.alice, { encoding: 'wbxml', auth: 'basic' });
    const answer = await phone.send((m) => m.getDevInf());
    expect([answer.status, answer.contentType]).toEqual([200, WBXML]);
  });
});

itValidatesErrorDocuments();

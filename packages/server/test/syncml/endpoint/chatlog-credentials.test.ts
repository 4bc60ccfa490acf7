/**
 * Credentials anywhere in a SyncML message are redacted before the chat log keeps it (issue 20),
 * on both stores, in XML and WBXML: a `Cred` inside a command (SyncML 1.2 allows one in an Alert,
 * and in Sync, Add, Put, ...) as well as the SyncHdr's. Before, an Alert's Cred was kept with its
 * base64 `user:password` and shown by the admin chat log.
 */
import { SYNCML_MEDIA_TYPES, type SyncmlEncoding } from '@atomsync/syncml';
import { CHARSET_UTF8, encodeWbxml, type WbxmlElement } from '@atomsync/wbxml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYNCML_CODE_PAGES } from '../../../../syncml/src/tags.js';
import type { Element } from '../../../../syncml/src/tree.js';
import { readXml } from '../../../../syncml/src/xml/read.js';
import { sessionIdOf } from '../../../src/syncml/endpoint.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { basicCredential } from '../support/scripted-phone.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** A SyncML document written as WBXML element by element, as a phone would: every element it holds, Creds included. */
function toWbxml(xml: string): Uint8Array {
  const element = (el: Element): WbxmlElement => {
    const page = SYNCML_CODE_PAGES.findIndex((table) => table?.includes(el.name));
    if (page < 0) throw new Error(`no WBXML token for ${el.name}`);
    const content: (WbxmlElement | string)[] = el.children.map(element);
    if (el.children.length === 0 && el.text !== '') content.push(el.text);
    return { tag: SYNCML_CODE_PAGES[page]!.indexOf(el.name), page, content };
  };
  return encodeWbxml({ version: 0x02, publicId: 0x1201, charset: CHARSET_UTF8, root: element(readXml(Buffer.from(xml, 'utf8'))) });
}

const cred = (data: string) => `<Cred><Meta><Type xmlns="syncml:metinf">syncml:auth-basic</Type><Format xmlns="syncml:metinf">b64</Format></Meta><Data>${data}</Data></Cred>`;

/** Package 1 signed in by the SyncHdr's Cred, its Alert carrying a Cred of its own. */
const message = (device: string, headerCred: string, alertCred: string): string =>
  '<?xml version="1.0" encoding="UTF-8"?><SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto>' +
  `<SessionID>1</SessionID><MsgID>1</MsgID><Target><LocURI>http://sync.example/syncml</LocURI></Target><Source><LocURI>${device}</LocURI></Source>` +
  `${cred(headerCred)}</SyncHdr><SyncBody><Alert><CmdID>1</CmdID>${cred(alertCred)}<Data>200</Data><Item><Target><LocURI>contacts</LocURI></Target>` +
  '<Source><LocURI>./contacts</LocURI></Source><Meta><Anchor xmlns="syncml:metinf"><Next>1</Next></Anchor></Meta></Item></Alert><Final/></SyncBody></SyncML>';

describe.each(storeKinds)('credentials in the chat log (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['xml', 'wbxml'] as const)("never keeps a Cred inside an Alert: the admin chat log shows it redacted (%s)", async (encoding: SyncmlEncoding) => {
    const signIn = basicCredential(server.alice.username, server.alice.password);
    // The Alert's Cred holds another secret than the SyncHdr's, so each is looked for on its own.
    const alertSecret = basicCredential(server.alice.username, 'the-alerts-own-password');
    const xml = message(`IMEI:35693803564${encoding === 'xml' ? '1001' : '1002'}`, signIn, alertSecret);
    const body = encoding === 'xml' ? Buffer.from(xml, 'utf8') : toWbxml(xml);
    const response = await fetch(`${server.url}/syncml`, { method: 'POST', headers: { 'content-type': SYNCML_MEDIA_TYPES[encoding] }, body: body as BodyInit });
    expect(response.status).toBe(200);
    const reply = Buffer.from(await response.arrayBuffer());
    const key = /session=([A-Za-z0-9_-]{43})/.exec(reply.toString('latin1'))![1]!;

    const entries = (await server.root.client.syncml.chatlog()).entries.filter((e) => e.message.sessionId === sessionIdOf(key));
    const incoming = entries.find((e) => e.message.direction === 'in')!.content!.value;
    expect(incoming).toContain('<Alert>');
    for (const secret of [signIn, alertSecret, 'the-alerts-own-password']) expect(incoming).not.toContain(secret);
    if (encoding === 'xml') {
      // As it crossed the wire, but for the data of both Creds.
      expect(incoming).toBe(xml.replaceAll(`<Data>${signIn}</Data>`, '<Data>[redacted]</Data>').replaceAll(`<Data>${alertSecret}</Data>`, '<Data>[redacted]</Data>'));
    }
    expect(entries.map((e) => e.content!.value).join('\n')).not.toContain(key);
  });
});

/**
 * The specifications' request and response examples (fixtures/, see its README), each encoded →
 * decoded → equal to itself, encoded again to the same bytes; and MS-ASWBXML's own example (§3,
 * a Sync response with a contact) encoded byte for byte as MS-ASWBXML prints it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeRequest, encodeResponse, nameOf, requireChild, requireText, textOf, bytesOf, childrenOf } from '../src/index.js';
import { parseXmlish } from './support/xmlish.js';

const dir = new URL('./fixtures/', import.meta.url);
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.xml')).sort();
const load = (f: string) => parseXmlish(readFileSync(new URL(f, dir), 'utf8'));
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex').toUpperCase().replace(/(..)(?!$)/g, '$1 ');

describe('the specifications’ examples', () => {
  it('are all there', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
  });

  for (const file of fixtures) {
    it(`${file}: encode → decode → equal, and encoding again gives the same bytes`, () => {
      const tree = load(file);
      const bytes = encodeResponse(tree);
      expect([...bytes.subarray(0, 4)]).toEqual([0x03, 0x01, 0x6a, 0x00]);
      const back = decodeRequest(bytes);
      expect(back).toEqual(tree);
      expect(encodeResponse(back!)).toEqual(bytes);
    });
  }
});

describe('MS-ASWBXML §3: the WBXML example', () => {
  // MS-ASWBXML prints the encoding of this document; its first 70 bytes are quoted verbatim here,
  // the rest (FileAs' ", Don", FirstName, LastName, NativeBodyType and the ENDs) follow the same
  // tables: 5F FirstName, 69 LastName, SWITCH_PAGE 0x11, 56 NativeBodyType.
  const printed =
    '03 01 6A 00 45 5C 4F 50 03 43 6F 6E 74 61 63 74 73 00 01 4B 03 32 00 01 52 03 32 00 01 4E 03 31 00 01 56 47 4D 03 32 3A 31 00 01 5D 00 11 4A 46 03 31 00 01 4C 03 30 00 01 4D 03 31 00 01 01 00 01 5E 03 46 75 6E 6B';
  const rest =
    '2C 20 44 6F 6E 00 01 5F 03 44 6F 6E 00 01 69 03 46 75 6E 6B 00 01 00 11 56 03 31 00 01 01 01 01 01 01 01';

  it('encodes to the bytes MS-ASWBXML gives', () => {
    expect(hex(encodeResponse(load('sync-response-contact.xml')))).toBe(`${printed} ${rest}`);
  });

  it('decodes them back to the document', () => {
    const bytes = Uint8Array.from(`${printed} ${rest}`.split(' '), (h) => Number.parseInt(h, 16));
    const sync = decodeRequest(bytes)!;
    expect(nameOf(sync)).toBe('AirSync:Sync');
    const collection = requireChild(requireChild(sync, 'AirSync:Collections'), 'AirSync:Collection');
    expect(requireText(collection, 'AirSync:Class')).toBe('Contacts');
    const data = requireChild(requireChild(requireChild(collection, 'AirSync:Commands'), 'AirSync:Add'), 'AirSync:ApplicationData');
    expect(childrenOf(data).map(nameOf)).toEqual(['AirSyncBase:Body', 'Contacts:FileAs', 'Contacts:FirstName', 'Contacts:LastName', 'AirSyncBase:NativeBodyType']);
    expect(requireText(data, 'Contacts:FileAs')).toBe('Funk, Don');
    expect(sync).toEqual(load('sync-response-contact.xml'));
  });
});

describe('content kinds survive the wire', () => {
  it('OPAQUE stays bytes (conversation ids), and reads as UTF-8 text where a client sent text that way (MIME)', () => {
    const sync = decodeRequest(encodeResponse(load('sync-response-email.xml')))!;
    const data = requireChild(
      requireChild(requireChild(requireChild(requireChild(sync, 'AirSync:Collections'), 'AirSync:Collection'), 'AirSync:Commands'), 'AirSync:Add'),
      'AirSync:ApplicationData',
    );
    const id = requireChild(data, 'Email2:ConversationId');
    expect(id.opaque).toEqual(Uint8Array.from([0x7d, 0x56, 0x39, 0x46, 0x20, 0x57, 0xca, 0x01, 0xb1, 0x6b, 0x58, 0xe1, 0xc4, 0x0a, 0xe2, 0x4e]));
    expect(textOf(requireChild(data, 'Email:Subject'))).toBe('Planning meeting — 3rd floor ☕');
    expect(textOf(requireChild(data, 'Email:Flag'))).toBe('');

    const mail = decodeRequest(encodeResponse(load('sendmail-request.xml')))!;
    const mime = requireChild(mail, 'ComposeMail:Mime');
    expect(mime.opaque).toBeInstanceOf(Uint8Array);
    expect(textOf(mime)).toContain('Subject: Grüße');
    expect(bytesOf(mime)).toEqual(mime.opaque);
  });
});

/** The OMA Client Provisioning setup document: its structure read back, and its USERPIN MAC. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CP_MEDIA_TYPE, SERVER_ID, encodeSyncmlSetup, signedSyncmlSetup, userPinMac, wspContentType, type SyncmlSetup } from '../../src/provisioning/oma-cp.js';
import { parms, readWbxml } from './wbxml-reader.js';

const setup: SyncmlSetup = {
  name: 'atomsync',
  serverUrl: 'http://127.0.0.1:8080/syncml',
  username: 'klindqvist',
  resources: [
    { uri: 'contacts', name: 'Contacts', accept: ['text/x-vcard'] },
    { uri: 'calendar', name: 'Calendar', accept: ['text/x-vcalendar'] },
    { uri: 'notes', name: 'Notes', accept: ['text/plain'] },
  ],
};

describe('encodeSyncmlSetup', () => {
  const doc = readWbxml(encodeSyncmlSetup(setup));

  it('is a WBXML 1.3 PROV 1.0 document in UTF-8', () => {
    expect(doc).toMatchObject({ version: 0x03, publicId: 0x0b, charset: 106 });
    expect(doc.root).toMatchObject({ name: 'wap-provisioningdoc', attributes: { version: '1.0' } });
  });

  it('holds one w5 APPLICATION with the server address, the account and a RESOURCE per datastore', () => {
    expect(doc.root.children).toHaveLength(1);
    const app = doc.root.children[0]!;
    expect(app).toMatchObject({ name: 'characteristic', attributes: { type: 'APPLICATION' } });
    expect(parms(app)).toEqual({ APPID: 'w5', 'PROVIDER-ID': SERVER_ID, NAME: 'atomsync', 'TO-NAPID': 'INTERNET', ADDR: 'http://127.0.0.1:8080/syncml' });
    const [auth, ...resources] = app.children.filter((c) => c.name === 'characteristic');
    expect(auth!.attributes.type).toBe('APPAUTH');
    expect(parms(auth!)).toEqual({ AAUTHLEVEL: 'APPSRV', AAUTHNAME: 'klindqvist' });
    expect(resources.map((r) => [r.attributes.type, parms(r)])).toEqual([
      ['RESOURCE', { URI: 'contacts', NAME: 'Contacts', AACCEPT: 'text/x-vcard' }],
      ['RESOURCE', { URI: 'calendar', NAME: 'Calendar', AACCEPT: 'text/x-vcalendar' }],
      ['RESOURCE', { URI: 'notes', NAME: 'Notes', AACCEPT: 'text/plain' }],
    ]);
  });

  it('begins with the bytes the module documents', () => {
    // 03 0B 6A 00 | C5 46 01 (wap-provisioningdoc version="1.0") | C6 00 01 55 01 (characteristic, page 1, type="APPLICATION")
    // 87 36 06 03 "w5" 00 01 (parm name="APPID" value="w5")
    expect(Buffer.from(encodeSyncmlSetup(setup).subarray(0, 20)).toString('hex')).toBe('030b6a00c54601c6000155018736060377350001');
  });

  it('carries non-ASCII names as UTF-8', () => {
    const read = readWbxml(encodeSyncmlSetup({ ...setup, name: 'Sync för Åsa', username: 'åsa' }));
    expect(parms(read.root.children[0]!).NAME).toBe('Sync för Åsa');
  });
});

describe('the USERPIN MAC', () => {
  const signed = signedSyncmlSetup(setup, '9315');

  it('is the uppercase hex HMAC-SHA1 of the document keyed with the pincode', () => {
    expect(signed.mac).toMatch(/^[0-9A-F]{40}$/);
    expect(signed.mac).toBe(createHmac('sha1', '9315').update(signed.payload).digest('hex').toUpperCase());
    expect(signed.mediaType).toBe(`${CP_MEDIA_TYPE}; SEC=USERPIN; MAC=${signed.mac}`);
  });

  it('verifies with the pincode and fails with another, or with a changed document', () => {
    expect(userPinMac(signed.payload, '9315')).toBe(signed.mac);
    expect(userPinMac(signed.payload, '9316')).not.toBe(signed.mac);
    const tampered = Uint8Array.from(signed.payload);
    tampered[tampered.length - 5] = tampered[tampered.length - 5]! ^ 0x01;
    expect(userPinMac(tampered, '9315')).not.toBe(signed.mac);
  });

  it('has a WSP binary form: Length-quote, length, connectivity-wbxml, SEC=USERPIN, MAC text', () => {
    const bytes = wspContentType(signed.mac);
    expect(bytes).toHaveLength(47);
    expect([...bytes.subarray(0, 6)]).toEqual([0x1f, 45, 0xb6, 0x91, 0x81, 0x92]);
    expect(Buffer.from(bytes.subarray(6, 46)).toString('ascii')).toBe(signed.mac);
    expect(bytes[46]).toBe(0x00);
  });
});

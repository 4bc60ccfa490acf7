/** DevInf in both forms: 1.1's flat, top-level CTCap and 1.2's per-datastore Property/PropParam. */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type DevInf, type SyncmlEncoding, type SyncmlMessage } from '../src/index.js';
import { devinf12, message } from './support/messages.js';

const putOf = (devinf: DevInf, version: '1.1' | '1.2'): SyncmlMessage =>
  message([{ kind: 'Put', cmdId: '1', meta: { type: 'application/vnd.syncml-devinf+xml' }, items: [{ source: { locUri: `./devinf${version.replace('.', '')}` }, devinf }] }], version);
const devinfOf = (m: SyncmlMessage) => (m.commands[0] as { items: readonly { devinf?: DevInf }[] }).items[0]!.devinf!;
const xml = (m: SyncmlMessage) => Buffer.from(encodeMessage(m, 'xml')).toString('utf8');

/** A Sony Ericsson style DevInf 1.1: two datastores, one flat CTCap holding two content types. */
const DEVINF_11 =
  '<DevInf xmlns="syncml:devinf"><VerDTD>1.1</VerDTD><Man>Sony Ericsson</Man><Mod>K750i</Mod><DevID>IMEI:35123400001</DevID><DevTyp>phone</DevTyp>' +
  '<DataStore><SourceRef>Contacts</SourceRef><Rx-Pref><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT></Rx-Pref><Tx-Pref><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT></Tx-Pref>' +
  '<DSMem><MaxID>500</MaxID></DSMem><SyncCap><SyncType>1</SyncType><SyncType>2</SyncType></SyncCap></DataStore>' +
  '<DataStore><SourceRef>Calendar</SourceRef><Rx-Pref><CTType>text/x-vcalendar</CTType><VerCT>1.0</VerCT></Rx-Pref><Tx-Pref><CTType>text/x-vcalendar</CTType><VerCT>1.0</VerCT></Tx-Pref>' +
  '<SyncCap><SyncType>1</SyncType></SyncCap></DataStore>' +
  '<CTCap><CTType>text/x-vcard</CTType><PropName>BEGIN</PropName><ValEnum>VCARD</ValEnum><PropName>N</PropName><DataType>chr</DataType><Size>30</Size>' +
  '<PropName>TEL</PropName><ParamName>TYPE</ParamName><ValEnum>HOME</ValEnum><ValEnum>CELL</ValEnum><ParamName>PREF</ParamName>' +
  '<CTType>text/x-vcalendar</CTType><PropName>SUMMARY</PropName><DataType>chr</DataType><Size>40</Size><DisplayName>Subject</DisplayName></CTCap>' +
  '<Ext><XNam>X-foo</XNam></Ext></DevInf>';

describe('DevInf 1.1', () => {
  const body = new TextEncoder().encode(
    '<SyncML xmlns="SYNCML:SYNCML1.1"><SyncHdr><VerDTD>1.1</VerDTD><VerProto>SyncML/1.1</VerProto><SessionID>1</SessionID><MsgID>1</MsgID>' +
      '<Target><LocURI>http://x/</LocURI></Target><Source><LocURI>IMEI:35123400001</LocURI></Source></SyncHdr>' +
      `<SyncBody><Put><CmdID>1</CmdID><Meta><Type xmlns="syncml:metinf">application/vnd.syncml-devinf+xml</Type></Meta><Item><Source><LocURI>./devinf11</LocURI></Source><Data>${DEVINF_11}</Data></Item></Put><Final/></SyncBody></SyncML>`,
  );
  const expectedCaps = [
    {
      ctType: 'text/x-vcard',
      properties: [
        { name: 'BEGIN', valEnums: ['VCARD'], params: [] },
        { name: 'N', maxSize: 30, valEnums: [], params: [] },
        { name: 'TEL', valEnums: [], params: [{ name: 'TYPE', valEnums: ['HOME', 'CELL'] }, { name: 'PREF', valEnums: [] }] },
      ],
    },
    { ctType: 'text/x-vcalendar', properties: [{ name: 'SUMMARY', maxSize: 40, valEnums: [], params: [] }] },
  ];

  it('reads the flat CTCap into the nested shape, copied into every datastore', () => {
    const d = devinfOf(decodeMessage(body, 'xml'));
    expect(d).toEqual<DevInf>({
      verDTD: '1.1', man: 'Sony Ericsson', mod: 'K750i', devId: 'IMEI:35123400001', devTyp: 'phone',
      utc: false, supportLargeObjs: false, supportNumberOfChanges: false,
      dataStores: [
        { sourceRef: 'Contacts', rxPref: { ctType: 'text/x-vcard', verCt: '2.1' }, rx: [], txPref: { ctType: 'text/x-vcard', verCt: '2.1' }, tx: [], ctCaps: expectedCaps, syncTypes: [1, 2] },
        { sourceRef: 'Calendar', rxPref: { ctType: 'text/x-vcalendar', verCt: '1.0' }, rx: [], txPref: { ctType: 'text/x-vcalendar', verCt: '1.0' }, tx: [], ctCaps: expectedCaps, syncTypes: [1] },
      ],
    });
  });

  it('writes the 1.1 form into a 1.1 message: one top-level CTCap, each type once, Size with a DataType', () => {
    const out = xml(putOf(devinfOf(decodeMessage(body, 'xml')), '1.1'));
    expect(out).toContain(
      '</DataStore><CTCap><CTType>text/x-vcard</CTType><PropName>BEGIN</PropName><ValEnum>VCARD</ValEnum><PropName>N</PropName><DataType>chr</DataType><Size>30</Size>' +
        '<PropName>TEL</PropName><ParamName>TYPE</ParamName><ValEnum>HOME</ValEnum><ValEnum>CELL</ValEnum><ParamName>PREF</ParamName>' +
        '<CTType>text/x-vcalendar</CTType><PropName>SUMMARY</PropName><DataType>chr</DataType><Size>40</Size></CTCap></DevInf>',
    );
    expect(out).not.toContain('<Property>');
  });

  it.each(['xml', 'wbxml'] as const)('round-trips through %s in the 1.1 form', (encoding: SyncmlEncoding) => {
    const d = devinfOf(decodeMessage(body, 'xml'));
    expect(devinfOf(decodeMessage(encodeMessage(putOf(d, '1.1'), encoding), encoding))).toEqual(d);
  });

  it('in WBXML, a DevInf document of its own named by its public identifier string', () => {
    const bytes = encodeMessage(putOf(devinfOf(decodeMessage(body, 'xml')), '1.1'), 'wbxml');
    const literal = Buffer.from('-//SYNCML//DTD DevInf 1.1//EN\0', 'latin1');
    // OPAQUE, length, then WBXML 1.2, public id 0 = "in the string table" at offset 0, UTF-8, table length, table.
    const at = Buffer.from(bytes).indexOf(Buffer.concat([Buffer.from([0x02, 0x00, 0x00, 0x6a, literal.length]), literal]));
    expect(at).toBeGreaterThan(0);
    expect(Buffer.from(bytes).subarray(0, 5 + 30)).toEqual(Buffer.concat([Buffer.from([0x02, 0x00, 0x00, 0x6a, 0x1e]), Buffer.from('-//SYNCML//DTD SyncML 1.1//EN\0', 'latin1')]));
  });
});

describe('DevInf 1.2', () => {
  it('writes CTCap inside the DataStore, Property in DTD order (PropName, MaxOccur, MaxSize, ValEnum, PropParam)', () => {
    const out = xml(putOf(devinf12, '1.2'));
    expect(out).toContain(
      '<DevInf xmlns="syncml:devinf"><VerDTD>1.2</VerDTD><Man>Nokia</Man><Mod>E71</Mod><DevID>IMEI:490154203237518</DevID><DevTyp>phone</DevTyp><UTC/><SupportLargeObjs/>' +
        '<DataStore><SourceRef>./C\\Contacts.cdb</SourceRef><DisplayName>Contacts</DisplayName><MaxGUIDSize>8</MaxGUIDSize>' +
        '<Rx-Pref><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT></Rx-Pref><Rx><CTType>text/vcard</CTType><VerCT>3.0</VerCT></Rx>' +
        '<Tx-Pref><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT></Tx-Pref>' +
        '<CTCap><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT><Property><PropName>BEGIN</PropName><ValEnum>VCARD</ValEnum></Property>' +
        '<Property><PropName>N</PropName><MaxOccur>1</MaxOccur><MaxSize>50</MaxSize></Property>' +
        '<Property><PropName>TEL</PropName><MaxSize>48</MaxSize><PropParam><ParamName>TYPE</ParamName><ValEnum>HOME</ValEnum><ValEnum>WORK</ValEnum><ValEnum>CELL</ValEnum></PropParam></Property></CTCap>' +
        '<SyncCap><SyncType>1</SyncType><SyncType>2</SyncType><SyncType>3</SyncType><SyncType>4</SyncType><SyncType>5</SyncType><SyncType>6</SyncType><SyncType>7</SyncType></SyncCap>' +
        '</DataStore></DevInf>',
    );
  });

  it.each(['xml', 'wbxml'] as const)('round-trips through %s', (encoding: SyncmlEncoding) => {
    expect(devinfOf(decodeMessage(encodeMessage(putOf(devinf12, '1.2'), encoding), encoding))).toEqual(devinf12);
  });

  it('in WBXML: the media type spelled +wbxml, the DevInf an OPAQUE WBXML document with public id 0x1203', () => {
    const bytes = Buffer.from(encodeMessage(putOf(devinf12, '1.2'), 'wbxml'));
    expect(bytes.includes(Buffer.from('application/vnd.syncml-devinf+wbxml\0'))).toBe(true);
    // Data (0x4f), OPAQUE (0xc3), a length, then the DevInf document's header: 1.2, 0x1203 (a4 03), UTF-8, no string table, DevInf (0x4a).
    expect(bytes.toString('hex')).toMatch(/4fc3(?:[89a-f][0-9a-f])*[0-7][0-9a-f]02a4036a004a/);
    expect(decodeMessage(bytes, 'wbxml').commands[0]).toMatchObject({ meta: { type: 'application/vnd.syncml-devinf+xml' } });
  });
});

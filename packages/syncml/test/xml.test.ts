/** The XML codec on hand-built messages: what it writes, in which order, and what survives a round trip. */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type Item, type SyncmlMessage } from '../src/index.js';
import { message } from './support/messages.js';

const xml = (m: SyncmlMessage) => Buffer.from(encodeMessage(m, 'xml')).toString('utf8');
const roundTrip = (m: SyncmlMessage) => decodeMessage(encodeMessage(m, 'xml'), 'xml');
const addOf = (data: string): SyncmlMessage => message([{ kind: 'Add', cmdId: '1', items: [{ source: { locUri: '1' }, data }] }]);
const dataOf = (m: SyncmlMessage) => ((m.commands[0] as { items: readonly Item[] }).items[0]!.data);

describe('XML item data', () => {
  it.each([
    ['a vCard with CRLF line ends', 'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;John\r\nEND:VCARD\r\n'],
    ['markup characters', 'a < b && c > d; <b>bold</b> &amp; "quoted" \'single\''],
    ['the CDATA terminator', 'x]]>y ]]]]> <![CDATA[z]]>'],
    ['a lone CR and tabs', 'one\rtwo\tthree\n'],
    ['non-ASCII', 'Müller 東京 🙂'],
    ['leading and trailing whitespace', '  \n padded \n  '],
  ])('%s round-trips exactly', (_, data) => {
    expect(dataOf(roundTrip(addOf(data)))).toBe(data);
  });

  it('is escaped text, a CR as &#13;', () => {
    expect(xml(addOf('a]]>b\r\n<c&'))).toContain('<Data>a]]&gt;b&#13;\n&lt;c&amp;</Data>');
  });

  it('characters XML cannot carry become U+FFFD instead of breaking the document', () => {
    const m = addOf('bell\u0007 nul\u0000 ok');
    expect(dataOf(roundTrip(m))).toBe('bell\ufffd nul\ufffd ok');
  });

  it('empty data is an empty Data element', () => {
    expect(xml(addOf(''))).toContain('<Data/>');
    expect(dataOf(roundTrip(addOf('')))).toBe('');
  });
});

describe('XML element order follows the SyncML DTD', () => {
  it('SyncHdr: VerDTD, VerProto, SessionID, MsgID, Target, Source, RespURI, NoResp, Cred, Meta', () => {
    const out = xml(
      message([], '1.2', {
        respUri: 'http://example.net/syncml?s=1',
        noResp: true,
        cred: { meta: { type: 'syncml:auth-basic', format: 'b64' }, data: 'YWxpY2U6c2VjcmV0' },
        meta: { maxMsgSize: 10000, maxObjSize: 100000 },
      }),
    );
    expect(out).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto>' +
        '<SessionID>42</SessionID><MsgID>1</MsgID><Target><LocURI>http://example.net/syncml</LocURI></Target>' +
        '<Source><LocURI>IMEI:490154203237518</LocURI><LocName>alice</LocName></Source><RespURI>http://example.net/syncml?s=1</RespURI><NoResp/>' +
        '<Cred><Meta><Format xmlns="syncml:metinf">b64</Format><Type xmlns="syncml:metinf">syncml:auth-basic</Type></Meta><Data>YWxpY2U6c2VjcmV0</Data></Cred>' +
        '<Meta><MaxMsgSize xmlns="syncml:metinf">10000</MaxMsgSize><MaxObjSize xmlns="syncml:metinf">100000</MaxObjSize></Meta></SyncHdr>' +
        '<SyncBody><Final/></SyncBody></SyncML>',
    );
  });

  it('Status: CmdID, MsgRef, CmdRef, Cmd, TargetRef, SourceRef, Chal, Data, Item', () => {
    const out = xml(
      message([
        {
          kind: 'Status', cmdId: '1', msgRef: '1', cmdRef: '0', cmd: 'SyncHdr', targetRefs: ['http://example.net/syncml'], sourceRefs: ['IMEI:1'],
          chal: { meta: { type: 'syncml:auth-md5', format: 'b64', nextNonce: 'Tm9uY2U=' } }, data: 401, items: [],
        },
        { kind: 'Status', cmdId: '2', msgRef: '1', cmdRef: '3', cmd: 'Alert', targetRefs: ['./contacts'], sourceRefs: ['contacts'], data: 200, items: [{ anchor: { next: '7' } }] },
      ]),
    );
    expect(out).toContain(
      '<Status><CmdID>1</CmdID><MsgRef>1</MsgRef><CmdRef>0</CmdRef><Cmd>SyncHdr</Cmd><TargetRef>http://example.net/syncml</TargetRef><SourceRef>IMEI:1</SourceRef>' +
        '<Chal><Meta><Format xmlns="syncml:metinf">b64</Format><Type xmlns="syncml:metinf">syncml:auth-md5</Type><NextNonce xmlns="syncml:metinf">Tm9uY2U=</NextNonce></Meta></Chal>' +
        '<Data>401</Data></Status>',
    );
    expect(out).toContain('<Data>200</Data><Item><Data><Anchor xmlns="syncml:metinf"><Next>7</Next></Anchor></Data></Item></Status>');
  });

  it('Alert: CmdID, NoResp, Data, Item (Target, Source, Meta with Anchor Last/Next)', () => {
    const out = xml(
      message([
        {
          kind: 'Alert', cmdId: '3', noResp: true, data: 200,
          items: [{ target: { locUri: './contacts' }, source: { locUri: 'contacts' }, meta: { anchor: { last: '1', next: '2' }, maxObjSize: 4000 } }],
        },
      ]),
    );
    expect(out).toContain(
      '<Alert><CmdID>3</CmdID><NoResp/><Data>200</Data><Item><Target><LocURI>./contacts</LocURI></Target><Source><LocURI>contacts</LocURI></Source>' +
        '<Meta><Anchor xmlns="syncml:metinf"><Last>1</Last><Next>2</Next></Anchor><MaxObjSize xmlns="syncml:metinf">4000</MaxObjSize></Meta></Item></Alert>',
    );
  });

  it('Sync: CmdID, NoResp, Target, Source, Meta, NumberOfChanges, then the commands; Delete with Archive and SftDel; large objects', () => {
    const out = xml(
      message([
        {
          kind: 'Sync', cmdId: '5', target: { locUri: './contacts' }, source: { locUri: 'contacts' }, meta: { maxObjSize: 9 }, numberOfChanges: 2,
          commands: [
            { kind: 'Replace', cmdId: '6', meta: { type: 'text/x-vcard', format: 'chr' }, items: [{ target: { locUri: '12' }, meta: { size: 300 }, data: 'BEGIN:VCARD', moreData: true }] },
            { kind: 'Delete', cmdId: '7', noResp: true, archive: true, softDelete: true, items: [{ target: { locUri: '13' } }] },
          ],
        },
      ]),
    );
    expect(out).toContain(
      '<Sync><CmdID>5</CmdID><Target><LocURI>./contacts</LocURI></Target><Source><LocURI>contacts</LocURI></Source>' +
        '<Meta><MaxObjSize xmlns="syncml:metinf">9</MaxObjSize></Meta><NumberOfChanges>2</NumberOfChanges>' +
        '<Replace><CmdID>6</CmdID><Meta><Format xmlns="syncml:metinf">chr</Format><Type xmlns="syncml:metinf">text/x-vcard</Type></Meta>' +
        '<Item><Target><LocURI>12</LocURI></Target><Meta><Size xmlns="syncml:metinf">300</Size></Meta><Data>BEGIN:VCARD</Data><MoreData/></Item></Replace>' +
        '<Delete><CmdID>7</CmdID><NoResp/><Archive/><SftDel/><Item><Target><LocURI>13</LocURI></Target></Item></Delete></Sync>',
    );
  });

  it('Results: CmdID, MsgRef, CmdRef, Meta, TargetRef, SourceRef, Item; Map: CmdID, Target, Source, MapItem', () => {
    const out = xml(
      message([
        { kind: 'Results', cmdId: '2', msgRef: '1', cmdRef: '4', meta: { type: 'text/plain' }, targetRef: 't', sourceRef: 's', items: [{ data: 'x' }] },
        { kind: 'Map', cmdId: '3', target: { locUri: 'contacts' }, source: { locUri: './contacts' }, mapItems: [{ target: '100', source: '1' }] },
      ]),
    );
    expect(out).toContain(
      '<Results><CmdID>2</CmdID><MsgRef>1</MsgRef><CmdRef>4</CmdRef><Meta><Type xmlns="syncml:metinf">text/plain</Type></Meta><TargetRef>t</TargetRef><SourceRef>s</SourceRef><Item><Data>x</Data></Item></Results>',
    );
    expect(out).toContain(
      '<Map><CmdID>3</CmdID><Target><LocURI>contacts</LocURI></Target><Source><LocURI>./contacts</LocURI></Source><MapItem><Target><LocURI>100</LocURI></Target><Source><LocURI>1</LocURI></Source></MapItem></Map>',
    );
  });

  it('writes SyncML 1.1 with the 1.1 namespace', () => {
    expect(xml(message([], '1.1'))).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><SyncML xmlns="SYNCML:SYNCML1.1"><SyncHdr><VerDTD>1.1<\/VerDTD><VerProto>SyncML\/1.1<\/VerProto>/);
  });

  it('spells the DevInf media type for XML', () => {
    const m = message([{ kind: 'Get', cmdId: '1', meta: { type: 'application/vnd.syncml-devinf+wbxml' }, items: [{ target: { locUri: './devinf12' } }] }]);
    expect(xml(m)).toContain('<Type xmlns="syncml:metinf">application/vnd.syncml-devinf+xml</Type>');
  });
});

describe('XML reading is lenient where phones differ', () => {
  const body = (inner: string, root = '<SyncML xmlns="SYNCML:SYNCML1.1">') =>
    new TextEncoder().encode(
      `<?xml version="1.0"?>\n${root}\n  <SyncHdr>\n    <VerDTD> 1.1 </VerDTD><VerProto>SyncML/1.1</VerProto><SessionID>1</SessionID><MsgID>1</MsgID>` +
        `<Target><LocURI>http://x/</LocURI></Target><Source><LocURI>IMEI:1</LocURI></Source></SyncHdr>\n  <SyncBody>${inner}</SyncBody>\n</SyncML>`,
    );

  it('prefixed names, MetInf wrapped in a MetInf element, commands we do not implement', () => {
    const m = decodeMessage(
      body(
        '<Alert><CmdID>1</CmdID><Data>201</Data><Item><Target><LocURI>c</LocURI></Target><Meta><m:MetInf xmlns:m="syncml:metinf"><m:Anchor><m:Next>5</m:Next></m:Anchor></m:MetInf></Meta></Item></Alert>' +
          '<Atomic><CmdID>2</CmdID><NoResp/><Add><CmdID>3</CmdID><Item><Data>x</Data></Item></Add></Atomic>' +
          '<Sync><CmdID>4</CmdID><Copy><CmdID>5</CmdID></Copy></Sync>',
      ),
      'xml',
    );
    expect(m.header.verDTD).toBe('1.1');
    expect(m.final).toBe(false);
    expect(m.commands).toEqual([
      { kind: 'Alert', cmdId: '1', data: 201, items: [{ target: { locUri: 'c' }, meta: { anchor: { next: '5' } } }] },
      { kind: 'Unsupported', name: 'Atomic', cmdId: '2', noResp: true },
      { kind: 'Sync', cmdId: '4', commands: [{ kind: 'Unsupported', name: 'Copy', cmdId: '5' }] },
    ]);
  });

  it('an ISO-8859-1 body, as its XML declaration says', () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><SyncML><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto><SessionID>1</SessionID><MsgID>1</MsgID>' +
        '<Target><LocURI>x</LocURI></Target><Source><LocURI>y</LocURI><LocName>Jürgen</LocName></Source></SyncHdr><SyncBody/></SyncML>',
      'latin1',
    );
    expect(decodeMessage(latin1, 'xml').header.source.locName).toBe('Jürgen');
  });

  it('the DevInf media type is read as +xml whichever way it is spelled', () => {
    const m = decodeMessage(body('<Get><CmdID>1</CmdID><Meta><Type xmlns="syncml:metinf">application/vnd.syncml-devinf+wbxml</Type></Meta><Item><Target><LocURI>./devinf11</LocURI></Target></Item></Get>'), 'xml');
    expect((m.commands[0] as { meta?: { type?: string } }).meta!.type).toBe('application/vnd.syncml-devinf+xml');
  });
});

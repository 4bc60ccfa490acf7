/**
 * Hostile bodies, each refused with SyncmlDecodeError (the server's 400): deep XML nesting and
 * wrong closes, the WBXML table (truncated, endless mb_u_int32, absurd string tables and
 * references, deep nesting, unterminated strings, string-table amplification), characters XML
 * cannot carry (refused in protocol fields, replaced by U+FFFD in item data), message numbers that
 * are not 1..2^31−1, over-long identifiers, and a DevInf multiplying itself by its datastores.
 * Nothing here is timed: how fast a refusal is belongs to bench/hostile.bench.ts.
 */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, SyncmlDecodeError, type SyncItemCommand, type SyncmlEncoding, type SyncmlMessage } from '../src/index.js';
import { MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS, MAX_SESSION_ID_LENGTH, MAX_URI_LENGTH } from '../src/limits.js';
import { message } from './support/messages.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const HDR =
  '<VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto><SessionID>1</SessionID><MsgID>1</MsgID><Target><LocURI>x</LocURI></Target><Source><LocURI>y</LocURI></Source>';
const doc = (hdr: string, body = '<Final/>') => utf8(`<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr>${hdr}</SyncHdr><SyncBody>${body}</SyncBody></SyncML>`);

function refusal(body: Uint8Array, encoding: SyncmlEncoding = 'xml'): SyncmlDecodeError {
  let thrown: unknown;
  try {
    decodeMessage(body, encoding);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(SyncmlDecodeError);
  return thrown as SyncmlDecodeError;
}

const refused = (body: Uint8Array, pattern: RegExp, encoding: SyncmlEncoding = 'xml') => expect(refusal(body, encoding).message).toMatch(pattern);

describe('XML nesting', () => {
  const deep = `<SyncML xmlns="SYNCML:SYNCML1.2">${'<a>'.repeat(1_000_000)}`;

  it('a 1,000,000-deep unclosed body is refused at the cap, which the message names', () => {
    refused(utf8(deep), new RegExp(`more than ${MAX_ELEMENT_DEPTH} deep`));
  });

  it('1,000,000 opens then 1,000,000 wrong closes are refused at the cap', () => {
    refused(utf8(deep + '</b>'.repeat(1_000_000)), new RegExp(`more than ${MAX_ELEMENT_DEPTH} deep`));
  });

  it('wrong closes under the cap stop at the first, with saxes’ message and where', () => {
    refused(utf8(`<SyncML>${'<a>'.repeat(30)}${'</b>'.repeat(1_000_000)}`), /^not well-formed XML: 1:\d+: unexpected close tag/);
  });

  it('nesting up to the cap is read', () => {
    const body = doc(HDR, `<Put><CmdID>1</CmdID><Item><Data>${'<x>'.repeat(MAX_ELEMENT_DEPTH - 5)}${'</x>'.repeat(MAX_ELEMENT_DEPTH - 5)}</Data></Item></Put><Final/>`);
    expect(decodeMessage(body, 'xml').commands).toHaveLength(1);
  });
});

/** WBXML 1.2, public id 1, UTF-8, then the string table length and the body. */
const HEAD = [0x02, 0x01, 0x6a];
const SYNCML_WITH_CONTENT = 0x6d;

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('WBXML the decoder refuses', () => {
  const good = encodeMessage(message([]), 'wbxml');

  it.each([
    ['a truncated message', () => good.subarray(0, good.length - 1), /unexpected end/],
    ['a message cut in half', () => good.subarray(0, good.length >> 1), /unexpected end|unterminated inline string/],
    ['a message cut after its header', () => good.subarray(0, 4), /unexpected end/],
    ['an endless mb_u_int32 (continuation bits forever)', () => concat([0x02], new Uint8Array(1_000_000).fill(0x80)), /integer too long/],
    ['an mb_u_int32 past 32 bits', () => Uint8Array.from([0x02, 0x90, 0x80, 0x80, 0x80, 0x00]), /integer too large/],
    ['a string table of length 2^31', () => Uint8Array.from([...HEAD, 0x88, 0x80, 0x80, 0x80, 0x00, SYNCML_WITH_CONTENT, 0x01]), /string table longer than the document/],
    ['a string table reference at 2^31', () => Uint8Array.from([...HEAD, 0x01, 0x41, SYNCML_WITH_CONTENT, 0x83, 0x88, 0x80, 0x80, 0x80, 0x00, 0x01]), /offset 2147483648 out of range/],
    ['a string table reference just past the table', () => Uint8Array.from([...HEAD, 0x02, 0x41, 0x00, SYNCML_WITH_CONTENT, 0x83, 0x02, 0x01]), /offset 2 out of range/],
    ['100,000-deep nesting', () => concat([...HEAD, 0x00], new Uint8Array(100_000).fill(SYNCML_WITH_CONTENT)), new RegExp(`nested too deep \\(more than ${MAX_ELEMENT_DEPTH}\\)`)],
    ['a 10 MB inline string without its terminator', () => concat([...HEAD, 0x00, SYNCML_WITH_CONTENT, 0x03], new Uint8Array(10_000_000).fill(0x41)), /unterminated inline string/],
    ['an opaque of length 2^32 − 1', () => Uint8Array.from([...HEAD, 0x00, SYNCML_WITH_CONTENT, 0xc3, 0x8f, 0xff, 0xff, 0xff, 0x7f, 0x01]), /opaque data longer than the document/],
  ])('%s', (_, body, pattern) => refused(body(), pattern, 'wbxml'));

  it('string-table references naming far more than the document (one long string, referenced again and again)', () => {
    const length = 100_000;
    const refs: number[] = [];
    for (let i = 0; i < 200_000; i++) refs.push(0x83, 0x00);
    const body = concat([...HEAD, 0x86, 0x8d, 0x20], new Uint8Array(length).fill(0x41), [SYNCML_WITH_CONTENT], refs, [0x01]);
    refused(body, /string table references name more than 8 times the document/, 'wbxml');
  });

  it('string-table references at every offset of one long unterminated string', () => {
    const length = 100_000;
    const refs: number[] = [];
    for (let i = 0; i < length; i += 3) refs.push(0x83, 0x80 | (i >> 14), 0x80 | ((i >> 7) & 0x7f), i & 0x7f);
    const body = concat([...HEAD, 0x86, 0x8d, 0x20], new Uint8Array(length).fill(0x41), [SYNCML_WITH_CONTENT], refs, [0x01]);
    refused(body, /string table references name more than/, 'wbxml');
  });
});

/**
 * The WBXML of `m` with each element whose whole content is the text `marker` (an inline string
 * or, for item data, an opaque) made to hold `code` as one ENTITY token instead.
 */
function withEntity(m: SyncmlMessage, marker: string, code: number): Uint8Array {
  const bytes = Array.from(encodeMessage(m, 'wbxml'));
  const mark = Array.from(utf8(marker));
  const entity = [0x02, ...mbUint32(code)];
  const at = (i: number) => mark.every((b, k) => bytes[i + k] === b);
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x03 && at(i + 1) && bytes[i + 1 + mark.length] === 0x00) bytes.splice(i, mark.length + 2, ...entity);
    else if (bytes[i] === 0xc3 && bytes[i + 1] === mark.length && at(i + 2)) bytes.splice(i, mark.length + 2, ...entity);
  }
  return Uint8Array.from(bytes);
}

function mbUint32(n: number): number[] {
  const out = [n & 0x7f];
  for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) out.unshift(0x80 | (n & 0x7f));
  return out;
}

const itemData = (m: SyncmlMessage) => (m.commands[0] as { items: readonly { data?: string }[] }).items[0]!.data;
const put = (data: string): SyncmlMessage => message([{ kind: 'Add', cmdId: '1', items: [{ source: { locUri: '1' }, data }] }]);

describe('characters XML cannot carry', () => {
  it('the marker helper works: a marker left alone decodes as itself', () => {
    expect(decodeMessage(withEntity(message([]), 'NOMATCH', 0x41), 'wbxml').header.sessionId).toBe('42');
    expect(decodeMessage(withEntity(message([], '1.2', { sessionId: 'MARK' }), 'MARK', 0x41), 'wbxml').header.sessionId).toBe('A');
  });

  it.each([
    ['a C0 control', 0x01, 'U\\+0001'],
    ['a NUL', 0x00, 'U\\+0000'],
    ['U+FFFE', 0xfffe, 'U\\+FFFE'],
    ['U+FFFF', 0xffff, 'U\\+FFFF'],
    ['an unpaired high surrogate', 0xd800, 'U\\+D800'],
    ['an unpaired low surrogate', 0xdc00, 'U\\+DC00'],
  ])('%s in a protocol field is refused (WBXML)', (_, code, name) => {
    const fields: [Partial<SyncmlMessage['header']>, string][] = [
      [{ sessionId: 'MARK' }, 'SyncHdr/SessionID'],
      [{ source: { locUri: 'MARK' } }, 'Source/LocURI'],
      [{ source: { locUri: 'IMEI:1', locName: 'MARK' } }, 'Source/LocName'],
      [{ meta: { maxMsgSize: 10_000, version: 'MARK' } }, 'Version'],
      [{ cred: { meta: { type: 'syncml:auth-basic' }, data: 'MARK' } }, 'Cred/Data'],
    ];
    for (const [header, where] of fields) {
      refused(withEntity(message([], '1.2', header), 'MARK', code), new RegExp(`${where} holds a character XML cannot carry \\(${name}\\)`), 'wbxml');
    }
  });

  it('in an anchor or an Alert item it is refused too', () => {
    const alert = message([{ kind: 'Alert', cmdId: '1', data: 200, items: [{ target: { locUri: 'contacts' }, source: { locUri: 'MARK' }, meta: { anchor: { next: '2' } } }] }]);
    refused(withEntity(alert, 'MARK', 0x07), /Source\/LocURI holds a character XML cannot carry \(U\+0007\)/, 'wbxml');
    const anchored = message([{ kind: 'Alert', cmdId: '1', data: 200, items: [{ target: { locUri: 'contacts' }, source: { locUri: 'c' }, meta: { anchor: { last: 'MARK', next: '2' } } }] }]);
    refused(withEntity(anchored, 'MARK', 0x07), /Anchor\/Last holds a character XML cannot carry/, 'wbxml');
  });

  it('in a DevInf field (a DevInf document inside OPAQUE) it is refused', () => {
    const body = encodeMessage(
      message([{ kind: 'Put', cmdId: '1', meta: { type: 'application/vnd.syncml-devinf+xml' }, items: [{ source: { locUri: './devinf12' }, devinf: {
        verDTD: '1.2', man: 'Acme\u0001', devId: 'IMEI:1', devTyp: 'phone', utc: true, supportLargeObjs: false, supportNumberOfChanges: false, dataStores: [],
      } }] }]),
      'wbxml',
    );
    refused(body, /DevInf\/Man holds a character XML cannot carry \(U\+0001\)/, 'wbxml');
  });

  it.each([
    ['C0 controls', 'NOTE:a\u0001b\u001fc\u0000d', 'NOTE:a\ufffdb\ufffdc\ufffdd'],
    ['U+FFFE and U+FFFF', 'NOTE:\ufffe\uffff', 'NOTE:\ufffd\ufffd'],
    ['TAB, LF and CR (kept)', 'NOTE:a\tb\r\nc', 'NOTE:a\tb\r\nc'],
    ['a surrogate pair (kept)', 'NOTE:🙂', 'NOTE:🙂'],
  ])('item data with %s: each uncarriable character becomes U+FFFD, and the item still syncs (WBXML)', (_, data, expected) => {
    expect(itemData(decodeMessage(encodeMessage(put(data), 'wbxml'), 'wbxml'))).toBe(expected);
  });

  it('an unpaired surrogate in item data (an ENTITY token) becomes U+FFFD', () => {
    expect(itemData(decodeMessage(withEntity(put('MARK'), 'MARK', 0xd83d), 'wbxml'))).toBe('\ufffd');
  });

  it('XML carries none of them: saxes refuses them as raw characters and as references', () => {
    refused(doc(HDR.replace('<SessionID>1', '<SessionID>1\u0001')), /not well-formed XML/);
    refused(doc(HDR, '<Add><CmdID>1</CmdID><Item><Data>a&#1;b</Data></Item></Add>'), /not well-formed XML/);
    refused(doc(HDR, '<Add><CmdID>1</CmdID><Item><Data>a&#xFFFE;b</Data></Item></Add>'), /not well-formed XML/);
  });
});

describe('message numbers and identifiers', () => {
  it.each([
    ['99999999999999999999999999'],
    ['2147483648'],
    ['-1'],
    ['0'],
    ['abc'],
    ['1.5'],
    ['+1'],
    [''],
  ])('MsgID %j is refused', (msgId) => {
    refused(doc(HDR.replace('<MsgID>1</MsgID>', `<MsgID>${msgId}</MsgID>`)), /SyncHdr\/MsgID is not a number from 1 to 2147483647/);
    refused(encodeMessage(message([], '1.2', { msgId }), 'wbxml'), /SyncHdr\/MsgID is not a number/, 'wbxml');
  });

  it('MsgID 2147483647, padded with white space, is read', () => {
    expect(decodeMessage(doc(HDR.replace('<MsgID>1</MsgID>', '<MsgID> 2147483647\n</MsgID>')), 'xml').header.msgId).toBe('2147483647');
  });

  const status = (cmdId: string, msgRef: string, cmdRef: string) =>
    `<Status><CmdID>${cmdId}</CmdID><MsgRef>${msgRef}</MsgRef><CmdRef>${cmdRef}</CmdRef><Cmd>SyncHdr</Cmd><Data>200</Data></Status>`;

  it.each([
    ['a CmdID of 2^31', status('2147483648', '1', '0'), /Status\/CmdID is not a number from 1/],
    ['a CmdID of 0', status('0', '1', '0'), /Status\/CmdID is not a number from 1/],
    ['a MsgRef that is not a number', status('1', 'x', '0'), /Status\/MsgRef is not a number from 1/],
    ['a negative CmdRef', status('1', '1', '-1'), /Status\/CmdRef is not a number from 0/],
    ['an Alert CmdID that is not a number', '<Alert><CmdID>one</CmdID><Data>200</Data></Alert>', /Alert\/CmdID is not a number/],
    ['an Add CmdID inside a Sync', '<Sync><CmdID>1</CmdID><Add><CmdID>99999999999</CmdID></Add></Sync>', /Add\/CmdID is not a number/],
    ['an unsupported command’s CmdID', '<Copy><CmdID>-4</CmdID></Copy>', /Copy\/CmdID is not a number/],
    ['a Results CmdRef', '<Results><CmdID>1</CmdID><CmdRef>z</CmdRef></Results>', /Results\/CmdRef is not a number/],
    ['a Results MsgRef', '<Results><CmdID>1</CmdID><MsgRef>0</MsgRef><CmdRef>1</CmdRef></Results>', /Results\/MsgRef is not a number/],
  ])('%s is refused', (_, command, pattern) => refused(doc(HDR, `${command}<Final/>`), pattern));

  it('CmdRef 0 (the SyncHdr) is read', () => {
    const m = decodeMessage(doc(HDR, `${status('1', '1', '0')}<Final/>`), 'xml');
    expect(m.commands[0]).toMatchObject({ cmdId: '1', msgRef: '1', cmdRef: '0' });
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['a SessionID', HDR.replace('<SessionID>1', `<SessionID>${long(MAX_SESSION_ID_LENGTH + 1)}`), /SyncHdr\/SessionID is longer than 64/],
    ['the device’s LocURI (its DevID)', HDR.replace('<LocURI>y', `<LocURI>${long(MAX_URI_LENGTH + 1)}`), /Source\/LocURI is longer than 1024/],
    ['a LocName', HDR.replace('<LocURI>y</LocURI>', `<LocURI>y</LocURI><LocName>${long(MAX_URI_LENGTH + 1)}</LocName>`), /Source\/LocName is longer than 1024/],
    ['a RespURI', `${HDR}<RespURI>${long(MAX_URI_LENGTH + 1)}</RespURI>`, /SyncHdr\/RespURI is longer than 1024/],
  ])('%s past its cap is refused', (_, hdr, pattern) => refused(doc(hdr), pattern));

  it('identifiers at their caps are read', () => {
    const hdr = HDR.replace('<SessionID>1', `<SessionID>${long(MAX_SESSION_ID_LENGTH)}`).replace('<LocURI>y</LocURI>', `<LocURI>${long(MAX_URI_LENGTH)}</LocURI><LocName>${long(MAX_URI_LENGTH)}</LocName>`);
    const m = decodeMessage(doc(hdr), 'xml');
    expect([m.header.sessionId.length, m.header.source.locUri.length, m.header.source.locName?.length]).toEqual([MAX_SESSION_ID_LENGTH, MAX_URI_LENGTH, MAX_URI_LENGTH]);
  });

  it('a LocURI past its cap in an item or a Map is refused', () => {
    refused(doc(HDR, `<Sync><CmdID>1</CmdID><Add><CmdID>2</CmdID><Item><Source><LocURI>${long(MAX_URI_LENGTH + 1)}</LocURI></Source></Item></Add></Sync>`), /Source\/LocURI is longer/);
    refused(doc(HDR, `<Map><CmdID>1</CmdID><Target><LocURI>a</LocURI></Target><Source><LocURI>b</LocURI></Source><MapItem><Target><LocURI>1</LocURI></Target><Source><LocURI>${long(MAX_URI_LENGTH + 1)}</LocURI></Source></MapItem></Map>`), /Source\/LocURI is longer/);
  });
});

describe('DevInf', () => {
  const putDevInf = (inner: string) =>
    doc(HDR, `<Put><CmdID>1</CmdID><Item><Source><LocURI>./devinf11</LocURI></Source><Data><DevInf xmlns="syncml:devinf"><VerDTD>1.1</VerDTD><DevID>IMEI:1</DevID><DevTyp>phone</DevTyp>${inner}</DevInf></Data></Item></Put><Final/>`);
  const store = (uri: string) => `<DataStore><SourceRef>${uri}</SourceRef><Rx-Pref><CTType>text/x-vcard</CTType><VerCT>2.1</VerCT></Rx-Pref></DataStore>`;
  const ctCap = (properties: number) => `<CTCap><CTType>text/x-vcard</CTType>${'<PropName>TEL</PropName>'.repeat(properties)}</CTCap>`;

  it('a 1.1 CTCap that copied into every datastore would multiply the DevInf is refused', () => {
    // 17,000 × 6 copies pass MAX_DEVINF_COPIED_ENTRIES while one CTCap stays under MAX_CHILDREN.
    refused(putDevInf(ctCap(17_000) + store('a') + store('b') + store('c') + store('d') + store('e') + store('f')), /copied into each of its 6 DataStores, would hold more than 100000/);
  });

  // The largest CTCap a message may hold (MAX_CHILDREN children: its CTType and the properties);
  // before the width caps this read 200,000 properties, which a message may no longer hold.
  it('the largest 1.1 CTCap a message may hold, with one datastore, is read (no copies; no stack overflow)', () => {
    const m = decodeMessage(putDevInf(ctCap(MAX_CHILDREN - 1) + store('a')), 'xml');
    const devinf = (m.commands[0] as { items: readonly { devinf?: { dataStores: readonly { ctCaps: readonly { properties: readonly unknown[] }[] }[] } }[] }).items[0]!.devinf!;
    expect(devinf.dataStores[0]!.ctCaps[0]!.properties).toHaveLength(MAX_CHILDREN - 1);
  });

  it('a CTCap of 200,000 properties is refused at MAX_CHILDREN', () => {
    refused(putDevInf(ctCap(200_000) + store('a')), new RegExp(`more than ${MAX_CHILDREN} children in one element`));
  });

  it('a DevID past its cap is refused', () => {
    const body = doc(HDR, `<Put><CmdID>1</CmdID><Item><Data><DevInf xmlns="syncml:devinf"><VerDTD>1.2</VerDTD><DevID>${'9'.repeat(MAX_URI_LENGTH + 1)}</DevID><DevTyp>phone</DevTyp></DevInf></Data></Item></Put><Final/>`);
    refused(body, /DevInf\/DevID is longer than 1024/);
  });
});

/**
 * Wide bodies (issue 20): a flat run of siblings, or many elements spread under many parents,
 * each under the depth cap. Refused at MAX_CHILDREN / MAX_ELEMENTS, in either wire form and
 * counting the DevInf documents nested in OPAQUE; a message as wide as a real one is read.
 */
describe('wide bodies', () => {
  const SIBLINGS = new RegExp(`more than ${MAX_CHILDREN} children in one element`);
  const ELEMENTS = new RegExp(`more than ${MAX_ELEMENTS} elements in one document`);
  /** `parents` Syncs under SyncBody, each of `each` Deletes of nothing (2 elements): every parent under MAX_CHILDREN. */
  const spread = (parents: number, each: number) => `<Sync><CmdID>1</CmdID>${'<Delete><CmdID>2</CmdID></Delete>'.repeat(each)}</Sync>`.repeat(parents);
  const PARENTS = Math.ceil(MAX_ELEMENTS / MAX_CHILDREN) + 1;

  it(`XML: a SyncBody of ${(MAX_CHILDREN + 1).toLocaleString('en')} <Final/> is refused at MAX_CHILDREN`, () => {
    refused(doc(HDR, '<Final/>'.repeat(MAX_CHILDREN + 1)), SIBLINGS);
  });

  it('XML: many elements under many parents, each parent under MAX_CHILDREN, are refused at MAX_ELEMENTS', () => {
    refused(doc(HDR, spread(PARENTS, MAX_CHILDREN / 2) + '<Final/>'), ELEMENTS);
  });

  /** `m` in WBXML, its closing `<Final/> </SyncBody> </SyncML>` (12 01 01) with `finals` Final tokens instead of one. */
  const wbxmlFinals = (finals: number): Uint8Array => {
    const bytes = encodeMessage(message([]), 'wbxml');
    expect(Array.from(bytes.subarray(-3))).toEqual([0x12, 0x01, 0x01]);
    return concat(bytes.subarray(0, -3), new Uint8Array(finals).fill(0x12), [0x01, 0x01]);
  };

  it(`WBXML: ${(MAX_CHILDREN + 1).toLocaleString('en')} one-byte <Final/> tokens are refused at MAX_CHILDREN`, () => {
    refused(wbxmlFinals(MAX_CHILDREN + 1), SIBLINGS, 'wbxml');
  });

  it('WBXML: the attack as sent, ten million <Final/> in a 10 MiB body, is refused at MAX_CHILDREN', () => {
    // 02 A4 01 6A 00 | 6D | 12 × 10,485,696 | 01: SyncML 1.2, no header, ten million Finals.
    const body = concat([0x02, 0xa4, 0x01, 0x6a, 0x00, 0x6d], new Uint8Array(10_485_696).fill(0x12), [0x01]);
    refused(body, SIBLINGS, 'wbxml');
  });

  it('WBXML: many elements under many parents are refused at MAX_ELEMENTS', () => {
    // The XML case's Syncs, in WBXML: Sync (0x6a: with content), CmdID (0x4b) "1", then Deletes
    // (0x50) of CmdID "2" only.
    const deletes = new Array<number[]>(MAX_CHILDREN / 2).fill([0x50, 0x4b, 0x03, 0x32, 0x00, 0x01, 0x01]).flat();
    const sync = concat([0x6a, 0x4b, 0x03, 0x31, 0x00, 0x01], deletes, [0x01]);
    const bytes = encodeMessage(message([]), 'wbxml');
    const body = concat(bytes.subarray(0, -3), ...new Array<Uint8Array>(PARENTS).fill(sync), [0x12, 0x01, 0x01]);
    refused(body, ELEMENTS, 'wbxml');
  });

  it('WBXML: DevInf documents nested in OPAQUE item data share the message’s budget', () => {
    // A DevInf 1.2 document (public id 0x1203) of `each` empty VerDTD elements: wide, but under both caps alone.
    const each = MAX_CHILDREN - 1;
    const devinf = concat([0x02, 0xa4, 0x03, 0x6a, 0x00, 0x4a], new Uint8Array(each).fill(0x25), [0x01]);
    const documents = Math.ceil(MAX_ELEMENTS / each) + 1;
    const items = Array.from({ length: documents }, (_, i) => ({ source: { locUri: `${i}` }, data: 'MARK' }));
    const plain = Array.from(encodeMessage(message([{ kind: 'Put', cmdId: '1', items }]), 'wbxml'));
    // Each item's data, OPAQUE "MARK" (c3 04 4d 41 52 4b), becomes OPAQUE holding the DevInf document.
    const opaque = [0xc3, ...mbUint32(devinf.length), ...devinf];
    const out: number[] = [];
    for (let i = 0; i < plain.length; i++) {
      if (plain[i] === 0xc3 && plain[i + 1] === 4 && plain[i + 2] === 0x4d && plain[i + 5] === 0x4b) {
        for (const b of opaque) out.push(b);
        i += 5;
      } else out.push(plain[i]!);
    }
    refused(Uint8Array.from(out), ELEMENTS, 'wbxml');
  });

  it('a message as wide as a real slow sync is read: 10,000 Adds in one Sync, in both wire forms', () => {
    const adds: SyncItemCommand[] = Array.from({ length: 10_000 }, (_, i) => ({
      kind: 'Add', cmdId: `${i + 3}`, meta: { type: 'text/x-vcard' }, items: [{ source: { locUri: `${i}` }, data: `BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jo${i}\r\nEND:VCARD\r\n` }],
    }));
    const m = message([{ kind: 'Sync', cmdId: '2', target: { locUri: 'contacts' }, source: { locUri: './contacts' }, commands: adds }]);
    for (const encoding of ['xml', 'wbxml'] as const) {
      const read = decodeMessage(encodeMessage(m, encoding), encoding);
      expect((read.commands[0] as { commands: readonly unknown[] }).commands).toHaveLength(10_000);
    }
  });
});

/**
 * The MS-ASHTTP request line: the plain query with its headers and the base64 query, both into one
 * AsRequestLine (MS-ASHTTP's own example of each, which name the same request); every field of
 * the base64 form; malformed lines refused with ActiveSyncRequestLineError; and what a server
 * announces in its OPTIONS response.
 */
import { AIRSYNC_VERSIONS } from '@atomsync/items';
import { describe, expect, it } from 'vitest';
import {
  AS_COMMAND_CODES,
  AS_PROTOCOL_COMMANDS,
  AS_PROTOCOL_COMMANDS_HEADER,
  AS_PROTOCOL_VERSIONS_HEADER,
  ActiveSyncRequestLineError,
  parseRequestLine,
  type HeadersLike,
} from '../src/index.js';

/** A base64 query from its fields (MS-ASHTTP §2.2.1.1.1.1). */
function b64(o: { version?: number; code?: number; locale?: number; deviceId?: number[] | string; policyKey?: number[]; deviceType?: number[] | string; params?: [number, number[] | string][] }) {
  const bytes = (s: number[] | string) => (typeof s === 'string' ? [...Buffer.from(s, 'utf8')] : s);
  const id = bytes(o.deviceId ?? 'v140Device');
  const type = bytes(o.deviceType ?? 'SmartPhone');
  const locale = o.locale ?? 0x0409;
  const out = [o.version ?? 141, o.code ?? 0, locale & 0xff, locale >> 8, id.length, ...id, (o.policyKey ?? []).length, ...(o.policyKey ?? []), type.length, ...type];
  for (const [tag, v] of o.params ?? []) out.push(tag, bytes(v).length, ...bytes(v));
  return Buffer.from(out).toString('base64');
}

function refusal(target: string, headers?: HeadersLike): string {
  try {
    parseRequestLine(target, headers);
  } catch (e) {
    expect(e).toBeInstanceOf(ActiveSyncRequestLineError);
    return (e as Error).message;
  }
  throw new Error(`parsed ${target}`);
}

describe('MS-ASHTTP’s examples', () => {
  // §2.2.1.1.1: "The following two examples are equivalent."
  const plain = parseRequestLine('/Microsoft-Server-ActiveSync?Cmd=Sync&User=rmjones&DeviceId=v140Device&DeviceType=SmartPhone', {
    'Content-Type': 'application/vnd.ms-sync.wbxml',
    'MS-ASProtocolVersion': '14.0',
  });
  const encoded = parseRequestLine('/Microsoft-Server-ActiveSync?jAAJBAp2MTQwRGV2aWNlAApTbWFydFBob25l');

  it('the plain form', () => {
    expect(plain).toEqual({ form: 'plain', command: 'Sync', user: 'rmjones', deviceId: 'v140Device', deviceType: 'SmartPhone', protocolVersion: '14.0', params: {} });
  });

  it('the base64 form: version 140, Sync, locale 0x0409, device v140Device, no policy key, SmartPhone', () => {
    expect(encoded).toEqual({ form: 'base64', command: 'Sync', deviceId: 'v140Device', deviceType: 'SmartPhone', protocolVersion: '14.0', locale: 0x0409, params: {} });
  });

  it('name the same request', () => {
    for (const k of ['command', 'deviceId', 'deviceType', 'protocolVersion', 'policyKey', 'params'] as const) expect(encoded[k]).toEqual(plain[k]);
  });
});

describe('the plain form', () => {
  const h = { 'MS-ASProtocolVersion': '16.1', 'X-MS-PolicyKey': '3942919513' };

  it('reads the policy key, the command parameters, SaveInSent and MS-ASAcceptMultiPart', () => {
    const line = parseRequestLine(
      '/Microsoft-Server-ActiveSync?Cmd=SmartForward&User=kim%40contoso.com&DeviceId=ApplF17XK0GXHG7F&DeviceType=iPhone&ItemId=5%3A1&CollectionId=5&LongId=RgAAAA&Occurrence=2024-01-01T00%3A00%3A00Z&SaveInSent=T&AttachmentName=5%3A1%3A0',
      { ...h, 'MS-ASAcceptMultiPart': 'T' },
    );
    expect(line).toEqual({
      form: 'plain',
      command: 'SmartForward',
      user: 'kim@contoso.com',
      deviceId: 'ApplF17XK0GXHG7F',
      deviceType: 'iPhone',
      protocolVersion: '16.1',
      policyKey: '3942919513',
      params: { attachmentName: '5:1:0', collectionId: '5', itemId: '5:1', longId: 'RgAAAA', occurrence: '2024-01-01T00:00:00Z', saveInSent: true, acceptMultiPart: true },
    });
  });

  it('takes fetch Headers, a record in any case, a URL, or the query alone', () => {
    const headers = new Headers({ 'ms-asprotocolversion': '12.1', 'x-ms-policykey': '0' });
    const q = 'Cmd=FolderSync&User=u&DeviceId=d1&DeviceType=t';
    expect(parseRequestLine(q, headers)).toMatchObject({ command: 'FolderSync', protocolVersion: '12.1', policyKey: '0' });
    expect(parseRequestLine(new URL(`https://mail.example.net/Microsoft-Server-ActiveSync?${q}`), { 'ms-asprotocolversion': ['2.5'] })).toMatchObject({ protocolVersion: '2.5' });
    expect(parseRequestLine(`/x?${q.replace('Cmd', 'cmd').replace('DeviceId', 'deviceid')}#f`, { 'MS-ASPROTOCOLVERSION': '14.1' })).toMatchObject({ command: 'FolderSync', deviceId: 'd1' });
  });

  it('knows every command of MS-ASProtocolCommands, the 2.x ones included', () => {
    for (const c of AS_PROTOCOL_COMMANDS) expect(parseRequestLine(`?Cmd=${c}&User=u&DeviceId=d&DeviceType=t`, h).command).toBe(c);
  });

  const refused: [string, string, HeadersLike, RegExp][] = [
    ['no Cmd', '?User=u&DeviceId=d&DeviceType=t', h, /no Cmd/],
    ['an unknown command', '?Cmd=Delete&User=u&DeviceId=d&DeviceType=t', h, /unknown command "Delete"/],
    ['no DeviceId', '?Cmd=Sync&User=u&DeviceType=t', h, /no DeviceId/],
    ['no DeviceType', '?Cmd=Sync&User=u&DeviceId=d', h, /no DeviceType/],
    ['a DeviceId with a comma', '?Cmd=Sync&User=u&DeviceId=a,b&DeviceType=t', h, /DeviceId "a,b"/],
    ['a DeviceId of 129 characters', `?Cmd=Sync&User=u&DeviceId=${'a'.repeat(129)}&DeviceType=t`, h, /DeviceId/],
    ['a DeviceType with a space', '?Cmd=Sync&User=u&DeviceId=d&DeviceType=i%20Phone', h, /DeviceType "i Phone"/],
    ['an empty User', '?Cmd=Sync&User=&DeviceId=d&DeviceType=t', h, /not a user name/],
    ['a User with a control character', '?Cmd=Sync&User=a%0Ab&DeviceId=d&DeviceType=t', h, /not a user name/],
    ['Cmd twice', '?Cmd=Sync&Cmd=Ping&User=u&DeviceId=d&DeviceType=t', h, /Cmd given twice/],
    ['no MS-ASProtocolVersion', '?Cmd=Sync&User=u&DeviceId=d&DeviceType=t', {}, /no MS-ASProtocolVersion header/],
    ['an unknown protocol version', '?Cmd=Sync&User=u&DeviceId=d&DeviceType=t', { 'MS-ASProtocolVersion': '15.0' }, /unknown protocol version "15.0"/],
    ['a policy key that is no number', '?Cmd=Sync&User=u&DeviceId=d&DeviceType=t', { ...h, 'X-MS-PolicyKey': 'abc' }, /X-MS-PolicyKey "abc"/],
    ['a policy key over 32 bits', '?Cmd=Sync&User=u&DeviceId=d&DeviceType=t', { ...h, 'X-MS-PolicyKey': '4294967296' }, /unsigned 32-bit/],
    ['SaveInSent that is neither T nor F', '?Cmd=SendMail&User=u&DeviceId=d&DeviceType=t&SaveInSent=yes', h, /SaveInSent "yes"/],
    ['no query', '/Microsoft-Server-ActiveSync', h, /no query/],
    ['an empty query', '/Microsoft-Server-ActiveSync?', h, /no query/],
  ];
  for (const [what, target, headers, message] of refused) {
    it(`refuses ${what}`, () => expect(refusal(target, headers)).toMatch(message));
  }
});

describe('the base64 form', () => {
  it('reads every field: version, command code, locale, device id, policy key (little-endian), device type, parameters', () => {
    const q = b64({
      version: 161,
      code: AS_COMMAND_CODES.SmartReply,
      locale: 0x0807,
      policyKey: [0x59, 0x74, 0x04, 0xeb],
      deviceType: 'Outlook',
      params: [
        [8, 'kim@contoso.com'],
        [1, '5'],
        [3, '5:1'],
        [4, 'RgAAAA'],
        [6, '2024-01-01T00:00:00Z'],
        [0, 'Grüße.pdf'],
        [7, [0x03]],
      ],
    });
    expect(parseRequestLine(`/Microsoft-Server-ActiveSync?${q}`)).toEqual({
      form: 'base64',
      command: 'SmartReply',
      user: 'kim@contoso.com',
      deviceId: 'v140Device',
      deviceType: 'Outlook',
      protocolVersion: '16.1',
      policyKey: String(0xeb047459),
      locale: 0x0807,
      params: { collectionId: '5', itemId: '5:1', longId: 'RgAAAA', occurrence: '2024-01-01T00:00:00Z', attachmentName: 'Grüße.pdf', saveInSent: true, acceptMultiPart: true },
    });
  });

  it('reads every command code, and the 2.x parameters CollectionName and ParentId', () => {
    for (const [command, code] of Object.entries(AS_COMMAND_CODES)) expect(parseRequestLine(b64({ code })).command).toBe(command);
    expect(parseRequestLine(b64({ params: [[2, 'Inbox'], [5, '0']] })).params).toEqual({ collectionName: 'Inbox', parentId: '0' });
  });

  it('writes a binary device id (a GUID) as hex, and keeps a textual one', () => {
    const guid = [0x6f, 0x24, 0xca, 0xd5, 0x99, 0xa3, 0x4b, 0x2e, 0x9c, 0x5d, 0x3e, 0x01, 0x00, 0xff, 0x10, 0x20];
    expect(parseRequestLine(b64({ deviceId: guid })).deviceId).toBe('6F24CAD599A34B2E9C5D3E0100FF1020');
    expect(parseRequestLine(b64({ deviceId: 'SEC1234-abc_9.x' })).deviceId).toBe('SEC1234-abc_9.x');
  });

  it('takes the value percent-encoded, and without its padding', () => {
    const q = b64({ deviceType: 'SmartPhone1' });
    expect(q).toMatch(/[+/=]/);
    expect(parseRequestLine(`?${encodeURIComponent(q)}`).deviceType).toBe('SmartPhone1');
    expect(parseRequestLine(`?${q.replace(/=+$/, '')}`).deviceType).toBe('SmartPhone1');
  });

  it('ORs MS-ASAcceptMultiPart into the Options flags, and ignores the plain form’s version header', () => {
    const line = parseRequestLine(b64({}), { 'MS-ASAcceptMultiPart': 'T', 'MS-ASProtocolVersion': '2.5' });
    expect(line.params).toEqual({ acceptMultiPart: true });
    expect(line.protocolVersion).toBe('14.1');
  });

  const full = Buffer.from(b64({ policyKey: [1, 2, 3, 4], params: [[3, 'x']] }), 'base64');
  const refused: [string, string, RegExp][] = [
    ['a value that is not base64', '?a*b', /neither a plain query nor base64/],
    ['a value with a stray %', '?jAAJ%ZZ', /neither a plain query nor base64/],
    ['one character too many', '?jAAJB', /neither a plain query nor base64/],
    ['protocol version 2.5', b64({ version: 25 }), /2\.5 cannot use the base64 query form/],
    ['protocol version 12.0', b64({ version: 120 }), /12\.0 cannot use the base64 query form/],
    ['an unknown protocol version byte', b64({ version: 150 }), /unknown protocol version byte 150/],
    ['an unknown command code', b64({ code: 5 }), /unknown command code 5/],
    ['an empty device id', b64({ deviceId: [] }), /empty device id/],
    ['a 3-byte policy key', b64({ policyKey: [1, 2, 3] }), /policy key of 3 bytes/],
    ['an empty device type', b64({ deviceType: '' }), /DeviceType ""/],
    ['a device type that is not UTF-8', b64({ deviceType: [0xff, 0x41] }), /device type is not UTF-8/],
    ['an unknown parameter tag', b64({ params: [[9, 'x']] }), /unknown command parameter tag 9/],
    ['a parameter twice', b64({ params: [[3, 'a'], [3, 'b']] }), /ItemId given twice/],
    ['Options of 2 bytes', b64({ params: [[7, [1, 2]]] }), /Options of 2 bytes/],
    ['a parameter that is not UTF-8', b64({ params: [[0, [0xc3]]] }), /AttachmentName is not UTF-8/],
  ];
  // Every cut but the one right after the device type (a line without parameters) is refused.
  for (let cut = 1; cut < full.length; cut++) if (cut !== full.length - 3) refused.push([`the value cut to ${cut} bytes`, full.subarray(0, cut).toString('base64'), /ends (before|inside) its|DeviceType|device id/]);
  for (const [what, query, message] of refused) {
    it(`refuses ${what}`, () => expect(refusal(query.startsWith('?') ? query : `?${query}`)).toMatch(message));
  }
});

describe('what a server announces (OPTIONS)', () => {
  it('MS-ASProtocolVersions', () => {
    expect(AIRSYNC_VERSIONS).toEqual(['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1']);
    expect(AS_PROTOCOL_VERSIONS_HEADER).toBe('2.5,12.0,12.1,14.0,14.1,16.0,16.1');
  });

  it('MS-ASProtocolCommands: Exchange’s list (MS-ASHTTP §4), then Find', () => {
    expect(AS_PROTOCOL_COMMANDS_HEADER).toBe(
      'Sync,SendMail,SmartForward,SmartReply,GetAttachment,GetHierarchy,CreateCollection,DeleteCollection,MoveCollection,FolderSync,FolderCreate,FolderDelete,FolderUpdate,MoveItems,GetItemEstimate,MeetingResponse,Search,Settings,Ping,ItemOperations,Provision,ResolveRecipients,ValidateCert,Find',
    );
    for (const c of Object.keys(AS_COMMAND_CODES)) expect(AS_PROTOCOL_COMMANDS).toContain(c);
  });
});

/** What the decoder refuses, and that it says so with SyncmlDecodeError and a message that names the fault. */
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, SyncmlDecodeError, type SyncmlEncoding } from '../src/index.js';
import { message } from './support/messages.js';

const utf8 = (s: string) => new TextEncoder().encode(s);
const HDR =
  '<VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto><SessionID>1</SessionID><MsgID>1</MsgID><Target><LocURI>x</LocURI></Target><Source><LocURI>y</LocURI></Source>';
const doc = (hdr: string, body = '<Final/>') => utf8(`<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr>${hdr}</SyncHdr><SyncBody>${body}</SyncBody></SyncML>`);

function refused(body: Uint8Array, message: RegExp, encoding: SyncmlEncoding = 'xml'): void {
  let thrown: unknown;
  try {
    decodeMessage(body, encoding);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(SyncmlDecodeError);
  expect((thrown as Error).message).toMatch(message);
}

describe('XML the decoder refuses', () => {
  it('accepts the baseline these cases break', () => {
    expect(decodeMessage(doc(HDR), 'xml').header.sessionId).toBe('1');
  });

  it.each([
    ['not XML at all', utf8('hello'), /not well-formed XML/],
    ['an empty body', utf8(''), /not well-formed XML/],
    ['unclosed elements', utf8('<SyncML><SyncHdr>'), /not well-formed XML/],
    ['mismatched tags', utf8('<SyncML><SyncHdr></SyncBody></SyncML>'), /not well-formed XML/],
    ['an undefined entity', doc(HDR.replace('<MsgID>1', '<MsgID>&ent;')), /not well-formed XML/],
    ['a DOCTYPE', utf8(`<?xml version="1.0"?><!DOCTYPE SyncML PUBLIC "-//SYNCML//DTD SyncML 1.2//EN" "http://www.openmobilealliance.org/tech/DTD/OMA-TS-SyncML_RepPro_DTD-V1_2.dtd"><SyncML/>`), /DOCTYPE/],
    ['a DTD defining entities (billion laughs)', utf8('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><SyncML>&lol2;</SyncML>'), /DOCTYPE/],
    ['another root', utf8('<html><body/></html>'), /root element is "html", not SyncML/],
    ['no SyncHdr', utf8('<SyncML><SyncBody/></SyncML>'), /SyncML without SyncHdr/],
    ['no SyncBody', utf8(`<SyncML><SyncHdr>${HDR}</SyncHdr></SyncML>`), /SyncML without SyncBody/],
    ['no VerDTD', doc(HDR.replace('<VerDTD>1.2</VerDTD>', '')), /SyncHdr without VerDTD/],
    ['no SessionID', doc(HDR.replace('<SessionID>1</SessionID>', '')), /SyncHdr without SessionID/],
    ['no MsgID', doc(HDR.replace('<MsgID>1</MsgID>', '')), /SyncHdr without MsgID/],
    ['no Target', doc(HDR.replace('<Target><LocURI>x</LocURI></Target>', '')), /SyncHdr without Target/],
    ['no Source', doc(HDR.replace('<Source><LocURI>y</LocURI></Source>', '')), /SyncHdr without Source/],
    ['a Target without LocURI', doc(HDR.replace('<LocURI>x</LocURI>', '')), /Target without LocURI/],
    ['SyncML 1.0', doc(HDR.replace('<VerDTD>1.2', '<VerDTD>1.0')), /version "1.0" is not supported/],
    ['SyncML 2.0', doc(HDR.replace('<VerDTD>1.2', '<VerDTD>2.0')), /version "2.0" is not supported/],
    ['a Status code that is not a number', doc(HDR, '<Status><CmdID>1</CmdID><MsgRef>1</MsgRef><CmdRef>0</CmdRef><Cmd>SyncHdr</Cmd><Data>OK</Data></Status>'), /Status\/Data is not a number: "OK"/],
    ['a negative alert code', doc(HDR, '<Alert><CmdID>1</CmdID><Data>-201</Data></Alert>'), /Alert\/Data is not a number/],
    ['a MaxMsgSize that is not a number', doc(`${HDR}<Meta><MaxMsgSize xmlns="syncml:metinf">10k</MaxMsgSize></Meta>`), /MaxMsgSize is not a number/],
    ['an absurd number', doc(HDR, '<Sync><CmdID>1</CmdID><NumberOfChanges>99999999999999999999</NumberOfChanges></Sync>'), /NumberOfChanges is not a number/],
    ['a command without CmdID', doc(HDR, '<Alert><Data>200</Data></Alert>'), /Alert without CmdID/],
    ['a Status without MsgRef', doc(HDR, '<Status><CmdID>1</CmdID><CmdRef>0</CmdRef><Cmd>SyncHdr</Cmd><Data>200</Data></Status>'), /Status without MsgRef/],
    ['a Map without Target', doc(HDR, '<Map><CmdID>1</CmdID><Source><LocURI>a</LocURI></Source></Map>'), /Map without Target/],
    ['an unsupported XML encoding', utf8('<?xml version="1.0" encoding="x-klingon"?><SyncML/>'), /unsupported XML encoding "x-klingon"/],
  ])('%s', (_, body, msg) => refused(body, msg));
});

describe('WBXML the decoder refuses', () => {
  const good = encodeMessage(message([]), 'wbxml');

  it('accepts the baseline these cases break', () => {
    expect(decodeMessage(good, 'wbxml').header.sessionId).toBe('42');
  });

  it.each([
    ['an empty body', new Uint8Array(), /not well-formed WBXML: .*unexpected end/],
    ['a truncated message', good.subarray(0, good.length - 3), /not well-formed WBXML: .*unexpected end/],
    ['bytes after the root', Uint8Array.from([...good, 0x01]), /bytes after the root element/],
    ['an unsupported charset', Uint8Array.from([0x02, 0x01, 0x99, 0x01]), /unsupported charset/],
    ['a string table longer than the body', Uint8Array.from([0x02, 0x01, 0x6a, 0x7f, 0x00]), /string table longer/],
    ['an opaque longer than the body', Uint8Array.from([0x02, 0x01, 0x6a, 0x00, 0x6d, 0xc3, 0x8f, 0x7f]), /opaque data longer/],
    ['a string table reference out of range', Uint8Array.from([0x02, 0x01, 0x6a, 0x00, 0x6d, 0x83, 0x05, 0x01]), /offset 5 out of range/],
    ['a string without terminator', Uint8Array.from([0x02, 0x01, 0x6a, 0x00, 0x6d, 0x03, 0x41, 0x42]), /unterminated inline string/],
    ['an over-long integer', Uint8Array.from([0x02, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), /integer too/],
    ['deep nesting', Uint8Array.from([0x02, 0x01, 0x6a, 0x00, ...new Array(200).fill(0x6d)]), /nested too deep/],
    ['a global token where a tag should be', Uint8Array.from([0x02, 0x01, 0x6a, 0x00, 0x01]), /where a tag was expected/],
    ['a DevInf document where SyncML should be (its root token 0x0a is Cmd in the SyncML table)', Uint8Array.from([0x02, 0xa4, 0x03, 0x6a, 0x00, 0x4a, 0x01]), /root element is "Cmd", not SyncML/],
  ])('%s', (_, body, msg) => refused(body, msg, 'wbxml'));
});

it('an encoding that is neither', () => {
  refused(doc(HDR), /unknown encoding/, 'json' as SyncmlEncoding);
});

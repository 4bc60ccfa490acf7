/** The tree's builders and readers, and what the encoder refuses to write. */
import { describe, expect, it } from 'vitest';
import {
  ActiveSyncDecodeError,
  ActiveSyncEncodeError,
  type AsElement,
  bytesOf,
  child,
  childrenOf,
  childText,
  decodeRequest,
  el,
  encodeResponse,
  isContainer,
  isOpaque,
  isText,
  MAX_ELEMENT_DEPTH,
  nameOf,
  requireChild,
  requireText,
  textOf,
} from '../src/index.js';

const ping = el('Ping:Ping', [
  el('Ping:HeartbeatInterval', '480'),
  el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', '5'), el('Ping:Class', 'Email')]), el('Ping:Folder', [el('Ping:Id', '1'), el('Ping:Class', 'Calendar')])]),
]);

describe('building', () => {
  it('el makes containers, text and opaque elements, checking the name', () => {
    expect(el('AirSync:GetChanges')).toEqual({ page: 'AirSync', tag: 'GetChanges', children: [] });
    expect(el('AirSync:SyncKey', '0')).toEqual({ page: 'AirSync', tag: 'SyncKey', text: '0' });
    expect(el('Email2:ConversationId', Uint8Array.of(1, 2))).toEqual({ page: 'Email2', tag: 'ConversationId', opaque: Uint8Array.of(1, 2) });
    expect(() => el('AirSync:Synk')).toThrow(ActiveSyncEncodeError);
    expect(() => el('Nope:Sync' as never)).toThrow(/no ActiveSync element is named Nope:Sync/);
  });

  it('an alias builds the tag under its own name', () => {
    expect(el('Provision:DeviceEncryptionEnabled', '1')).toEqual({ page: 'Provision', tag: 'RequireStorageCardEncryption', text: '1' });
  });
});

describe('reading', () => {
  it('nameOf, child, childrenOf, requireChild, childText, requireText', () => {
    expect(nameOf(ping)).toBe('Ping:Ping');
    expect(childText(ping, 'Ping:HeartbeatInterval')).toBe('480');
    expect(childText(ping, 'Ping:Status')).toBeUndefined();
    const folders = requireChild(ping, 'Ping:Folders');
    expect(childrenOf(folders, 'Ping:Folder').map((f) => requireText(f, 'Ping:Id'))).toEqual(['5', '1']);
    expect(childrenOf(ping)).toHaveLength(2);
    expect(child(ping, 'Ping:Status')).toBeUndefined();
    expect(() => requireChild(ping, 'Ping:Status')).toThrow(ActiveSyncDecodeError);
    expect(() => requireText(ping, 'Ping:Status')).toThrow('Ping:Ping has no Ping:Status');
    expect(childrenOf(el('Ping:Id', '5'))).toEqual([]);
  });

  it('textOf and bytesOf: text, opaque bytes as UTF-8, empty elements, and no text in a container', () => {
    expect(textOf(el('Ping:Id', '5'))).toBe('5');
    expect(textOf(el('ComposeMail:Mime', new TextEncoder().encode('Grüße')))).toBe('Grüße');
    expect(textOf(el('AirSync:GetChanges'))).toBe('');
    expect(() => textOf(ping)).toThrow(/Ping:Ping holds elements, not text/);
    expect(bytesOf(el('Ping:Id', 'ü'))).toEqual(Uint8Array.of(0xc3, 0xbc));
    expect(bytesOf(el('AirSync:GetChanges'))).toEqual(new Uint8Array(0));
    expect(() => bytesOf(ping)).toThrow(ActiveSyncDecodeError);
  });

  it('isContainer, isText, isOpaque', () => {
    const kinds = (e: AsElement) => [isContainer(e), isText(e), isOpaque(e)];
    expect(kinds(ping)).toEqual([true, false, false]);
    expect(kinds(el('Ping:Id', '5'))).toEqual([false, true, false]);
    expect(kinds(el('Email2:ConversationId', Uint8Array.of(1)))).toEqual([false, false, true]);
  });
});

describe('the wire form of content', () => {
  it('empty text is written as an empty element and reads back as one', () => {
    const bytes = encodeResponse(el('AirSync:Sync', [el('AirSync:SyncKey', '')]));
    expect([...bytes]).toEqual([0x03, 0x01, 0x6a, 0x00, 0x45, 0x0b, 0x01]);
    expect(decodeRequest(bytes)).toEqual(el('AirSync:Sync', [el('AirSync:SyncKey')]));
  });

  it('an element with the content bit and no content reads as an empty container', () => {
    expect(decodeRequest(Uint8Array.of(0x03, 0x01, 0x6a, 0x00, 0x45, 0x4b, 0x01, 0x01))).toEqual(el('AirSync:Sync', [el('AirSync:SyncKey')]));
  });

  it('pieces of inline text are joined; an empty OPAQUE is empty bytes', () => {
    const bytes = Uint8Array.of(0x03, 0x01, 0x6a, 0x00, 0x45, 0x4b, 0x03, 0x31, 0x00, 0x03, 0x32, 0x00, 0x01, 0x00, 0x16, 0x49, 0xc3, 0x00, 0x01, 0x01);
    expect(decodeRequest(bytes)).toEqual(el('AirSync:Sync', [el('AirSync:SyncKey', '12'), el('Email2:ConversationId', new Uint8Array(0))]));
  });

  it('code pages switch only when the next tag needs another one', () => {
    const bytes = encodeResponse(el('Ping:Ping', [el('Ping:Status', '1'), el('AirSyncBase:Body', [el('AirSyncBase:Type', '1')]), el('Ping:Status', '2')]));
    expect([...bytes]).toEqual([0x03, 0x01, 0x6a, 0x00, 0x00, 0x0d, 0x45, 0x47, 0x03, 0x31, 0x00, 0x01, 0x00, 0x11, 0x4a, 0x46, 0x03, 0x31, 0x00, 0x01, 0x01, 0x00, 0x0d, 0x47, 0x03, 0x32, 0x00, 0x01, 0x01]);
  });
});

describe('what the encoder refuses', () => {
  it('an unknown page or tag in a hand-made element', () => {
    expect(() => encodeResponse({ page: 'AirSync', tag: 'FileAs', text: 'x' })).toThrow(/no ActiveSync element is named AirSync:FileAs/);
    expect(() => encodeResponse({ page: 'Nope', tag: 'Sync', children: [] } as never)).toThrow(ActiveSyncEncodeError);
  });

  it('text WBXML cannot carry: NUL, lone surrogates', () => {
    expect(() => encodeResponse(el('Ping:Id', 'a\0b'))).toThrow(/NUL/);
    expect(() => encodeResponse(el('Ping:Id', 'a\ud800b'))).toThrow(/lone surrogate/);
    expect(() => encodeResponse(el('Ping:Id', '\udc00'))).toThrow(/lone surrogate/);
    expect(decodeRequest(encodeResponse(el('Ping:Id', '🙂')))).toEqual(el('Ping:Id', '🙂'));
  });

  it(`nesting deeper than ${MAX_ELEMENT_DEPTH}`, () => {
    let tree = el('AirSync:Collection');
    for (let i = 0; i < MAX_ELEMENT_DEPTH; i++) tree = el('AirSync:Collection', [tree]);
    expect(() => encodeResponse(tree)).toThrow(/deeper than 32/);
  });

  it('an element with no content field at all', () => {
    expect(() => encodeResponse({ page: 'AirSync', tag: 'Sync' } as never)).toThrow(/neither children, text nor opaque data/);
  });
});

/**
 * The protocol's rules a DS session follows (src/rules/): status and alert codes, where DevInf
 * travels, what item data costs on the wire (checked against what the encoders write), and the
 * cutting of large objects into chunks that fit, never split a character or cut next to white
 * space, and add up to the declared size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AlertCode, alertRequest, charsWithin, chunkEnd, DEVINF_MEDIA_TYPES, devinfUri, encodeMessage, INCREMENTAL_MODES, isDevinfUri, itemCost, ITEM_OVERHEAD,
  refusesChange, sizeMatches, StatusCode, utf8Length, wireLength, type SyncmlEncoding, type SyncmlMessage,
} from '../src/index.js';
import { text } from './support/arbitraries.js';

const encodings: readonly SyncmlEncoding[] = ['xml', 'wbxml'];

/** A message holding one Add whose item carries `data`. */
const withData = (data: string): SyncmlMessage => ({
  header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: 'IMEI:1' }, source: { locUri: 'http://x/syncml' } },
  commands: [{ kind: 'Add', cmdId: '1', meta: { type: 'text/plain' }, items: [{ source: { locUri: '1' }, data }] }],
  final: true,
});

/** Item data of every kind a session sends: lines, markup characters, non-ASCII, astral characters. */
const itemData = fc.array(fc.oneof(text, fc.constantFrom('BEGIN:VCARD\r\n', 'NOTE:a & b < c > d\r\n', 'ü東🙂', ' ', '\n')), { maxLength: 40 }).map((parts) => parts.join(''));

describe('status codes', () => {
  it('names the codes a server answers with', () => {
    expect([StatusCode.OK, StatusCode.ITEM_ADDED, StatusCode.AUTHENTICATED, StatusCode.CHUNK_ACCEPTED]).toEqual([200, 201, 212, 213]);
    expect([StatusCode.INVALID_CREDENTIALS, StatusCode.NOT_FOUND, StatusCode.COMMAND_NOT_ALLOWED, StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED, StatusCode.MISSING_CREDENTIALS]).toEqual([401, 404, 405, 406, 407]);
    expect([StatusCode.ALREADY_EXISTS, StatusCode.SIZE_MISMATCH, StatusCode.COMMAND_FAILED, StatusCode.REFRESH_REQUIRED]).toEqual([418, 424, 500, 508]);
  });

  it.each([
    [200, false],
    [201, false],
    [213, false],
    [299, false],
    [300, true],
    [404, true],
    [418, false],
    [500, true],
  ])('a status %i to a change refuses it: %s', (status, refused) => {
    expect(refusesChange(status)).toBe(refused);
  });
});

describe('alert codes', () => {
  it.each([
    [200, 200, false],
    [201, 201, false],
    [202, 202, false],
    [203, 203, false],
    [204, 204, false],
    [205, 205, false],
    [206, 200, true],
    [207, 202, true],
    [208, 203, true],
    [209, 204, true],
    [210, 205, true],
  ])('Alert %i asks for a sync in mode %i (server-alerted: %s)', (code, mode, byServer) => {
    expect(alertRequest(code)).toEqual({ kind: 'sync', mode, byServer });
  });

  it('names the codes that steer a session', () => {
    expect(alertRequest(AlertCode.NEXT_MESSAGE)).toEqual({ kind: 'next-message' });
    expect(alertRequest(AlertCode.SUSPEND)).toEqual({ kind: 'suspend' });
    expect(alertRequest(AlertCode.RESUME)).toEqual({ kind: 'resume' });
    expect([AlertCode.NEXT_MESSAGE, AlertCode.SUSPEND, AlertCode.RESUME]).toEqual([222, 224, 225]);
  });

  it.each([[undefined], [0], [100], [199], [211], [221], [223], [226], [-200], [200.5], [Number.NaN]])('knows no request for %s', (code) => {
    expect(alertRequest(code)).toBeUndefined();
  });

  it('takes nothing from the prototype for a code', () => {
    expect(alertRequest('constructor' as unknown as number)).toBeUndefined();
  });

  it('needs anchors in step for two-way and one-way syncs only', () => {
    expect([...INCREMENTAL_MODES].sort()).toEqual([200, 202, 204]);
  });
});

describe('where DevInf travels', () => {
  it('has a media type per encoding and a LocURI per version', () => {
    expect(DEVINF_MEDIA_TYPES).toEqual({ xml: 'application/vnd.syncml-devinf+xml', wbxml: 'application/vnd.syncml-devinf+wbxml' });
    expect([devinfUri('1.1'), devinfUri('1.2')]).toEqual(['./devinf11', './devinf12']);
  });

  it.each([
    ['./devinf11', true],
    ['./devinf12', true],
    ['./DevInf12', true],
    ['devinf12', false],
    ['./devinf10', false],
    ['./devinf12/x', false],
    ['', false],
  ])('%j names DevInf: %s', (uri, named) => {
    expect(isDevinfUri(uri)).toBe(named);
  });
});

describe('what item data costs on the wire', () => {
  it('counts UTF-8 bytes as an encoder writes them, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 4 }), (a, surrogates) => {
        const s = a + surrogates + a;
        expect(utf8Length(s)).toBe(Buffer.byteLength(s, 'utf8'));
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).byteLength);
      }),
    );
  });

  it('is exactly what the XML writer adds for the data (escapes included)', () => {
    // (Empty data is written as an empty element: the baseline holds one character.)
    const base = encodeMessage(withData('x'), 'xml').byteLength;
    fc.assert(
      fc.property(itemData, (data) => {
        expect(encodeMessage(withData(`x${data}`), 'xml').byteLength - base).toBe(wireLength(data, 'xml'));
      }),
    );
  });

  it('is what the WBXML writer adds for the data, but for the few bytes of its length', () => {
    const base = encodeMessage(withData('x'), 'wbxml').byteLength;
    fc.assert(
      fc.property(itemData, (data) => {
        const added = encodeMessage(withData(`x${data}`), 'wbxml').byteLength - base;
        expect(added - wireLength(data, 'wbxml')).toBeGreaterThanOrEqual(0);
        expect(added - wireLength(data, 'wbxml')).toBeLessThanOrEqual(4);
      }),
    );
  });

  it('escapes CR, &, < and > in XML only', () => {
    expect(wireLength('a\r\n&<>', 'xml')).toBe(6 + 4 + 4 + 3 + 3);
    expect(wireLength('a\r\n&<>', 'wbxml')).toBe(6);
    expect(wireLength('ü東🙂', 'wbxml')).toBe(2 + 3 + 4);
  });

  it('prices an item as its data and the item around it', () => {
    for (const encoding of encodings) {
      expect(itemCost('', encoding)).toBe(ITEM_OVERHEAD);
      expect(itemCost('a&b', encoding)).toBe(wireLength('a&b', encoding) + ITEM_OVERHEAD);
    }
    // The overhead covers what the writers put around an item's data (command, CmdID, ids, Meta).
    const around = encodeMessage(withData(''), 'xml').byteLength - encodeMessage({ ...withData(''), commands: [] }, 'xml').byteLength;
    expect(around).toBeLessThanOrEqual(ITEM_OVERHEAD);
  });
});

describe('large objects', () => {
  it.each(encodings)('cuts a chunk that fits its bytes and never splits a surrogate pair (%s)', (encoding) => {
    fc.assert(
      fc.property(itemData, fc.integer({ min: 1, max: 200 }), (data, bytes) => {
        fc.pre(data.length > 0);
        const n = charsWithin(data, bytes, encoding);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(data.length);
        // It fits, unless even one character does not (a chunk always moves the object on).
        if (n > 1) expect(wireLength(data.slice(0, n), encoding)).toBeLessThanOrEqual(bytes);
        if (n < data.length) {
          const last = data.charCodeAt(n - 1);
          expect(last >= 0xd800 && last <= 0xdbff && n > 1).toBe(false);
        }
      }),
    );
  });

  it('takes the whole text when it fits', () => {
    expect(charsWithin('hello', 100, 'xml')).toBe(5);
    // `&amp;`: five bytes each.
    expect(charsWithin('&&&&', 20, 'xml')).toBe(4);
    expect(charsWithin('&&&&', 19, 'xml')).toBeLessThan(4);
    expect(charsWithin('&&&&', 19, 'wbxml')).toBe(4);
  });

  it('keeps a surrogate pair whole at the cut', () => {
    const s = 'ab🙂cd';
    // 'ab' + the high surrogate would be cut at 3 characters: the pair goes to the next chunk.
    expect(charsWithin(s, 3, 'wbxml')).toBe(2);
  });

  it('cuts away from white space, which a client may trim from a chunk', () => {
    expect(chunkEnd('abcdef ghij', 8)).toBe(8);
    expect(chunkEnd('abcdef ghij', 7)).toBe(5);
    expect(chunkEnd('abcdef ghij', 6)).toBe(5);
    expect(chunkEnd('abcdefgh', 5)).toBe(5);
    expect(chunkEnd('abc', 3)).toBe(3);
    expect(chunkEnd('abc', 10)).toBe(10);
    // Nowhere to cut in the second half of the chunk: cut where asked.
    expect(chunkEnd('a b c d e f', 4)).toBe(4);
  });

  it('never cuts between the halves of a surrogate pair or next to white space, when it can help it', () => {
    fc.assert(
      fc.property(itemData, fc.integer({ min: 1, max: 100 }), (data, n) => {
        const end = chunkEnd(data, n);
        expect(end).toBeLessThanOrEqual(n);
        if (end < n) {
          expect(end).toBeGreaterThan(n / 2);
          expect(/\s/.test(data[end - 1]!) || /\s/.test(data[end]!)).toBe(false);
          const c = data.charCodeAt(end - 1);
          expect(c >= 0xd800 && c <= 0xdbff).toBe(false);
        }
      }),
    );
  });

  it('cut into chunks and put together again, an object has its size', () => {
    fc.assert(
      fc.property(itemData, fc.integer({ min: 8, max: 64 }), fc.constantFrom(...encodings), (data, room, encoding) => {
        const chunks: string[] = [];
        for (let offset = 0; offset < data.length; ) {
          const rest = data.slice(offset);
          const end = offset + chunkEnd(rest, charsWithin(rest, room, encoding));
          chunks.push(data.slice(offset, end));
          offset = end;
        }
        expect(chunks.join('')).toBe(data);
        expect(sizeMatches(chunks.join(''), Buffer.byteLength(data, 'utf8'), encoding)).toBe(true);
      }),
    );
  });

  it('checks the declared size, allowing XML its CR LF read as LF', () => {
    expect(sizeMatches('abc', 3, 'xml')).toBe(true);
    expect(sizeMatches('ü', 2, 'wbxml')).toBe(true);
    expect(sizeMatches('abc', 4, 'wbxml')).toBe(false);
    expect(sizeMatches('abc', 2, 'xml')).toBe(false);
    // Two lines sent as CR LF, read as LF: at most one byte short per line.
    expect(sizeMatches('a\nb\n', 6, 'xml')).toBe(true);
    expect(sizeMatches('a\nb\n', 7, 'xml')).toBe(false);
    expect(sizeMatches('a\nb\n', 6, 'wbxml')).toBe(false);
  });
});

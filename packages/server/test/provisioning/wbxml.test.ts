/** The WBXML encoder against the byte sequences of the WBXML 1.3 specification's examples (§8). */
import { describe, expect, it } from 'vitest';
import { encodeWbxml, mbUint32 } from '../../src/provisioning/wbxml.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').replace(/(..)/g, '$1 ').trim();
const ascii = (s: string) => [...Buffer.from(s, 'ascii')];

describe('mb_u_int32', () => {
  it.each([
    [0, [0x00]],
    [0x7f, [0x7f]],
    [0x80, [0x81, 0x00]],
    [160, [0x81, 0x20]],
    [0xa0, [0x81, 0x20]],
    [0x3fff, [0xff, 0x7f]],
    [0x4000, [0x81, 0x80, 0x00]],
    [0xffffffff, [0x8f, 0xff, 0xff, 0xff, 0x7f]],
  ])('%i', (value, bytes) => expect(mbUint32(value)).toEqual(bytes));
  it('refuses what is not a uint32', () => {
    expect(() => mbUint32(-1)).toThrow(RangeError);
    expect(() => mbUint32(2 ** 32)).toThrow(RangeError);
  });
});

describe('the WBXML 1.3 specification examples', () => {
  it('§8.1: a simple document with entities, no attributes', () => {
    // <XYZ><CARD> X &amp; Y<BR/> X&nbsp;=&nbsp;1 </CARD></XYZ>; tags BR 0x05, CARD 0x06, XYZ 0x07;
    // public id 0x01 (unknown), charset US-ASCII (3).
    const doc = encodeWbxml({
      publicId: 0x01,
      charset: 3,
      root: { tag: 0x07, content: [{ tag: 0x06, content: [' X & Y', { tag: 0x05 }, ' X', { entity: 160 }, '=', { entity: 160 }, '1 '] }] },
    });
    expect(hex(doc)).toBe(
      hex(Uint8Array.from([0x03, 0x01, 0x03, 0x00, 0x47, 0x46, 0x03, ...ascii(' X & Y'), 0x00, 0x05, 0x03, ...ascii(' X'), 0x00, 0x02, 0x81, 0x20, 0x03, ...ascii('='), 0x00, 0x02, 0x81, 0x20, 0x03, ...ascii('1 '), 0x00, 0x01, 0x01])),
    );
  });

  it('§8.2: attributes, attribute value tokens and the string table', () => {
    // <XYZ><CARD NAME="abc" STYLE="LIST"><DO TYPE="ACCEPT" URL="http://xyz.org/s"/> Enter name: <INPUT TYPE="TEXT" KEY="N"/></CARD></XYZ>
    // tags CARD 0x05, INPUT 0x06, XYZ 0x07, DO 0x08; attribute starts STYLE="LIST" 0x05, TYPE 0x06,
    // TYPE="TEXT" 0x07, URL="http://" 0x08, NAME 0x09, KEY 0x0A; values ".org" 0x85, "ACCEPT" 0x86.
    const doc = encodeWbxml({
      publicId: 0x01,
      charset: 106,
      root: {
        tag: 0x07,
        content: [
          {
            tag: 0x05,
            attributes: [{ start: 0x09, value: [{ table: 'abc' }] }, { start: 0x05 }],
            content: [
              { tag: 0x08, attributes: [{ start: 0x06, value: [{ token: 0x86 }] }, { start: 0x08, value: ['xyz', { token: 0x85 }, '/s'] }] },
              { table: ' Enter name: ' },
              { tag: 0x06, attributes: [{ start: 0x07 }, { start: 0x0a, value: ['N'] }] },
            ],
          },
        ],
      },
    });
    expect(hex(doc)).toBe(
      hex(
        Uint8Array.from([
          0x03, 0x01, 0x6a, 0x12, ...ascii('abc'), 0x00, ...ascii(' Enter name: '), 0x00,
          0x47, 0xc5, 0x09, 0x83, 0x00, 0x05, 0x01, 0x88, 0x06, 0x86, 0x08, 0x03, ...ascii('xyz'), 0x00, 0x85, 0x03, ...ascii('/s'), 0x00, 0x01,
          0x83, 0x04, 0x86, 0x07, 0x0a, 0x03, ...ascii('N'), 0x00, 0x01, 0x01, 0x01,
        ]),
      ),
    );
  });
});

describe('code pages', () => {
  it('switches tag and attribute pages independently, only when they change', () => {
    const doc = encodeWbxml({
      publicId: 0x0b,
      charset: 106,
      root: {
        tag: 0x05,
        content: [
          { tag: 0x06, attributes: [{ start: 0x55, page: 1 }], content: [{ tag: 0x07, attributes: [{ start: 0x36, page: 1 }, { start: 0x06, page: 1, value: ['w5'] }] }] },
          { tag: 0x07, page: 1, attributes: [{ start: 0x07 }] },
        ],
      },
    });
    expect(hex(doc)).toBe(
      hex(Uint8Array.from([0x03, 0x0b, 0x6a, 0x00, 0x45, 0xc6, 0x00, 0x01, 0x55, 0x01, 0x87, 0x36, 0x06, 0x03, ...ascii('w5'), 0x00, 0x01, 0x01, 0x00, 0x01, 0x87, 0x00, 0x00, 0x07, 0x01, 0x01])),
    );
  });
  it('refuses tokens outside their ranges', () => {
    expect(() => encodeWbxml({ publicId: 1, charset: 106, root: { tag: 0x04 } })).toThrow(RangeError);
    expect(() => encodeWbxml({ publicId: 1, charset: 106, root: { tag: 0x05, attributes: [{ start: 0x85 }] } })).toThrow(RangeError);
  });
});

/**
 * Hostile and malformed bodies, each an ActiveSyncDecodeError (the server's 400) — never a
 * TypeError, never a hang: truncations, endless and oversized multi-byte integers, string tables,
 * deep nesting, unknown code pages and tags, invalid UTF-8, the WBXML features ActiveSync does
 * not use, mixed content, trailing bytes. Refusals stop where the fault is (their offsets show
 * it), so a large hostile body costs no more than reading up to its fault. An empty body is no
 * document (null), not an error.
 */
import { describe, expect, it } from 'vitest';
import { ActiveSyncDecodeError, decodeRequest, el, encodeResponse, MAX_CHILDREN, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from '../src/index.js';

const HEAD = [0x03, 0x01, 0x6a, 0x00];
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
const body = (...bytes: number[]) => Uint8Array.from(bytes);
/** <Sync><SyncKey>…</SyncKey></Sync> around the given SyncKey content. */
const syncKey = (...content: number[]) => body(...HEAD, 0x45, 0x4b, ...content, 0x01, 0x01);

function refusal(bytes: Uint8Array): ActiveSyncDecodeError {
  try {
    decodeRequest(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(ActiveSyncDecodeError);
    return e as ActiveSyncDecodeError;
  }
  throw new Error('decoded a body that should have been refused');
}

/** `depth` AirSync:Collection elements, each inside the one before. */
function nested(depth: number): Uint8Array {
  const b = new Uint8Array(4 + 2 * depth).fill(0x4f);
  b.set(HEAD);
  b.fill(0x01, 4 + depth);
  return b;
}
/** Bytes, then `big`, then bytes. */
const around = (before: number[], big: Uint8Array, after: number[]) => {
  const b = new Uint8Array(before.length + big.length + after.length);
  b.set(before);
  b.set(big, before.length);
  b.set(after, before.length + big.length);
  return b;
};

const table: [string, Uint8Array, RegExp][] = [
  // Truncated anywhere.
  ['one byte', body(0x03), /unexpected end/],
  ['header cut after the public id', body(0x03, 0x01), /unexpected end/],
  ['header only', body(...HEAD), /no root element/],
  ['an element left open', body(...HEAD, 0x45), /1 element\(s\) open/],
  ['an inline string cut', body(...HEAD, 0x45, 0x4b, 0x03, ...ascii('12')), /unterminated inline string/],
  ['OPAQUE cut', body(...HEAD, 0x45, 0x4b, 0xc3, 0x05, 1, 2), /OPAQUE of 5 bytes, 2 left/],
  ['OPAQUE length cut', body(...HEAD, 0x45, 0x4b, 0xc3, 0x81), /unexpected end/],
  ['SWITCH_PAGE without its page', body(...HEAD, 0x45, 0x00), /unexpected end/],
  // Multi-byte integers.
  ['endless public id', body(0x03, ...Array<number>(64).fill(0x81)), /longer than 5 bytes at byte 1/],
  ['public id over 32 bits', body(0x03, 0x9f, 0xff, 0xff, 0xff, 0x7f), /over 32 bits at byte 1/],
  ['endless OPAQUE length', syncKey(0xc3, ...Array<number>(40).fill(0xff)), /longer than 5 bytes/],
  ['OPAQUE longer than everything', syncKey(0xc3, 0x8f, 0xff, 0xff, 0xff, 0x7f), /OPAQUE of 4294967295 bytes/],
  // String tables, which ActiveSync does not use.
  ['a huge string table', body(0x03, 0x01, 0x6a, 0x8f, 0xff, 0xff, 0xff, 0x7f, 0x45, 0x01), /string table of 4294967295 bytes/],
  ['a small string table', body(0x03, 0x01, 0x6a, 0x03, ...ascii('ab'), 0x00, 0x45, 0x01), /string table of 3 bytes/],
  ['a STR_T reference', syncKey(0x83, 0x00), /token 0x83/],
  // Header.
  ['WBXML 1.2', body(0x02, 0x01, 0x6a, 0x00, 0x45, 0x01), /version byte 0x02/],
  ['a public id other than unknown', body(0x03, 0x0b, 0x6a, 0x00, 0x45, 0x01), /public id 11/],
  ['a public id as a string-table literal', body(0x03, 0x00, 0x00, 0x6a, 0x00, 0x45, 0x01), /public id 0/],
  ['charset latin-1', body(0x03, 0x01, 0x04, 0x00, 0x45, 0x01), /charset 4/],
  // Nesting.
  [`nesting deeper than ${MAX_ELEMENT_DEPTH}`, nested(MAX_ELEMENT_DEPTH + 1), new RegExp(`deeper than ${MAX_ELEMENT_DEPTH} at byte ${4 + MAX_ELEMENT_DEPTH}`)],
  ['a million levels', nested(1_000_000), new RegExp(`at byte ${4 + MAX_ELEMENT_DEPTH}$`)],
  // Unknown pages and tags.
  ['code page 26', body(...HEAD, 0x00, 0x1a, 0x05), /unknown code page 26/],
  ['code page 255', body(...HEAD, 0x00, 0xff, 0x05), /unknown code page 255/],
  ['AirSync token 0x2A', body(...HEAD, 0x6a, 0x01), /unknown tag 0x2a on code page 0 \(AirSync\)/],
  // (Search 0x06, once the example here, is the legacy Stores, which TbSync's client knows.)
  ['Search token 0x24', body(...HEAD, 0x00, 0x0f, 0x64, 0x01), /unknown tag 0x24 on code page 15 \(Search\)/],
  ['a tag unknown deep inside', body(...HEAD, 0x45, 0x5c, 0x7f, 0x01, 0x01), /unknown tag 0x3f/],
  // Strings that are not UTF-8.
  ['a lone continuation byte', syncKey(0x03, 0x80, 0x00), /not UTF-8/],
  ['a truncated sequence', syncKey(0x03, 0xe2, 0x82, 0x00), /not UTF-8/],
  ['an overlong slash', syncKey(0x03, 0xc0, 0xaf, 0x00), /not UTF-8/],
  ['an encoded surrogate', syncKey(0x03, 0xed, 0xa0, 0x80, 0x00), /not UTF-8/],
  ['a code point past U+10FFFF', syncKey(0x03, 0xf4, 0x90, 0x80, 0x80, 0x00), /not UTF-8/],
  // WBXML that ActiveSync does not use.
  ['attributes', body(...HEAD, 0xc5, 0x01, 0x01), /token 0xc5/],
  ['an ENTITY', syncKey(0x02, 0x41), /token 0x02/],
  ['a LITERAL tag', body(...HEAD, 0x45, 0x04, 0x00, 0x01), /token 0x04/],
  ['a processing instruction', body(...HEAD, 0x43, 0x05, 0x01, 0x45, 0x01), /token 0x43/],
  ['EXT_I_0', syncKey(0x40, ...ascii('x'), 0x00), /token 0x40/],
  ['EXT_T_0', syncKey(0x80, 0x00), /token 0x80/],
  ['EXT_0', syncKey(0xc0), /token 0xc0/],
  // Mixed content.
  ['text, then an element', body(...HEAD, 0x45, 0x03, ...ascii('x'), 0x00, 0x4b, 0x01, 0x01), /an element mixed with text/],
  ['an element, then text', body(...HEAD, 0x45, 0x0b, 0x03, ...ascii('x'), 0x00, 0x01), /text mixed with other content/],
  ['text, then OPAQUE', syncKey(0x03, ...ascii('x'), 0x00, 0xc3, 0x01, 0x41), /OPAQUE mixed/],
  ['two OPAQUEs', syncKey(0xc3, 0x01, 0x41, 0xc3, 0x01, 0x42), /OPAQUE mixed/],
  // Around the root.
  ['bytes after the root', body(...HEAD, 0x45, 0x01, 0x45, 0x01), /bytes after the root element at byte 6/],
  ['a stray END after the root', body(...HEAD, 0x05, 0x01), /bytes after the root element at byte 5/],
  ['a SWITCH_PAGE after the root', body(...HEAD, 0x05, 0x00, 0x01), /bytes after the root element/],
  ['an END first', body(...HEAD, 0x01), /END before any element/],
  ['text before the root', body(...HEAD, 0x03, 0x00), /content before the root/],
];

describe('hostile bodies', () => {
  for (const [what, bytes, message] of table) {
    it(`${what} → ActiveSyncDecodeError`, () => {
      expect(refusal(bytes).message).toMatch(message);
    });
  }

  it(`nesting exactly ${MAX_ELEMENT_DEPTH} deep is read`, () => {
    let tree = el('AirSync:Collection');
    for (let i = 1; i < MAX_ELEMENT_DEPTH; i++) tree = el('AirSync:Collection', [tree]);
    expect(decodeRequest(encodeResponse(tree))).toEqual(tree);
    expect(decodeRequest(nested(MAX_ELEMENT_DEPTH))).not.toBeNull();
  });

  it('a 4 MB body of continuation bytes is refused at its sixth byte', () => {
    const b = new Uint8Array(4 << 20).fill(0x81);
    b[0] = 0x03;
    expect(refusal(b).message).toMatch(/at byte 1$/);
  });

  it('a 4 MB inline string that is not UTF-8 is refused, and one that is is read', () => {
    const big = new Uint8Array(4 << 20).fill(0x61);
    const good = around([...HEAD, 0x45, 0x4b, 0x03], big, [0x00, 0x01, 0x01]);
    expect(decodeRequest(good)).toEqual(el('AirSync:Sync', [el('AirSync:SyncKey', 'a'.repeat(4 << 20))]));
    const bad = good.slice();
    bad[bad.length - 100] = 0xff;
    expect(refusal(bad).message).toMatch(/not UTF-8 at byte 6/);
  });

  it('an empty body is no document: null, for the command to decide (Ping and Sync reuse the cached request)', () => {
    expect(decodeRequest(new Uint8Array(0))).toBeNull();
  });
});

/**
 * Wide bodies (issue 20): a flat run of siblings, or many elements spread under many parents,
 * each under the depth cap, refused at MAX_CHILDREN / MAX_ELEMENTS (each element is charged to the
 * walker's budget before it is built); a Sync as wide as a real full window is read.
 */
describe('wide bodies', () => {
  const SYNC = 0x45; // AirSync:Sync with content
  const EMPTY_SYNC = 0x05; // AirSync:Sync without
  const COLLECTIONS = 0x5c; // AirSync:Collections with content
  const flat = (n: number) => around([...HEAD, SYNC], new Uint8Array(n).fill(EMPTY_SYNC), [0x01]);

  it(`${(MAX_CHILDREN + 1).toLocaleString('en')} empty Sync elements in one are refused at MAX_CHILDREN`, () => {
    expect(refusal(flat(MAX_CHILDREN + 1)).message).toMatch(new RegExp(`more than ${MAX_CHILDREN} children in one element at byte ${5 + MAX_CHILDREN}$`));
  });

  it('the attack as sent, a 10 MiB Sync of empty Syncs, is refused at MAX_CHILDREN', () => {
    expect(refusal(flat(10 * 1024 * 1024 - 6)).message).toMatch(/more than \d+ children in one element/);
  });

  it('many elements under many parents, each under MAX_CHILDREN, are refused at MAX_ELEMENTS', () => {
    const each = MAX_CHILDREN / 2;
    const parents = Math.ceil(MAX_ELEMENTS / each) + 1;
    const one = around([COLLECTIONS], new Uint8Array(each).fill(EMPTY_SYNC), [0x01]);
    const bytes = new Uint8Array(5 + parents * one.length + 1);
    bytes.set([...HEAD, SYNC]);
    for (let p = 0; p < parents; p++) bytes.set(one, 5 + p * one.length);
    bytes[bytes.length - 1] = 0x01;
    expect(refusal(bytes).message).toMatch(new RegExp(`more than ${MAX_ELEMENTS} elements`));
  });

  it('a Sync as wide as a real full window is read: 4 collections of 512 Adds of 90 properties', () => {
    const add = (i: number) =>
      el('AirSync:Add', [el('AirSync:ClientId', `${i}`), el('AirSync:ApplicationData', Array.from({ length: 90 }, (_, k) => el('Contacts:FileAs', `f${k}`)))]);
    const collection = (id: string) => el('AirSync:Collection', [el('AirSync:SyncKey', '1'), el('AirSync:CollectionId', id), el('AirSync:Commands', Array.from({ length: 512 }, (_, i) => add(i)))]);
    const request = el('AirSync:Sync', [el('AirSync:Collections', ['1', '2', '3', '4'].map(collection))]);
    const read = decodeRequest(encodeResponse(request))!;
    expect(read).toEqual(request);
  });
});

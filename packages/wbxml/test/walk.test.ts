/**
 * The one walker's two modes, without a protocol: what strict mode refuses that lenient mode
 * reads, the builder's events, and the bounds both keep (depth, the element budget).
 */
import { describe, expect, it } from 'vitest';
import { ElementBudget, readWbxml, walkWbxml, WbxmlError, WbxmlLimitError, type CodePageTables, type WbxmlBuilder, type WbxmlStrictProfile } from '../src/index.js';

const PAGES: CodePageTables = [[, , , , , 'A', 'B'], [, , , , , 'M']];
const STRICT: WbxmlStrictProfile = { version: 0x03, publicId: 0x01, charset: 106, pageNames: ['Zero', 'One'] };
const HEAD = [0x03, 0x01, 0x6a, 0x00];
const ascii = (s: string) => [...Buffer.from(s, 'latin1')];
const doc = (...bytes: number[]) => Uint8Array.from(bytes);

/** The builder's calls, as strings. */
function events(bytes: Uint8Array, strict?: WbxmlStrictProfile): string[] {
  const out: string[] = [];
  const builder: WbxmlBuilder = {
    open: (name, page, token) => out.push(`open ${name} ${page}:${token}`),
    text: (s) => out.push(`text ${s}`),
    opaque: (data) => out.push(`opaque ${Buffer.from(data).toString('hex')}`),
    close: () => out.push('close'),
  };
  walkWbxml(bytes, PAGES, builder, strict === undefined ? {} : { strict });
  return out;
}

function refusal(bytes: Uint8Array, strict?: WbxmlStrictProfile): WbxmlError {
  try {
    walkWbxml(bytes, PAGES, { open() {}, text() {}, opaque() {}, close() {} }, strict === undefined ? {} : { strict });
  } catch (e) {
    expect(e).toBeInstanceOf(WbxmlError);
    return e as WbxmlError;
  }
  throw new Error('walked a document that should have been refused');
}

describe('the builder sees the document in order', () => {
  it('elements, text and opaque data; an element without content is opened and closed at once', () => {
    const bytes = doc(...HEAD, 0x45, 0x00, 0x01, 0x45, 0x03, ...ascii('m'), 0x00, 0x01, 0x05, 0x00, 0x00, 0x46, 0xc3, 0x02, 0xff, 0x00, 0x01, 0x01);
    const expected = ['open A 0:5', 'open M 1:5', 'text m', 'close', 'open M 1:5', 'close', 'open B 0:6', 'opaque ff00', 'close', 'close'];
    expect(events(bytes)).toEqual(expected);
    expect(events(bytes, STRICT)).toEqual(expected);
  });
});

describe('strict mode refuses what lenient mode reads', () => {
  const cases: [string, Uint8Array, RegExp][] = [
    ['another version', doc(0x02, 0x01, 0x6a, 0x00, 0x05), /version byte 0x02, not 0x03/],
    ['another public id', doc(0x03, 0x0b, 0x6a, 0x00, 0x05), /public id 11, not 1/],
    ['another charset', doc(0x03, 0x01, 0x04, 0x00, 0x05), /charset 4, not 106/],
    ['a string table', doc(0x03, 0x01, 0x6a, 0x02, ...ascii('x'), 0x00, 0x05), /a string table of 2 bytes/],
    ['an unknown tag', doc(...HEAD, 0x45, 0x09, 0x01), /unknown tag 0x09 on code page 0 \(Zero\)/],
    ['an entity', doc(...HEAD, 0x45, 0x02, 0x41, 0x01), /token 0x02/],
    ['attributes', doc(...HEAD, 0xc5, 0x05, 0x01, 0x01), /token 0xc5/],
    ['a processing instruction after the root', doc(...HEAD, 0x05, 0x43, 0x05, 0x01), /bytes after the root element/],
    ['text and elements mixed', doc(...HEAD, 0x45, 0x03, ...ascii('x'), 0x00, 0x06, 0x01), /an element mixed with text/],
    ['a string not UTF-8', doc(...HEAD, 0x45, 0x03, 0xc0, 0xaf, 0x00, 0x01), /inline string not UTF-8/],
  ];
  for (const [what, bytes, message] of cases) {
    it(what, () => {
      expect(() => walkWbxml(bytes, PAGES, { open() {}, text() {}, opaque() {}, close() {} })).not.toThrow();
      expect(refusal(bytes, STRICT).message).toMatch(message);
    });
  }

  it('an unknown code page is refused at its byte', () => {
    const e = refusal(doc(...HEAD, 0x00, 0x07, 0x05), STRICT);
    expect([e.reason, e.at]).toEqual(['unknown code page 7', 5]);
  });
});

describe('the bounds of both modes', () => {
  /** `depth` elements of tag A, each inside the one before, the innermost `inner`. */
  const nested = (depth: number, inner: number) => doc(...HEAD, ...Array<number>(depth - 1).fill(0x45), inner, ...Array<number>(depth - 1).fill(0x01));

  for (const strict of [undefined, STRICT]) {
    const mode = strict === undefined ? 'lenient' : 'strict';
    it(`${mode}: maxDepth counts every element, an empty one too, and names the byte of the first too deep`, () => {
      const options = { maxDepth: 3, ...(strict === undefined ? {} : { strict }) };
      const sink: WbxmlBuilder = { open() {}, text() {}, opaque() {}, close() {} };
      expect(() => walkWbxml(nested(3, 0x05), PAGES, sink, options)).not.toThrow();
      // The fourth element, at byte 7, empty or not.
      for (const bytes of [nested(4, 0x05), doc(...nested(4, 0x45), 0x01)]) {
        let error: unknown;
        try {
          walkWbxml(bytes, PAGES, sink, options);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(WbxmlError);
        expect((error as WbxmlError).at).toBe(7);
        expect((error as WbxmlError).reason).toMatch(/nested too deep \(more than 3\)/);
      }
    });

    it(`${mode}: the budget is charged before an element is built, and passing it is a WbxmlLimitError`, () => {
      const wide = doc(...HEAD, 0x45, ...Array<number>(5).fill(0x05), 0x01);
      const options = (budget: ElementBudget) => ({ budget, ...(strict === undefined ? {} : { strict }) });
      expect(() => readWbxml(wide, PAGES, options(new ElementBudget(100, 4)))).toThrow(WbxmlLimitError);
      expect(() => readWbxml(wide, PAGES, options(new ElementBudget(5, 100)))).toThrow(/more than 5 elements/);
      expect(readWbxml(wide, PAGES, options(new ElementBudget(6, 5))).root.children).toHaveLength(5);
    });
  }
});

describe('inline strings, short ASCII read apart from the decoder', () => {
  // Around the length up to which ASCII is read byte by byte (read.ts SHORT_ASCII, 64), with a
  // character of 2 and of 3 bytes before, at and after it, in both modes.
  const texts = ['', 'a', 'x'.repeat(63), 'x'.repeat(64), 'x'.repeat(65), 'x'.repeat(200)];
  for (const t of [...texts]) texts.push(`é${t}`, `${t}é`, `${t}€${t}`);
  const utf8 = (s: string) => [...Buffer.from(s, 'utf8')];

  it.each([undefined, STRICT])('reads each as written (strict: %o)', (strict) => {
    for (const t of texts) expect(events(doc(...HEAD, 0x45, 0x03, ...utf8(t), 0x00, 0x01), strict)).toEqual(['open A 0:5', `text ${t}`, 'close']);
  });

  it.each([undefined, STRICT])('refuses one with no end, named at its STR_I (strict: %o)', (strict) => {
    for (const t of texts) {
      const error = refusal(doc(...HEAD, 0x45, 0x03, ...utf8(t)), strict);
      expect(error.reason).toBe('unterminated inline string');
      expect(error.at).toBe(HEAD.length + 1);
    }
  });

  it('refuses, in strict mode, one whose bytes after an ASCII start are not UTF-8', () => {
    for (const start of ['', 'x'.repeat(10), 'x'.repeat(64), 'x'.repeat(100)]) {
      expect(refusal(doc(...HEAD, 0x45, 0x03, ...utf8(start), 0xc0, 0xaf, 0x00, 0x01), STRICT).reason).toBe('inline string not UTF-8');
    }
  });
});

/**
 * Properties over random documents: any tree of known tags with any content WBXML carries
 * (non-empty text of any Unicode but NUL, any bytes, any nesting to MAX_ELEMENT_DEPTH) comes back
 * equal from encode → decode; and whatever bytes arrive — random, or a valid body with bytes
 * changed, cut or inserted — the decoder either reads a tree or throws ActiveSyncDecodeError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActiveSyncDecodeError, type AsElement, CODE_PAGES, decodeRequest, encodeResponse, MAX_ELEMENT_DEPTH } from '../src/index.js';

const tags = CODE_PAGES.flatMap((p) => p.tags.map((t) => ({ page: p.name, tag: t.name })));
const name = fc.constantFrom(...tags);

const tricky = fc.constantFrom('&', '<', '\r\n', '\t', ' ', '\ufeff', '\ufffd', 'ü', '東', '🙂', '\u2028', '\u0001');
/** Any Unicode but NUL (an inline string ends at NUL), well formed (UTF-8 cannot carry lone surrogates). */
const text = fc
  .string({ unit: fc.oneof({ weight: 1, arbitrary: tricky }, { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) }), minLength: 1, maxLength: 24 })
  .map((s) => s.replaceAll('\0', '?'));

const tree: fc.Arbitrary<AsElement> = fc.letrec<{ node: AsElement }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, text).map(([n, t]): AsElement => ({ ...n, text: t })),
    fc.tuple(name, fc.uint8Array({ maxLength: 40 })).map(([n, b]): AsElement => ({ ...n, opaque: b })),
    fc.tuple(name, fc.array(tie('node'), { maxLength: 4 })).map(([n, c]): AsElement => ({ ...n, children: c })),
  ),
})).node;

const depth = (e: AsElement): number => 1 + Math.max(0, ...(e.children ?? []).map(depth));

describe('properties', () => {
  it('encode → decode gives the tree back', () => {
    fc.assert(
      fc.property(tree, (t) => {
        fc.pre(depth(t) <= MAX_ELEMENT_DEPTH);
        const bytes = encodeResponse(t);
        expect(decodeRequest(bytes)).toEqual(t);
      }),
      { numRuns: 500 },
    );
  });

  const refusesOrReads = (bytes: Uint8Array) => {
    try {
      decodeRequest(bytes);
    } catch (e) {
      if (!(e instanceof ActiveSyncDecodeError)) throw e;
    }
  };

  it('random bytes after a valid header: a tree or an ActiveSyncDecodeError, nothing else', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (rest) => refusesOrReads(Uint8Array.from([0x03, 0x01, 0x6a, 0x00, ...rest]))),
      { numRuns: 2000 },
    );
  });

  it('valid bodies with bytes changed, cut or inserted: a tree or an ActiveSyncDecodeError', () => {
    const damaged = fc
      .tuple(tree, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'insert')), { minLength: 1, maxLength: 4 }))
      .map(([t, edits]) => {
        const b = [...encodeResponse(t)];
        for (const [at, value, how] of edits) {
          const i = at % (b.length + 1);
          if (how === 'set' && i < b.length) b[i] = value;
          else if (how === 'cut') b.splice(i, 1);
          else b.splice(i, 0, value);
        }
        return Uint8Array.from(b);
      });
    fc.assert(fc.property(damaged, refusesOrReads), { numRuns: 1000 });
  });
});

/**
 * Garbage in: random bytes, and the captured messages mutated (bytes flipped, ranges cut, doubled
 * or shuffled, truncated). Each must either decode or throw SyncmlDecodeError — never a TypeError,
 * a RangeError or a hang (fast-check's interruptAfterTimeLimit is not used: a hang fails by the
 * test's own timeout).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, SyncmlDecodeError, type SyncmlEncoding } from '../src/index.js';
import { message } from './support/arbitraries.js';
import { wbxmlFixtures, xmlFixtures } from './support/fixtures.js';

function decodesOrRefuses(bytes: Uint8Array, encoding: SyncmlEncoding): void {
  try {
    decodeMessage(bytes, encoding);
  } catch (err) {
    if (!(err instanceof SyncmlDecodeError)) throw err;
    expect(err.message.length).toBeGreaterThan(0);
  }
}

/** One edit of a byte string. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('double' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(input: Uint8Array, edits: readonly Mutation[]): Uint8Array {
  let b = Buffer.from(input);
  for (const e of edits) {
    if (b.length === 0) break;
    const at = e.at % b.length;
    switch (e.kind) {
      case 'flip':
        b = Buffer.from(b);
        b[at] = e.value;
        break;
      case 'cut':
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + e.length)]);
        break;
      case 'double':
        b = Buffer.concat([b.subarray(0, at + e.length), b.subarray(at)]);
        break;
      case 'insert':
        b = Buffer.concat([b.subarray(0, at), e.bytes, b.subarray(at)]);
        break;
      case 'truncate':
        b = b.subarray(0, at);
        break;
    }
  }
  return b;
}

describe.each(['xml', 'wbxml'] as const)('%s: decode or SyncmlDecodeError', (encoding) => {
  const samples = (encoding === 'xml' ? xmlFixtures : wbxmlFixtures).map((f) => f.bytes);

  it('random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => decodesOrRefuses(bytes, encoding)), { numRuns: 1000 });
  });

  it('random bytes behind a valid header', () => {
    const header = encoding === 'xml' ? Buffer.from('<?xml version="1.0"?><SyncML><SyncHdr>') : Buffer.from([0x02, 0xa4, 0x01, 0x6a, 0x00, 0x6d, 0x6c]);
    fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => decodesOrRefuses(Buffer.concat([header, bytes]), encoding)), { numRuns: 1000 });
  });

  it('captured messages, mutated', () => {
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.array(mutation, { minLength: 1, maxLength: 4 }), (sample, edits) => decodesOrRefuses(mutate(sample, edits), encoding)),
      { numRuns: 1500 },
    );
  });

  it('generated messages, mutated', () => {
    fc.assert(
      fc.property(message, fc.array(mutation, { minLength: 1, maxLength: 3 }), (m, edits) => decodesOrRefuses(mutate(encodeMessage(m, encoding), edits), encoding)),
      { numRuns: 500 },
    );
  });
});

it('token soup behind a WBXML header reaches the mapper without breaking it', () => {
  // Tag tokens of the SyncML and MetInf pages with and without content, ENDs, strings, opaque, page switches.
  const token = fc.oneof(
    fc.integer({ min: 0x05, max: 0x3c }).map((t) => [t | 0x40]),
    fc.integer({ min: 0x05, max: 0x3c }).map((t) => [t]),
    fc.constant([0x01]),
    fc.constant([0x01, 0x01]),
    fc.constantFrom([0x00, 0x00], [0x00, 0x01]),
    fc.string({ maxLength: 6 }).map((s) => [0x03, ...Buffer.from(s.replace(/\0/g, '')), 0x00]),
    fc.constantFrom([0x03, ...Buffer.from('1.2'), 0x00], [0x03, ...Buffer.from('200'), 0x00], [0x03, ...Buffer.from('DevInf'), 0x00]),
    fc.uint8Array({ maxLength: 6 }).map((b) => [0xc3, b.length, ...b]),
  );
  fc.assert(
    fc.property(fc.array(token, { maxLength: 80 }), (tokens) => decodesOrRefuses(Uint8Array.from([0x02, 0xa4, 0x01, 0x6a, 0x00, 0x6d, ...tokens.flat(), 0x01]), 'wbxml')),
    { numRuns: 2000 },
  );
});

/**
 * For every generated entry shape (and so every type it reaches), encode then decode is the
 * identity on random valid values, for the entry document and for its feed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeServiceError, encodeServiceError, entryCodecs, shapes, type EntryShapeName } from '@atomsync/atom';
import { shapeArbitrary } from '../../../test/support/arbitrary.js';

const names = Object.keys(entryCodecs) as EntryShapeName[];

describe('encode → decode is the identity', () => {
  it.each(names)('%s entry', (name) => {
    const codec = entryCodecs[name];
    fc.assert(
      fc.property(shapeArbitrary(codec.entryShape), (value) => {
        expect(codec.decodeEntry(codec.encodeEntry(value as never))).toEqual(value);
      }),
      { numRuns: 150 },
    );
  });

  it.each(names)('%s feed', (name) => {
    const codec = entryCodecs[name];
    fc.assert(
      fc.property(shapeArbitrary(codec.feedShape), (value) => {
        expect(codec.decodeFeed(codec.encodeFeed(value as never))).toEqual(value);
      }),
      { numRuns: 40 },
    );
  });

  it('error document', () => {
    fc.assert(
      fc.property(shapeArbitrary(shapes.ServiceError), (value) => {
        expect(decodeServiceError(encodeServiceError(value as never))).toEqual(value);
      }),
      { numRuns: 200 },
    );
  });
});

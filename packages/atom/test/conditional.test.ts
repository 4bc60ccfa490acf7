/** The entity tag of an answer and the If-None-Match test (conditional.ts), as RFC 9110 reads them. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entityTag, ifMatchHolds, ifNoneMatchHolds } from '../src/index.js';

const digest = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());

describe('entityTag', () => {
  it('is 160 bits of the digest in base64url, quoted; weak with W/', () => {
    const tag = entityTag(digest('<feed/>'), false);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(entityTag(digest('<feed/>'), true)).toBe(`W/${tag}`);
    expect(entityTag(digest('<feed />'), false)).not.toBe(tag);
    expect(() => entityTag(new Uint8Array(4), false)).toThrow(TypeError);
  });
});

describe('ifNoneMatchHolds', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x","abc" ', true],
    ['  *  ', true],
    ['"x"', false],
    ['abc', false],
    ['"abc" junk', false],
    ['"abc",,"x"', false],
    ['', false],
  ])('%j names "abc": %s', (header, holds) => {
    expect(ifNoneMatchHolds(header, tag)).toBe(holds);
    expect(ifNoneMatchHolds(header, `W/${tag}`)).toBe(holds);
  });

  it('holds nothing without a header', () => {
    expect(ifNoneMatchHolds(null, tag)).toBe(false);
    expect(ifNoneMatchHolds(undefined, tag)).toBe(false);
  });
});

describe('ifMatchHolds', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['"x", "abc"', true],
    ['"x","abc" ', true],
    ['  *  ', true],
    // Strong comparison: a weak tag never matches.
    ['W/"abc"', false],
    ['"x"', false],
    ['abc', false],
    ['"abc" junk', false],
    ['"abc",,"x"', false],
    ['', false],
  ])('%j lets a write of "abc" go ahead: %s', (header, holds) => {
    expect(ifMatchHolds(header, tag)).toBe(holds);
  });

  it('never matches a weak current tag but by *, and holds without a header', () => {
    expect(ifMatchHolds('W/"abc"', 'W/"abc"')).toBe(false);
    expect(ifMatchHolds('"abc"', 'W/"abc"')).toBe(false);
    expect(ifMatchHolds('*', 'W/"abc"')).toBe(true);
    expect(ifMatchHolds(null, tag)).toBe(true);
    expect(ifMatchHolds(undefined, tag)).toBe(true);
  });
});

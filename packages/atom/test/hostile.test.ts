/**
 * Hostile nesting: a body of a million unclosed elements, or a million opens then wrong closes, is
 * refused as invalid_xml by the depth cap, which the message names. How fast is the codec bench's
 * business (bench/hostile.bench.ts), not a test's: nothing here is timed.
 */
import { describe, expect, it } from 'vitest';
import {
  AtomDecodeError, decodeBatchContentFeed, decodeContentEntry, decodeContentFeed, encodeBatchContentFeed, MAX_REQUEST_CHILDREN, MAX_REQUEST_ELEMENTS, STRICT_DECODE,
  type BatchContentEntry,
} from '@atomsync/atom';
import { MAX_ELEMENT_DEPTH } from '../src/xml/reader.js';

const ATOM = 'http://www.w3.org/2005/Atom';
const ENTRY = `<entry xmlns="${ATOM}">`;

function refusal(decode: (xml: string) => unknown, xml: string): AtomDecodeError {
  let caught: unknown;
  try {
    decode(xml);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(AtomDecodeError);
  expect((caught as AtomDecodeError).code).toBe('invalid_xml');
  return caught as AtomDecodeError;
}

describe('element depth', () => {
  it('a 1,000,000-deep unclosed body is refused at the cap, which the message names', () => {
    const err = refusal(decodeContentEntry, ENTRY + '<a>'.repeat(1_000_000));
    expect(err.message).toContain(`more than ${MAX_ELEMENT_DEPTH} deep`);
  });

  it('1,000,000 opens then 1,000,000 wrong closes are refused at the cap', () => {
    const err = refusal(decodeContentEntry, ENTRY + '<a>'.repeat(1_000_000) + '</b>'.repeat(1_000_000));
    expect(err.message).toContain(`more than ${MAX_ELEMENT_DEPTH} deep`);
  });

  it('foreign (skipped) elements count too', () => {
    const err = refusal(decodeContentFeed, `<feed xmlns="${ATOM}" xmlns:x="urn:x">${'<x:a>'.repeat(MAX_ELEMENT_DEPTH)}`);
    expect(err.message).toContain(`more than ${MAX_ELEMENT_DEPTH} deep`);
  });

  it('nesting up to the cap is read (and skipped, being foreign)', () => {
    const inner = MAX_ELEMENT_DEPTH - 1; // the entry is the first level
    const xml = `${ENTRY}<title>t</title><x:a xmlns:x="urn:x">${'<x:a>'.repeat(inner - 1)}${'</x:a>'.repeat(inner)}</entry>`;
    expect(decodeContentEntry(xml)).toMatchObject({ title: 't' });
  });
});

describe('errors come from the one parse', () => {
  it('wrong closes under the cap: saxes’ own message, with where', () => {
    const err = refusal(decodeContentEntry, ENTRY + '<a>'.repeat(50) + '</b>'.repeat(1_000_000));
    expect(err.message).toMatch(/^not well-formed XML: 1:\d+: unexpected close tag/);
  });

  it('unclosed under the cap: the first unclosed element is named', () => {
    const err = refusal(decodeContentEntry, ENTRY + '<a>'.repeat(50));
    expect(err.message).toMatch(/^not well-formed XML: 1:\d+: unclosed tag: a/);
  });

  it('a flat run of a million wrong closes stops at the first', () => {
    const err = refusal(decodeContentEntry, ENTRY + '</b>'.repeat(1_000_000));
    expect(err.message).toMatch(/unexpected close tag/);
  });
});

/**
 * Wide bodies (issue 20): a request body (read with STRICT_DECODE, as the server reads one) of a
 * flat run of siblings, or of many elements under many parents, skipped foreign elements
 * included, is refused as invalid_xml at MAX_REQUEST_CHILDREN / MAX_REQUEST_ELEMENTS; a batch of
 * 1,000 entries is read, and without the bounds (the SDK reading a listing) width is not capped.
 */
describe('element width', () => {
  const strict = (decode: (xml: string, options?: typeof STRICT_DECODE) => unknown) => (xml: string) => decode(xml, STRICT_DECODE);
  const FOREIGN = 'xmlns:x="urn:x"';

  it(`an entry of ${(MAX_REQUEST_CHILDREN + 1).toLocaleString('en')} foreign elements is refused at MAX_REQUEST_CHILDREN`, () => {
    const err = refusal(strict(decodeContentEntry), `<entry xmlns="${ATOM}" ${FOREIGN}><title>t</title>${'<x:a/>'.repeat(MAX_REQUEST_CHILDREN)}</entry>`);
    expect(err.message).toContain(`more than ${MAX_REQUEST_CHILDREN} children in one element`);
  });

  it('a 10 MiB entry of <a/> is refused at MAX_REQUEST_CHILDREN', () => {
    const err = refusal(strict(decodeContentEntry), `${ENTRY}${'<a/>'.repeat(2_621_000)}</entry>`);
    expect(err.message).toContain(`more than ${MAX_REQUEST_CHILDREN} children in one element`);
  });

  it('many elements under many parents, each under MAX_REQUEST_CHILDREN, are refused at MAX_REQUEST_ELEMENTS', () => {
    const each = MAX_REQUEST_CHILDREN - 10;
    const entries = Math.ceil(MAX_REQUEST_ELEMENTS / each) + 1;
    const entry = `<entry><title>t</title>${'<x:a/>'.repeat(each)}</entry>`;
    const err = refusal(strict(decodeBatchContentFeed), `<feed xmlns="${ATOM}" ${FOREIGN}>${entry.repeat(entries)}</feed>`);
    expect(err.message).toContain(`more than ${MAX_REQUEST_ELEMENTS} elements`);
  });

  it('a batch of 1,000 entries is read under the bounds', () => {
    const entries: BatchContentEntry[] = Array.from({ length: 1_000 }, (_, i) => ({ batchId: `${i}`, operation: { type: 'insert' }, title: `t${i}`, content: { type: 'text/plain', value: 'x' } }));
    const xml = encodeBatchContentFeed({ entries });
    expect(decodeBatchContentFeed(xml, STRICT_DECODE).entries).toHaveLength(1_000);
  });

  it('without the bounds (a listing read by the SDK) width is not capped', () => {
    const entry = `<entry><title>t</title></entry>`;
    expect(decodeContentFeed(`<feed xmlns="${ATOM}">${entry.repeat(MAX_REQUEST_CHILDREN + 1)}</feed>`).entries).toHaveLength(MAX_REQUEST_CHILDREN + 1);
  });
});

/**
 * Hostile request bodies: each refused with a typed 400 at the first element past its bound, before
 * the rest of the body is built into anything. "Fast" is shown without a clock: the refusal names
 * where the parse stopped, and that is at the start of a body megabytes long.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_CHILDREN_PER_ELEMENT,
  MAX_DEAD_PROPERTY_CHARS,
  MAX_ELEMENT_DEPTH,
  MAX_ELEMENTS_PER_DOCUMENT,
  readPropfind,
  readProppatch,
  readReport,
} from '../src/index.js';
import { refusal } from './support/refusal.js';

/** The line:column a refusal names. */
const stoppedAt = (error: Error) => {
  const m = /at (\d+):(\d+)/.exec(error.message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : undefined;
};

describe('a DOCTYPE', () => {
  it.each([
    ['the billion laughs', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><propfind xmlns="DAV:"><prop><displayname>&lol2;</displayname></prop></propfind>'],
    ['an external entity', '<!DOCTYPE propfind [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><propfind xmlns="DAV:"><prop>&xxe;</prop></propfind>'],
    ['a bare DOCTYPE', '<!DOCTYPE propfind><propfind xmlns="DAV:"><allprop/></propfind>'],
  ])('is refused: %s', (_what, body) => {
    const error = refusal(() => readPropfind(body));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/DOCTYPE is not accepted/);
  });

  it('an entity that is not declared is no expansion either: a 400', () => {
    expect(refusal(() => readPropfind('<propfind xmlns="DAV:"><prop><x xmlns="urn:x">&undeclared;</x></prop></propfind>')).status).toBe(400);
  });
});

describe('bounds on shape', () => {
  it(`refuses nesting past ${MAX_ELEMENT_DEPTH} at the first element over, in a body a million deep`, () => {
    const body = `<propfind xmlns="DAV:"><prop>${'<a>'.repeat(1_000_000)}`;
    const error = refusal(() => readPropfind(body));
    expect(error.message).toMatch(`nested more than ${MAX_ELEMENT_DEPTH} deep`);
    expect(stoppedAt(error)!.column).toBeLessThan(200);
  });

  it('reads nesting up to the bound, and not one deeper', () => {
    // propertyupdate/set/prop is three deep; the property and its value take the rest.
    const nested = (levels: number) => `<propertyupdate xmlns="DAV:"><set><prop>${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}</prop></set></propertyupdate>`;
    expect(readProppatch(nested(MAX_ELEMENT_DEPTH - 3))).toHaveLength(1);
    expect(refusal(() => readProppatch(nested(MAX_ELEMENT_DEPTH - 2))).status).toBe(400);
  });

  it(`refuses more than ${MAX_CHILDREN_PER_ELEMENT} children of one element`, () => {
    const body = `<propfind xmlns="DAV:"><prop>${'<p/>'.repeat(1_000_000)}</prop></propfind>`;
    const error = refusal(() => readPropfind(body));
    expect(error.message).toMatch(`more than ${MAX_CHILDREN_PER_ELEMENT} elements inside <prop>`);
    expect(stoppedAt(error)!.column).toBeLessThan(4 * (MAX_CHILDREN_PER_ELEMENT + 10));
  });

  it(`refuses more than ${MAX_ELEMENTS_PER_DOCUMENT} elements in one document, however they are spread`, () => {
    const body = `<propfind xmlns="DAV:"><prop>${'<p><q/></p>'.repeat(1_000_000)}</prop></propfind>`;
    const error = refusal(() => readPropfind(body));
    expect(error.message).toMatch(`more than ${MAX_ELEMENTS_PER_DOCUMENT} elements`);
    expect(stoppedAt(error)!.column).toBeLessThan(12 * MAX_ELEMENTS_PER_DOCUMENT);
  });

  it(`refuses a dead property value past ${MAX_DEAD_PROPERTY_CHARS} characters, and text past it in any element`, () => {
    const wide = `<x:note xmlns:x="urn:x">${'<x:l>abc</x:l>'.repeat(Math.ceil(MAX_DEAD_PROPERTY_CHARS / 14) + 1)}</x:note>`;
    expect(refusal(() => readProppatch(`<propertyupdate xmlns="DAV:"><set><prop>${wide}</prop></set></propertyupdate>`)).message).toMatch(`longer than ${MAX_DEAD_PROPERTY_CHARS}`);
    const long = `<x:note xmlns:x="urn:x">${'a'.repeat(10 * MAX_DEAD_PROPERTY_CHARS)}</x:note>`;
    expect(refusal(() => readProppatch(`<propertyupdate xmlns="DAV:"><set><prop>${long}</prop></set></propertyupdate>`)).message).toMatch(`more than ${MAX_DEAD_PROPERTY_CHARS} characters of text`);
  });

  it(`refuses a multiget of a million hrefs at the ${MAX_CHILDREN_PER_ELEMENT + 1}th element`, () => {
    const body = `<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/></D:prop>${'<D:href>/a.vcf</D:href>'.repeat(1_000_000)}</C:addressbook-multiget>`;
    const error = refusal(() => readReport(body));
    expect(error.status).toBe(400);
    expect(stoppedAt(error)!.column).toBeLessThan(body.length / 50);
  });

  it('stops at the first well-formedness error of a body full of them', () => {
    const error = refusal(() => readPropfind(`<propfind xmlns="DAV:">${'</x>'.repeat(100_000)}`));
    expect(error.status).toBe(400);
    expect(error.message.length).toBeLessThan(500);
  });
});

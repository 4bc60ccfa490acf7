/**
 * Both halves agree: whatever the server writes, the client reads back as written — any href,
 * status and text (markup characters, CR LF, astral characters), property names of any namespace.
 * Characters XML cannot carry come back as U+FFFD and never break the document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAV_NS, foundProp, readMultistatus, writeMultistatus, type DavResponse } from '../src/index.js';

const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const asRead = (s: string) => s.replace(XML_ILLEGAL, '\uFFFD');

const text = fc.string({ unit: 'binary', maxLength: 40 });
const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9._-]{0,12}$/);
const ns = fc.constantFrom(DAV_NS, 'urn:ietf:params:xml:ns:carddav', 'urn:ietf:params:xml:ns:caldav', 'http://calendarserver.org/ns/', 'http://apple.com/ns/ical/', 'urn:vendor:x', 'http://example.com/a&b');
const status = fc.constantFrom(200, 403, 404, 409, 507);

const response: fc.Arbitrary<DavResponse> = fc.oneof(
  fc.record({ href: text, propstats: fc.array(fc.record({ status, props: fc.uniqueArray(fc.record({ name: fc.record({ ns, name }), value: text }), { maxLength: 4, selector: (p) => `{${p.name.ns}}${p.name.name}` }) }), { maxLength: 2 }) }),
  fc.record({ hrefs: fc.array(text, { minLength: 1, maxLength: 3 }), status }),
);

describe('write → read', () => {
  it('reads back every response as written', () => {
    fc.assert(
      fc.property(fc.array(response, { maxLength: 6 }), fc.option(text, { nil: undefined }), (responses, token) => {
        const xml = writeMultistatus(responses, token === undefined ? {} : { syncToken: token });
        const read = readMultistatus(xml);
        // Hrefs and tokens are read trimmed (servers indent them); compare likewise.
        expect(read.syncToken).toBe(token === undefined ? undefined : asRead(token).trim());
        expect(read.responses).toHaveLength(responses.length);
        responses.forEach((r, i) => {
          const back = read.responses[i]!;
          if ('hrefs' in r) {
            expect(back.hrefs).toEqual(r.hrefs.map((h) => asRead(h).trim()));
            expect(back.status).toBe(r.status);
          } else {
            expect(back.href).toBe(asRead(r.href).trim());
            expect(back.propstats.map((ps) => ps.status)).toEqual(r.propstats.length === 0 ? [200] : r.propstats.map((ps) => ps.status));
            r.propstats.forEach((ps, j) => expect(back.propstats[j]!.props.map((p) => [p.name, p.text])).toEqual(ps.props.map((p) => [p.name, asRead(p.value as string)])));
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('writes a character XML cannot carry as U+FFFD, and the listing still reads', () => {
    const xml = writeMultistatus([{ href: '/a\u0001b', propstats: [{ status: 200, props: [{ name: { ns: DAV_NS, name: 'displayname' }, value: 'x\uFFFEy\uD800z' }] }] }]);
    const r = readMultistatus(xml).responses[0]!;
    expect(r.href).toBe('/a\uFFFDb');
    expect(foundProp(r, DAV_NS, 'displayname')?.text).toBe('x\uFFFDy\uFFFDz');
  });
});

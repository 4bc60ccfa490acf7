/**
 * Random mutations of valid documents never make a decoder throw anything but AtomDecodeError:
 * a hostile or broken body must become a clear 400, never a crash.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AtomDecodeError, decodeServiceError, encodeServiceError, entryCodecs, shapes, type EntryShapeName } from '@atomsync/atom';
import { shapeArbitrary } from '../../../test/support/arbitrary.js';

const fragments = [
  '<', '>', '&', '&amp', '&unknown;', '&#0;', '&#x110000;', ']]>', '<![CDATA[x]]>', '<?pi x?>', '<!-- c -->',
  '<!DOCTYPE entry [<!ENTITY x "y">]>', '<x>', '</x>', '</entry>', '<entry>', '<s:client>', '</s:client>',
  '<link/>', '<other xmlns="urn:other"><a/></other>', ' xmlns:s="urn:elsewhere"', ' xmlns=""', ' dataclass="Nope"',
  'xmlns:bad', '"', "'", '=', '-1', '99999999999999999999', '2009-13-45T25:61:61Z', 'true', '\u0000', '\uFFFF', '😀',
];

type Mutation = (doc: string) => string;

const at = (doc: string, n: number) => (doc.length === 0 ? 0 : n % (doc.length + 1));

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), fc.nat({ max: 40 })).map(([i, len]): Mutation => (d) => d.slice(0, at(d, i)) + d.slice(at(d, i) + len)),
  fc.tuple(fc.nat(), fc.constantFrom(...fragments)).map(([i, f]): Mutation => (d) => d.slice(0, at(d, i)) + f + d.slice(at(d, i))),
  fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 80 })).map(([i, j, len]): Mutation => (d) => {
    const piece = d.slice(at(d, i), at(d, i) + len);
    return d.slice(0, at(d, j)) + piece + d.slice(at(d, j));
  }),
  fc.tuple(fc.nat(), fc.string({ maxLength: 12 })).map(([i, s]): Mutation => (d) => {
    // Replace one text node (between > and <) with arbitrary text.
    const gt = d.indexOf('>', at(d, i));
    const lt = gt < 0 ? -1 : d.indexOf('<', gt);
    return gt < 0 || lt < 0 ? d : d.slice(0, gt + 1) + s + d.slice(lt);
  }),
);

function decodesOrRefuses(decode: () => unknown): void {
  try {
    decode();
  } catch (err) {
    if (!(err instanceof AtomDecodeError)) throw err;
    expect(['invalid_xml', 'validation_failed']).toContain(err.code);
    if (err.code === 'validation_failed') expect(err.violations.length).toBeGreaterThan(0);
  }
}

const names = Object.keys(entryCodecs) as EntryShapeName[];

describe('decoders under random mutation', () => {
  it.each(names)('%s entry and feed', (name) => {
    const codec = entryCodecs[name];
    fc.assert(
      fc.property(shapeArbitrary(codec.feedShape), shapeArbitrary(codec.entryShape), fc.array(mutation, { minLength: 1, maxLength: 4 }), (feed, entry, mutations) => {
        let feedXml = codec.encodeFeed(feed as never);
        let entryXml = codec.encodeEntry(entry as never);
        for (const m of mutations) {
          feedXml = m(feedXml);
          entryXml = m(entryXml);
        }
        decodesOrRefuses(() => codec.decodeFeed(feedXml));
        decodesOrRefuses(() => codec.decodeEntry(entryXml));
        // The wrong codec for a document is just another wrong shape.
        decodesOrRefuses(() => entryCodecs.SyncLogEntry.decodeEntry(entryXml));
      }),
      { numRuns: 120 },
    );
  });

  it('error document', () => {
    fc.assert(
      fc.property(shapeArbitrary(shapes.ServiceError), fc.array(mutation, { minLength: 1, maxLength: 4 }), (value, mutations) => {
        let xml = encodeServiceError(value as never);
        for (const m of mutations) xml = m(xml);
        decodesOrRefuses(() => decodeServiceError(xml));
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        decodesOrRefuses(() => entryCodecs.ContentEntry.decodeFeed(s));
      }),
      { numRuns: 500 },
    );
  });
});

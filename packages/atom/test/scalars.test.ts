/** Scalar reading: timestamps, integers, enumerations, and anyURI checked against Xerces itself. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATOM_NS, AtomDecodeError, INVALID, defineScalar, entryCodecs, escapeAttr, parseScalar } from '@atomsync/atom';
import { validateDocuments } from '../../../test/support/xsd.js';

const dateTime = defineScalar({ kind: 'dateTime', type: 'dateTime' });
const int = defineScalar({ kind: 'int', type: 'int' });

describe('timestamps', () => {
  it.each([
    ['2009-06-01T12:30:00Z', '2009-06-01T12:30:00.000Z'],
    ['2009-06-01T12:30:00', '2009-06-01T12:30:00.000Z'],
    ['2009-06-01T14:30:00+02:00', '2009-06-01T12:30:00.000Z'],
    ['2009-06-01T12:30:00.250Z', '2009-06-01T12:30:00.250Z'],
    ['0099-01-01T00:00:00Z', '0099-01-01T00:00:00.000Z'],
  ])('%s reads as %s', (text, iso) => {
    expect((parseScalar(dateTime, text) as Date).toISOString()).toBe(iso);
  });

  it.each(['2009-02-30T00:00:00Z', '2009-13-01T00:00:00Z', '2009-06-01 12:30:00', '2009-06-01T24:00:01Z', 'yesterday', ''])('%s is refused', (text) => {
    expect(parseScalar(dateTime, text)).toBe(INVALID);
  });

  it('the fast path and the general path agree', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
        const canonical = whole.toISOString().slice(0, 19) + 'Z';
        const general = whole.toISOString().slice(0, 19) + '+00:00';
        expect((parseScalar(dateTime, canonical) as Date).getTime()).toBe(whole.getTime());
        expect((parseScalar(dateTime, general) as Date).getTime()).toBe(whole.getTime());
      }),
    );
  });
});

describe('integers', () => {
  it.each(['0', '-2147483648', '2147483647', ' 42 ', '+7'])('%s is an xs:int', (text) => expect(parseScalar(int, text)).toBe(Number(text)));
  it.each(['2147483648', '1.5', '1e3', 'x', '', '0x10'])('%s is not', (text) => expect(parseScalar(int, text)).toBe(INVALID));
});

describe('anyURI agrees with Xerces', () => {
  const alphabet = [...'aZ09:/?#[]%@!$&\'()*+,;=-._~ éx', 'file:///', '%2F', '%G1', 'http://', '[::1]', 'urn:uuid:', '//', '1a:'];
  const uri = fc.array(fc.constantFrom(...alphabet), { maxLength: 10 }).map((parts) => parts.join(''));

  it('on random URI-ish strings, our verdict is the XSD validator\'s', async () => {
    const samples = [...new Set(fc.sample(uri, { numRuns: 400, seed: 2026 }))];
    // Written by hand, not by the encoder: these are meant to include invalid documents.
    const docs = samples.map((href) => `<entry xmlns="${ATOM_NS}"><link href="${escapeAttr(href)}"/><title>v</title></entry>`);
    const rejectedByXerces = new Set((await validateDocuments(docs)).map((f) => f.index));
    const disagreements: string[] = [];
    samples.forEach((href, i) => {
      let ours = true;
      try {
        entryCodecs.VendorEntry.decodeEntry(docs[i]!);
      } catch (err) {
        if (!(err instanceof AtomDecodeError)) throw err;
        ours = false;
      }
      if (ours === rejectedByXerces.has(i)) disagreements.push(`${JSON.stringify(href)}: ours ${ours ? 'accepts' : 'rejects'}`);
    });
    // Both verdicts occur, so the comparison means something.
    expect(rejectedByXerces.size).toBeGreaterThan(20);
    expect(rejectedByXerces.size).toBeLessThan(samples.length - 20);
    expect(disagreements).toEqual([]);
  }, 60_000);
});

/**
 * What the encoders emit is valid against spec/xsd, checked by a real XSD validator (Xerces in a
 * JVM via xsd-schema-validator), for random values of every entry shape, their feeds and the
 * error document — all in one batched validator run.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeServiceError, entryCodecs, shapes, type EntryShapeName } from '@atomsync/atom';
import { shapeArbitrary } from '../../../test/support/arbitrary.js';
import { validateDocuments, type XsdFailure } from '../../../test/support/xsd.js';

const names = Object.keys(entryCodecs) as EntryShapeName[];
const PER_SHAPE = 12;
const documents: { label: string; xml: string }[] = [];

for (const name of names) {
  const codec = entryCodecs[name];
  for (const [i, v] of fc.sample(shapeArbitrary(codec.entryShape), { numRuns: PER_SHAPE, seed: 42 }).entries()) {
    documents.push({ label: `${name} entry #${i}`, xml: codec.encodeEntry(v as never) });
  }
  for (const [i, v] of fc.sample(shapeArbitrary(codec.feedShape), { numRuns: 3, seed: 7 }).entries()) {
    documents.push({ label: `${name} feed #${i}`, xml: codec.encodeFeed(v as never) });
  }
}
for (const [i, v] of fc.sample(shapeArbitrary(shapes.ServiceError), { numRuns: PER_SHAPE, seed: 1 }).entries()) {
  documents.push({ label: `error #${i}`, xml: encodeServiceError(v as never) });
}

let failures: XsdFailure[];
beforeAll(async () => {
  failures = await validateDocuments(documents.map((d) => d.xml));
}, 120_000);

describe('encoders emit XSD-valid documents', () => {
  it(`all ${documents.length} documents validate`, () => {
    const report = failures.map((f) => `${documents[f.index]!.label}: ${f.messages.join(' | ')}\n${documents[f.index]!.xml}`);
    expect(report).toEqual([]);
  });

  it('the validator does reject a document that breaks the schema', async () => {
    const bad = entryCodecs.SyncLogEntry.encodeEntry(fc.sample(shapeArbitrary(entryCodecs.SyncLogEntry.entryShape), { numRuns: 1, seed: 3 })[0] as never)
      .replace(/<s:sync_mode>\d+<\/s:sync_mode>/, '<s:sync_mode>299</s:sync_mode>');
    const result = await validateDocuments([documents[0]!.xml, bad]);
    expect(result.map((f) => f.index)).toEqual([1]);
    expect(result[0]!.messages.join(' ')).toMatch(/299/);
  }, 60_000);
});

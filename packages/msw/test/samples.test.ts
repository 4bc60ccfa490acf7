import { describe, expect, it } from 'vitest';
import { ATOM_NS, entryCodecs, operations, type EntryShapeName, type OperationId } from '@atomsync/atom';
import { mockResult, sampleEntry, sampleFeed } from '@atomsync/msw';
import { SchemaSet } from '../../../codegen/src/xsd/model.js';
import { minimalEntryXml } from '../../../codegen/src/emit/msw.js';
import { operationSamples } from '../src/generated/samples.js';

const SERVICE_NS = 'http://schemas.atomsync.dev/2009/sync';
const shapes = Object.keys(entryCodecs) as EntryShapeName[];

describe('samples', () => {
  it.each(shapes)('%s decodes as an entry and as a feed', (shape) => {
    const entry = sampleEntry(shape);
    const feed = sampleFeed(shape);
    expect(feed.entries.length).toBeGreaterThan(0);
    // Encoding and decoding again gives the same value: the sample is valid for the writers too.
    expect(entryCodecs[shape].decodeEntry(entryCodecs[shape].encodeEntry(entry as never))).toEqual(entry);
    expect(entryCodecs[shape].decodeFeed(entryCodecs[shape].encodeFeed(feed as never))).toEqual(feed);
  });

  it('gives a fresh value on every call', () => {
    const a = sampleFeed('SyncmlClientEntry');
    a.entries.length = 0;
    expect(sampleFeed('SyncmlClientEntry').entries.length).toBeGreaterThan(0);
  });

  it('answers golden data, not placeholders, for the shapes the examples cover', () => {
    const phones = mockResult('listSyncmlClients');
    expect(phones.entries.map((e) => e.title)).toEqual(['Sony Ericsson W995', 'Nokia E71']);
    expect(phones.entries[1]!.client.setup).toEqual({ name: 'atomsync', sent: new Date('2009-06-01T12:30:00Z') });
  });

  it('picks an operation’s own golden example over its shape’s default', () => {
    expect(Object.keys(operationSamples).length).toBeGreaterThan(0);
    for (const [id, xml] of Object.entries(operationSamples) as [OperationId, string][]) {
      const spec = operations[id];
      if (spec.response.kind !== 'entry' && spec.response.kind !== 'feed') throw new Error(`${id} has no Atom answer`);
      const codec = entryCodecs[spec.response.shape];
      const own = spec.response.kind === 'entry' ? codec.decodeEntry(xml) : codec.decodeFeed(xml);
      expect(mockResult(id)).toEqual(own);
    }
    // The change feed (?since=) and the batch result are both BatchContentEntry feeds, but differ.
    expect(mockResult('listContentChanges')).not.toEqual(mockResult('batchContents'));
  });

  it('has a default result for every operation', () => {
    for (const id of Object.keys(operations) as OperationId[]) {
      const spec = operations[id];
      const result = mockResult(id);
      if (spec.status >= 400 || spec.response.kind === 'empty') expect(result, id).toBeUndefined();
      else expect(result, id).toBeDefined();
    }
  });
});

describe('the minimal document codegen builds for a shape without golden examples', () => {
  const schemas = new SchemaSet(['atom.xsd', 'batch.xsd', 'atomsync.xsd'].map((f) => new URL(`../../../spec/xsd/${f}`, import.meta.url).pathname));

  it.each(shapes)('%s decodes', (shape) => {
    const xml = minimalEntryXml(schemas.complexType(SERVICE_NS, shape));
    const entry = entryCodecs[shape].decodeEntry(xml, { strictNamespaces: [SERVICE_NS] });
    expect(entry).toMatchObject({ id: expect.any(String), title: expect.any(String) });
    expect(xml).toContain(`xmlns:atom="${ATOM_NS}"`);
  });
});


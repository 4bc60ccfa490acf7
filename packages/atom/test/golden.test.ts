/**
 * The golden documents of spec/examples/ (written from the service description's tables): each
 * is valid against spec/xsd, decodes with its shape's codec without a violation, and re-encodes
 * to the same infoset.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeServiceError, encodeServiceError, entryCodecs, type EntryCodec, type EntryShapeName, STRICT_DECODE } from '@atomsync/atom';
import { goldenExamples } from '../../../test/support/examples.js';
import { infoset } from '../../../test/support/infoset.js';
import { validateDocuments, type XsdFailure } from '../../../test/support/xsd.js';

const goldens = goldenExamples();

function roundTrip(g: (typeof goldens)[number]): string {
  if (g.entry) {
    const codec = entryCodecs[g.entry as EntryShapeName] as EntryCodec<unknown>;
    return codec.encodeEntry(codec.decodeEntry(g.xml, STRICT_DECODE));
  }
  if (g.feed) {
    const codec = entryCodecs[g.feed as EntryShapeName] as EntryCodec<unknown>;
    return codec.encodeFeed(codec.decodeFeed(g.xml, STRICT_DECODE));
  }
  if (g.element === 'error') return encodeServiceError(decodeServiceError(g.xml, STRICT_DECODE));
  throw new Error(`${g.file}: index.yaml names no shape`);
}

let xsdFailures: XsdFailure[];
beforeAll(async () => {
  xsdFailures = await validateDocuments(goldens.map((g) => g.xml));
}, 120_000);

describe('golden examples', () => {
  it('index.yaml lists every file of spec/examples', () => {
    const files = readdirSync(fileURLToPath(new URL('../../../spec/examples/', import.meta.url))).filter((f) => f.endsWith('.xml'));
    expect(goldens.map((g) => g.file).sort()).toEqual(files.sort());
  });

  it('every entry shape has at least one golden document', () => {
    const covered = new Set(goldens.flatMap((g) => [g.entry, g.feed]).filter(Boolean));
    expect(Object.keys(entryCodecs).filter((n) => !covered.has(n))).toEqual([]);
  });

  it('all validate against spec/xsd', () => {
    expect(xsdFailures.map((f) => `${goldens[f.index]!.file}: ${f.messages.join(' | ')}`)).toEqual([]);
  });

  it.each(goldens.map((g) => [g.file, g] as const))('%s decodes and re-encodes to the same infoset', (_file, g) => {
    expect(infoset(roundTrip(g))).toEqual(infoset(g.xml));
  });
});

/** The shipped phone catalogue: its counts, its validity, stable uuids, and clear refusals of bad files. */
import { describe, expect, it } from 'vitest';
import { CatalogueError, readCatalogue, shippedCatalogue } from '../../src/catalogue/dataset.js';
import { CATALOGUE_NAMESPACE, modelUuid, uuidV5, vendorUuid } from '../../src/catalogue/uuid.js';
import shipped from '../../src/catalogue/phones.json' with { type: 'json' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV5', () => {
  it('matches the RFC 9562 example (DNS namespace, www.example.com)', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
  it('derives catalogue uuids from names only', () => {
    expect(vendorUuid('Nokia')).toBe(uuidV5(CATALOGUE_NAMESPACE, 'Nokia'));
    expect(modelUuid('Nokia', 'E71')).toBe(uuidV5(CATALOGUE_NAMESPACE, 'Nokia/E71'));
    expect(modelUuid('Nokia', 'E71')).not.toBe(modelUuid('Nokia', 'E72'));
  });
});

describe('the shipped dataset', () => {
  const catalogue = shippedCatalogue();

  it('has at least 15 vendors and 150 models, every model of a listed vendor', () => {
    expect(catalogue.vendors.length).toBeGreaterThanOrEqual(15);
    expect(catalogue.models.length).toBeGreaterThanOrEqual(150);
    const vendors = new Set(catalogue.vendors.map((v) => v.uuid));
    for (const model of catalogue.models) expect(vendors.has(model.vendorUuid)).toBe(true);
    // Every vendor has models.
    expect(new Set(catalogue.models.map((m) => m.vendorUuid)).size).toBe(catalogue.vendors.length);
  });

  it('has unique v5 uuids and unique names', () => {
    const uuids = [...catalogue.vendors, ...catalogue.models].map((r) => r.uuid);
    for (const uuid of uuids) expect(uuid).toMatch(UUID);
    expect(new Set(uuids).size).toBe(uuids.length);
    expect(new Set(catalogue.models.map((m) => m.name)).size).toBe(catalogue.models.length);
  });

  it('is the same on every read (seeding and re-import are idempotent)', () => {
    expect(shippedCatalogue()).toEqual(catalogue);
  });

  it('says what it knows and leaves the rest unknown', () => {
    const byName = new Map(catalogue.models.map((m) => [m.name, m]));
    expect(byName.get('Nokia E71')).toMatchObject({ syncmlVersion: '1.2', dataclasses: ['Contacts', 'Calendar', 'Notes'], quirks: { vcard21Only: true }, imageUrl: '' });
    expect(byName.get('Nokia 6300')).toMatchObject({ syncmlVersion: '1.1.2', quirks: { vcard21Only: true, localTime: true } });
    expect(byName.get('Sony Ericsson W995')).toMatchObject({ syncmlVersion: '1.2' });
    expect(byName.get('Samsung SGH-G600')).toMatchObject({ syncmlVersion: '1.1.2', dataclasses: ['Contacts', 'Calendar'] });
    expect(byName.get('Sharp 903SH')).toMatchObject({ syncmlVersion: null, dataclasses: [] });
    const versions = new Set(catalogue.models.map((m) => m.syncmlVersion));
    for (const v of ['1.1', '1.1.2', '1.2']) expect(versions.has(v)).toBe(true);
    // Most of the catalogue is known: a dataset of unknowns would be no dataset.
    expect(catalogue.models.filter((m) => m.syncmlVersion !== null).length).toBeGreaterThan(150);
  });
});

describe('readCatalogue refusals', () => {
  const good = () => structuredClone(shipped) as { vendors: { name: string; series: Record<string, unknown>[] }[] };

  const problemsOf = (data: unknown): readonly string[] => {
    try {
      readCatalogue(data);
    } catch (err) {
      expect(err).toBeInstanceOf(CatalogueError);
      return (err as CatalogueError).problems;
    }
    throw new Error('expected a CatalogueError');
  };

  type File = ReturnType<typeof good>;
  const models = (d: File, v: number, s: number) => d.vendors[v]!.series[s]!.models as unknown[];
  it.each<[string, (d: File) => unknown, RegExp]>([
    ['not an object', () => [], /^the file: must be object/],
    ['an unknown dataclass', (d) => { (d.vendors[1]!.series[0]!.dataclasses as string[])[0] = 'Mail'; return d; }, /^vendor #2 \("Sony Ericsson"\) › series #1 \(.*\) › dataclasses › 0: must be equal to one of the allowed values \(one of "Contacts"/],
    ['an unknown SyncML version', (d) => { d.vendors[0]!.series[1]!.syncml_version = '2.0'; return d; }, /^vendor #1 \("Nokia"\) › series #2 .* › syncml_version: must be equal to one of the allowed values/],
    ['an empty model name', (d) => { models(d, 2, 0)[1] = ''; return d; }, /^vendor #3 \("Ericsson"\) › series #1 \(.*\) › model #2 \(""\)/],
    ['an unknown quirk', (d) => { models(d, 0, 0)[0] = { name: 'E50', quirks: { noSleep: true } }; return d; }, /model #1 \("E50"\) › quirks: must NOT have additional properties \(noSleep\)/],
    ['a model twice', (d) => { models(d, 0, 1).push('E71'); return d; }, /^vendor "Nokia" › model "E71": listed twice$/],
    ['a vendor twice', (d) => { d.vendors.push(structuredClone(d.vendors[14]!)); return d; }, /^vendor #16 \("Alcatel"\): listed twice$/],
  ])('refuses %s, naming the record', (_, spoil, message) => {
    const problems = problemsOf(spoil(good()));
    expect(problems.some((p) => message.test(p)), problems.join('\n')).toBe(true);
  });
});

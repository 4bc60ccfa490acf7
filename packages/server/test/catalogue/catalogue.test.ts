/**
 * The phone catalogue through the SDK against a started server, on both stores: seeded from the
 * shipped dataset, open to anonymous callers, entries in the example's form, 404 for unknown
 * uuids, and seeding / importing that never duplicates.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shippedCatalogue } from '../../src/catalogue/dataset.js';
import { importCatalogue, seedCatalogue } from '../../src/catalogue/seed.js';
import { modelUuid, vendorUuid } from '../../src/catalogue/uuid.js';
import { refusal } from '../clients/fixtures.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const shipped = shippedCatalogue();

describe.each(storeKinds)('phone catalogue (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await seedCatalogue(server.store);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every shipped vendor to an anonymous caller', async () => {
    const feed = await server.anonymous.phones.vendors();
    expect(feed.id).toBe(`${server.url}/v2/phones/vendors/`);
    expect(feed.title).toBe('Phone vendors');
    expect(feed.entries.map((e) => e.title).sort()).toEqual(shipped.vendors.map((v) => v.name).sort());
  });

  it('answers a vendor entry with urn:uuid id, the name as title and text content, and its links', async () => {
    const uuid = vendorUuid('Nokia');
    const href = `${server.url}/v2/phones/vendors/${uuid}`;
    const entry = await server.anonymous.phones.vendor(uuid);
    expect(entry).toMatchObject({
      author: { name: 'atomsync' },
      id: `urn:uuid:${uuid}`,
      title: 'Nokia',
      content: { type: 'text', value: 'Nokia' },
    });
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
      { rel: 'alternate', type: 'text/html', href },
    ]);
  });

  it('answers a model entry with uuid, empty image_url, vendor, SyncML version and dataclasses', async () => {
    const uuid = modelUuid('Nokia', 'E71');
    const href = `${server.url}/v2/phones/vendors/models/${uuid}`;
    const entry = await server.alice.client.phones.model(uuid);
    expect(entry).toMatchObject({
      id: `urn:uuid:${uuid}`,
      title: 'Nokia E71',
      content: { type: 'text', value: 'Nokia E71' },
      uuid,
      imageUrl: '',
      vendorUuid: vendorUuid('Nokia'),
      syncmlVersion: '1.2',
      dataclasses: ['Contacts', 'Calendar', 'Notes'],
    });
    expect(entry.links).toEqual([
      { rel: 'self', href },
      { rel: 'edit', href },
      { rel: 'alternate', type: 'text/html', href },
    ]);
  });

  it('leaves an unknown SyncML version and unknown dataclasses out', async () => {
    const entry = await server.anonymous.phones.model(modelUuid('Sharp', '903SH'));
    expect(entry.syncmlVersion).toBeUndefined();
    expect(entry.dataclasses ?? []).toEqual([]);
  });

  it('lists all models, and one vendor\'s models', async () => {
    const all = await server.anonymous.phones.models();
    expect(all.entries).toHaveLength(shipped.models.length);
    const ericsson = await server.anonymous.phones.vendorModels(vendorUuid('Ericsson'));
    expect(ericsson.id).toBe(`${server.url}/v2/phones/vendors/${vendorUuid('Ericsson')}/models/`);
    expect(ericsson.entries.map((e) => e.title).sort()).toEqual(['Ericsson R520m', 'Ericsson T39m', 'Ericsson T68']);
    expect(new Set(ericsson.entries.map((e) => e.syncmlVersion))).toEqual(new Set(['1.0']));
  });

  it.each([
    ['an unknown vendor', (s: TestServer) => s.anonymous.phones.vendor(vendorUuid('Nobody'))],
    ['a vendor id that is not a uuid', (s: TestServer) => s.anonymous.phones.vendor('nokia')],
    ['the models of an unknown vendor', (s: TestServer) => s.anonymous.phones.vendorModels(vendorUuid('Nobody'))],
    ['an unknown model', (s: TestServer) => s.anonymous.phones.model(modelUuid('Nokia', '3310'))],
    ['a model id that is not a uuid', (s: TestServer) => s.anonymous.phones.model('e71')],
  ])('answers 404 not_found for %s', async (_, call) => {
    const error = await refusal(call(server));
    expect([error.status, error.code]).toEqual([404, 'not_found']);
  });

  it('seeds once: a second seed and a re-import of the dataset add nothing', async () => {
    await seedCatalogue(server.store);
    await importCatalogue(server.store, shippedCatalogue());
    expect(await server.store.catalogue.listVendors()).toHaveLength(shipped.vendors.length);
    expect(await server.store.catalogue.listModels()).toHaveLength(shipped.models.length);
  });

  it('updates a model in place on import, and a later seed keeps the change', async () => {
    const e71 = shipped.models.find((m) => m.name === 'Nokia E71')!;
    await importCatalogue(server.store, { vendors: [shipped.vendors[0]!], models: [{ ...e71, imageUrl: 'https://example.com/e71.png' }] });
    await seedCatalogue(server.store);
    expect((await server.anonymous.phones.model(e71.uuid)).imageUrl).toBe('https://example.com/e71.png');
    expect(await server.store.catalogue.listModels()).toHaveLength(shipped.models.length);
  });
});

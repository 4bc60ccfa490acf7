/** The phone catalogue: upsert replaces by uuid; listing by vendor. */
import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../src/records.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { useStore } from './helpers.js';

const nokia = { uuid: 'v-nokia', name: 'Nokia' };
const sony = { uuid: 'v-sony', name: 'Sony Ericsson' };
const n95: ModelRecord = {
  uuid: 'm-n95',
  vendorUuid: nokia.uuid,
  name: 'N95',
  imageUrl: 'https://img.test/n95.png',
  syncmlVersion: '1.2',
  dataclasses: ['Contacts', 'Calendar', 'Notes'],
  quirks: { localTime: true, maxFieldLength: { N: 32 } },
};
const k750: ModelRecord = { uuid: 'm-k750', vendorUuid: sony.uuid, name: 'K750i', imageUrl: '', syncmlVersion: null, dataclasses: [], quirks: {} };

describe.each(storeKinds)('catalogue (%s)', (kind) => {
  const store = useStore(kind);

  it('starts empty, upserts vendors and models, lists and gets them', async () => {
    expect(await store().catalogue.isEmpty()).toBe(true);
    await store().catalogue.upsert([sony, nokia], [n95, k750]);
    expect(await store().catalogue.isEmpty()).toBe(false);
    expect(await store().catalogue.listVendors()).toEqual([nokia, sony]);
    expect(await store().catalogue.getVendor(sony.uuid)).toEqual(sony);
    expect(await store().catalogue.getVendor('missing')).toBeUndefined();
    expect(await store().catalogue.listModels()).toEqual([k750, n95]);
    expect(await store().catalogue.listModels(nokia.uuid)).toEqual([n95]);
    expect(await store().catalogue.listModels('missing')).toEqual([]);
    expect(await store().catalogue.getModel(n95.uuid)).toEqual(n95);
    expect(await store().catalogue.getModel('missing')).toBeUndefined();
  });

  it('replaces by uuid, leaving the others alone; the last of a repeated uuid wins', async () => {
    await store().catalogue.upsert([nokia, sony], [n95, k750]);
    const renamed = { ...nokia, name: 'Nokia Oyj' };
    const n95b: ModelRecord = { ...n95, name: 'N95 8GB', syncmlVersion: '1.1.2', dataclasses: ['Contacts'], quirks: { vcard21Only: true } };
    await store().catalogue.upsert([renamed, { ...renamed, name: 'Nokia Corporation' }], [n95, n95b]);
    expect(await store().catalogue.getVendor(nokia.uuid)).toEqual({ ...nokia, name: 'Nokia Corporation' });
    expect(await store().catalogue.getModel(n95.uuid)).toEqual(n95b);
    expect(await store().catalogue.getModel(k750.uuid)).toEqual(k750);
    expect(await store().catalogue.listVendors()).toHaveLength(2);
  });

  it('is not empty with models alone', async () => {
    await store().catalogue.upsert([], [k750]);
    expect(await store().catalogue.isEmpty()).toBe(false);
  });
});

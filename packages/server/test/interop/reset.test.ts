/**
 * A phone that forgot every sync (its SyncEvolution state wiped, its contacts kept) slow-syncs
 * again and nothing doubles: the server matches each of its contacts to the one it holds, the
 * phone gets none twice, and the next two-way sync moves nothing. In XML and in WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, vcard30 } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';

const NONE = { added: 0, updated: 0, removed: 0, rejected: 0 };

describe.each(ENCODINGS)('a device whose state was reset (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`reset-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('slow-syncs again without doubling anything, on the server or on either device', { timeout: 300_000 }, async () => {
    const account = await setting.newAccount(`reset-${encoding}`);
    const user = 'crm-reset';
    const uploaded = contacts(60).map((c) => vcard30(c));
    const a = await addDevice(setting, { user, encoding, account });
    await a.phone.addItems('contacts', uploaded, 'contact');
    expectSynced(await a.phone.sync('contacts', 'slow'));
    const b = await addDevice(setting, { user, encoding, account });
    expectSynced(await b.phone.sync('contacts', 'refresh-from-server'));

    for (const device of [a, b]) {
      await device.phone.reset();
      const again = await device.phone.sync('contacts', 'two-way');
      expectSynced(again);
      // The phone knows no anchors any more: its two-way starts as a slow sync.
      expect(again.report.mode).toBe('slow');
      expect(again.report.client.added, 'items the server sent the reset phone as new').toBe(0);
      expect(await serverItems(device, 'Contacts')).toHaveLength(60);
      expect((await device.phone.items('contacts')).size).toBe(60);
    }
    for (const device of [a, b]) {
      const idle = await device.phone.sync('contacts', 'two-way');
      expectSynced(idle);
      expect(idle.report).toMatchObject({ mode: 'two-way', client: NONE, server: NONE });
    }
    expectSameItems('Contacts', ['uploaded', uploaded], ['server', await serverItems(a, 'Contacts')]);
    expectSameItems('Contacts', ['uploaded', uploaded], ['device A', (await a.phone.items('contacts')).values()]);
    expectSameItems('Contacts', ['uploaded', uploaded], ['device B', (await b.phone.items('contacts')).values()]);
  });
});

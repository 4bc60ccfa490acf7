/**
 * A real phone's first sync with our server: SyncEvolution uploads 500 contacts in a slow sync,
 * the datastore then holds exactly those 500, and a second phone of the same user that refreshes
 * from the server (Alert 205) receives all 500. In XML and in WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, vcard30 } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';

describe.each(ENCODINGS)('slow sync of 500 contacts (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`slow-sync-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('takes 500 contacts up in a slow sync, and a second device refreshing from the server gets all 500', { timeout: 600_000 }, async () => {
    const user = `slow-sync-${encoding}`;
    const a = await addDevice(setting, { user, encoding });
    const uploaded = contacts(500).map((c) => vcard30(c));
    await a.phone.addItems('contacts', uploaded, 'contact');

    const up = await a.phone.sync('contacts', 'slow');
    expectSynced(up);
    expect(up.report).toMatchObject({ mode: 'slow', server: { added: 500, updated: 0, removed: 0, rejected: 0 }, client: { added: 0, updated: 0, removed: 0 } });
    const stored = await serverItems(a, 'Contacts');
    expect(stored).toHaveLength(500);
    expectSameItems('Contacts', ['uploaded', uploaded], ['server', stored]);

    const b = await addDevice(setting, { user, encoding });
    const down = await b.phone.sync('contacts', 'refresh-from-server');
    expectSynced(down);
    expect(down.report).toMatchObject({ mode: 'refresh-from-server', client: { added: 500, rejected: 0 }, server: { added: 0, updated: 0, removed: 0 } });
    expectSameItems('Contacts', ['uploaded', uploaded], ['device B', (await b.phone.items('contacts')).values()]);
    // Nothing came back to the server in the refresh.
    expect(await serverItems(a, 'Contacts')).toHaveLength(500);
  });
});

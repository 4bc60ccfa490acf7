/**
 * Phones authenticate with the account's own credentials: `syncml:auth-md5` (with the server's
 * Chal/NextNonce) and `syncml:auth-basic` both sync; a wrong password, either way, is refused with
 * an authentication status and leaves the server's datastore as it was. In XML and in WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, vcard30 } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';
import { SyncEvolutionPhone } from './support/syncevolution.js';

const AUTHS = ['md5', 'basic'] as const;

/** SyncML's "invalid credentials" (401) and "missing credentials" (407), as SyncEvolution reports them. */
const AUTH_STATUSES = [401, 407];

describe.each(ENCODINGS)('authentication (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`auth-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it.each(AUTHS)('syncs with syncml:auth-%s', { timeout: 120_000 }, async (auth) => {
    const account = await setting.newAccount(`auth-${auth}-${encoding}`);
    const device = await addDevice(setting, { user: 'crm-auth', encoding, account, auth, dumpMessages: true });
    const uploaded = contacts(10).map((c) => vcard30(c));
    await device.phone.addItems('contacts', uploaded, 'contact');
    const result = await device.phone.sync('contacts', 'slow');
    expectSynced(result);
    // The phone really authenticated that way (the type is a string in WBXML too).
    expect(result.messages!.find((m) => m.direction === 'sent')!.body.toString('latin1')).toContain(`syncml:auth-${auth}`);
    expectSameItems('Contacts', ['uploaded', uploaded], ['server', await serverItems(device, 'Contacts')]);
  });

  it.each(AUTHS)('refuses a wrong password sent with syncml:auth-%s, changing nothing', { timeout: 120_000 }, async (auth) => {
    const account = await setting.newAccount(`wrong-${auth}-${encoding}`);
    const device = await addDevice(setting, { user: 'crm-auth', encoding, account, auth });
    await device.phone.addItems('contacts', contacts(5).map((c) => vcard30(c)), 'contact');
    expectSynced(await device.phone.sync('contacts', 'slow'));
    const before = await serverItems(device, 'Contacts');

    // The same phone (its DevID), set up again with a wrong password and other contacts.
    const impostor = new SyncEvolutionPhone({ ...device.phone.options, dir: device.phone.dir + '-wrong-password', password: 'not-the-password', auth });
    await impostor.addItems('contacts', contacts(3, 9).map((c) => vcard30(c)), 'contact');
    for (const mode of ['slow', 'refresh-from-client'] as const) {
      const refused = await impostor.sync('contacts', mode);
      expect(refused.ok).toBe(false);
      expect(refused.timedOut).toBe(false);
      expect(AUTH_STATUSES, `status ${refused.status}: ${refused.error}\n${refused.output}`).toContain(refused.status);
      expect(refused.report.server).toEqual({ added: 0, updated: 0, removed: 0, rejected: 0 });
    }
    const after = await serverItems(device, 'Contacts');
    expect(after).toHaveLength(before.length);
    expectSameItems('Contacts', ['before', before], ['after', after]);
  });
});

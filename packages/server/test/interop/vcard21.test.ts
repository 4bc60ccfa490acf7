/**
 * vCard 2.1 on the wire: a phone that keeps and speaks only vCard 2.1 (SyncEvolution's file
 * backend with text/x-vcard, the only format its DevInf offers) receives the contacts a vCard 3.0
 * phone uploaded as 2.1, QUOTED-PRINTABLE UTF-8 and all, and its own 2.1 contacts reach the server
 * and the 3.0 phone intact. In XML and in WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, vcard21, vcard30 } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';
import type { Message } from './support/syncevolution.js';

/** The vCard versions the item data of these messages carry. */
const versionsIn = (messages: readonly Message[] | undefined, direction: Message['direction']) =>
  new Set(messages!.filter((m) => m.direction === direction).flatMap((m) => m.body.toString('latin1').match(/VERSION:\d\.\d/g) ?? []));

describe.each(ENCODINGS)('vCard 2.1 on the wire (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`vcard21-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('a vCard 2.1 phone gets a 3.0 phone\'s contacts as 2.1, and its own 2.1 contacts reach the 3.0 phone', { timeout: 300_000 }, async () => {
    const account = await setting.newAccount(`vcard21-${encoding}`);
    const user = 'crm-vcard21';
    const modern = contacts(25).map((c) => vcard30(c));
    const a = await addDevice(setting, { user, encoding, account });
    await a.phone.addItems('contacts', modern, 'contact');
    expectSynced(await a.phone.sync('contacts', 'slow'));

    const legacy = { contacts: { uri: 'contacts', format: 'text/x-vcard', wireFormat: 'text/x-vcard' } } as const;
    const b = await addDevice(setting, { user, encoding, account, datastores: legacy, dumpMessages: true });
    const down = await b.phone.sync('contacts', 'refresh-from-server');
    expectSynced(down);
    expect(down.report).toMatchObject({ client: { added: 25, rejected: 0 } });
    expect(versionsIn(down.messages, 'received')).toEqual(new Set(['VERSION:2.1']));
    const onB = [...(await b.phone.items('contacts')).values()];
    expect(onB.every((t) => /^VERSION:2\.1\r?$/m.test(t))).toBe(true);
    expectSameItems('Contacts', ['uploaded by A (3.0)', modern], ['device B (2.1)', onB]);

    const old = contacts(10, 21).map(vcard21);
    await b.phone.addItems('contacts', old, 'v21');
    const up = await b.phone.sync('contacts', 'two-way');
    expectSynced(up);
    expect(up.report).toMatchObject({ server: { added: 10, rejected: 0 }, client: { added: 0, updated: 0, removed: 0 } });
    expect(versionsIn(up.messages, 'sent')).toEqual(new Set(['VERSION:2.1']));
    expectSameItems('Contacts', ['expected', [...modern, ...old]], ['server', await serverItems(b, 'Contacts')]);

    const back = await a.phone.sync('contacts', 'two-way');
    expectSynced(back);
    expect(back.report).toMatchObject({ client: { added: 10, updated: 0, removed: 0, rejected: 0 } });
    expectSameItems('Contacts', ['expected', [...modern, ...old]], ['device A (3.0)', (await a.phone.items('contacts')).values()]);
  });
});

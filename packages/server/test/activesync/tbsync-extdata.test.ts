/**
 * A phone whose contacts live in Radicale: TbSync's ActiveSync client (support/tbsync/, Debian's
 * webext-eas4tbsync) registered through the SDK as a user would, its ActiveSync client bound not
 * to a datastore but to an extdata client of Debian's Radicale (htpasswd), registered from the
 * server's root. Each phone Sync runs the binding against Radicale over CardDAV: a contact on
 * Radicale reaches the phone; one added on the phone reaches Radicale; and nothing doubles on
 * either side in the syncs after.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { basicHeader } from '../dav/clients/target.js';
import { TbsyncDevice, type Contact } from './support/tbsync/device.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const vcard = (uid: string, given: string, family: string, email: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `N:${family};${given};;;`, `FN:${given} ${family}`, `EMAIL;TYPE=INTERNET:${email}`, 'END:VCARD', ''].join('\r\n');

/** "Given Family <email>", of a contact on the device. */
const named = (contact: Contact): string => `${contact.FirstName ?? ''} ${contact.LastName ?? ''} <${contact.PrimaryEmail ?? ''}>`;

/** The same of each card in Radicale's address book (read with one addressbook-query). */
async function radicaleNames(radicale: RadicaleTarget): Promise<string[]> {
  const response = await fetch(`${radicale.url}/${radicale.username}/contacts/`, {
    method: 'REPORT',
    headers: { authorization: basicHeader(radicale), depth: '1', 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><c:address-data/></d:prop></c:addressbook-query>',
  });
  expect(response.status).toBe(207);
  const text = (await response.text()).replace(/&#13;/g, '').replace(/\r?\n[ \t]/g, '');
  return [...text.matchAll(/BEGIN:VCARD[\s\S]*?END:VCARD/g)]
    .map(([card]) => {
      const [family = '', given = ''] = (/^N[;:](?:[^:\n]*:)?([^\n]*)$/m.exec(card)?.[1] ?? '').trim().split(';');
      const email = (/^EMAIL[^:\n]*:([^\n]*)$/m.exec(card)?.[1] ?? '').trim();
      return `${given} ${family} <${email}>`;
    })
    .sort();
}

async function radicalePut(radicale: RadicaleTarget, name: string, body: string): Promise<void> {
  const response = await fetch(`${radicale.url}/${radicale.username}/contacts/${name}`, {
    method: 'PUT',
    headers: { authorization: basicHeader(radicale), 'content-type': 'text/vcard; charset=utf-8' },
    body,
  });
  expect(response.status).toBe(201);
}

describe.each(['2.5', '14.0'] as const)('TbSync phone bound to an extdata client on Radicale, EAS %s', (version) => {
  let server: TestServer;
  let radicale: RadicaleTarget;
  beforeAll(async () => {
    [server, radicale] = await Promise.all([startTestServer('sqlite'), startRadicale()]);
  }, 60_000);
  afterAll(async () => {
    await radicale?.stop();
    await server?.close();
  });

  it("takes Radicale's contacts down to the phone and the phone's up to Radicale, doubling nothing", async () => {
    await radicalePut(radicale, 'ada.vcf', vcard('ada-1', 'Ada', 'Lovelace', 'ada@example.org'));

    const sdk = server.alice.client;
    const ext = (
      await sdk.extdata.create({
        userId: `radicale-${version}`,
        datastores: [{ dataclass: 'Contacts', href: `${radicale.url}/`, token: { tokenType: 2, key: radicale.username, secret: radicale.password } }],
      })
    ).client.uuid!;
    const username = `tbsync-extdata-${version}@example.org`;
    const password = `Birch-${randomBytes(6).toString('hex')}`;
    const phoneClient = (await sdk.activesync.create({ username, password })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: phoneClient }, target: { syncSource: 'extdata', uuid: ext } });
    const device = new TbsyncDevice({ serverUrl: `${server.url}/Microsoft-Server-ActiveSync`, user: username, password, version });

    // Radicale's contact reaches the phone.
    const first = await device.sync();
    expect(first, first.details).toMatchObject({ ok: true, status: 'success' });
    expect(device.contacts().map(named)).toEqual(['Ada Lovelace <ada@example.org>']);

    // One added on the phone reaches Radicale; one added on Radicale meanwhile reaches the phone.
    device.addContact({ FirstName: 'Katherine', LastName: 'Johnson', PrimaryEmail: 'kj@example.org' });
    await radicalePut(radicale, 'grace.vcf', vcard('grace-1', 'Grace', 'Hopper', 'grace@example.org'));
    const second = await device.sync();
    expect(second, second.details).toMatchObject({ ok: true, status: 'success' });
    const everyone = ['Ada Lovelace <ada@example.org>', 'Grace Hopper <grace@example.org>', 'Katherine Johnson <kj@example.org>'];
    expect(await radicaleNames(radicale)).toEqual(everyone);
    // A change on Radicale is read on the phone's next Sync (the one that sent ours may have read it already).
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts().map(named).sort()).toEqual(everyone);

    // And they stay so: nothing echoes back or doubles.
    expect((await device.sync()).ok).toBe(true);
    expect((await device.sync()).ok).toBe(true);
    expect(device.contacts().map(named).sort()).toEqual(everyone);
    expect(await radicaleNames(radicale)).toEqual(everyone);
  });
});

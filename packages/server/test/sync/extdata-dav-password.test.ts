/**
 * A password changed at the provider keeps the binding (issue 22): the user PUTs the client again
 * naming the datastore it has (same dataclass and href) with the new password, which replaces the
 * stored one in place — checked against the remote first, as registration checks — and the next
 * run syncs from where the last one stopped: a normal sync (200), not a slow one, with exact
 * statistics. Against Debian's Radicale (htpasswd, read at each sign-in: the password changes when
 * the file is rewritten), through the REST API.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, refusal, type TestServer } from '../support/server.js';
import { startRadicale, type RadicaleTarget } from '../dav/clients/radicale.js';
import { basicHeader } from '../dav/clients/target.js';
import { card, datastoreSide, expectFailed, expectRun } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const NEW_PASSWORD = 'the-new-app-password';

let server: TestServer;
let radicale: RadicaleTarget;
beforeAll(async () => {
  [server, radicale] = await Promise.all([startTestServer('sqlite'), startRadicale()]);
}, 60_000);
afterAll(async () => {
  await radicale?.stop();
  await server?.close();
});

const withUid = (vcard: string, uid: string): string => vcard.replace('END:VCARD', `UID:${uid}\r\nEND:VCARD`);

/** A card put on Radicale directly (as another client of the account would), signed in with `password`. */
async function remotePut(book: string, name: string, body: string, password: string): Promise<void> {
  const response = await fetch(new URL(name, book), {
    method: 'PUT',
    headers: { authorization: basicHeader({ username: radicale.username, password }), 'content-type': 'text/vcard; charset=utf-8' },
    body,
  });
  await response.arrayBuffer();
  expect(response.status).toBe(201);
}

describe('a new password for an extdata datastore over CardDAV (Radicale)', () => {
  it('replaces the token in place after the provider refused it: the next run is a normal sync with exact statistics', async () => {
    const book = `${radicale.url}/${radicale.username}/contacts/`;
    const token = (secret: string) => ({ tokenType: 2 as const, key: radicale.username, secret });
    const near = await datastoreSide(server.alice);
    await near.add('Anna Berg');
    await near.add('Bo Ek');
    const ext = (await server.alice.client.extdata.create({ userId: 'harness@radicale', datastores: [{ dataclass: 'Contacts', href: book, token: token(radicale.password) }] })).client.uuid!;
    const binding = Number((await server.alice.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near.uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
    const run = () => server.alice.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });
    expectRun(await run(), 201, { addsOut: 2 }, { addsIn: 2 });
    const stored = async () => (await server.store.extdata.get(server.alice.id, ext))!.datastores;
    const registered = await stored();

    // A wrong password is refused with the remote's reason, and changes nothing: the stored one still opens the book.
    const wrong = await refusal(server.alice.client.extdata.update(ext, { datastores: [{ dataclass: 'Contacts', href: book, token: token('not-the-password') }] }));
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('validation_failed');
    expect(JSON.stringify(wrong.details)).toMatch(/datastore\[1\]\/@href.*refused the username and password: .*401/);
    expect(JSON.stringify(wrong.details)).not.toContain('not-the-password');
    expect(await stored()).toEqual(registered);
    expectRun(await run(), 200, {}, {});

    // The password changes at the provider: the run fails, saying what to do, and no password in the reason.
    await writeFile(radicale.usersFile, `${radicale.username}:${NEW_PASSWORD}\n`);
    const refused = expectFailed(await run(), 200);
    expect(refused).toContain('401');
    expect(refused).toContain(`PUT /v2/services/extdata/${ext}/`);
    expect(refused).not.toContain(radicale.password);

    // Meanwhile each side gains a card.
    await near.add('Cecilia Lund');
    await remotePut(book, 'dag.vcf', withUid(card('Dag Holm'), 'dag-1'), NEW_PASSWORD);

    // The new password, PUT for the datastore the client has: 200, still one Contacts datastore, the same collection.
    const updated = await server.alice.client.extdata.update(ext, { datastores: [{ dataclass: 'Contacts', href: book, token: token(NEW_PASSWORD) }] });
    expect(updated.client.datastores?.map((d) => [d.dataclass, d.href])).toEqual([['Contacts', book]]);
    expect(JSON.stringify(updated)).not.toContain(NEW_PASSWORD);
    const now = await stored();
    expect(now).toHaveLength(1);
    expect(now[0]!.dav).toEqual(registered[0]!.dav);
    // Sealed at rest: the store holds no password in clear, and the sealed secret opens to the new one.
    expect(JSON.stringify(now)).not.toContain(NEW_PASSWORD);
    expect(server.secrets.open(now[0]!.token!.sealedSecret)).toBe(NEW_PASSWORD);

    // A normal sync from the anchors the last good run left: one card each way, no slow sync, no doubles.
    expectRun(await run(), 200, { addsOut: 1, addsIn: 1 }, { addsIn: 1, addsOut: 1 });
    expect((await near.bodies()).length).toBe(4);
    expectRun(await run(), 200, {}, {});
  });

  it('still refuses a second datastore of a class, a repeated datastore without a token, and another name for it', async () => {
    // The harness's own password again (the test before changed it).
    await writeFile(radicale.usersFile, `${radicale.username}:${radicale.password}\n`);
    const book = `${radicale.url}/${radicale.username}/contacts/`;
    const token = { tokenType: 2 as const, key: radicale.username, secret: radicale.password };
    const ext = (await server.alice.client.extdata.create({ userId: 'harness@radicale-2', datastores: [{ dataclass: 'Contacts', href: book, token }] })).client.uuid!;
    const before = await server.store.extdata.get(server.alice.id, ext);
    const cases: [Parameters<typeof server.alice.client.extdata.update>[1], RegExp][] = [
      [{ datastores: [{ dataclass: 'Contacts', href: `${radicale.url}/`, token }] }, /already has a datastore for Contacts/],
      [{ datastores: [{ dataclass: 'Contacts', href: book }] }, /datastore\[1\]\/token.*replaces its token/],
      [{ datastores: [{ dataclass: 'Contacts', href: book, name: 'Other', token }] }, /datastore\[1\]\/@name.*not the registered datastore's/],
      [{ datastores: [{ dataclass: 'Contacts', href: book, token }, { dataclass: 'Contacts', href: book, token }] }, /datastore\[2\]\/@href.*same datastore as an earlier one/],
    ];
    for (const [body, why] of cases) {
      const error = await refusal(server.alice.client.extdata.update(ext, body));
      expect(error.status).toBe(400);
      expect(JSON.stringify(error.details)).toMatch(why);
    }
    expect(await server.store.extdata.get(server.alice.id, ext)).toEqual(before);
  });
});

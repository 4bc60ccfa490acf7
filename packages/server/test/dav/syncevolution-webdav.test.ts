/**
 * SyncEvolution's WebDAV backend (CardDAV) against atomsync's address book: two local `file`
 * datastores, A finding the address book by SyncEvolution's own discovery from the server's root
 * and B given the collection's URL, sync contacts two-way through it: 20 up from A, down into
 * B's empty directory, then an edit and a delete each way, converging with exact counts on both
 * sides of every sync, all three (A, B, the datastore) holding the same 18 contacts, and a last
 * sync moving nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datastoreItems } from '../interop/support/atomsync.js';
import { startAtomsync, type AtomsyncTarget } from './clients/atomsync.js';
import { discover, memberHrefs } from './clients/discovery.js';
import { WebdavContacts, type WebdavSyncResult } from './clients/syncevolution-webdav.js';

const NONE = { added: 0, updated: 0, removed: 0, rejected: 0 };

const vcard = (given: string, family: string, email: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${given} ${family}`, `EMAIL;TYPE=INTERNET:${email}`, 'END:VCARD', ''].join('\r\n');

/** What is compared everywhere: "Given Family <email>" (SyncEvolution rewrites the rest of a vCard). */
function namedCard(card: string): string {
  const unfolded = card.replace(/\r?\n[ \t]/g, '');
  const [family = '', given = ''] = (/^N[;:](?:[^:\r\n]*:)?([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '').split(';');
  const email = /^EMAIL[^:\r\n]*:([^\r\n]*)$/m.exec(unfolded)?.[1] ?? '';
  return `${given} ${family} <${email}>`;
}

const sorted = (names: Iterable<string>) => [...names].sort();

function expectOk(result: WebdavSyncResult): void {
  expect(result.ok, `${result.error ?? ''} (status ${result.status})\n${result.output}`).toBe(true);
}

describe('SyncEvolution (WebDAV backend, CardDAV) against atomsync', () => {
  let target: AtomsyncTarget;
  let work: string;
  beforeAll(async () => {
    target = await startAtomsync();
    work = mkdtempSync(join(tmpdir(), 'atomsync-syncevolution-webdav-'));
  });
  afterAll(async () => {
    await target?.stop();
    if (process.env.ATOMSYNC_KEEP_INTEROP_DIRS === '1') console.log(`kept ${work}`);
    else if (work) rmSync(work, { recursive: true, force: true });
  });

  it('20 contacts up and down, then an edit and a delete each way converge with exact counts', { timeout: 240_000 }, async () => {
    const book = (await discover(target)).addressBooks.find((b) => b.name === target.datastoreClient)!;
    const a = new WebdavContacts({ target, dir: join(work, 'a') });
    const b = new WebdavContacts({ target, dir: join(work, 'b'), database: book.url });
    const serverNames = async () => (await datastoreItems(target.client, target.datastoreClient, 'Contacts')).map(namedCard);
    const fileOf = async (side: WebdavContacts, email: string) => [...(await side.items())].find(([, text]) => text.includes(email))![0];

    const expected = new Map<string, string>();
    for (let i = 0; i < 20; i++) {
      const email = `person.${i}@example.org`;
      expected.set(email, `Pat Person ${i} <${email}>`);
      await a.writeItem(`contact-${i}.vcf`, vcard('Pat', `Person ${i}`, email));
    }

    // Up from A: a first sync is a slow one.
    const up = await a.sync('two-way');
    expectOk(up);
    expect(up.report).toMatchObject({ mode: 'slow', server: { added: 20, rejected: 0 }, client: NONE });
    expect(await memberHrefs(target, book.url)).toHaveLength(20);
    expect(sorted(await serverNames())).toEqual(sorted(expected.values()));

    // Down into B's empty directory.
    const down = await b.sync('refresh-from-server');
    expectOk(down);
    expect(down.report).toMatchObject({ client: { added: 20, updated: 0, removed: 0, rejected: 0 }, server: NONE });
    expect(sorted([...(await b.items()).values()].map(namedCard))).toEqual(sorted(expected.values()));

    // A edits one and deletes one; B edits another and deletes another.
    await a.writeItem(await fileOf(a, 'person.0@example.org'), vcard('Pat', 'Edited on A', 'person.0@example.org'));
    expected.set('person.0@example.org', 'Pat Edited on A <person.0@example.org>');
    await a.removeItem(await fileOf(a, 'person.1@example.org'));
    expected.delete('person.1@example.org');
    await b.writeItem(await fileOf(b, 'person.2@example.org'), vcard('Pat', 'Edited on B', 'person.2@example.org'));
    expected.set('person.2@example.org', 'Pat Edited on B <person.2@example.org>');
    await b.removeItem(await fileOf(b, 'person.3@example.org'));
    expected.delete('person.3@example.org');

    const aUp = await a.sync('two-way');
    expectOk(aUp);
    expect(aUp.report).toMatchObject({ mode: 'two-way', server: { added: 0, updated: 1, removed: 1, rejected: 0 }, client: NONE });

    const bBoth = await b.sync('two-way');
    expectOk(bBoth);
    expect(bBoth.report).toMatchObject({ mode: 'two-way', server: { added: 0, updated: 1, removed: 1, rejected: 0 }, client: { added: 0, updated: 1, removed: 1, rejected: 0 } });

    const aDown = await a.sync('two-way');
    expectOk(aDown);
    expect(aDown.report).toMatchObject({ mode: 'two-way', server: NONE, client: { added: 0, updated: 1, removed: 1, rejected: 0 } });

    const want = sorted(expected.values());
    expect(want).toHaveLength(18);
    expect(sorted([...(await a.items()).values()].map(namedCard))).toEqual(want);
    expect(sorted([...(await b.items()).values()].map(namedCard))).toEqual(want);
    expect(sorted(await serverNames())).toEqual(want);
    expect(await memberHrefs(target, book.url)).toHaveLength(18);

    // And stay so.
    for (const side of [b, a]) {
      const idle = await side.sync('two-way');
      expectOk(idle);
      expect(idle.report).toMatchObject({ mode: 'two-way', server: NONE, client: NONE });
    }
  });
});

/**
 * The extdata connector against a real remote: a second atomsync server started here, whose
 * datastore contents API is the remote feed, reached with an OAuth consumer of the remote account
 * registered as the datastore's token (sealed with our own SecretBox, as the store keeps it).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AtomSyncClient } from '@atomsync/sdk';
import type { Change } from '@atomsync/engine';
import type { ItemDataclass } from '@atomsync/items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extdataConnector, extdataCoverage } from '../../src/connectors/extdata/index.js';
import { SecretBox } from '../../src/secrets/box.js';
import type { ExtdataClientRecord, ExtdataDatastoreRecord } from '@atomsync/store';
import { startTestServer, type TestAccount, type TestServer } from '../support/server.js';
import { NOTE, VCARD, VEVENT, VTODO } from '../datastore/fixtures.js';

const vcard = (name: string) => VCARD.replace('Lars Erik Nilsson', name);

let remote: TestServer;
const secrets = SecretBox.ephemeral();
const consumers = new Map<string, { key: string; secret: string }>();

beforeAll(async () => {
  remote = await startTestServer('sqlite');
  for (const account of [remote.alice, remote.bob]) {
    const { consumer } = await remote.root.client.admin.createConsumer(account.username);
    consumers.set(account.username, consumer);
  }
});
afterAll(async () => {
  await remote?.close();
});

/** A fresh datastore client on the remote, owned by `account`: its contents API and the href of its feed. */
async function remoteFeed(account: TestAccount = remote.alice): Promise<{ href: string; contents: ReturnType<AtomSyncClient['datastore']['contents']>; account: TestAccount }> {
  const entry = await account.client.datastore.create({ userId: `remote-${randomUUID()}` });
  const uuid = entry.client.uuid!;
  return { href: `${remote.url}/v2/services/datastore/${uuid}/contents/`, contents: account.client.datastore.contents(uuid), account };
}

/** The datastore record of `href`, its token being `account`'s consumer, sealed. */
function datastore(dataclass: ExtdataDatastoreRecord['dataclass'], href: string, account: TestAccount = remote.alice, secret?: string): ExtdataDatastoreRecord {
  const consumer = consumers.get(account.username)!;
  return { dataclass, href, name: null, token: { type: 2, sealedKey: secrets.seal(consumer.key), sealedSecret: secrets.seal(secret ?? consumer.secret), scopes: [href] } };
}

function client(...datastores: ExtdataDatastoreRecord[]): ExtdataClientRecord {
  const now = new Date();
  return { uuid: randomUUID(), accountId: 1, userId: 'remote-user', datastores, created: now, updated: now };
}

/** A fetch that counts what passes through it, by method. */
function countingFetch(): { fetch: typeof globalThis.fetch; count: (method: string) => number } {
  const counts = new Map<string, number>();
  return {
    fetch: (input, init) => {
      const method = init?.method ?? 'GET';
      counts.set(method, (counts.get(method) ?? 0) + 1);
      return globalThis.fetch(input, init);
    },
    count: (method) => counts.get(method) ?? 0,
  };
}

const urnOf = (id: string | undefined) => id!.toLowerCase();

describe('listing (all)', () => {
  it('lists the remote items of the asked classes with their atom ids, and an anchor per feed', async () => {
    const { href, contents } = await remoteFeed();
    const lars = await contents.create({ title: 'Lars', content: { type: 'text/x-vcard', value: vcard('Lars Erik Nilsson') } });
    const anna = await contents.create({ title: 'Anna', content: { type: 'text/x-vcard', value: vcard('Anna Berg') } });
    const connector = extdataConnector(client(datastore('Contacts', href)), secrets);
    expect([connector.kind, connector.local]).toEqual(['extdata', false]);

    const listing = await connector.all(['Contacts']);
    expect(listing.entries.map((i) => i.id).sort()).toEqual([urnOf(lars.id), urnOf(anna.id)].sort());
    expect(listing.entries.find((i) => i.id === urnOf(lars.id))).toEqual({ id: urnOf(lars.id), dataclass: 'Contacts', type: 'text/x-vcard', title: 'Lars', body: vcard('Lars Erik Nilsson') });
    const anchor = JSON.parse(listing.anchor) as Record<string, string>;
    expect(Object.keys(anchor)).toEqual([href]);
    expect(anchor[href]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // The remote's clock less the margin: not in the future.
    expect(Date.parse(anchor[href]!)).toBeLessThanOrEqual(Date.now());
  });

  it('serves Events and Tasks from a Calendar datastore, each class alone or both', async () => {
    const { href, contents } = await remoteFeed();
    const event = await contents.create({ title: 'Kick-off', content: { type: 'text/calendar', value: VEVENT } });
    const task = await contents.create({ title: 'Passport', content: { type: 'text/calendar', value: VTODO } });
    await contents.create({ title: 'note', content: { type: 'text/plain', value: NOTE } });
    const connector = extdataConnector(client(datastore('Calendar', href)), secrets);

    expect((await connector.all(['Events'])).entries.map((i) => [i.id, i.dataclass])).toEqual([[urnOf(event.id), 'Events']]);
    expect((await connector.all(['Tasks'])).entries.map((i) => [i.id, i.dataclass])).toEqual([[urnOf(task.id), 'Tasks']]);
    const both = (await connector.all(['Events', 'Tasks'])).entries.map((i) => i.dataclass).sort();
    expect(both).toEqual(['Events', 'Tasks']);
  });

  it('refuses a class no datastore serves, and says which up front', async () => {
    const { href } = await remoteFeed();
    const record = client(datastore('Contacts', href));
    expect(extdataCoverage(record, ['Contacts'])).toEqual([]);
    expect(extdataCoverage(record, ['Contacts', 'Calendar', 'Notes'])).toEqual(['Events', 'Tasks', 'Notes']);
    expect(extdataCoverage(client(datastore('Calendar', href)), ['Events', 'Tasks'])).toEqual([]);
    await expect(extdataConnector(record, secrets).all(['Notes'])).rejects.toThrow(`extdata client ${record.uuid} has no datastore for Notes`);
    await expect(extdataConnector(record, secrets).apply([{ op: 'delete', id: 'urn:uuid:x', dataclass: 'Events' }])).rejects.toThrow(/no datastore for Events \(nor a Calendar datastore\)/);
  });

  it('fails with a clear reason, and no secret, when the remote refuses the token', async () => {
    const { href } = await remoteFeed();
    const wrong = `not-the-secret-${randomUUID()}`;
    const connector = extdataConnector(client(datastore('Contacts', href, remote.alice, wrong)), secrets, { retries: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } });
    const error = await connector.all(['Contacts']).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toBe(`extdata ${href}: 401 Unauthorized: the remote refused the datastore's token`);
    expect(error?.message).not.toContain(wrong);
  });
});

describe('a remote that pages (our own max-results and rel="next")', () => {
  it('reads a listing and a change feed page after page: every item once', async () => {
    const { href, contents } = await remoteFeed();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push(urnOf((await contents.create({ title: `n${i}`, content: { type: 'text/plain', value: `note ${i}` } })).id));
    const counting = countingFetch();
    const connector = extdataConnector(client(datastore('Notes', href)), secrets, { pageSize: 3, fetch: counting.fetch });
    const listing = await connector.all(['Notes']);
    expect(listing.entries.map((i) => i.id).sort()).toEqual([...created].sort());
    expect(counting.count('GET')).toBe(3);
    const moved = JSON.stringify({ [href]: new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) + 'Z' });
    const changes = await connector.changesSince(['Notes'], moved);
    expect(changes.entries.map((c) => (c.op === 'delete' ? c.id : c.item.id)).sort()).toEqual([...created].sort());
    expect(counting.count('GET')).toBe(6);
  });
});

describe('changes since an anchor', () => {
  it('reports the adds, edits and deletes made on the remote since, signing the query too', async () => {
    const { href, contents } = await remoteFeed();
    const kept = await contents.create({ title: 'Kept', content: { type: 'text/x-vcard', value: vcard('Kept Person') } });
    const edited = await contents.create({ title: 'Edited', content: { type: 'text/x-vcard', value: vcard('Edited Person') } });
    const removed = await contents.create({ title: 'Removed', content: { type: 'text/x-vcard', value: vcard('Removed Person') } });
    const connector = extdataConnector(client(datastore('Contacts', href)), secrets);
    const { anchor } = await connector.all(['Contacts']);

    const added = await contents.create({ title: 'Added', content: { type: 'text/x-vcard', value: vcard('Added Person') } });
    await contents.update(edited.id!.slice('urn:uuid:'.length), { title: 'Edited 2', content: { type: 'text/x-vcard', value: vcard('Edited Twice') } });
    await contents.delete(removed.id!.slice('urn:uuid:'.length));

    const { entries, anchor: next } = await connector.changesSince(['Contacts'], anchor);
    const byId = new Map<string, Change>();
    for (const change of entries) byId.set(change.op === 'delete' ? change.id : change.item.id, change);
    expect(byId.get(urnOf(added.id))).toEqual({ op: 'upsert', item: { id: urnOf(added.id), dataclass: 'Contacts', type: 'text/x-vcard', title: 'Added', body: vcard('Added Person') } });
    expect(byId.get(urnOf(edited.id))).toMatchObject({ op: 'upsert', item: { title: 'Edited 2', body: vcard('Edited Twice') } });
    expect(byId.get(urnOf(removed.id))).toEqual({ op: 'delete', id: urnOf(removed.id), dataclass: 'Contacts' });
    // Within the margin the unchanged item may repeat (harmless); never as a delete.
    const repeat = byId.get(urnOf(kept.id));
    expect(repeat === undefined || repeat.op === 'upsert').toBe(true);
    expect(Object.keys(JSON.parse(next) as object)).toEqual([href]);
  });

  it('asks only from the anchor on: an item unchanged since, before the margin, is not reported', async () => {
    const { href, contents } = await remoteFeed();
    const old = await contents.create({ title: 'Old', content: { type: 'text/plain', value: 'old note' } });
    // The since-form has second precision: let the remote's clock pass the old item's second.
    await sleep(1_100);
    const connector = extdataConnector(client(datastore('Notes', href)), secrets, { marginSeconds: 0 });
    const { anchor } = await connector.all(['Notes']);
    const fresh = await contents.create({ title: 'Fresh', content: { type: 'text/plain', value: 'fresh note' } });
    const ids = (await connector.changesSince(['Notes'], anchor)).entries.map((c) => (c.op === 'delete' ? c.id : c.item.id));
    expect(ids).toEqual([urnOf(fresh.id)]);
    expect(ids).not.toContain(urnOf(old.id));
  });

  it('lists a feed the anchor does not know yet in full, and refuses an anchor it did not write', async () => {
    const contactsFeed = await remoteFeed();
    const notesFeed = await remoteFeed();
    const note = await notesFeed.contents.create({ title: 'n', content: { type: 'text/plain', value: NOTE } });
    const connector = extdataConnector(client(datastore('Contacts', contactsFeed.href), datastore('Notes', notesFeed.href)), secrets);
    const { anchor } = await connector.all(['Contacts']);
    const listing = await connector.changesSince(['Contacts', 'Notes'], anchor);
    expect(listing.entries).toEqual([{ op: 'upsert', item: { id: urnOf(note.id), dataclass: 'Notes', type: 'text/plain', title: 'n', body: NOTE } }]);
    expect(Object.keys(JSON.parse(listing.anchor) as object).sort()).toEqual([contactsFeed.href, notesFeed.href].sort());
    await expect(connector.changesSince(['Contacts'], 'yesterday')).rejects.toThrow('is not one this connector wrote');
  });
});

describe('apply', () => {
  it('adds (new ids back), replaces and deletes through batch posts; a delete of what is gone is done', async () => {
    const { href, contents } = await remoteFeed();
    const existing = await contents.create({ title: 'Old title', content: { type: 'text/x-vcard', value: vcard('Old Name') } });
    const doomed = await contents.create({ title: 'Doomed', content: { type: 'text/x-vcard', value: vcard('Doomed Person') } });
    const connector = extdataConnector(client(datastore('Contacts', href)), secrets);

    const results = await connector.apply([
      { op: 'add', item: { dataclass: 'Contacts', type: 'text/x-vcard', title: 'New', body: vcard('New Person') } },
      { op: 'replace', id: urnOf(existing.id), item: { dataclass: 'Contacts', type: 'text/x-vcard', title: 'New title', body: vcard('New Name') } },
      { op: 'delete', id: urnOf(doomed.id), dataclass: 'Contacts' },
      { op: 'delete', id: `urn:uuid:${randomUUID()}`, dataclass: 'Contacts' },
    ]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
    const addedId = (results[0] as { id: string }).id;
    expect(addedId).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(results[1]).toEqual({ ok: true, id: urnOf(existing.id) });

    const now = (await contents.list()).entries;
    expect(now.map((e) => [urnOf(e.id), e.title, e.content?.value]).sort()).toEqual(
      [
        [addedId, 'New', vcard('New Person')],
        [urnOf(existing.id), 'New title', vcard('New Name')],
      ].sort(),
    );
  });

  it('answers a replace of an item the remote no longer has as stale (deleted after we read it), and the others still apply', async () => {
    const { href } = await remoteFeed();
    const connector = extdataConnector(client(datastore('Contacts', href)), secrets);
    const missing = `urn:uuid:${randomUUID()}`;
    const results = await connector.apply([
      { op: 'replace', id: missing, item: { dataclass: 'Contacts', type: 'text/x-vcard', title: 'x', body: vcard('X') } },
      { op: 'add', item: { dataclass: 'Contacts', type: 'text/x-vcard', title: 'ok', body: vcard('Okay') } },
    ]);
    expect(results[0]).toEqual({ ok: false, stale: true });
    expect(results[1]!.ok).toBe(true);
  });

  it('splits more than 1,000 changes into batches of at most 1,000', async () => {
    const { href, contents } = await remoteFeed();
    const counter = countingFetch();
    const connector = extdataConnector(client(datastore('Notes', href)), secrets, { fetch: counter.fetch });
    const adds = Array.from({ length: 2_101 }, (_, i) => ({ op: 'add' as const, item: { dataclass: 'Notes' as const, type: 'text/plain', title: `n${i}`, body: `note ${i}` } }));

    const added = await connector.apply(adds);
    expect(counter.count('POST')).toBe(3);
    expect(added.every((r) => r.ok)).toBe(true);
    const ids = added.map((r) => (r as { id: string }).id);
    expect(new Set(ids).size).toBe(2_101);
    const listed = [];
    for await (const entry of contents.iterateList({ dataclass: 'Notes' })) listed.push(entry);
    expect(listed).toHaveLength(2_101);
    // Each result is its own change's: the id of n1500 holds note 1500.
    const n1500 = listed.find((e) => urnOf(e.id) === ids[1_500])!;
    expect(n1500.content?.value).toBe('note 1500');

    const deleted = await connector.apply(ids.map((id) => ({ op: 'delete' as const, id, dataclass: 'Notes' as const })));
    expect(counter.count('POST')).toBe(6);
    expect(deleted.every((r) => r.ok)).toBe(true);
    expect((await contents.list()).entries).toHaveLength(0);
  });

  it('routes two classes to two feeds (two accounts, two tokens), results in the order given', async () => {
    const contactsFeed = await remoteFeed(remote.alice);
    const notesFeed = await remoteFeed(remote.bob);
    const connector = extdataConnector(client(datastore('Contacts', contactsFeed.href, remote.alice), datastore('Notes', notesFeed.href, remote.bob)), secrets);
    const classes: ItemDataclass[] = ['Notes', 'Contacts', 'Notes'];
    const results = await connector.apply(
      classes.map((dataclass, i) => ({
        op: 'add',
        item: dataclass === 'Notes' ? { dataclass, type: 'text/plain', title: `note ${i}`, body: `note ${i}` } : { dataclass, type: 'text/x-vcard', title: `card ${i}`, body: vcard(`Card ${i}`) },
      })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const notes = (await notesFeed.contents.list()).entries;
    const cards = (await contactsFeed.contents.list()).entries;
    expect(notes.map((e) => e.title).sort()).toEqual(['note 0', 'note 2']);
    expect(cards.map((e) => e.title)).toEqual(['card 1']);
    const idOf = (i: number) => (results[i] as { id: string }).id;
    expect(notes.find((e) => e.title === 'note 2')!.id!.toLowerCase()).toBe(idOf(2));
    expect(urnOf(cards[0]!.id)).toBe(idOf(1));

    const listing = await connector.all(['Contacts', 'Notes']);
    expect(listing.entries.map((i) => i.id).sort()).toEqual([idOf(0), idOf(1), idOf(2)].sort());
    const anchor = JSON.parse(listing.anchor) as Record<string, string>;
    expect(Object.keys(anchor).sort()).toEqual([contactsFeed.href, notesFeed.href].sort());
  });
});

describe('a real socket that stalls (the undici Agent and the per-attempt timeout)', () => {
  /** A node:http server that takes each request and answers `stall` of it, counting requests. */
  async function stalling(stall: 'headers' | 'body'): Promise<{ href: string; requests: () => number; close: () => Promise<void> }> {
    let requests = 0;
    const server: Server = createServer((_req, res) => {
      requests += 1;
      if (stall === 'body') {
        res.writeHead(200, { 'Content-Type': 'application/atom+xml' });
        res.write('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      href: `http://127.0.0.1:${port}/v2/services/datastore/${randomUUID()}/contents/`,
      requests: () => requests,
      close: () => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  it.each([
    ['headers', 'no answer within 300 ms'],
    ['body', 'reading the answer: no answer within 300 ms'],
  ] as const)('gives up on a remote that never sends its %s, after the bounded retries', async (stall, reason) => {
    const slow = await stalling(stall);
    try {
      const connector = extdataConnector(client(datastore('Notes', slow.href)), secrets, { timeoutMs: 300, retries: { retries: 1, minDelayMs: 1, maxDelayMs: 5 } });
      const error = await connector.all(['Notes']).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(new RegExp(`^extdata ${slow.href}: ${reason}( \\(UND_ERR_\\w+\\))? after 2 attempts$`));
      expect(slow.requests()).toBe(2);
    } finally {
      await slow.close();
    }
  });

  it('does not repeat a batch post whose answer stalls', async () => {
    const slow = await stalling('headers');
    try {
      const connector = extdataConnector(client(datastore('Notes', slow.href)), secrets, { timeoutMs: 300, retries: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } });
      await expect(connector.apply([{ op: 'add', item: { dataclass: 'Notes', type: 'text/plain', title: 'n', body: 'x' } }])).rejects.toThrow(/no answer within 300 ms/);
      expect(slow.requests()).toBe(1);
    } finally {
      await slow.close();
    }
  });
});

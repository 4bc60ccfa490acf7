/** The datastore connector over both stores: listings, anchors, applying changes, stale refusals. */
import { describe, expect, it } from 'vitest';
import type { Change, Connector } from '@atomsync/engine';
import { describeItem, earlierFingerprints, type ItemContent } from '@atomsync/items';
import { ANCHOR_MARGIN_MS, datastoreConnector } from '../../src/connectors/datastore.js';
import type { ClientKey, Store } from '@atomsync/store';
import { makeAccount, sleep, uid, useStore } from '../../../store/test/helpers.js';
import { storeKinds } from '../support/stores.js';
import { UUID } from '../support/server.js';

const note = (text: string): ItemContent => ({ dataclass: 'Notes', type: 'text/plain', title: text, body: text });
const contact = (name: string): ItemContent => ({
  dataclass: 'Contacts',
  type: 'text/x-vcard',
  title: name,
  body: `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${name}\r\nEND:VCARD\r\n`,
});
const event = (summary: string): ItemContent => ({
  dataclass: 'Events',
  type: 'text/calendar',
  title: summary,
  body: `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:${summary}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
});
const fingerprint = (item: ItemContent) => describeItem(item).fingerprint;
const byTitle = <T extends { title: string }>(items: readonly T[]) => [...items].sort((a, b) => a.title.localeCompare(b.title));

interface Fixture {
  readonly client: ClientKey;
  readonly connector: Connector;
  /** Puts items straight into the store; their uuids, in order. */
  seed(...items: ItemContent[]): Promise<string[]>;
}

async function fixture(store: Store): Promise<Fixture> {
  const account = await makeAccount(store, `user-${uid()}`);
  const client = { accountId: account.id, uuid: uid('ds') };
  await store.datastores.create({ uuid: client.uuid, accountId: account.id, userId: uid('user') });
  return {
    client,
    connector: datastoreConnector(store, client),
    async seed(...items) {
      const rows = await store.contents.insertMany(items.map((item) => ({ uuid: uid('c'), accountId: client.accountId, clientUuid: client.uuid, ...item })));
      return rows.map((row) => row.uuid);
    },
  };
}

describe.each(storeKinds)('datastore connector (%s)', (kind) => {
  const store = useStore(kind);

  it('is a local datastore side', async () => {
    const { connector } = await fixture(store());
    expect(connector.kind).toBe('datastore');
    expect(connector.local).toBe(true);
  });

  it('lists the live items of the asked classes of its own client, with an anchor taken before reading', async () => {
    const mine = await fixture(store());
    const other = await fixture(store());
    const [alice, , party] = await mine.seed(contact('Alice'), contact('Bob'), event('Party'), note('gone'));
    await other.seed(contact('Carol'));
    await store().contents.deleteMany(mine.client, [(await store().contents.list(mine.client, ['Notes']))[0]!.uuid]);

    const before = Date.now();
    const contacts = await mine.connector.all(['Contacts']);
    const after = Date.now();
    // Each with the description the store keeps beside it, which is describeItem's.
    expect(byTitle(contacts.entries)).toEqual([
      { id: alice, ...contact('Alice'), description: describeItem(contact('Alice')) },
      { id: expect.stringMatching(/^c-/), ...contact('Bob'), description: describeItem(contact('Bob')) },
    ]);
    const anchor = Number(contacts.anchor);
    expect(anchor).toBeGreaterThanOrEqual(before - ANCHOR_MARGIN_MS);
    expect(anchor).toBeLessThanOrEqual(after - ANCHOR_MARGIN_MS);

    expect((await mine.connector.all(['Events', 'Tasks'])).entries).toEqual([{ id: party, ...event('Party'), description: describeItem(event('Party')) }]);
    // The tombstone is no item.
    expect((await mine.connector.all(['Notes'])).entries).toEqual([]);
    expect((await mine.connector.all(['Contacts', 'Events', 'Tasks', 'Notes'])).entries).toHaveLength(3);
    expect((await mine.connector.all([])).entries).toEqual([]);
  });

  it('reports changes at and after an anchor, deletes as tombstones, and nothing older', async () => {
    const { connector, seed, client } = await fixture(store());
    const [keep, edit, drop] = await seed(contact('Keep'), contact('Edit'), contact('Drop'));
    const [memo] = await seed(note('memo'));
    await sleep(5);
    // An anchor is epoch milliseconds: this one lies after every write so far.
    const anchor = String(Date.now());
    await sleep(5);
    await store().contents.update(client, edit!, contact('Edited'));
    await store().contents.deleteMany(client, [drop!]);
    const [added] = await seed(contact('Added'));
    await store().contents.update(client, memo!, note('memo 2'));

    const changes = await connector.changesSince(['Contacts'], anchor);
    const sorted = [...changes.entries].sort((a, b) => (a.op === 'upsert' ? a.item.id : a.id).localeCompare(b.op === 'upsert' ? b.item.id : b.id));
    // Items with the descriptions the store keeps beside them.
    const expected: Change[] = [
      { op: 'upsert', item: { id: edit!, ...contact('Edited'), description: describeItem(contact('Edited')) } },
      { op: 'delete', id: drop!, dataclass: 'Contacts' },
      { op: 'upsert', item: { id: added!, ...contact('Added'), description: describeItem(contact('Added')) } },
    ];
    expect(sorted).toEqual([...expected].sort((a, b) => (a.op === 'upsert' ? a.item.id : a.id).localeCompare(b.op === 'upsert' ? b.item.id : b.id)));
    expect(changes.entries.some((c) => c.op === 'upsert' && c.item.id === keep)).toBe(false);
    expect(Number(changes.anchor)).toBeLessThanOrEqual(Date.now() - ANCHOR_MARGIN_MS);

    // The next anchor lies before these changes (the safety margin): asking again repeats them,
    // and the untouched item too.
    const again = await connector.changesSince(['Contacts'], changes.anchor);
    expect(again.entries).toHaveLength(4);
    // Other classes by their own filter.
    expect((await connector.changesSince(['Notes'], anchor)).entries).toEqual([{ op: 'upsert', item: { id: memo!, ...note('memo 2'), description: describeItem(note('memo 2')) } }]);
    // An anchor that is not ours reads from the beginning rather than miss anything.
    expect((await connector.changesSince(['Contacts', 'Notes'], 'not-an-anchor')).entries).toHaveLength(5);
  });

  it('applies adds, replaces and deletes in one call, one result per change in order', async () => {
    const { connector, seed, client } = await fixture(store());
    const [a, b, c] = await seed(note('a'), note('b'), note('c'));
    const results = await connector.apply([
      { op: 'add', item: note('new 1') },
      { op: 'replace', id: a!, item: note('a2'), expected: fingerprint(note('a')) },
      { op: 'delete', id: b!, dataclass: 'Notes', expected: fingerprint(note('b')) },
      { op: 'replace', id: c!, item: contact('C as a contact') },
      { op: 'add', item: event('new 2') },
      // Deleting what is gone already is done.
      { op: 'delete', id: uid('never'), dataclass: 'Notes' },
    ]);
    expect(results).toEqual([
      { ok: true, id: expect.stringMatching(UUID) },
      { ok: true, id: a },
      { ok: true, id: b },
      { ok: true, id: c },
      { ok: true, id: expect.stringMatching(UUID) },
      { ok: true, id: expect.any(String) },
    ]);
    const added = [results[0], results[4]].map((r) => (r?.ok === true ? r.id : ''));
    expect(new Set(added).size).toBe(2);

    const live = await store().contents.list(client);
    expect(byTitle(live.map((row) => ({ id: row.uuid, dataclass: row.dataclass, type: row.type, title: row.title, body: row.body })))).toEqual(
      byTitle([
        { id: a!, ...note('a2') },
        { id: c!, ...contact('C as a contact') },
        { id: added[0]!, ...note('new 1') },
        { id: added[1]!, ...event('new 2') },
      ]),
    );
    expect(await store().contents.get(client, b!)).toBeUndefined();
    // The delete is a tombstone the next listing of changes reports.
    const changes = await connector.changesSince(['Notes'], '0');
    expect(changes.entries).toContainEqual({ op: 'delete', id: b!, dataclass: 'Notes' });
  });

  it('keeps the stored bytes of an item a replace describes the same (a phone syncing it back in its own form); a real change is written', async () => {
    const { connector, seed, client } = await fixture(store());
    const stored: ItemContent = { ...contact('Ada Lovelace'), type: 'text/vcard', body: 'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:dav-1\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n' };
    // The same card as a 2.1 phone writes it: other bytes, other type, no UID, one description.
    const phone: ItemContent = { ...stored, type: 'text/x-vcard', body: 'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Lovelace;Ada\r\nFN:Ada Lovelace\r\nEND:VCARD\r\n' };
    expect(phone.body).not.toBe(stored.body);
    expect(fingerprint(phone)).toBe(fingerprint(stored));
    const [id] = await seed(stored);
    const collection = { ...client, dataclass: 'Contacts' as const };
    const sequence = await store().contents.collectionSequence(collection);

    const same = await connector.apply([
      { op: 'replace', id: id!, item: phone, expected: fingerprint(stored), description: describeItem(phone) },
      { op: 'replace', id: id!, item: phone, expected: fingerprint(stored) },
    ]);
    expect(same).toEqual([{ ok: true, id }, { ok: true, id }]);
    const kept = await store().contents.get(client, id!);
    expect({ type: kept?.type, body: kept?.body }).toEqual({ type: stored.type, body: stored.body });
    expect(await store().contents.collectionSequence(collection)).toBe(sequence);

    const renamed = { ...phone, body: phone.body.replace(/Ada/g, 'Augusta') };
    expect(await connector.apply([{ op: 'replace', id: id!, item: renamed, expected: fingerprint(stored) }])).toEqual([{ ok: true, id }]);
    expect((await store().contents.get(client, id!))?.body).toBe(renamed.body);
    expect(await store().contents.collectionSequence(collection)).toBeGreaterThan(sequence);
  });

  it('refuses as stale a replace or delete of an item that changed or went, and writes nothing of it', async () => {
    const { connector, seed, client } = await fixture(store());
    const [edited, deleted, fine] = await seed(note('one'), note('two'), note('three'));
    await store().contents.update(client, edited!, note('one, edited meanwhile'));
    await store().contents.deleteMany(client, [deleted!]);
    const results = await connector.apply([
      { op: 'replace', id: edited!, item: note('one, from the other side'), expected: fingerprint(note('one')) },
      { op: 'delete', id: edited!, dataclass: 'Notes', expected: fingerprint(note('one')) },
      { op: 'replace', id: deleted!, item: note('two, revived'), expected: fingerprint(note('two')) },
      // Without an expected version a replace still never revives a deleted item.
      { op: 'replace', id: deleted!, item: note('two, revived') },
      { op: 'delete', id: deleted!, dataclass: 'Notes', expected: fingerprint(note('two')) },
      { op: 'replace', id: fine!, item: note('three, updated'), expected: fingerprint(note('three')) },
    ]);
    expect(results).toEqual([
      { ok: false, stale: true },
      { ok: false, stale: true },
      { ok: false, stale: true },
      { ok: false, stale: true },
      { ok: false, stale: true },
      { ok: true, id: fine },
    ]);
    expect((await store().contents.get(client, edited!))?.body).toBe('one, edited meanwhile');
    expect(await store().contents.get(client, deleted!)).toBeUndefined();
    expect((await store().contents.get(client, fine!))?.body).toBe('three, updated');
  });

  it('takes as unchanged an item expected at the fingerprint an earlier release gave it (a map not yet rehashed); a real change meanwhile is still stale', async () => {
    const { connector, seed, client } = await fixture(store());
    const phone = (rule: string): ItemContent => ({
      dataclass: 'Events', title: 'Standup', type: 'text/x-vcalendar',
      body: `BEGIN:VCALENDAR\r\nVERSION:1.0\r\nBEGIN:VEVENT\r\nSUMMARY:Standup\r\nDTSTART:20250203T090000Z\r\nRRULE:${rule}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
    });
    const [untouched, edited] = await seed(phone('D1 #5'), phone('D1 #7'));
    await store().contents.update(client, edited!, phone('D1 #8'));
    const [earlier] = earlierFingerprints(phone('D1 #5'));
    const [earlierEdited] = earlierFingerprints(phone('D1 #7'));
    expect(earlier).toBeDefined();
    expect(earlier).not.toBe(fingerprint(phone('D1 #5')));
    const results = await connector.apply([
      { op: 'replace', id: untouched!, item: phone('D1 #6'), expected: earlier! },
      { op: 'replace', id: edited!, item: phone('D1 #9'), expected: earlierEdited! },
    ]);
    expect(results).toEqual([{ ok: true, id: untouched }, { ok: false, stale: true }]);
    expect((await store().contents.get(client, untouched!))?.body).toBe(phone('D1 #6').body);
    expect((await store().contents.get(client, edited!))?.body).toBe(phone('D1 #8').body);
  });

  it('two changes of one item apply as in sequence', async () => {
    const { connector, seed, client } = await fixture(store());
    const [one, two] = await seed(note('one'), note('two'));
    const results = await connector.apply([
      { op: 'replace', id: one!, item: note('one v2'), expected: fingerprint(note('one')) },
      // Checked against the version the first change wrote.
      { op: 'replace', id: one!, item: note('one v3'), expected: fingerprint(note('one v2')) },
      { op: 'replace', id: two!, item: note('two v2') },
      { op: 'delete', id: two!, dataclass: 'Notes', expected: fingerprint(note('two')) },
      { op: 'delete', id: two!, dataclass: 'Notes', expected: fingerprint(note('two v2')) },
    ]);
    expect(results).toEqual([
      { ok: true, id: one },
      { ok: true, id: one },
      { ok: true, id: two },
      { ok: false, stale: true },
      { ok: true, id: two },
    ]);
    expect((await store().contents.get(client, one!))?.body).toBe('one v3');
    expect(await store().contents.get(client, two!)).toBeUndefined();
  });

  it('applies thousands of adds in one call', async () => {
    const { connector, client } = await fixture(store());
    const n = 5_000;
    const results = await connector.apply(Array.from({ length: n }, (_, i) => ({ op: 'add' as const, item: contact(`Person ${i}`) })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => (r.ok ? r.id : ''))).size).toBe(n);
    expect(await store().contents.countLive(client.accountId, [client.uuid])).toEqual(new Map([[client.uuid, n]]));
    expect((await connector.all(['Contacts'])).entries).toHaveLength(n);
  });

  it('inside a transaction that throws, nothing it applied is written', async () => {
    const { connector, seed, client } = await fixture(store());
    const [a, b] = await seed(note('a'), note('b'));
    await expect(
      store().transaction(async () => {
        const results = await connector.apply([
          { op: 'add', item: note('new') },
          { op: 'replace', id: a!, item: note('a2') },
          { op: 'delete', id: b!, dataclass: 'Notes' },
        ]);
        expect(results.every((r) => r.ok)).toBe(true);
        // Seen inside the run's transaction…
        expect((await connector.all(['Notes'])).entries.map((i) => i.title).sort()).toEqual(['a2', 'new']);
        throw new Error('a remote failed');
      }),
    ).rejects.toThrow('a remote failed');
    // …and gone after it.
    expect(byTitle(await store().contents.list(client)).map((row) => [row.uuid, row.body])).toEqual([
      [a, 'a'],
      [b, 'b'],
    ]);
    expect(await store().contents.changesSince(client, new Date(0))).toHaveLength(2);
  });
});

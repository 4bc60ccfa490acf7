/** Datastore contents: live listing, the `since` feed with tombstones, counts, bulk writes. */
import { describe, expect, it } from 'vitest';
import type { ItemDataclass, NewContent } from '../src/records.js';
import type { ClientKey } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { clientKey, sleep, uid, useStore } from './helpers.js';

const item = (client: ClientKey, dataclass: ItemDataclass, title: string): NewContent => ({
  uuid: uid('item'),
  accountId: client.accountId,
  clientUuid: client.uuid,
  dataclass,
  title,
  type: dataclass === 'Contacts' ? 'text/x-vcard' : 'text/calendar',
  body: `BODY:${title}`,
});

describe.each(storeKinds)('contents (%s)', (kind) => {
  const store = useStore(kind);

  it('inserts many and lists them, filtered by dataclass', async () => {
    const client = clientKey();
    const other = clientKey();
    const written = await store().contents.insertMany([
      item(client, 'Contacts', 'ann'),
      item(client, 'Events', 'meeting'),
      item(client, 'Tasks', 'todo'),
      item(other, 'Notes', 'elsewhere'),
    ]);
    expect(written).toHaveLength(4);
    expect(written[0]).toMatchObject({ clientUuid: client.uuid, dataclass: 'Contacts', title: 'ann', body: 'BODY:ann', deleted: null });
    expect(written[0]?.updated).toEqual(written[0]?.created);

    const all = await store().contents.list(client);
    expect(all.map((c) => c.title).sort()).toEqual(['ann', 'meeting', 'todo']);
    expect(all.find((c) => c.title === 'ann')).toEqual(written[0]);
    expect((await store().contents.list(client, ['Events', 'Tasks'])).map((c) => c.title).sort()).toEqual(['meeting', 'todo']);
    expect(await store().contents.list(client, ['Notes'])).toEqual([]);
    expect(await store().contents.list(client, [])).toEqual([]);
    expect((await store().contents.list(other)).map((c) => c.title)).toEqual(['elsewhere']);
    expect(await store().contents.insertMany([])).toEqual([]);
  });

  it('pages through a client\'s live items in uuid order: every item once, deleted ones and other clients\' never', async () => {
    const client = clientKey();
    const other = clientKey();
    const written = await store().contents.insertMany([
      ...Array.from({ length: 23 }, (_, n) => item(client, n % 2 === 0 ? 'Contacts' : 'Events', `item ${n}`)),
      item(other, 'Contacts', 'elsewhere'),
    ]);
    const gone = written.filter((c) => c.clientUuid === client.uuid).slice(0, 3).map((c) => c.uuid);
    await store().contents.deleteMany(client, gone);
    const read = async (dataclasses?: ItemDataclass[]) => {
      const titles: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await store().contents.page(client, after, 5, dataclasses);
        expect(page.length).toBeLessThanOrEqual(5);
        expect(page.map((c) => c.uuid)).toEqual([...page.map((c) => c.uuid)].sort());
        titles.push(...page.map((c) => c.title));
        if (page.length < 5) return titles;
        after = page.at(-1)!.uuid;
      }
    };
    const live = written.filter((c) => c.clientUuid === client.uuid && !gone.includes(c.uuid));
    expect((await read()).sort()).toEqual(live.map((c) => c.title).sort());
    expect((await read(['Events'])).sort()).toEqual(live.filter((c) => c.dataclass === 'Events').map((c) => c.title).sort());
    expect(await store().contents.page(client, undefined, 5, [])).toEqual([]);
  });

  it('gets one and many live items of the named client only', async () => {
    const client = clientKey();
    const [a, b] = await store().contents.insertMany([item(client, 'Contacts', 'a'), item(client, 'Contacts', 'b')]);
    expect(await store().contents.get(client, a!.uuid)).toEqual(a);
    expect(await store().contents.get(clientKey(), a!.uuid)).toBeUndefined();
    expect(await store().contents.get(client, 'missing')).toBeUndefined();
    const many = await store().contents.getMany(client, [a!.uuid, 'missing', b!.uuid]);
    expect(many.map((c) => c.uuid).sort()).toEqual([a!.uuid, b!.uuid].sort());
    expect(await store().contents.getMany(client, [])).toEqual([]);
  });

  it('updates a live item; undefined for a missing or deleted one', async () => {
    const client = clientKey();
    const [a] = await store().contents.insertMany([item(client, 'Events', 'old')]);
    await sleep(3);
    const changed = await store().contents.update(client, a!.uuid, { dataclass: 'Tasks', title: 'new', type: 'text/x-vcalendar', body: 'NEW' });
    expect(changed).toMatchObject({ uuid: a!.uuid, dataclass: 'Tasks', title: 'new', type: 'text/x-vcalendar', body: 'NEW', created: a!.created, deleted: null });
    expect(changed!.updated.getTime()).toBeGreaterThan(a!.updated.getTime());
    expect(await store().contents.get(client, a!.uuid)).toEqual(changed);
    expect(await store().contents.update(client, 'missing', { dataclass: 'Tasks', title: 'x', type: 't', body: 'x' })).toBeUndefined();
    expect(await store().contents.update(clientKey(), a!.uuid, { dataclass: 'Tasks', title: 'x', type: 't', body: 'x' })).toBeUndefined();
    await store().contents.deleteMany(client, [a!.uuid]);
    expect(await store().contents.update(client, a!.uuid, { dataclass: 'Tasks', title: 'x', type: 't', body: 'x' })).toBeUndefined();
  });

  it('deletes into tombstones: gone from list/get/getMany/countLive, present in changesSince', async () => {
    const client = clientKey();
    const [a, b, c] = await store().contents.insertMany([item(client, 'Contacts', 'a'), item(client, 'Contacts', 'b'), item(client, 'Notes', 'c')]);
    await sleep(3);
    const deleted = await store().contents.deleteMany(client, [a!.uuid, 'missing', c!.uuid]);
    expect(deleted.sort()).toEqual([a!.uuid, c!.uuid].sort());
    // Already deleted: not live any more, so not reported again.
    expect(await store().contents.deleteMany(client, [a!.uuid])).toEqual([]);
    expect(await store().contents.deleteMany(clientKey(), [b!.uuid])).toEqual([]);

    expect((await store().contents.list(client)).map((x) => x.uuid)).toEqual([b!.uuid]);
    expect(await store().contents.get(client, a!.uuid)).toBeUndefined();
    expect(await store().contents.getMany(client, [a!.uuid, b!.uuid])).toEqual([b]);
    expect(await store().contents.countLive(client.accountId, [client.uuid])).toEqual(new Map([[client.uuid, 1]]));

    const changes = await store().contents.changesSince(client, new Date(0));
    expect(changes).toHaveLength(3);
    const tombstone = changes.find((x) => x.uuid === a!.uuid)!;
    expect(tombstone.deleted).toBeInstanceOf(Date);
    expect(tombstone.updated).toEqual(tombstone.deleted);
    expect(tombstone.body).toBe('');
    expect(changes.find((x) => x.uuid === b!.uuid)?.deleted).toBeNull();
    // Oldest change first: b (inserted) before the two deletes.
    expect(changes[0]?.uuid).toBe(b!.uuid);
    expect((await store().contents.changesSince(client, new Date(0), ['Notes'])).map((x) => x.uuid)).toEqual([c!.uuid]);
  });

  it('changesSince selects updated >= since', async () => {
    const client = clientKey();
    const [a] = await store().contents.insertMany([item(client, 'Contacts', 'first')]);
    await sleep(5);
    const [b] = await store().contents.insertMany([item(client, 'Contacts', 'second')]);
    expect((await store().contents.changesSince(client, b!.updated)).map((x) => x.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.changesSince(client, a!.updated)).map((x) => x.uuid)).toEqual([a!.uuid, b!.uuid]);
    expect(await store().contents.changesSince(client, new Date(b!.updated.getTime() + 1))).toEqual([]);
    expect(await store().contents.changesSince(client, new Date(0), [])).toEqual([]);
  });

  it('pages live items past an offset too', async () => {
    const client = clientKey();
    await store().contents.insertMany(Array.from({ length: 7 }, (_, n) => item(client, 'Notes', `n${n}`)));
    const all = (await store().contents.page(client, undefined, 100)).map((c) => c.uuid);
    expect((await store().contents.page(client, undefined, 3, undefined, 2)).map((c) => c.uuid)).toEqual(all.slice(2, 5));
    expect((await store().contents.page(client, all[1], 2, undefined, 1)).map((c) => c.uuid)).toEqual(all.slice(3, 5));
    expect(await store().contents.page(client, undefined, 3, undefined, 7)).toEqual([]);
  });

  it('pages the changes in (updated, uuid) order: every change once, an item changed meanwhile read again behind the position', async () => {
    const client = clientKey();
    const since = new Date(Date.now() - 60_000);
    const written = await store().contents.insertMany(Array.from({ length: 9 }, (_, n) => item(client, n % 3 === 0 ? 'Notes' : 'Contacts', `c${n}`)));
    await sleep(3);
    await store().contents.deleteMany(client, [written[4]!.uuid]);
    const everything = await store().contents.changesSince(client, since);
    const read: string[] = [];
    let after: { updated: Date; uuid: string } | undefined;
    let changedMeanwhile = false;
    for (;;) {
      const page = await store().contents.changesPage(client, since, after, 4);
      read.push(...page.map((c) => c.uuid));
      if (!changedMeanwhile) {
        // An item of the first page changes while the pages are read: it comes again at the end.
        changedMeanwhile = true;
        await sleep(3);
        await store().contents.update(client, page[0]!.uuid, { dataclass: 'Notes', title: 'changed', type: 'text/plain', body: 'x' });
      }
      if (page.length < 4) break;
      after = { updated: page.at(-1)!.updated, uuid: page.at(-1)!.uuid };
    }
    expect(read.slice(0, everything.length)).toEqual(everything.map((c) => c.uuid));
    expect(read.slice(everything.length)).toEqual([everything[0]!.uuid]);
    // Ties on `updated` (one insertMany writes one time) are ordered by uuid and resumed past the uuid.
    const tied = everything.filter((c) => c.updated.getTime() === everything[0]!.updated.getTime());
    expect(tied.length).toBeGreaterThan(1);
    expect(tied.map((c) => c.uuid)).toEqual(tied.map((c) => c.uuid).sort());
    expect((await store().contents.changesPage(client, since, undefined, 2, ['Notes'], 1)).map((c) => c.uuid)).toEqual(
      (await store().contents.changesSince(client, since, ['Notes'])).slice(1, 3).map((c) => c.uuid),
    );
    expect(await store().contents.changesPage(client, since, undefined, 2, [])).toEqual([]);
  });

  it('tells the newest updated of the live items, or of the changes since a time', async () => {
    const client = clientKey();
    expect(await store().contents.newest(client, undefined)).toBeUndefined();
    const [a] = await store().contents.insertMany([item(client, 'Notes', 'a')]);
    await sleep(3);
    const [b] = await store().contents.insertMany([item(client, 'Contacts', 'b')]);
    expect(await store().contents.newest(client, undefined)).toEqual(b!.updated);
    expect(await store().contents.newest(client, undefined, ['Notes'])).toEqual(a!.updated);
    expect(await store().contents.newest(client, undefined, [])).toBeUndefined();
    await sleep(3);
    await store().contents.deleteMany(client, [b!.uuid]);
    const tombstone = (await store().contents.changesSince(client, new Date(0))).find((c) => c.uuid === b!.uuid)!;
    expect(await store().contents.newest(client, undefined)).toEqual(a!.updated);
    expect(await store().contents.newest(client, new Date(0))).toEqual(tombstone.updated);
    expect(await store().contents.newest(client, new Date(tombstone.updated.getTime() + 1))).toBeUndefined();
  });

  it('counts live items per client, leaving out clients without any', async () => {
    const one = clientKey();
    const two = clientKey();
    const empty = clientKey();
    await store().contents.insertMany([item(one, 'Notes', 'a'), item(one, 'Notes', 'b'), item(two, 'Notes', 'c')]);
    expect(await store().contents.countLive(1, [one.uuid, two.uuid, empty.uuid])).toEqual(new Map([[one.uuid, 2], [two.uuid, 1]]));
    expect(await store().contents.countLive(1, [])).toEqual(new Map());
  });

  it('inserts 5,000 items across parameter-limit chunks, and 1,000 more after deleting them', async () => {
    const client = clientKey();
    const many = Array.from({ length: 5_000 }, (_, i) => item(client, 'Contacts', `n${i}`));
    expect(await store().contents.insertMany(many)).toHaveLength(5_000);
    expect(await store().contents.countLive(client.accountId, [client.uuid])).toEqual(new Map([[client.uuid, 5_000]]));
    const deleted = await store().contents.deleteMany(client, many.map((m) => m.uuid));
    expect(deleted).toHaveLength(5_000);
    expect((await store().contents.getMany(client, many.map((m) => m.uuid)))).toEqual([]);

    const thousand = Array.from({ length: 1_000 }, (_, i) => item(client, 'Contacts', `t${i}`));
    // How fast is the writes benchmark's to say (bench/writes.bench.ts, "store alone"), not a test's.
    expect(await store().contents.insertMany(thousand)).toHaveLength(1_000);
    expect(await store().contents.countLive(client.accountId, [client.uuid])).toEqual(new Map([[client.uuid, 1_000]]));
  });

  it('keeps accounts apart: a client uuid under another account is another client, and reaches none of its items', async () => {
    const mine = clientKey(1);
    const theirs = { accountId: 2, uuid: mine.uuid };
    const [a] = await store().contents.insertMany([item(mine, 'Contacts', 'mine')]);
    const [b] = await store().contents.insertMany([item(theirs, 'Contacts', 'theirs')]);
    const change = { dataclass: 'Notes' as const, title: 'taken', type: 'text/plain', body: 'taken' };
    expect((await store().contents.list(theirs)).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.listDescribed(theirs)).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.page(theirs, undefined, 10)).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.changesSince(theirs, new Date(0))).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.changesDescribed(theirs, new Date(0))).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect((await store().contents.changesPage(theirs, new Date(0), undefined, 10)).map((c) => c.uuid)).toEqual([b!.uuid]);
    expect(await store().contents.newest(theirs, undefined)).toEqual(b!.updated);
    expect(await store().contents.get(theirs, a!.uuid)).toBeUndefined();
    expect(await store().contents.getMany(theirs, [a!.uuid])).toEqual([]);
    expect(await store().contents.getManyDescribed(theirs, [a!.uuid])).toEqual([]);
    expect(await store().contents.update(theirs, a!.uuid, change)).toBeUndefined();
    expect(await store().contents.updateMany(theirs, [{ uuid: a!.uuid, change }])).toEqual([]);
    expect(await store().contents.deleteMany(theirs, [a!.uuid])).toEqual([]);
    expect(await store().contents.countLive(3, [mine.uuid])).toEqual(new Map());
    // Nothing of the other account's writes reached the item.
    expect(await store().contents.get(mine, a!.uuid)).toEqual(a);
    expect(await store().contents.countLive(1, [mine.uuid])).toEqual(new Map([[mine.uuid, 1]]));
  });

  it("tells each client's latest change under the very keys asked, for clients of several accounts", async () => {
    const one = clientKey(1);
    const two = clientKey(2);
    const empty = clientKey(1);
    // Changes the read must not take for one's: the same uuid under an account asked for another client.
    const unasked = { accountId: 2, uuid: one.uuid };
    const [a] = await store().contents.insertMany([item(one, 'Notes', 'a')]);
    await sleep(3);
    const [b] = await store().contents.insertMany([item(two, 'Notes', 'b')]);
    await sleep(3);
    await store().contents.insertMany([item(unasked, 'Notes', 'not asked')]);
    await store().contents.deleteMany(two, [b!.uuid]);
    const tombstone = (await store().contents.changesSince(two, new Date(0)))[0]!;
    expect(tombstone.updated.getTime()).toBeGreaterThan(b!.updated.getTime());

    const again = { ...one };
    const asked = [one, two, empty, { accountId: 3, uuid: one.uuid }, again];
    const latest = await store().contents.lastChanged(asked);
    expect(latest.get(one)).toEqual(a!.updated);
    expect(latest.get(again)).toEqual(a!.updated);
    expect(latest.get(two)).toEqual(tombstone.updated);
    expect(latest.size).toBe(3);
    expect(await store().contents.lastChanged([])).toEqual(new Map());
  });

  it('a failing insertMany writes nothing', async () => {
    const client = clientKey();
    const [a] = await store().contents.insertMany([item(client, 'Notes', 'a')]);
    const batch = Array.from({ length: 6_000 }, (_, i) => item(client, 'Notes', `x${i}`));
    batch.push({ ...batch[0]!, uuid: a!.uuid }); // duplicate key in the last chunk
    await expect(store().contents.insertMany(batch)).rejects.toThrow();
    expect(await store().contents.countLive(client.accountId, [client.uuid])).toEqual(new Map([[client.uuid, 1]]));
  });
});

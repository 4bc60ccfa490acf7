/**
 * insertMany writes every value as given on both stores, whatever it holds: on PostgreSQL the
 * rows go as one array per column (unnest), whose text form has its own quoting, so values that
 * look like array syntax, NULL, quotes and backslashes must come back unchanged; and the count
 * is not bound by the parameter limit a VALUES list had.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewContent } from '../src/records.js';
import type { Store } from '../src/store.js';
import { openTestStore, storeKinds } from '../../server/test/support/stores.js';

const CLIENT = { accountId: 1, uuid: '0f8e6f1c-2b9d-4c1e-9a57-4d1c1f0a9e3b' };
const AWKWARD = ['NULL', 'null', '', '{}', '{a,b}', '"quoted"', 'back\\slash', 'comma, and } brace', "it's", 'line\nbreak\r\n', 'tab\there', 'ÅÄÖ 😀 ∑', ' leading and trailing '];

describe.each(storeKinds)('insertMany (%s)', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores awkward text exactly, in title, type and body', async () => {
    const items: NewContent[] = AWKWARD.map((text, i) => ({
      uuid: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      accountId: CLIENT.accountId,
      clientUuid: CLIENT.uuid,
      dataclass: 'Notes',
      title: text,
      type: i === 0 ? 'text/plain' : `text/plain; x="${text.replace(/\n|\r/g, '')}"`,
      body: text,
    }));
    const written = await store.contents.insertMany(items);
    const read = await store.contents.getMany(CLIENT, items.map((item) => item.uuid));
    for (const list of [written, read]) {
      expect(list.map(({ uuid, title, type, body }) => ({ uuid, title, type, body }))).toEqual(items.map(({ uuid, title, type, body }) => ({ uuid, title, type, body })));
    }
    for (const item of read) {
      expect(item.deleted).toBeNull();
      expect(item.created).toEqual(item.updated);
    }
  });

  it('insertOnly writes the rows insertMany writes, answering no records', async () => {
    const note = (n: number, body = `note ${n}`): NewContent => ({ uuid: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`, accountId: CLIENT.accountId, clientUuid: CLIENT.uuid, dataclass: 'Notes', title: `n${n}`, type: 'text/plain', body });
    const byMany = await store.contents.insertMany([note(1, 'same'), note(2)]);
    expect(await store.contents.insertOnly([note(3, 'same'), note(4)])).toBeUndefined();
    const [one, two, three, four] = await store.contents.getMany(CLIENT, [1, 2, 3, 4].map((n) => note(n).uuid));
    expect([one, two]).toEqual(byMany);
    // Each field as insertMany writes it: the time of the write, no name, the ETag of the body, a later sequence for a later write.
    for (const [read, n, body] of [[three, 3, 'same'], [four, 4, 'note 4']] as const) {
      expect(read).toEqual({ ...one, uuid: note(n).uuid, title: `n${n}`, body, etag: read!.etag, created: read!.created, updated: read!.updated, sequence: read!.sequence });
      expect(read!.created).toEqual(read!.updated);
      expect(read!.sequence).toBeGreaterThan(one!.sequence);
    }
    expect(three!.etag).toBe(one!.etag);
    expect(four!.etag).not.toBe(one!.etag);
  });

  it('writes 7,000 items in one call (more than one VALUES list of 65,535 parameters held) and all or nothing', async () => {
    const items: NewContent[] = Array.from({ length: 7_000 }, (_, i) => ({ uuid: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`, accountId: CLIENT.accountId, clientUuid: CLIENT.uuid, dataclass: 'Notes', title: `n${i}`, type: 'text/plain', body: `note ${i}` }));
    await store.contents.insertMany(items);
    expect((await store.contents.countLive(CLIENT.accountId, [CLIENT.uuid])).get(CLIENT.uuid)).toBe(7_000);
    // The same uuids again: the key refuses them, and none of a second batch that repeats one is kept.
    const again = [{ ...items[0]!, uuid: '00000000-0000-7000-8000-999999999999' }, items[1]!];
    await expect(store.contents.insertMany(again)).rejects.toThrow();
    expect(await store.contents.get(CLIENT, '00000000-0000-7000-8000-999999999999')).toBeUndefined();
  });

  it('writes each item under its own account, even one uuid under two accounts in one call', async () => {
    const note = (accountId: number, n: number): NewContent => ({ uuid: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`, accountId, clientUuid: CLIENT.uuid, dataclass: 'Notes', title: `${accountId}`, type: 'text/plain', body: `of ${accountId}` });
    // Account ids past 2^31: the account column is a bigint on both stores.
    const big = 2 ** 40 + 7;
    await store.contents.insertMany([note(1, 1), note(big, 1), note(big, 2)]);
    expect((await store.contents.list(CLIENT)).map((c) => [c.uuid, c.title])).toEqual([[note(1, 1).uuid, '1']]);
    expect((await store.contents.list({ accountId: big, uuid: CLIENT.uuid })).map((c) => c.title)).toEqual([`${big}`, `${big}`]);
    expect(await store.contents.countLive(big, [CLIENT.uuid])).toEqual(new Map([[CLIENT.uuid, 2]]));
  });
});

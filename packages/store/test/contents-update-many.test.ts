/** Contents updateMany: many replaces in a few statements, live items only, the later change winning. */
import { describe, expect, it } from 'vitest';
import type { ContentChange, NewContent } from '../src/records.js';
import type { ClientKey } from '../src/store.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { clientKey, sleep, uid, useStore } from './helpers.js';

const note = (client: ClientKey, title: string): NewContent => ({ uuid: uid('item'), accountId: client.accountId, clientUuid: client.uuid, dataclass: 'Notes', title, type: 'text/plain', body: `body of ${title}` });
const change = (title: string): ContentChange => ({ dataclass: 'Contacts', title, type: 'text/x-vcard', body: `BEGIN:VCARD\r\nFN:${title}\r\nEND:VCARD` });

describe.each(storeKinds)('contents updateMany (%s)', (kind) => {
  const store = useStore(kind);

  it('replaces the live items asked, returns what it wrote in the order asked, and leaves the rest alone', async () => {
    const client = clientKey();
    const other = clientKey();
    const [a, b, c, gone] = await store().contents.insertMany([note(client, 'a'), note(client, 'b'), note(client, 'c'), note(client, 'gone')]);
    const [foreign] = await store().contents.insertMany([note(other, 'foreign')]);
    await store().contents.deleteMany(client, [gone!.uuid]);
    await sleep(3);

    const written = await store().contents.updateMany(client, [
      { uuid: b!.uuid, change: change('B') },
      { uuid: 'missing', change: change('missing') },
      { uuid: gone!.uuid, change: change('resurrected') },
      // Another client's item, named with this client: not this client's to change.
      { uuid: foreign!.uuid, change: change('stolen') },
      { uuid: a!.uuid, change: change('A') },
    ]);
    expect(written.map((r) => r.uuid)).toEqual([b!.uuid, a!.uuid]);
    expect(written[0]).toMatchObject({ uuid: b!.uuid, clientUuid: client.uuid, ...change('B'), created: b!.created, deleted: null });
    expect(written[0]!.updated.getTime()).toBeGreaterThan(b!.updated.getTime());
    for (const row of written) expect(await store().contents.get(client, row.uuid)).toEqual(row);

    expect(await store().contents.get(client, c!.uuid)).toEqual(c);
    expect(await store().contents.get(other, foreign!.uuid)).toEqual(foreign);
    expect(await store().contents.get(client, gone!.uuid)).toBeUndefined();
    expect((await store().contents.changesSince(client, new Date(0))).find((r) => r.uuid === gone!.uuid)).toMatchObject({ body: '', deleted: expect.any(Date) });
    expect(await store().contents.updateMany(client, [])).toEqual([]);
  });

  it('writes the later of two changes of one item', async () => {
    const client = clientKey();
    const [a] = await store().contents.insertMany([note(client, 'a')]);
    const written = await store().contents.updateMany(client, [
      { uuid: a!.uuid, change: change('first') },
      { uuid: a!.uuid, change: change('second') },
    ]);
    expect(written.map((r) => r.title)).toEqual(['second']);
    expect((await store().contents.get(client, a!.uuid))?.title).toBe('second');
  });

  it('updates more items than one statement takes (chunked), keeping bodies exact', async () => {
    const client = clientKey();
    const n = 7_000; // over SQLite's 6,400 rows per chunk (32,000 parameters / 5)
    const rows = await store().contents.insertMany(Array.from({ length: n }, (_, i) => note(client, `n${i}`)));
    const changes = rows.map((row, i) => ({ uuid: row.uuid, change: { ...change(`c${i}`), body: `line 1\r\nline 2 ✓ '${i}' "quoted" \\ ${i}` } }));
    const written = await store().contents.updateMany(client, changes);
    expect(written).toHaveLength(n);
    expect(written.map((r) => r.uuid)).toEqual(rows.map((r) => r.uuid));
    const now = new Map((await store().contents.list(client)).map((r) => [r.uuid, r]));
    expect(now.size).toBe(n);
    for (const { uuid, change: c } of changes) expect(now.get(uuid)).toMatchObject(c);
  });

  it('joins the surrounding transaction: a failure after it rolls its writes back', async () => {
    const client = clientKey();
    const [a] = await store().contents.insertMany([note(client, 'a')]);
    await expect(
      store().transaction(async (tx) => {
        expect(await tx.contents.updateMany(client, [{ uuid: a!.uuid, change: change('inside') }])).toHaveLength(1);
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    expect(await store().contents.get(client, a!.uuid)).toEqual(a);
  });
});

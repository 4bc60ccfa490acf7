/**
 * A sync's copies between two datastores are written with the UID and DAV ETag of the row they
 * copy (connectors/datastore.ts ServedBodies), not by rendering and hashing the body again: the
 * copied rows' columns must be what the store works out of the body itself — a vCard 2.1 served as
 * 3.0, a 3.0 card as it is, added in a slow sync and replaced in a two-way run — on both stores.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncMode } from '@atomsync/atom';
import { davBody, uidOf } from '@atomsync/items';
import { servedHash, type Store } from '@atomsync/store';
import { SecretBox } from '../../src/secrets/box.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import { runBinding } from '../../src/services/synchronization.js';
import { openTestStore, storeKinds } from '../support/stores.js';

const card21 = (uid: string, name: string) =>
  ['BEGIN:VCARD', 'VERSION:2.1', `UID:${uid}`, `N;CHARSET=UTF-8:${name};;;;`, 'TEL;CELL:+46-70-1234567', 'NOTE:a, b', 'END:VCARD', ''].join('\r\n');
const card30 = (uid: string, name: string) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `N:${name};;;;`, `FN:${name}`, 'TEL;TYPE=CELL:+46 70 123 45 67', 'END:VCARD', ''].join('\r\n');

describe.each(storeKinds)('copies between datastores keep the UID and ETag of their body (%s)', (kind) => {
  let store: Store;
  let accountId: number;
  const deps = () => ({ store, secrets: SecretBox.ephemeral(), runs: new BindingRuns(), log: pino({ level: 'silent' }) });

  beforeAll(async () => {
    store = await openTestStore(kind);
    accountId = (await store.accounts.create({ username: 'served', passwordHash: 'unused', syncmlDigest: null, admin: false }))!.id;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function pair() {
    const source = { accountId, uuid: randomUUID() };
    const target = { accountId, uuid: randomUUID() };
    for (const { uuid } of [source, target]) await store.datastores.create({ uuid, accountId, userId: uuid });
    const binding = await store.bindings.create({ accountId, source: { kind: 'datastore', uuid: source.uuid }, target: { kind: 'datastore', uuid: target.uuid }, conflictWinner: 'source' });
    const principal = { kind: 'account' as const, id: accountId, username: 'served', admin: false };
    const run = async (mode: SyncMode) => {
      const log = await runBinding(deps(), { account: principal, binding, mode, dataclass: 'Contacts' });
      expect(log.result).toBe('completed');
      return log;
    };
    const add = (client: typeof source, body: string, given: { uid?: string | null; etag?: string } = {}) =>
      store.contents.insertMany([{ uuid: randomUUID(), accountId, clientUuid: client.uuid, dataclass: 'Contacts', title: 'x', type: 'text/vcard', body, ...given }]);
    return { source, target, run, add };
  }

  /** Every live row of the client, its ETag beside the one worked out of its body, and whether its UID finds it. */
  async function columns(client: { accountId: number; uuid: string }) {
    const rows = await store.contents.list(client, ['Contacts']);
    return Promise.all(
      rows.map(async (row) => {
        const uid = uidOf(row.body);
        const byUid = uid === null ? [] : await store.contents.byUid({ ...client, dataclass: 'Contacts' }, uid);
        return { body: row.body, etag: row.etag, expected: servedHash(davBody(row)), foundByUid: byUid.some((found) => found.uuid === row.uuid) };
      }),
    );
  }

  it('writes added and replaced copies with the UID and ETag the store works out of their body', async () => {
    const { source, target, run, add } = await pair();
    await add(source, card30('u-30', 'Berg'));
    await add(target, card21('u-21', 'Ek'));
    const slow = await run(200);
    expect(slow.stats.source.addsIn + slow.stats.target.addsIn).toBe(2);
    for (const side of [source, target]) {
      const rows = await columns(side);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toEqual({ ...row, etag: row.expected, foundByUid: true });
    }
    // The 2.1 card is served as 3.0: its ETag is not the hash of its own bytes.
    expect(servedHash(card21('u-21', 'Ek'))).not.toBe(servedHash(davBody({ dataclass: 'Contacts', title: 'x', type: 'text/vcard', body: card21('u-21', 'Ek') })));

    // A replace: the source's edit reaches the target as an update of the row it has.
    const [edited] = await store.contents.list(source, ['Contacts']).then((rows) => rows.filter((row) => row.body.includes('u-21')));
    await store.contents.update(source, edited!.uuid, { dataclass: 'Contacts', title: 'x', type: 'text/vcard', body: card21('u-21b', 'Ek Lund') });
    const twoWay = await run(200);
    expect(twoWay.stats.target.replacesIn).toBe(1);
    const targetRows = await columns(target);
    expect(targetRows.map((row) => row.body).sort()).toEqual([card21('u-21b', 'Ek Lund'), card30('u-30', 'Berg')].sort());
    for (const row of targetRows) expect(row).toEqual({ ...row, etag: row.expected, foundByUid: true });
  });

  it('takes the UID and ETag of the row it copies instead of working them out again', async () => {
    const { source, target, run, add } = await pair();
    // A row written with its UID and ETag given (as a DAV PUT writes them): the copy takes those.
    await add(source, card21('u-given', 'Given'), { uid: 'given-uid', etag: 'given-etag' });
    await run(200);
    const [copy] = await store.contents.list(target, ['Contacts']);
    expect(copy?.body).toBe(card21('u-given', 'Given'));
    expect(copy?.etag).toBe('given-etag');
    expect((await store.contents.byUid({ ...target, dataclass: 'Contacts' }, 'given-uid')).map((row) => row.uuid)).toEqual([copy!.uuid]);
  });
});

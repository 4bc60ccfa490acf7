/**
 * PostgreSQL as the scale-out store: several stores on one database stand for several server
 * instances. Starting at once must migrate once; concurrent writes must not be lost.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../src/open.js';
import type { Store } from '../src/store.js';
import { createTestSchema, type TestSchema } from '../../server/test/support/stores.js';
import { uid } from './helpers.js';

describe('PostgreSQL with several instances', () => {
  let database: TestSchema | undefined;
  const opened: Store[] = [];
  const instances = async (n: number): Promise<Store[]> => {
    database = await createTestSchema();
    const url = database.url;
    // All at once, like servers starting together: the advisory lock serializes the migrations.
    const stores = await Promise.all(Array.from({ length: n }, () => openStore({ kind: 'postgres', url })));
    opened.push(...stores);
    return stores;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await database?.drop();
    database = undefined;
  });

  it('instances starting at once migrate once and share one schema', async () => {
    const [a, b, c, d] = await instances(4);
    const alice = await a!.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false });
    expect(await d!.accounts.get(alice!.id)).toEqual(alice);
    expect(b!.dialect).toBe('postgres');
    // Reopening finds the work done.
    const again = await openStore({ kind: 'postgres', url: database!.url });
    opened.push(again);
    expect(await again.accounts.list()).toEqual([alice]);
    expect(c).toBeDefined();
  });

  it('concurrent appends to one client through two instances are all kept', async () => {
    const [a, b] = await instances(2);
    const alice = (await a!.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false }))!;
    const ext = uid('ext');
    const sml = uid('sml');
    await a!.extdata.create({ uuid: ext, accountId: alice.id, userId: 'u', datastores: [] });
    await a!.syncml.create({ uuid: sml, accountId: alice.id, userId: 'u', phoneNumber: '+1', modelUuid: 'm', timezone: 'UTC' });
    const n = 20;
    await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const s = i % 2 === 0 ? a! : b!;
        return Promise.all([
          s.extdata.addDatastores(alice.id, ext, 'u', [{ dataclass: 'Notes', href: `h${i}`, name: null, token: null }]),
          s.syncml.addDatastore(alice.id, sml, { name: `./ds${i}`, dataclass: 'Notes', serverUri: 'notes' }),
        ]);
      }),
    );
    expect((await b!.extdata.get(alice.id, ext))!.datastores).toHaveLength(n);
    expect((await a!.syncml.get(alice.id, sml))!.datastores).toHaveLength(n);
  });

  it('concurrent transactions through two instances each land whole', async () => {
    const [a, b] = await instances(2);
    const client = uid('client');
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a! : b!).transaction(async (tx) => {
          await tx.contents.insertMany(Array.from({ length: 50 }, (_, j) => ({ uuid: `i${i}-${j}`, accountId: 1, clientUuid: client, dataclass: 'Notes' as const, title: 't', type: 'text/plain', body: 'b' })));
          await tx.chatLog.append({ sessionId: `s${i}`, msgId: i, direction: 'in', encoding: 'xml', body: '' });
        }),
      ),
    );
    expect(await a!.contents.countLive(1, [client])).toEqual(new Map([[client, 500]]));
    expect(await b!.chatLog.list(100)).toHaveLength(10);
  });

  it('an account deleted while another instance adds a token to it leaves no route to it', async () => {
    const [b] = await instances(1);
    // Instance a by a name of its own, to find it waiting among the test cluster's connections.
    const name = uid('deleter');
    const url = new URL(database!.url);
    url.searchParams.set('application_name', name);
    const a = await openStore({ kind: 'postgres', url: url.toString() });
    opened.push(a);
    const alice = (await a.accounts.create({ username: 'alice', passwordHash: 'h', syncmlDigest: null, admin: false }))!;
    const raw = new pg.Client({ connectionString: database!.url });
    await raw.connect();
    try {
      // Instance b adds a token and holds its transaction open: the token's foreign key check holds the account's row.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let added!: () => void;
      const inserted = new Promise<void>((resolve) => (added = resolve));
      const adding = b!.transaction(async (tx) => {
        await tx.tokens.create(alice.id, 'late-digest');
        added();
        await held;
      });
      await inserted;
      // Instance a deletes the account meanwhile: it waits for b (seen waiting on a lock), then goes on.
      const deleting = a.accounts.delete(alice.id);
      // On Citus the lock is waited for on the worker holding the account's shard, by a backend
      // of Citus's own: there it is the distributed wait of a's backend (by its global pid).
      const waiting = async () =>
        Number(
          (
            await raw.query(
              database!.citus
                ? 'select count(*) as n from citus_lock_waits where waiting_gpid in (select global_pid from citus_stat_activity where application_name = $1)'
                : "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and application_name = $1",
              [name],
            )
          ).rows[0].n,
        );
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      release();
      await adding;
      expect(await deleting).toBe(true);
      expect((await raw.query("select count(*) as n from token_routes where digest = 'late-digest'")).rows[0].n).toBe('0');
      expect(await a.tokens.byDigest('late-digest')).toBeUndefined();
    } finally {
      await raw.end();
    }
  });

  it('one username, one nonce: racing instances cannot both win', async () => {
    const [a, b] = await instances(2);
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a! : b!).accounts.create({ username: 'same', passwordHash: 'h', syncmlDigest: null, admin: false })),
    );
    expect(created.filter((x) => x !== undefined)).toHaveLength(1);
    // The losers left nothing behind: one account of that name, and it is the one the name routes to.
    expect((await a!.accounts.list()).filter((x) => x.username === 'same')).toEqual([created.find((x) => x !== undefined)]);
    expect(await b!.accounts.byUsername('same')).toEqual(created.find((x) => x !== undefined));
    const owner = created.find((x) => x !== undefined)!;
    await a!.consumers.create({ key: 'ck', accountId: owner.id, sealedSecret: 's' });
    const remembered = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a! : b!).nonces.remember(owner.id, 'ck', 7, 'n')));
    expect(remembered.filter(Boolean)).toHaveLength(1);
  });
});

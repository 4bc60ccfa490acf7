/**
 * Housekeeping (issue 14): what outlived its use is deleted by background jobs, not inside
 * requests. The jobs on both stores delete exactly what is due; the runner runs each on its timer,
 * survives a failing job, and stops cleanly.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_WINDOW_SECONDS } from '../../src/auth/accounts.js';
import { DEFAULT_TOMBSTONE_RETENTION_DAYS, HOUSEKEEPING_JOBS, TOMBSTONE_BATCH, type HousekeepingJob } from '../../src/housekeeping/jobs.js';
import { Housekeeping } from '../../src/housekeeping/runner.js';
import { StoreUnavailable } from '@atomsync/store';
import type { ClientKey, Store } from '@atomsync/store';
import { CHATLOG_MAX_BYTES, CHATLOG_RETENTION_MS, SESSION_IDLE_MS } from '../../src/syncml/endpoint.js';
import { openStore } from '@atomsync/store';
import type { NewContent } from '@atomsync/store';
import { createTestSchema, storeKinds } from '../support/stores.js';
import { clientKey, makeAccount, uid, useStore } from '../../../store/test/helpers.js';

const job = (name: string): HousekeepingJob => {
  const found = HOUSEKEEPING_JOBS.find((j) => j.name === name);
  if (found === undefined) throw new Error(`no housekeeping job ${name}`);
  return found;
};

/** Runs `write` with the clock at `at`. */
async function writtenAt<T>(at: Date, write: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    return await write();
  } finally {
    vi.useRealTimers();
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(storeKinds)('housekeeping jobs (%s)', (kind) => {
  const store = useStore(kind);

  it('syncml-sessions deletes the sessions idle past the limit with their items, and keeps the others', async () => {
    const now = new Date();
    const session = (key: string) => ({ key, deviceId: 'IMEI:1', phoneSessionId: '1', state: '{}', lastMsgId: null, lastReply: null, lastRequest: null });
    const idle = uid('idle');
    const live = uid('live');
    await writtenAt(new Date(now.getTime() - SESSION_IDLE_MS - HOUR), async () => {
      await store().syncmlSessions.create(session(idle));
      await store().syncmlSessions.appendItems(idle, 'in', ['<a/>', '<b/>']);
    });
    await writtenAt(new Date(now.getTime() - SESSION_IDLE_MS + HOUR / 2), () => store().syncmlSessions.create(session(live)));
    expect(await job('syncml-sessions').run(store(), now)).toBe(1);
    expect(await store().syncmlSessions.get(idle)).toBeUndefined();
    expect(await store().syncmlSessions.countItems(idle, 'in')).toBe(0);
    expect((await store().syncmlSessions.get(live))?.key).toBe(live);
    expect(await job('syncml-sessions').run(store(), now)).toBe(0);
  });

  it('chat-log drops messages older than the retention and keeps the newer ones', async () => {
    const now = new Date();
    const message = (body: string) => ({ sessionId: 's', msgId: 1, direction: 'in' as const, encoding: 'xml' as const, body });
    await writtenAt(new Date(now.getTime() - CHATLOG_RETENTION_MS - HOUR), () => store().chatLog.append(message('<old/>')));
    await writtenAt(new Date(now.getTime() - CHATLOG_RETENTION_MS + HOUR), () => store().chatLog.append(message('<recent/>')));
    expect(await job('chat-log').run(store(), now)).toBe(1);
    expect((await store().chatLog.list(10)).map((m) => m.body)).toEqual(['<recent/>']);
  });

  it('interrupted-runs logs a run whose lease ran out unrenewed as failed, interrupted, once, and frees its binding; a live lease is left alone', async () => {
    const account = await makeAccount(store(), uid('crash'));
    const bind = async () => {
      const [one, two] = [randomUUID(), randomUUID()];
      await store().datastores.create({ uuid: one, accountId: account.id, userId: uid('one') });
      await store().datastores.create({ uuid: two, accountId: account.id, userId: uid('two') });
      return store().bindings.create({ accountId: account.id, source: { kind: 'datastore', uuid: one }, target: { kind: 'datastore', uuid: two }, conflictWinner: 'source' });
    };
    const [dead, live] = [await bind(), await bind()];
    const started = new Date(Date.UTC(2026, 10, 28, 8, 0, 0));
    await store().syncLocks.take(dead, 'dead-instance', 1, { dataclass: 'Events', syncMode: 202, started });
    await store().syncLocks.take(live, 'live-instance', 60_000, { dataclass: 'Contacts', syncMode: 200, started });
    const later = new Date(Date.now() + 1_000);
    expect(await job('interrupted-runs').run(store(), later)).toBe(1);
    const [entry, ...rest] = await store().syncLog.list(account.id, dead.id);
    expect(rest).toEqual([]);
    expect([entry!.result, entry!.dataclass, entry!.syncMode]).toEqual(['failed', 'Events', 201]);
    expect(entry!.reason).toMatch(/^interrupted: the run started at 2026-11-28T08:00:00.000Z /);
    // Logged once; the dead binding is free, the live one still held.
    expect(await job('interrupted-runs').run(store(), later)).toBe(0);
    expect(await store().syncLocks.acquire(dead, 'next', 60_000)).toBe(true);
    expect(await store().syncLocks.acquire(live, 'next', 60_000)).toBe(false);
    expect(await store().syncLog.list(account.id, live.id)).toEqual([]);
  });

  it('syncml-sessions deletes the records of sessions no account holds (refused attempts), and keeps every account\'s', async () => {
    const now = new Date();
    const account = await makeAccount(store(), uid('owner'));
    const record = (id: string, accountId: number | null) => ({
      id, accountId, clientUuid: null, deviceId: 'IMEI:1', protocol: 'SyncML/1.2', encoding: 'xml' as const,
      started: new Date(now.getTime() - HOUR), ended: null, status: 401, reason: 'refused', datastores: [],
    });
    const refused = uid('refused');
    const owned = uid('owned');
    await store().sessions.save(record(refused, null));
    await store().sessions.save(record(owned, account.id));
    expect(await job('syncml-sessions').run(store(), now)).toBe(1);
    expect(await store().sessions.get(refused)).toBeUndefined();
    expect((await store().sessions.get(owned))?.accountId).toBe(account.id);
    expect(await job('syncml-sessions').run(store(), now)).toBe(0);
  });

  it('chat-log keeps the newest messages within its budget of bytes, and drops the older ones past it', async () => {
    const now = new Date();
    const message = (body: string) => ({ sessionId: 's', msgId: 1, direction: 'in' as const, encoding: 'xml' as const, body });
    // Five messages of 1 MiB each (one of them in two-byte characters), a minute apart, oldest first.
    const bodies = ['a', 'b', 'é', 'c', 'd'].map((c) => c.repeat(c === 'é' ? 512 * 1024 : 1024 * 1024));
    for (const [i, body] of bodies.entries()) await writtenAt(new Date(now.getTime() - (bodies.length - i) * 60_000), () => store().chatLog.append(message(body)));
    // 3.5 MiB keeps the newest three (3 MiB); the fourth would pass the budget.
    expect(await store().chatLog.keepBytes(3.5 * 1024 * 1024)).toBe(2);
    expect((await store().chatLog.list(10)).map((m) => m.body[0])).toEqual(['d', 'c', 'é']);
    expect(await store().chatLog.keepBytes(3 * 1024 * 1024)).toBe(0);
    expect(await store().chatLog.keepBytes(1024 * 1024 - 1)).toBe(3);
    expect(await store().chatLog.list(10)).toEqual([]);
  });

  it('chat-log runs the byte budget too: the job leaves at most CHATLOG_MAX_BYTES', async () => {
    const now = new Date();
    const body = 'x'.repeat(1024 * 1024);
    const count = CHATLOG_MAX_BYTES / body.length + 3;
    for (let i = 0; i < count; i++) await writtenAt(new Date(now.getTime() - (count - i) * 1_000), () => store().chatLog.append({ sessionId: 's', msgId: i, direction: 'in', encoding: 'xml', body }));
    expect(await job('chat-log').run(store(), now)).toBe(3);
    const kept = await store().chatLog.list(count);
    expect(kept.reduce((n, m) => n + m.body.length, 0)).toBe(CHATLOG_MAX_BYTES);
    expect(kept.at(-1)!.msgId).toBe(3);
  });

  it('tombstones prunes the deletes older than the retention in batches, and raises each datastore\'s horizon to the greatest sequence pruned', async () => {
    const now = new Date();
    const retention = DEFAULT_TOMBSTONE_RETENTION_DAYS * DAY;
    const client = clientKey();
    const other = clientKey(2);
    const contacts = { ...client, dataclass: 'Contacts' as const };
    const events = { ...client, dataclass: 'Events' as const };
    const card = (key: ClientKey, title: string): NewContent => ({ uuid: uid('item'), accountId: key.accountId, clientUuid: key.uuid, dataclass: 'Contacts', title, type: 'text/vcard', body: `BODY:${title}` });
    // The client: 1 inserts, 2 deletes old (long ago), 3 deletes recent, 4 an event; the other
    // client more old deletes than one batch holds.
    const [old, recent, kept] = await store().contents.insertMany([card(client, 'old'), card(client, 'recent'), card(client, 'kept')]);
    const many = await store().contents.insertMany(Array.from({ length: TOMBSTONE_BATCH + 3 }, (_, i) => card(other, `o${i}`)));
    await writtenAt(new Date(now.getTime() - retention - HOUR), async () => {
      await store().contents.deleteMany(client, [old!.uuid]);
      await store().contents.deleteMany(other, many.map((m) => m.uuid));
    });
    await writtenAt(new Date(now.getTime() - retention + HOUR), () => store().contents.deleteMany(client, [recent!.uuid]));
    await store().contents.insertMany([{ ...card(client, 'event'), dataclass: 'Events', type: 'text/calendar' }]);
    expect(await store().contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 0 });

    expect(await job('tombstones').run(store(), now)).toBe(1 + TOMBSTONE_BATCH + 3);
    // The old deletes are gone, the recent one and the live rows are not.
    expect((await store().contents.davChanges(contacts, 0, 10)).map((r) => [r.title, r.sequence, r.deleted !== null])).toEqual([
      ['kept', 1, false],
      ['recent', 3, true],
    ]);
    expect(await store().contents.davChanges({ ...other, dataclass: 'Contacts' }, 0, 10)).toEqual([]);
    // The horizon is the sequence of the delete pruned (2), for every collection of the datastore;
    // the other client's is its own.
    expect(await store().contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 2 });
    expect(await store().contents.davSyncState(events)).toEqual({ current: 4, oldest: 2 });
    expect(await store().contents.davSyncState({ ...other, dataclass: 'Contacts' })).toEqual({ current: 2, oldest: 2 });
    // Nothing more is due; a run with nothing due changes no horizon.
    expect(await job('tombstones').run(store(), now)).toBe(0);
    expect(await store().contents.davSyncState(contacts)).toEqual({ current: 3, oldest: 2 });

    // Once the latest change of a collection was a pruned delete, its sequence does not go back
    // below the horizon (a getctag or token it answered before that delete would come again).
    await store().contents.deleteMany(client, [kept!.uuid]);
    expect(await store().contents.davSyncState(contacts)).toEqual({ current: 5, oldest: 2 });
    expect(await job('tombstones').run(store(), new Date(now.getTime() + retention + DAY))).toBe(2);
    expect(await store().contents.davChanges(contacts, 0, 10)).toEqual([]);
    expect(await store().contents.davSyncState(contacts)).toEqual({ current: 5, oldest: 5 });
    expect(await store().contents.collectionSequence(contacts)).toBe(5);
    // The counter goes on from where it was.
    expect((await store().contents.insertMany([card(client, 'next')]))[0]!.sequence).toBe(6);
  });

  it('tombstones run on several instances at once prune each tombstone once and agree on the horizon', async () => {
    // Three instances over one database, each with its own connections, all pruning at once (on
    // SQLite, one process: three runs of the job in it).
    const schema = kind === 'postgres' ? await createTestSchema() : undefined;
    const stores = schema === undefined ? [store(), store(), store()] : await Promise.all([0, 1, 2].map(() => openStore({ kind: 'postgres', url: schema.url })));
    try {
      const [first] = stores;
      const client = clientKey();
      const contacts = { ...client, dataclass: 'Contacts' as const };
      const rows = await first!.contents.insertMany(Array.from({ length: 1200 }, (_, i) => ({ uuid: uid('item'), accountId: client.accountId, clientUuid: client.uuid, dataclass: 'Contacts' as const, title: `c${i}`, type: 'text/vcard', body: `BODY:${i}` })));
      // Three deletes, three sequences (2, 3, 4).
      for (const part of [rows.slice(0, 400), rows.slice(400, 800), rows.slice(800)]) await first!.contents.deleteMany(client, part.map((r) => r.uuid));
      const later = new Date(Date.now() + (DEFAULT_TOMBSTONE_RETENTION_DAYS + 1) * DAY);
      const counts = await Promise.all(stores.map((s) => job('tombstones').run(s, later)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1200);
      expect(await first!.contents.davChanges(contacts, 0, 10)).toEqual([]);
      expect(await first!.contents.davSyncState(contacts)).toEqual({ current: 4, oldest: 4 });
    } finally {
      if (schema !== undefined) {
        for (const s of stores) await s.close();
        await schema.drop();
      }
    }
  });

  it('oauth-nonces forgets nonces older than the window, so only those could be used again', async () => {
    const nowSeconds = 2_000_000_000;
    const old = nowSeconds - OAUTH_WINDOW_SECONDS - 1;
    const inWindow = nowSeconds - OAUTH_WINDOW_SECONDS + 1;
    // Two accounts' consumers: the job sweeps every account's.
    const consumers = [];
    for (const username of ['alice', 'bob']) {
      const account = await makeAccount(store(), username);
      consumers.push(await store().consumers.create({ key: uid('ck'), accountId: account.id, sealedSecret: 's' }));
    }
    for (const c of consumers) {
      expect(await store().nonces.remember(c.accountId, c.key, old, 'n')).toBe(true);
      expect(await store().nonces.remember(c.accountId, c.key, inWindow, 'n')).toBe(true);
    }
    await job('oauth-nonces').run(store(), new Date(nowSeconds * 1000));
    for (const c of consumers) {
      expect(await store().nonces.remember(c.accountId, c.key, old, 'n')).toBe(true);
      expect(await store().nonces.remember(c.accountId, c.key, inWindow, 'n')).toBe(false);
    }
  });
});

describe('the housekeeping runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const store = {} as Store;
  const noJitter = () => 0;

  it('runs each job first after the first delay, then every everyMs after the end of its last run', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const start = Date.now();
    const keeper = new Housekeeping(undefined, {
      firstRunMs: 1_000,
      random: noJitter,
      jobs: [{ name: 't', everyMs: 5_000, run: async () => (runs.push(Date.now() - start), 0) }],
    });
    keeper.start(store);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([1_000]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([1_000, 6_000, 11_000]);
    await keeper.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
  });

  it('a failing job is logged and runs again at its next turn; the other jobs go on', async () => {
    vi.useFakeTimers();
    const warnings: unknown[] = [];
    const logger = { warn: (o: unknown) => warnings.push(o), debug: () => undefined } as unknown as import('pino').Logger;
    let failing = 0;
    let fine = 0;
    const keeper = new Housekeeping(logger, {
      firstRunMs: 100,
      random: noJitter,
      jobs: [
        { name: 'failing', everyMs: 1_000, run: async () => { failing++; throw new Error('store away'); } },
        { name: 'fine', everyMs: 1_000, run: async () => (fine++, 0) },
      ],
    });
    keeper.start(store);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(failing).toBe(3);
    expect(fine).toBe(3);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({ job: 'failing' });
    await keeper.stop();
  });

  it('a job failing on an unreachable store adds no warning: the store says the outage once (store/outage.ts)', async () => {
    vi.useFakeTimers();
    const warnings: unknown[] = [];
    const debug: unknown[] = [];
    const logger = { warn: (o: unknown) => warnings.push(o), debug: (o: unknown) => debug.push(o) } as unknown as import('pino').Logger;
    let runs = 0;
    const keeper = new Housekeeping(logger, {
      firstRunMs: 100,
      random: noJitter,
      jobs: [{ name: 'away', everyMs: 1_000, run: async () => { runs++; throw new StoreUnavailable('ECONNREFUSED', 'none'); } }],
    });
    keeper.start(store);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(runs).toBe(3);
    expect(warnings).toEqual([]);
    expect(debug).toEqual([{ job: 'away', cause: 'ECONNREFUSED' }, { job: 'away', cause: 'ECONNREFUSED' }, { job: 'away', cause: 'ECONNREFUSED' }]);
    await keeper.stop();
  });

  it('stop waits for a run in progress and starts none after it', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    let started = 0;
    let ended = 0;
    const keeper = new Housekeeping(undefined, {
      firstRunMs: 10,
      random: noJitter,
      jobs: [{ name: 'slow', everyMs: 10, run: async () => { started++; await new Promise<void>((r) => (release = r)); ended++; return 0; } }],
    });
    keeper.start(store);
    await vi.advanceTimersByTimeAsync(10);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = keeper.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(1);
  });

  it('spreads instances started together: the first run comes within 10 % after the first delay', async () => {
    vi.useFakeTimers();
    const at: number[] = [];
    const start = Date.now();
    const keeper = new Housekeeping(undefined, { firstRunMs: 1_000, random: () => 0.5, jobs: [{ name: 't', everyMs: 60_000, run: async () => (at.push(Date.now() - start), 0) }] });
    keeper.start(store);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(at).toEqual([1_050]);
    await keeper.stop();
  });
});

/**
 * What the SyncML endpoint keeps between messages, on both stores: sessions in progress
 * (compare-and-set, buffered items, last reply), phone devices, and the chat log kept by count.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../src/open.js';
import type { Store, SyncmlSessionRow } from '../src/store.js';
import { createTestSchema, storeKinds, type TestSchema } from '../../server/test/support/stores.js';
import { makeAccount, sleep, uid, useStore } from './helpers.js';

type NewSession = Omit<SyncmlSessionRow, 'version' | 'updated'>;

const newSession = (over: Partial<NewSession> = {}): NewSession => ({
  key: uid('sess'),
  deviceId: 'IMEI:356938035643809',
  phoneSessionId: '1',
  state: JSON.stringify({ phase: 'init' }),
  lastMsgId: null,
  lastReply: null,
  lastRequest: null,
  ...over,
});

/** Bytes that are not text: every value, in a pattern that a truncation or shift would break. */
const bytes = (length: number, salt = 0): Uint8Array => {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + salt + (i >> 8)) & 0xff;
  return out;
};

/** Waits until the clock has passed `date`, so what is written next is strictly newer. */
async function after(date: Date): Promise<void> {
  while (Date.now() <= date.getTime()) await sleep(2);
}

describe.each(storeKinds)('SyncML sessions in progress (%s)', (kind) => {
  const store = useStore(kind);

  it('creates at the first version; gets by key; finds the latest by device and phone SessionID', async () => {
    const reply = new Uint8Array([0x02, 0xa4, 0x01, 0x6a, 0x00, 0xff]);
    const created = await store().syncmlSessions.create(newSession({ lastMsgId: '1', lastReply: reply }));
    expect(created).toMatchObject({ deviceId: 'IMEI:356938035643809', phoneSessionId: '1', lastMsgId: '1', version: 1 });
    expect(created.lastReply).toEqual(reply);
    expect(created.updated).toBeInstanceOf(Date);
    expect(await store().syncmlSessions.get(created.key)).toEqual(created);
    expect(await store().syncmlSessions.get('missing')).toBeUndefined();

    // The same phone counts its SessionIDs round again: the newer session is the one found.
    await after(created.updated);
    const again = await store().syncmlSessions.create(newSession({ phoneSessionId: '1' }));
    const other = await store().syncmlSessions.create(newSession({ deviceId: 'IMEI:other', phoneSessionId: '1' }));
    expect(await store().syncmlSessions.find('IMEI:356938035643809', '1')).toEqual(again);
    expect(await store().syncmlSessions.find('IMEI:other', '1')).toEqual(other);
    expect(await store().syncmlSessions.find('IMEI:356938035643809', '2')).toBeUndefined();
  });

  it('finds a session by device, SessionID and the digest of its last request (a repeat), never another one', async () => {
    const answered = await store().syncmlSessions.create(newSession({ deviceId: 'IMEI:repeat', lastMsgId: '1', lastRequest: 'digest-of-message-1' }));
    await after(answered.updated);
    // A newer session of the same device and SessionID (someone else's message 1) does not hide it.
    const newer = await store().syncmlSessions.create(newSession({ deviceId: 'IMEI:repeat', lastMsgId: '1', lastRequest: 'digest-of-another-message' }));
    expect(await store().syncmlSessions.find('IMEI:repeat', '1')).toEqual(newer);
    expect(await store().syncmlSessions.find('IMEI:repeat', '1', 'digest-of-message-1')).toEqual(answered);
    expect(await store().syncmlSessions.find('IMEI:repeat', '1', 'digest-of-message-2')).toBeUndefined();
    expect(await store().syncmlSessions.find('IMEI:repeat', '2', 'digest-of-message-1')).toBeUndefined();
  });

  it('updates by compare-and-set: a write from a stale version is refused', async () => {
    const created = await store().syncmlSessions.create(newSession());
    const reply = bytes(300);
    const moved = await store().syncmlSessions.update(created.key, created.version, { state: '{"phase":"sync"}', lastMsgId: '2', lastReply: reply, lastRequest: 'r2' });
    expect(moved).toMatchObject({ key: created.key, state: '{"phase":"sync"}', lastMsgId: '2', version: created.version + 1 });
    expect(moved!.lastReply).toEqual(reply);
    expect(await store().syncmlSessions.get(created.key)).toEqual(moved);

    // Another writer still at the first version loses and changes nothing.
    expect(await store().syncmlSessions.update(created.key, created.version, { state: 'stale', lastMsgId: '9', lastReply: null, lastRequest: null })).toBeUndefined();
    expect(await store().syncmlSessions.get(created.key)).toEqual(moved);

    // The reply can be cleared; a gone session is not updated.
    const cleared = await store().syncmlSessions.update(created.key, moved!.version, { state: 'end', lastMsgId: null, lastReply: null, lastRequest: null });
    expect(cleared).toMatchObject({ lastMsgId: null, lastReply: null, version: created.version + 2 });
    expect(await store().syncmlSessions.update('missing', 1, { state: 'x', lastMsgId: null, lastReply: null, lastRequest: null })).toBeUndefined();
  });

  it('of concurrent updates from one version exactly one wins', async () => {
    const created = await store().syncmlSessions.create(newSession());
    const writers = 8;
    const results = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        store().syncmlSessions.update(created.key, created.version, { state: `writer ${i}`, lastMsgId: String(i), lastReply: bytes(64, i), lastRequest: `r${i}` }),
      ),
    );
    const winners = results.filter((r) => r !== undefined);
    expect(winners).toHaveLength(1);
    const stored = await store().syncmlSessions.get(created.key);
    expect(stored).toEqual(winners[0]);
    expect(stored!.version).toBe(created.version + 1);
    expect(stored!.lastReply).toEqual(bytes(64, Number(stored!.lastMsgId)));
  });

  it('appends items over several calls in order, per direction, and pages them', async () => {
    const session = await store().syncmlSessions.create(newSession());
    const body = (n: number) => JSON.stringify({ cmd: 'Add', luid: `L${n}`, data: `BEGIN:VCARD\r\nFN:Person ${n}\r\nEND:VCARD` });
    const all = Array.from({ length: 750 }, (_, i) => body(i));
    await store().syncmlSessions.appendItems(session.key, 'in', all.slice(0, 1));
    await store().syncmlSessions.appendItems(session.key, 'in', all.slice(1, 300));
    await store().syncmlSessions.appendItems(session.key, 'in', []);
    await store().syncmlSessions.appendItems(session.key, 'in', all.slice(300));
    await store().syncmlSessions.appendItems(session.key, 'out', ['o0', 'o1', 'o2']);

    const items = await store().syncmlSessions.items(session.key, 'in');
    expect(items.map((i) => i.seq)).toEqual(all.map((_, i) => i));
    expect(items.map((i) => i.body)).toEqual(all);
    expect(items.every((i) => i.direction === 'in')).toBe(true);
    expect(await store().syncmlSessions.countItems(session.key, 'in')).toBe(750);
    expect(await store().syncmlSessions.countItems(session.key, 'out')).toBe(3);
    expect(await store().syncmlSessions.items(session.key, 'out')).toEqual([
      { direction: 'out', seq: 0, body: 'o0' },
      { direction: 'out', seq: 1, body: 'o1' },
      { direction: 'out', seq: 2, body: 'o2' },
    ]);

    // Pages: from a seq, at most a limit; past the end, nothing.
    const page = await store().syncmlSessions.items(session.key, 'in', 298, 5);
    expect(page.map((i) => [i.seq, i.body])).toEqual([298, 299, 300, 301, 302].map((n) => [n, body(n)]));
    expect((await store().syncmlSessions.items(session.key, 'in', 745)).map((i) => i.seq)).toEqual([745, 746, 747, 748, 749]);
    expect(await store().syncmlSessions.items(session.key, 'in', 750, 10)).toEqual([]);
    expect(await store().syncmlSessions.items(session.key, 'out', 0, 0)).toEqual([]);

    // Another session's items are its own.
    const other = await store().syncmlSessions.create(newSession());
    expect(await store().syncmlSessions.countItems(other.key, 'in')).toBe(0);
    await store().syncmlSessions.appendItems(other.key, 'in', ['x']);
    expect(await store().syncmlSessions.items(other.key, 'in')).toEqual([{ direction: 'in', seq: 0, body: 'x' }]);
  });

  it('appends more items than one statement may bind, and concurrent appends never share a seq', async () => {
    const session = await store().syncmlSessions.create(newSession());
    // More rows than the largest chunk of either dialect: at least two statements each.
    const many = Array.from({ length: 70_000 }, (_, i) => `b${i}`);
    await store().syncmlSessions.appendItems(session.key, 'out', many);
    expect(await store().syncmlSessions.countItems(session.key, 'out')).toBe(many.length);
    const edges = [...(await store().syncmlSessions.items(session.key, 'out', 0, 2)), ...(await store().syncmlSessions.items(session.key, 'out', 69_998))];
    expect(edges.map((i) => [i.seq, i.body])).toEqual([[0, 'b0'], [1, 'b1'], [69_998, 'b69998'], [69_999, 'b69999']]);

    const batches = Array.from({ length: 6 }, (_, b) => Array.from({ length: 40 }, (_, i) => `${b}:${i}`));
    await Promise.all(batches.map((batch) => store().syncmlSessions.appendItems(session.key, 'in', batch)));
    const items = await store().syncmlSessions.items(session.key, 'in');
    expect(items.map((i) => i.seq)).toEqual(Array.from({ length: 240 }, (_, i) => i));
    // Each batch landed whole and in its own order.
    for (const batch of batches) {
      const at = items.findIndex((i) => i.body === batch[0]);
      expect(items.slice(at, at + batch.length).map((i) => i.body)).toEqual(batch);
    }
  });

  it('delete drops the session and its items, and leaves other sessions alone', async () => {
    const doomed = await store().syncmlSessions.create(newSession());
    const kept = await store().syncmlSessions.create(newSession());
    for (const s of [doomed, kept]) {
      await store().syncmlSessions.appendItems(s.key, 'in', ['a', 'b']);
      await store().syncmlSessions.appendItems(s.key, 'out', ['c']);
    }
    await store().syncmlSessions.delete(doomed.key);
    await store().syncmlSessions.delete('missing');
    expect(await store().syncmlSessions.get(doomed.key)).toBeUndefined();
    expect(await store().syncmlSessions.countItems(doomed.key, 'in')).toBe(0);
    expect(await store().syncmlSessions.countItems(doomed.key, 'out')).toBe(0);
    expect(await store().syncmlSessions.get(kept.key)).toEqual(kept);
    expect(await store().syncmlSessions.countItems(kept.key, 'in')).toBe(2);

    // An append for a session gone meanwhile buffers nothing.
    await store().syncmlSessions.appendItems(doomed.key, 'in', ['late']);
    expect(await store().syncmlSessions.countItems(doomed.key, 'in')).toBe(0);
  });

  it('pruneIdle drops the sessions not updated since a time, with their items', async () => {
    const idle = await store().syncmlSessions.create(newSession());
    const busy = await store().syncmlSessions.create(newSession());
    await store().syncmlSessions.appendItems(idle.key, 'in', ['a', 'b', 'c']);
    await store().syncmlSessions.appendItems(idle.key, 'out', ['d']);
    await store().syncmlSessions.appendItems(busy.key, 'in', ['e']);
    await after(idle.updated);
    await after(busy.updated);
    // The busy session takes its next message; the idle one does not.
    const moved = await store().syncmlSessions.update(busy.key, busy.version, { state: 'next', lastMsgId: '2', lastReply: null, lastRequest: null });

    expect(await store().syncmlSessions.pruneIdle(new Date(0))).toBe(0);
    expect(await store().syncmlSessions.pruneIdle(moved!.updated)).toBe(1);
    expect(await store().syncmlSessions.get(idle.key)).toBeUndefined();
    expect(await store().syncmlSessions.countItems(idle.key, 'in')).toBe(0);
    expect(await store().syncmlSessions.countItems(idle.key, 'out')).toBe(0);
    expect(await store().syncmlSessions.get(busy.key)).toEqual(moved);
    expect(await store().syncmlSessions.items(busy.key, 'in')).toEqual([{ direction: 'in', seq: 0, body: 'e' }]);
  });

  it('a rolled-back transaction leaves neither the session\'s update nor its items', async () => {
    const session = await store().syncmlSessions.create(newSession());
    await expect(
      store().transaction(async (tx) => {
        await tx.syncmlSessions.appendItems(session.key, 'in', ['a', 'b']);
        await tx.syncmlSessions.update(session.key, session.version, { state: 'x', lastMsgId: '1', lastReply: null, lastRequest: null });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await store().syncmlSessions.get(session.key)).toEqual(session);
    expect(await store().syncmlSessions.countItems(session.key, 'in')).toBe(0);
  });

  it('large state and reply bytes round-trip exactly', async () => {
    // 1 MB of JSON state with every escape a JSON writer makes, and a 150 KB binary reply.
    const unit = 'Ünïcødé "quoted" \\ back\u00a0slash \u2028 𝄞 line\r\n\t';
    const state = JSON.stringify({ blob: unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000) });
    expect(state.length).toBeGreaterThan(1_000_000);
    const reply = bytes(150 * 1024, 7);
    const created = await store().syncmlSessions.create(newSession({ state, lastMsgId: '1', lastReply: reply.subarray(0, 10) }));
    expect(created.lastReply).toEqual(reply.subarray(0, 10));
    // A view into a larger buffer: only its own bytes are stored.
    const view = new Uint8Array(reply.length + 20);
    view.set(reply, 10);
    await store().syncmlSessions.update(created.key, created.version, { state, lastMsgId: '2', lastReply: view.subarray(10, 10 + reply.length), lastRequest: null });

    const stored = await store().syncmlSessions.get(created.key);
    expect(stored!.state).toBe(state);
    expect(stored!.lastReply).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(stored!.lastReply)).toBe(false);
    expect(stored!.lastReply!.byteLength).toBe(reply.byteLength);
    expect(Buffer.compare(Buffer.from(stored!.lastReply!), Buffer.from(reply))).toBe(0);

    await store().syncmlSessions.appendItems(created.key, 'in', [state]);
    expect((await store().syncmlSessions.items(created.key, 'in'))[0]!.body).toBe(state);
  });
});

describe.each(storeKinds)('SyncML devices (%s)', (kind) => {
  const store = useStore(kind);

  it('save inserts, then merges only the fields given; devices are per account', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toBeUndefined();

    await store().syncmlDevices.save(alice.id, 'IMEI:1', { nonce: 'n1' });
    const first = await store().syncmlDevices.get(alice.id, 'IMEI:1');
    expect(first).toMatchObject({ accountId: alice.id, deviceId: 'IMEI:1', nonce: 'n1', devinf: null });
    expect(first!.updated).toBeInstanceOf(Date);

    const devinf = JSON.stringify({ verDtd: '1.2', man: 'Nokia', mod: 'E71', dataStores: [{ sourceRef: './C\\Contacts.cdb' }] });
    await store().syncmlDevices.save(alice.id, 'IMEI:1', { devinf });
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toMatchObject({ nonce: 'n1', devinf });
    await store().syncmlDevices.save(alice.id, 'IMEI:1', { nonce: 'n2' });
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toMatchObject({ nonce: 'n2', devinf });
    await store().syncmlDevices.save(alice.id, 'IMEI:1', {});
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toMatchObject({ nonce: 'n2', devinf });

    // A device first seen with DevInf has no nonce yet; the same DevID under bob is bob's.
    await store().syncmlDevices.save(alice.id, 'IMEI:2', { devinf: '{}' });
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:2')).toMatchObject({ nonce: '', devinf: '{}' });
    await store().syncmlDevices.save(bob.id, 'IMEI:1', { nonce: 'bob', devinf: '{"mod":"x"}' });
    expect(await store().syncmlDevices.get(bob.id, 'IMEI:1')).toMatchObject({ accountId: bob.id, nonce: 'bob', devinf: '{"mod":"x"}' });
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toMatchObject({ nonce: 'n2', devinf });
  });

  it('an account\'s devices go with it', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    await store().syncmlDevices.save(alice.id, 'IMEI:1', { nonce: 'a' });
    await store().syncmlDevices.save(bob.id, 'IMEI:1', { nonce: 'b' });
    expect(await store().accounts.delete(alice.id)).toBe(true);
    expect(await store().syncmlDevices.get(alice.id, 'IMEI:1')).toBeUndefined();
    expect(await store().syncmlDevices.get(bob.id, 'IMEI:1')).toMatchObject({ nonce: 'b' });
  });
});

describe.each(storeKinds)('chat log kept by count (%s)', (kind) => {
  const store = useStore(kind);

  it('keepNewest keeps the newest messages by time and says how many went', async () => {
    const session = uid('sess');
    const appended = [];
    for (let i = 0; i < 7; i++) {
      // Each in a millisecond of its own: "newest" is by time.
      if (appended.length > 0) await after(appended.at(-1)!.created);
      appended.push(await store().chatLog.append({ sessionId: session, msgId: i, direction: i % 2 ? 'out' : 'in', encoding: 'xml', body: `<m${i}/>` }));
    }
    const newestFirst = appended.map((m) => m.id).reverse();
    expect(await store().chatLog.keepNewest(10)).toBe(0);
    expect(await store().chatLog.keepNewest(7)).toBe(0);
    expect((await store().chatLog.list(100)).map((m) => m.id)).toEqual(newestFirst);

    expect(await store().chatLog.keepNewest(3)).toBe(4);
    expect(await store().chatLog.list(100)).toEqual(appended.slice(4).reverse());
    expect(await store().chatLog.keepNewest(1)).toBe(2);
    expect((await store().chatLog.list(100)).map((m) => m.id)).toEqual([appended[6]!.id]);
    expect(await store().chatLog.keepNewest(0)).toBe(1);
    expect(await store().chatLog.list(100)).toEqual([]);
    expect(await store().chatLog.keepNewest(5)).toBe(0);
  });

  it('keepNewest keeps every message of the millisecond it cuts at, and lists them newest first by time, then id', async () => {
    const session = uid('sess');
    const early = await store().chatLog.append({ sessionId: session, msgId: 1, direction: 'in', encoding: 'xml', body: '<early/>' });
    await after(early.created);
    // Messages of one millisecond: retention never drops part of them by id order. The instance's
    // clock stands still for them (three appends within one real millisecond are not to be had
    // from a distributed store, a round trip to a worker each).
    const burst = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 3; i++) burst.push(await store().chatLog.append({ sessionId: session, msgId: 2 + i, direction: 'out', encoding: 'xml', body: `<b${i}/>` }));
    } finally {
      vi.useRealTimers();
    }
    expect(new Set(burst.map((m) => m.created.getTime())).size).toBe(1);
    const listed = await store().chatLog.list(100);
    expect(listed.slice(0, 3).map((m) => m.id)).toEqual(burst.map((m) => m.id).reverse());
    expect(await store().chatLog.keepNewest(1)).toBeGreaterThanOrEqual(1);
    const kept = await store().chatLog.list(100);
    expect(kept.map((m) => m.body)).not.toContain('<early/>');
    expect(kept.slice(0, 3).map((m) => m.id)).toEqual(burst.map((m) => m.id).reverse());
  });
});

describe('SyncML sessions across two PostgreSQL instances', () => {
  let database: TestSchema | undefined;
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await database?.drop();
    database = undefined;
  });

  it('one session taken by two instances at once: one update wins, appends interleave without a shared seq', async () => {
    database = await createTestSchema();
    const url = database.url;
    const [a, b] = await Promise.all([openStore({ kind: 'postgres', url }), openStore({ kind: 'postgres', url })]);
    opened.push(a, b);
    const created = await a.syncmlSessions.create(newSession());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).transaction(async (tx) => {
          await tx.syncmlSessions.appendItems(created.key, 'in', [`${i}:0`, `${i}:1`]);
          const moved = await tx.syncmlSessions.update(created.key, created.version, { state: `by ${i}`, lastMsgId: '2', lastReply: bytes(10, i), lastRequest: null });
          // The machine rolls a lost message back: its buffered items go with it.
          if (moved === undefined) throw new Error('lost');
          return moved;
        }).catch((error: Error) => error),
      ),
    );
    const winners = results.filter((r): r is SyncmlSessionRow => !(r instanceof Error));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r instanceof Error).map((e) => (e as Error).message)).toEqual(Array(9).fill('lost'));
    const winner = winners[0]!;
    expect(await b.syncmlSessions.get(created.key)).toEqual(winner);
    const by = winner.state.slice('by '.length);
    expect(await a.syncmlSessions.items(created.key, 'in')).toEqual([
      { direction: 'in', seq: 0, body: `${by}:0` },
      { direction: 'in', seq: 1, body: `${by}:1` },
    ]);
  });
});

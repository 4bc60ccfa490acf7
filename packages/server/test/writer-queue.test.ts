/**
 * The store's line of writers (http/writer-queue.ts): first in, first served, `concurrency` at a
 * time; a writer that fails or leaves never blocks the ones behind it. And the content writes of
 * the HTTP pipeline take their places when their requests arrive, not when their bodies are
 * complete. No timing: the order of events is what is checked.
 */
import type { OperationHandlers } from '../src/context.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, createLogger } from '../src/index.js';
import type { Store } from '@atomsync/store';
import { WriterQueue, writerQueueOf } from '../src/http/writer-queue.js';
import { openTestStore, storeKinds } from './support/stores.js';

/** A promise and its resolvers, to hold a writer at a point of our choosing. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void; fail: (error: Error) => void } {
  let open!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { promise, open, fail };
}

/** Lets every queued callback (setImmediate and the promises behind it) run. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

describe('WriterQueue', () => {
  it('runs writers one at a time, in the order they came', async () => {
    const queue = new WriterQueue(1);
    const log: string[] = [];
    const holds = [gate(), gate(), gate()];
    const runs = holds.map((hold, i) =>
      queue.run(async () => {
        log.push(`start ${i}`);
        await hold.promise;
        log.push(`end ${i}`);
        return i;
      }),
    );
    await settle();
    expect(log).toEqual(['start 0']);
    expect(queue.waiting).toBe(2);
    // Let the last go first: it still waits for its turn.
    holds[2]!.open();
    holds[1]!.open();
    await settle();
    expect(log).toEqual(['start 0']);
    holds[0]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(queue.waiting).toBe(0);
  });

  it('a writer that fails hands its turn on; its caller gets the error', async () => {
    const queue = new WriterQueue(1);
    const hold = gate();
    const failing = queue.run(async () => {
      await hold.promise;
    });
    const next = queue.run(async () => 'next ran');
    hold.fail(new Error('store refused'));
    await expect(failing).rejects.toThrow('store refused');
    expect(await next).toBe('next ran');
  });

  it('a writer that leaves before its turn (its request failed) holds nobody up, and the order stays', async () => {
    const queue = new WriterQueue(1);
    const first = queue.enter();
    const leaving = queue.enter();
    const third = queue.enter();
    const reached: string[] = [];
    await first.wait();
    void leaving.wait().then(() => reached.push('leaving'));
    void third.wait().then(() => reached.push('third'));
    leaving.release();
    leaving.release(); // twice: nothing more happens
    expect(queue.waiting).toBe(1);
    first.release();
    first.release();
    await settle();
    expect(reached).toEqual(['third']);
    third.release();
    // The line is empty again: the next writer goes at once.
    const after = queue.enter();
    await after.wait();
    after.release();
    await expect(leaving.wait()).rejects.toThrow(/left the line/);
  });

  it('the first in line whose body is still on the way is waited for: the others keep their order behind it', async () => {
    const queue = new WriterQueue(1, { patienceMs: Infinity });
    const order: string[] = [];
    const holder = queue.enter();
    await holder.wait();
    const a = queue.enter();
    const b = queue.enter();
    void b.wait().then(() => (order.push('B'), b.release()));
    holder.release();
    await settle();
    expect(order).toEqual([]);
    expect(queue.waiting).toBe(1);
    void a.wait().then(() => (order.push('A'), a.release()));
    await settle();
    expect(order).toEqual(['A', 'B']);
  });

  it('past its patience the first in line is passed over, once: the writers waiting go, in the order they came', async () => {
    const queue = new WriterQueue(1, { patienceMs: 0 });
    const order: string[] = [];
    const holder = queue.enter();
    await holder.wait();
    // In the order they came: A (its body still coming), B, C.
    const a = queue.enter();
    const b = queue.enter();
    const c = queue.enter();
    // C's body is read before B's: still B goes before C.
    void c.wait().then(() => (order.push('C'), c.release()));
    void b.wait().then(() => (order.push('B'), b.release()));
    holder.release();
    await settle();
    expect(order).toEqual(['B', 'C']);
    // A's body arrives at last: the line is free, it goes at once.
    await a.wait();
    order.push('A');
    a.release();
    expect(order).toEqual(['B', 'C', 'A']);
  });

  it('a writer that came first and waits goes before a later one, even if the later one asked first', async () => {
    const queue = new WriterQueue(1);
    const holder = queue.enter();
    await holder.wait();
    const early = queue.enter();
    const late = queue.enter();
    const order: string[] = [];
    void late.wait().then(() => (order.push('late'), late.release()));
    void early.wait().then(() => (order.push('early'), early.release()));
    holder.release();
    await settle();
    expect(order).toEqual(['early', 'late']);
  });

  it('with a concurrency of n, n writers go at once and the next waits for one of them', async () => {
    const queue = new WriterQueue(2);
    const holds = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = holds.map((hold, i) =>
      queue.run(async () => {
        started.push(i);
        await hold.promise;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    holds[1]!.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    holds[0]!.open();
    holds[2]!.open();
    await Promise.all(runs);
  });

  it('refuses a concurrency below 1, a patience below 0 and a lookahead that is not a whole number of 0 or more', () => {
    expect(() => new WriterQueue(0)).toThrow(RangeError);
    expect(() => new WriterQueue(1, { patienceMs: -1 })).toThrow(RangeError);
    expect(() => new WriterQueue(1, { lookahead: -1 })).toThrow(RangeError);
    expect(() => new WriterQueue(1, { lookahead: 1.5 })).toThrow(RangeError);
  });

  it('lets the next `lookahead` writers in line prepare while one writes, and the next as the line moves', async () => {
    const queue = new WriterQueue(1, { lookahead: 2 });
    const turns = Array.from({ length: 5 }, () => queue.enter());
    const near: number[] = [];
    turns.forEach((turn, i) => void turn.approach().then(() => near.push(i)));
    await settle();
    // None writes yet: one free turn and two ahead of it.
    expect(near).toEqual([0, 1, 2]);
    await turns[0]!.wait();
    await settle();
    expect(near).toEqual([0, 1, 2]);
    turns[0]!.release();
    await settle();
    // The first's turn is free: the fourth comes within reach.
    expect(near).toEqual([0, 1, 2, 3]);
    await turns[1]!.wait();
    await settle();
    expect(near).toEqual([0, 1, 2, 3]);
    // One who leaves the line before its turn makes room too.
    turns[2]!.release();
    await settle();
    expect(near).toEqual([0, 1, 2, 3, 4]);
  });

  it('with no lookahead a writer prepares only when a turn is free for it', async () => {
    const queue = new WriterQueue(1, { lookahead: 0 });
    const [first, second] = [queue.enter(), queue.enter()];
    const near: string[] = [];
    void first.approach().then(() => near.push('first'));
    void second.approach().then(() => near.push('second'));
    await settle();
    expect(near).toEqual(['first']);
    await first.wait();
    first.release();
    await settle();
    expect(near).toEqual(['first', 'second']);
  });

  it('a writer waited for that leaves lets the line go on', async () => {
    const queue = new WriterQueue(1, { patienceMs: Infinity });
    const holder = queue.enter();
    await holder.wait();
    const gone = queue.enter();
    const next = queue.enter();
    let ran = false;
    void next.wait().then(() => ((ran = true), next.release()));
    holder.release();
    await settle();
    expect(ran).toBe(false);
    gone.release();
    await settle();
    expect(ran).toBe(true);
  });
});

describe.each(storeKinds)('one line per store (%s)', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => {
    await store.close();
  });

  it('is the same line for the same store, one writer at a time on SQLite, two on PostgreSQL', async () => {
    const queue = writerQueueOf(store);
    expect(writerQueueOf(store)).toBe(queue);
    // On PostgreSQL a first writer whose body is still coming holds nobody up.
    const early = kind === 'postgres' ? queue.enter() : undefined;
    const holds = Array.from({ length: 12 }, () => gate());
    const started: number[] = [];
    const runs = holds.map((hold, i) => queue.run(async () => (started.push(i), await hold.promise)));
    await settle();
    expect(started).toEqual(kind === 'sqlite' ? [0] : [0, 1]);
    for (const hold of holds) hold.open();
    await Promise.all(runs);
    early?.release();
  });
});

describe('content writes over HTTP take turns in the order their requests arrived', () => {
  const ALICE = { kind: 'account', id: 1, username: 'alice', admin: false } as const;
  const CLIENT = '0f8e6f1c-2b9d-4c1e-9a57-4d1c1f0a9e3b';
  const ENTRY = '<entry xmlns="http://www.w3.org/2005/Atom"><title>t</title><content type="text/plain">n</content></entry>';

  it('while one write runs, the next go in the order they arrived, not in the order their bodies were complete', async () => {
    const handled: string[] = [];
    const holdFirst = gate();
    const handlers: OperationHandlers = {
      // What a handler does in its turn is its write (datastore.ts writes the store there).
      async createContent({ body }, ctx) {
        return ctx.inWriterTurn(async () => {
          handled.push(body.title ?? '');
          if (body.title === 'first') await holdFirst.promise;
          return { title: body.title, id: 'urn:uuid:x', updated: new Date(0) } as never;
        });
      },
    };
    const app = createApp({
      handlers,
      logger: createLogger('silent'),
      authenticate: { identify: () => ALICE, challenge: 'Basic realm="atomsync"' },
      writers: new WriterQueue(1),
    });
    const entry = (title: string) => ENTRY.replace('<title>t</title>', `<title>${title}</title>`);
    const post = (body: BodyInit) =>
      app.fetch(
        new Request(`http://atomsync.test/v2/services/datastore/${CLIENT}/contents/`, {
          method: 'POST',
          headers: { 'content-type': 'application/atom+xml' },
          body,
          duplex: 'half',
        } as RequestInit),
      );
    const first = post(entry('first'));
    await settle();
    expect(handled).toEqual(['first']);
    // The second arrives with a body that comes in two parts; the third, complete, after it.
    let sendRest!: () => void;
    const slow = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(entry('second'));
        controller.enqueue(bytes.slice(0, 40));
        sendRest = () => {
          controller.enqueue(bytes.slice(40));
          controller.close();
        };
      },
    });
    const second = post(slow);
    await settle();
    const third = post(entry('third'));
    await settle();
    sendRest();
    await settle();
    expect(handled).toEqual(['first']);
    holdFirst.open();
    const answers = await Promise.all([first, second, third]);
    expect(handled).toEqual(['first', 'second', 'third']);
    for (const answer of answers) expect(answer.status).toBe(201);
  });

  it('a request refused before its turn (415) leaves the line to the next', async () => {
    const handled: string[] = [];
    const app = createApp({
      handlers: {
        async createContent({ body }, ctx) {
          return ctx.inWriterTurn(async () => {
            handled.push(body.title ?? '');
            return { title: body.title, id: 'urn:uuid:x', updated: new Date(0) } as never;
          });
        },
      },
      logger: createLogger('silent'),
      authenticate: { identify: () => ALICE, challenge: 'Basic realm="atomsync"' },
      writers: new WriterQueue(1),
    });
    const post = (type: string, title: string) =>
      app.fetch(
        new Request(`http://atomsync.test/v2/services/datastore/${CLIENT}/contents/`, {
          method: 'POST',
          headers: { 'content-type': type },
          body: ENTRY.replace('<title>t</title>', `<title>${title}</title>`),
        }),
      );
    const [refused, taken] = await Promise.all([post('text/html', 'refused'), post('application/atom+xml', 'taken')]);
    expect(refused.status).toBe(415);
    expect(taken.status).toBe(201);
    expect(handled).toEqual(['taken']);
  });
});

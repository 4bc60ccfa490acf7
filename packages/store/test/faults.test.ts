/**
 * Which database failures mean "the store is unreachable" (store/faults.ts), what a failed
 * statement may have left behind, and the outage said once (store/outage.ts) — issue 27.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/src/log.js';
import { isTransactionConflict, mayRunAgain, outcomeOf, StoreUnavailable, unreachableCause, writes } from '../src/faults.js';
import { OutageLog } from '../src/outage.js';

/** An error as pg, Node or better-sqlite3 make it: a message and maybe a code. */
const failure = (message: string, code?: string): Error => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('unreachableCause', () => {
  it.each<[string, unknown, string | undefined]>([
    // PostgreSQL going away or not taking connections.
    ['pg_terminate_backend / stop -m fast', failure('terminating connection due to administrator command', '57P01'), '57P01 admin_shutdown'],
    ['a crashed backend', failure('terminating connection because of crash of another server process', '57P02'), '57P02 crash_shutdown'],
    ['starting up', failure('the database system is starting up', '57P03'), '57P03 cannot_connect_now'],
    ['too many connections', failure('sorry, too many clients already', '53300'), '53300 too_many_connections'],
    ['a standby after a failover', failure('cannot execute INSERT in a read-only transaction', '25006'), '25006 read_only_sql_transaction'],
    ['connection exception 08006', failure('connection failure', '08006'), '08006 connection exception'],
    ['connection exception 08003', failure('connection does not exist', '08003'), '08003 connection exception'],
    // The network.
    ['connection refused', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'ECONNREFUSED'],
    ['connection reset', failure('read ECONNRESET', 'ECONNRESET'), 'ECONNRESET'],
    ['a timed-out socket', failure('connect ETIMEDOUT 10.0.0.1:5432', 'ETIMEDOUT'), 'ETIMEDOUT'],
    ['no route', failure('connect EHOSTUNREACH 10.0.0.1:5432', 'EHOSTUNREACH'), 'EHOSTUNREACH'],
    ['a name that does not resolve', failure('getaddrinfo ENOTFOUND db', 'ENOTFOUND'), 'ENOTFOUND'],
    ['every address refusing', new AggregateError([failure('a', 'ECONNREFUSED'), failure('b', 'ECONNREFUSED')]), 'ECONNREFUSED'],
    // What pg and pg-pool say without a code.
    ['a connection cut', failure('Connection terminated unexpectedly'), 'connection terminated'],
    ['a connect timeout', failure('Connection terminated due to connection timeout'), 'connection terminated'],
    ['the pool waiting too long', failure('timeout exceeded when trying to connect'), 'connect timeout'],
    ['a broken client reused', failure('Client has encountered a connection error and is not queryable'), 'connection lost'],
    // The embedded store.
    ['another process holding the lock', failure('database is locked', 'SQLITE_BUSY'), 'SQLITE_BUSY'],
    ['a disk error', failure('disk I/O error', 'SQLITE_IOERR_WRITE'), 'SQLITE_IOERR_WRITE'],
    ['a full disk', failure('database or disk is full', 'SQLITE_FULL'), 'SQLITE_FULL'],
    ['a file that cannot be opened', failure('unable to open database file', 'SQLITE_CANTOPEN'), 'SQLITE_CANTOPEN'],
    // Already read.
    ['a StoreUnavailable', new StoreUnavailable('ECONNREFUSED', 'none'), 'ECONNREFUSED'],
    // Our failures, not the store's reach: 500 as before.
    ['a unique violation', failure('duplicate key value violates unique constraint', '23505'), undefined],
    ['a syntax error', failure('syntax error at or near "selec"', '42601'), undefined],
    ['a serialization failure', failure('could not serialize access', '40001'), undefined],
    ['a constraint on SQLite', failure('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'), undefined],
    ['a plain Error', new Error('boom'), undefined],
    ['a string', 'ECONNREFUSED', undefined],
    ['null', null, undefined],
    ['a mixed AggregateError', new AggregateError([failure('a', 'ECONNREFUSED'), new Error('b')]), undefined],
  ])('%s', (_, error, cause) => {
    expect(unreachableCause(error)).toBe(cause);
  });
});

describe('isTransactionConflict', () => {
  it.each<[string, boolean]>([
    ['40001', true],
    ['40P01', true],
    ['23505', false],
    ['57P01', false],
  ])('%s → %s', (code, conflict) => {
    expect(isTransactionConflict(failure('x', code))).toBe(conflict);
  });
});

describe('mayRunAgain: is a transaction that may run again tried again after this failure?', () => {
  it.each<[string, unknown, boolean]>([
    ['its connection lost before COMMIT', new StoreUnavailable('57P01 admin_shutdown', 'none'), true],
    ['a serialization failure', failure('could not serialize access', '40001'), true],
    ['a deadlock', failure('deadlock detected', '40P01'), true],
    // It may have been kept: never twice.
    ['its COMMIT sent and the answer lost', new StoreUnavailable('connection terminated', 'unknown'), false],
    // The next attempt would be refused alike, and hold the writers' line meanwhile.
    ['no connection to be had', new StoreUnavailable('ECONNREFUSED', 'none', { connecting: true }), false],
    ['a raw driver error (not read by the store)', failure('terminating connection', '57P01'), false],
    ['a unique violation', failure('duplicate key', '23505'), false],
    ['a failure of the work itself', new Error('boom'), false],
  ])('%s → %s', (_, error, again) => {
    expect(mayRunAgain(error)).toBe(again);
  });
});

describe('outcomeOf: may the database have kept a statement whose connection failed?', () => {
  it.each<[string, boolean, boolean, 'none' | 'unknown']>([
    ['commit', true, false, 'unknown'],
    ['COMMIT', true, false, 'unknown'],
    ['rollback', true, false, 'none'],
    // Kysely rolls back after a failed commit: that rollback's failure says nothing new.
    ['rollback', false, true, 'unknown'],
    ['begin', false, false, 'none'],
    ['begin immediate', false, false, 'none'],
    ['start transaction isolation level serializable', false, false, 'none'],
    // Inside a transaction nothing is kept before its COMMIT.
    ['insert into "contents" values ($1)', true, false, 'none'],
    ['update "accounts" set "admin" = $1', true, false, 'none'],
    // Outside one, a write is its own transaction, and it may have committed.
    ['insert into "contents" values ($1)', false, false, 'unknown'],
    ['delete from "tokens" where "digest" = $1', false, false, 'unknown'],
    ['with moved as (update …) select 1', false, false, 'unknown'],
    ['select 1', false, false, 'none'],
    ['  select * from "accounts"', false, false, 'none'],
  ])('%s (in a transaction: %s, commit lost: %s) → %s', (sql, inTransaction, commitLost, outcome) => {
    expect(outcomeOf(sql, inTransaction, commitLost)).toBe(outcome);
  });
});

describe('writes: does a statement need to write (the embedded store\'s write lock)?', () => {
  it.each<[string, boolean]>([
    ['insert into "contents" values ($1)', true],
    ['UPDATE "accounts" set "admin" = $1', true],
    ['delete from "tokens"', true],
    ['commit', true],
    ['begin immediate', true],
    ['BEGIN EXCLUSIVE', true],
    ['create table t (a int)', true],
    ['begin', false],
    ['start transaction isolation level serializable', false],
    ['  select * from "accounts"', false],
    ['rollback', false],
    ['savepoint sp1', false],
    ['pragma data_version', false],
    ['', false],
  ])('%s → %s', (sql, expected) => {
    expect(writes(sql)).toBe(expected);
  });
});

describe('OutageLog', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { log: createLogger('info', stream), lines };
  }

  it('says an outage once with its cause, and its end once with the failures it took', () => {
    const { log, lines } = capture();
    const outage = new OutageLog(log);
    outage.answered(performance.now());
    expect(lines).toEqual([]);
    for (let i = 0; i < 500; i++) outage.failed('ECONNREFUSED', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(outage.down).toBe(true);
    outage.answered(performance.now());
    outage.answered(performance.now());
    expect(outage.down).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual(['store unreachable (ECONNREFUSED): requests answer 503 until it is back', expect.stringMatching(/^store reachable again after [\d.]+ s \(500 failed statements\)$/)]);
    expect(lines[0]).toMatchObject({ level: 50, cause: 'ECONNREFUSED' });
    expect(lines[1]).toMatchObject({ level: 40, failures: 500 });
  });

  it('takes no answer to a statement sent before the outage for its end (a fast shutdown answers some)', () => {
    const { log, lines } = capture();
    const outage = new OutageLog(log);
    const sentBefore = performance.now() - 1;
    outage.failed('57P01 admin_shutdown', failure('x'));
    outage.answered(sentBefore);
    expect(outage.down).toBe(true);
    outage.failed('ECONNREFUSED', failure('x'));
    expect(lines.map((l) => String(l.msg).split(':')[0])).toEqual(['store unreachable (57P01 admin_shutdown)']);
    outage.answered(performance.now());
    expect(outage.down).toBe(false);
    expect(lines.map((l) => String(l.msg).split(':')[0])).toEqual(['store unreachable (57P01 admin_shutdown)', expect.stringContaining('reachable again')]);
  });

  it('while only writes fail (a file locked by another process), ends the outage at a write, not at the reads that go on', () => {
    const { log, lines } = capture();
    const outage = new OutageLog(log);
    outage.failed('SQLITE_BUSY', failure('database is locked', 'SQLITE_BUSY'), true);
    outage.answered(performance.now());
    outage.failed('SQLITE_BUSY', failure('database is locked', 'SQLITE_BUSY'), true);
    outage.answered(performance.now(), false);
    expect(outage.down).toBe(true);
    expect(lines.map((l) => String(l.msg).split(':')[0])).toEqual(['store unreachable (SQLITE_BUSY)']);
    outage.answered(performance.now(), true);
    expect(outage.down).toBe(false);
    expect(lines.map((l) => String(l.msg).split(':')[0])).toEqual(['store unreachable (SQLITE_BUSY)', expect.stringMatching(/^store reachable again after [\d.]+ s \(2 failed statements\)$/)]);
  });

  it('once a read failed too, ends the outage at any answer', () => {
    const { log, lines } = capture();
    const outage = new OutageLog(log);
    outage.failed('57P01 admin_shutdown', failure('x'), true);
    outage.failed('ECONNREFUSED', failure('x', 'ECONNREFUSED'));
    outage.answered(performance.now());
    expect(outage.down).toBe(false);
    expect(lines).toHaveLength(2);
  });

  it('says each outage of its own', () => {
    const { log, lines } = capture();
    const outage = new OutageLog(log);
    for (const cause of ['57P01 admin_shutdown', 'ECONNREFUSED']) {
      outage.failed(cause, failure('x'));
      outage.failed(cause, failure('x'));
      outage.answered(performance.now());
    }
    expect(lines.map((l) => String(l.msg).split(':')[0])).toEqual(['store unreachable (57P01 admin_shutdown)', expect.stringContaining('reachable again'), 'store unreachable (ECONNREFUSED)', expect.stringContaining('reachable again')]);
  });
});

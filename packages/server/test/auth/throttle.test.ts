/**
 * The sign-in guard's parts as pure units, on an injected clock (no waiting on real time): the
 * throttle's waits (when they start, how they grow, their cap, their decay, a name under attack
 * leaving clean addresses free), its memory bound; the rate of SyncML first messages; the
 * verification gate's bound on concurrent scrypts, its clean-first order and its shedding; the
 * client address the throttle counts by.
 */
import { describe, expect, it } from 'vitest';
import { LruMap } from '../../src/auth/lru.js';
import { SourceRate } from '../../src/auth/source-rate.js';
import { SignInThrottle } from '../../src/auth/throttle.js';
import { GateFull, VerificationGate } from '../../src/auth/verification-gate.js';
import { clientAddress, sourceKey } from '../../src/http/client-address.js';

function clock(start = 1_000_000) {
  const c = { now: start, tick: (ms: number) => (c.now += ms), read: () => c.now };
  return c;
}

describe('the sign-in throttle', () => {
  const settings = { pairFree: 3, sourceFree: 10, nameUnderAttack: 6, baseDelayMs: 1000, maxDelayMs: 8000, halfLifeMs: 60_000 };

  it('lets a name be tried from an address until its third failure, then waits 1 s, 2 s, 4 s… capped at the maximum', () => {
    const c = clock();
    const throttle = new SignInThrottle(settings, c.read);
    throttle.failed('ada', '192.0.2.1');
    throttle.failed('ada', '192.0.2.1');
    expect(throttle.retryAfter('ada', '192.0.2.1')).toBeUndefined();
    throttle.failed('ada', '192.0.2.1');
    expect(throttle.retryAfter('ada', '192.0.2.1')).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      c.tick(throttle.retryAfter('ada', '192.0.2.1')!);
      expect(throttle.retryAfter('ada', '192.0.2.1')).toBeUndefined();
      throttle.failed('ada', '192.0.2.1');
      waits.push(throttle.retryAfter('ada', '192.0.2.1')!);
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000, 8000]);
    // Another name from the address, and the name from another address, are not held by it.
    expect(throttle.retryAfter('bob', '192.0.2.1')).toBeUndefined();
    expect(throttle.retryAfter('ada', '192.0.2.2')).toBeUndefined();
  });

  it('halves the count after each half-life without a failure, and a success forgives the name at that address', () => {
    const c = clock();
    const throttle = new SignInThrottle(settings, c.read);
    for (let i = 0; i < 3; i++) throttle.failed('ada', '192.0.2.1');
    c.tick(60_000);
    // 3 halved to 1: two more failures before a wait.
    throttle.failed('ada', '192.0.2.1');
    expect(throttle.retryAfter('ada', '192.0.2.1')).toBeUndefined();
    throttle.failed('ada', '192.0.2.1');
    expect(throttle.retryAfter('ada', '192.0.2.1')).toBe(1000);
    c.tick(1000);
    throttle.succeeded('ada', '192.0.2.1');
    throttle.failed('ada', '192.0.2.1');
    expect(throttle.retryAfter('ada', '192.0.2.1')).toBeUndefined();
  });

  it('holds an address that fails on many names, whatever the name, and a success on one of them does not reset it', () => {
    const c = clock();
    const throttle = new SignInThrottle(settings, c.read);
    for (let i = 0; i < 9; i++) throttle.failed(`name${i}`, '192.0.2.9');
    expect(throttle.retryAfter('someone', '192.0.2.9')).toBeUndefined();
    throttle.succeeded('mine', '192.0.2.9');
    throttle.failed(undefined, '192.0.2.9');
    expect(throttle.retryAfter('someone', '192.0.2.9')).toBe(1000);
    expect(throttle.retryAfter(undefined, '192.0.2.9')).toBe(1000);
  });

  it('under a many-address attack on a name, gives each failing address one guess, and never holds an address that has not failed', () => {
    const c = clock();
    const throttle = new SignInThrottle(settings, c.read);
    // Seven addresses, one failure each: under attack past the sixth.
    for (let i = 1; i <= 7; i++) throttle.failed('ada', `198.51.100.${i}`);
    expect(throttle.retryAfter('ada', '198.51.100.6')).toBeUndefined();
    expect(throttle.retryAfter('ada', '198.51.100.7')).toBe(1000);
    throttle.failed('ada', '198.51.100.8');
    expect(throttle.retryAfter('ada', '198.51.100.8')).toBe(1000);
    // The owner's phone, from an address that has not failed on the name, may try.
    expect(throttle.retryAfter('ada', '203.0.113.5')).toBeUndefined();
    expect(throttle.suspect('ada', '203.0.113.5')).toBe(false);
    expect(throttle.suspect('ada', '198.51.100.8')).toBe(true);
  });

  it('keeps at most maxEntries per table however many names and addresses fail', () => {
    const throttle = new SignInThrottle({ ...settings, maxEntries: 100 }, clock().read);
    for (let i = 0; i < 5000; i++) throttle.failed(`guess-${i}-${'x'.repeat(200)}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(throttle.sizes).toEqual({ sources: 100, pairs: 100, names: 100 });
  });
});

describe('LruMap', () => {
  it('drops the least recently used past its bound', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect([map.peek('a'), map.peek('b'), map.peek('c'), map.size]).toEqual([1, undefined, 3, 2]);
  });
});

describe('the rate of SyncML first messages per address', () => {
  it('lets a burst through, then one per interval, per address, and keeps a bounded number of addresses', () => {
    const c = clock();
    const rate = new SourceRate({ burst: 3, intervalMs: 2000, maxEntries: 50 }, c.read);
    expect([rate.take('192.0.2.1'), rate.take('192.0.2.1'), rate.take('192.0.2.1')]).toEqual([undefined, undefined, undefined]);
    expect(rate.take('192.0.2.1')).toBe(2000);
    expect(rate.take('192.0.2.2')).toBeUndefined();
    c.tick(2000);
    expect(rate.take('192.0.2.1')).toBeUndefined();
    expect(rate.take('192.0.2.1')).toBe(2000);
    for (let i = 0; i < 1000; i++) rate.take(`10.0.${i >> 8}.${i & 255}`);
    expect(rate.size).toBe(50);
  });
});

describe('the verification gate', () => {
  /** A verification that runs until released, counting how many run at once. */
  function heldWork() {
    const state = { running: 0, most: 0, started: [] as string[], releases: [] as (() => void)[] };
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        state.running++;
        state.most = Math.max(state.most, state.running);
        state.started.push(name);
        state.releases.push(() => {
          state.running--;
          resolve(name);
        });
      });
    const releaseAll = async () => {
      while (state.releases.length > 0) {
        state.releases.shift()!();
        await new Promise((r) => setImmediate(r));
      }
    };
    return { state, task, releaseAll };
  }

  it('runs at most `concurrency` verifications at once, whatever arrives', async () => {
    const gate = new VerificationGate({ concurrency: 2, maxQueued: 100 });
    const work = heldWork();
    const all = Array.from({ length: 20 }, (_, i) => gate.run(i % 2 === 0 ? 'clear' : 'suspect', work.task(`v${i}`)));
    await new Promise((r) => setImmediate(r));
    expect(work.state.running).toBe(2);
    await work.releaseAll();
    expect(await Promise.all(all)).toHaveLength(20);
    expect(work.state.most).toBe(2);
  });

  it('keeps one place for clean sign-ins: failing ones never hold them all', async () => {
    const gate = new VerificationGate({ concurrency: 2, maxQueued: 100 });
    const work = heldWork();
    const guesses = Array.from({ length: 5 }, (_, i) => gate.run('suspect', work.task(`guess${i}`)));
    await new Promise((r) => setImmediate(r));
    expect(work.state.started).toEqual(['guess0']);
    const owner = gate.run('clear', work.task('owner'));
    await new Promise((r) => setImmediate(r));
    expect(work.state.started).toEqual(['guess0', 'owner']);
    await work.releaseAll();
    await Promise.all([owner, ...guesses]);
    expect(work.state.most).toBe(2);
  });

  it('serves a clean sign-in before every failing one waiting, and sheds past the bound of a lane', async () => {
    const gate = new VerificationGate({ concurrency: 1, maxQueued: 3 });
    const work = heldWork();
    const guesses = [0, 1, 2, 3].map((i) => gate.run('suspect', work.task(`guess${i}`)));
    await expect(gate.run('suspect', work.task('shed'))).rejects.toBeInstanceOf(GateFull);
    const owner = gate.run('clear', work.task('owner'));
    expect(gate.load).toEqual({ running: 1, clear: 1, suspect: 3 });
    await work.releaseAll();
    await Promise.all([owner, ...guesses]);
    expect(work.state.started).toEqual(['guess0', 'owner', 'guess1', 'guess2', 'guess3']);
    expect(gate.load).toEqual({ running: 0, clear: 0, suspect: 0 });
  });

  it('gives the place back when a verification throws', async () => {
    const gate = new VerificationGate({ concurrency: 1 });
    await expect(gate.run('clear', async () => Promise.reject(new Error('broken hash')))).rejects.toThrow('broken hash');
    expect(await gate.run('clear', async () => 'next')).toBe('next');
  });
});

describe('the client address', () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it('is the peer without trusted proxies, whatever the headers say', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.9' }), '127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('is what the outermost trusted proxy saw, from Forwarded for= or X-Forwarded-For', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }), '10.0.0.1', 1)).toBe('203.0.113.9');
    expect(clientAddress(headers({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2' }), '10.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientAddress(headers({ forwarded: 'for="[2001:db8::7]:4711";proto=https' }), '10.0.0.1', 1)).toBe('2001:db8::7');
    expect(clientAddress(headers({ forwarded: 'for=unknown', 'x-forwarded-for': '203.0.113.9' }), '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddress(headers({ 'x-forwarded-for': 'not an address' }), '10.0.0.1', 1)).toBe('10.0.0.1');
  });

  it('counts an IPv6 address as its /64 and an IPv4-mapped one as IPv4', () => {
    expect(sourceKey('2001:db8:1:2:aaaa::1')).toBe(sourceKey('2001:db8:1:2:bbbb::9'));
    expect(sourceKey('2001:db8:1:2::1')).not.toBe(sourceKey('2001:db8:1:3::1'));
    expect(sourceKey('::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(sourceKey(undefined)).toBe('unknown');
  });
});

/**
 * Waiting for a change of a datastore, for Ping: every waiter of this instance is served by one
 * read per tick (the latest change time of every watched datastore, one indexed query), so a
 * change made through any instance on the same database reaches a pinging phone within a tick,
 * and a thousand held Pings cost one query per tick, not a thousand. Nothing ticks while nobody waits.
 *
 * A remote wipe asked while a phone's request is held ends the wait too (every WIPE_EVERY_TICKS
 * ticks, one query for every waiting device), so a lost phone is told at once rather than at the
 * end of a heartbeat of up to an hour.
 *
 * Held requests are capped, on each instance: a device holds one at a time (MS-ASCMD §2.2.1.13: a
 * new Ping supersedes the outstanding one), so a new Ping or hanging Sync of a device that holds
 * one ends the older at once, answered as if its wait ran out (Ping Status 1, a Sync with nothing
 * new); and an account holds at most `maxPerAccount`, beyond which a new wait is refused
 * (HeldRequestsFull: the endpoint answers 503 with Retry-After, MS-ASHTTP's "try later"). Before,
 * one device could hold 2,000.
 */
import type { Logger } from 'pino';
import { unreachableCause } from '@atomsync/store';
import type { ClientKey, Store } from '@atomsync/store';

/** How often the watched datastores are read while someone waits: a change reaches a phone within this. */
export const WATCH_INTERVAL_MS = 200;
/** Wipes asked are read every this many ticks (a second): rarer than changes, and less urgent by a few hundred ms. */
export const WIPE_EVERY_TICKS = 5;

/**
 * How many requests one account may hold waiting on one instance (its phones' Pings and hanging
 * Syncs, one each). An account may serve many people's phones (an integrator's: the Ping bench
 * holds 1,000 of one account), so the bound is on memory, not on a person's phones: at the
 * bench's ≤ 50 KB a held Ping, about 100 MB an account.
 */
export const MAX_HELD_PER_ACCOUNT = 2_000;

/** A wait refused: the account holds as many requests as it may. */
export class HeldRequestsFull extends Error {
  constructor(readonly accountId: number) {
    super('this account holds as many Pings and hanging Syncs as it may on this server');
  }
}

/** The device whose request waits (for a wipe asked meanwhile, and the caps). */
export interface WaitingDevice {
  readonly accountId: number;
  readonly clientUuid: string;
}

/** Why a wait ended: the clients changed (none at the deadline or a hang-up), or a wipe was asked for the device. */
export interface WaitResult {
  readonly changed: readonly ClientKey[];
  readonly wipe: boolean;
}

interface Waiter {
  /** The datastores watched, by their key (the account the phone's binding is of, and the uuid). */
  readonly clients: readonly ClientKey[];
  readonly device: WaitingDevice | undefined;
  /** Changes after this count. */
  readonly since: number;
  readonly resolve: (result: WaitResult) => void;
}

const NOTHING: WaitResult = { changed: [], wipe: false };

const deviceKey = (device: WaitingDevice): string => `${device.accountId}:${device.clientUuid}`;

export class ChangeWatch {
  readonly #waiters = new Set<Waiter>();
  /** The waiter each device holds, and how many each account holds. */
  readonly #byDevice = new Map<string, Waiter>();
  readonly #perAccount = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  #reading = false;
  #ticks = 0;

  constructor(
    private readonly store: Store,
    private readonly log: Logger,
    private readonly intervalMs = WATCH_INTERVAL_MS,
    private readonly maxPerAccount = MAX_HELD_PER_ACCOUNT,
  ) {}

  /** How many wait now (for the metrics and tests). */
  get size(): number {
    return this.#waiters.size;
  }

  /**
   * Resolves with the clients (among `clients`) changed after `since`, as soon as one is; with none
   * at `deadline` (epoch ms) or when `signal` aborts (the phone hung up); with `wipe` as soon as a
   * remote wipe is asked for `device`; with none as soon as the same device waits again. Rejects
   * with HeldRequestsFull when `device`'s account holds as many waits as it may.
   */
  wait(clients: readonly ClientKey[], since: Date, deadline: number, signal?: AbortSignal, device?: WaitingDevice): Promise<WaitResult> {
    const key = device === undefined ? undefined : deviceKey(device);
    const older = key === undefined ? undefined : this.#byDevice.get(key);
    // The device's older wait gives its place to this one, so it is not counted against the account.
    if (device !== undefined && older === undefined && (this.#perAccount.get(device.accountId) ?? 0) >= this.maxPerAccount) {
      return Promise.reject(new HeldRequestsFull(device.accountId));
    }
    older?.resolve(NOTHING);
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: WaitResult) => {
        if (done) return;
        done = true;
        clearTimeout(expiry);
        signal?.removeEventListener('abort', abort);
        this.#waiters.delete(waiter);
        if (key !== undefined && this.#byDevice.get(key) === waiter) this.#byDevice.delete(key);
        if (device !== undefined) this.#count(device.accountId, -1);
        if (this.#waiters.size === 0) this.#stop();
        resolve(result);
      };
      const waiter: Waiter = { clients, device, since: since.getTime(), resolve: finish };
      const abort = () => finish(NOTHING);
      const expiry = setTimeout(() => finish(NOTHING), Math.max(0, deadline - Date.now()));
      expiry.unref();
      signal?.addEventListener('abort', abort, { once: true });
      this.#waiters.add(waiter);
      if (key !== undefined) this.#byDevice.set(key, waiter);
      if (device !== undefined) this.#count(device.accountId, +1);
      this.#start();
    });
  }

  #count(accountId: number, by: number): void {
    const count = (this.#perAccount.get(accountId) ?? 0) + by;
    if (count > 0) this.#perAccount.set(accountId, count);
    else this.#perAccount.delete(accountId);
  }

  #start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.#tick(), this.intervalMs);
    this.#timer.unref();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async #tick(): Promise<void> {
    if (this.#reading || this.#waiters.size === 0) return;
    this.#reading = true;
    try {
      if (++this.#ticks % WIPE_EVERY_TICKS === 0) await this.#readWipes();
      // Every waiter's keys as they are: the store answers under the very keys asked.
      const watched = [...this.#waiters].flatMap((w) => w.clients);
      if (watched.length === 0) return;
      const latest = await this.store.contents.lastChanged(watched);
      for (const w of [...this.#waiters]) {
        const changed = w.clients.filter((c) => (latest.get(c)?.getTime() ?? 0) > w.since);
        if (changed.length > 0) w.resolve({ changed, wipe: false });
      }
    } catch (error) {
      // A store that does not answer now may next tick; the Pings wait on meanwhile, and answer
      // once it is back. An outage is logged once by the store (store/outage.ts), not every tick.
      if (unreachableCause(error) === undefined) this.log.warn({ fault: String(error) }, 'ActiveSync Ping: reading the datastores failed');
    } finally {
      this.#reading = false;
    }
  }

  async #readWipes(): Promise<void> {
    const devices = [...this.#waiters].flatMap((w) => (w.device === undefined ? [] : [w.device]));
    if (devices.length === 0) return;
    const asked = new Set((await this.store.activesyncDevices.pendingWipes(devices)).map((d) => `${d.accountId}:${d.clientUuid}`));
    if (asked.size === 0) return;
    for (const w of [...this.#waiters]) if (w.device !== undefined && asked.has(`${w.device.accountId}:${w.device.clientUuid}`)) w.resolve({ changed: [], wipe: true });
  }
}

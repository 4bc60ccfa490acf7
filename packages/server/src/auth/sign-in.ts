/**
 * One guard for every way of signing in (REST Basic, Bearer and OAuth 1.0a; SyncML Cred and HTTP
 * Basic; ActiveSync and Autodiscover): each asks it before checking anything, checks passwords
 * through it, and tells it how the attempt ended. Held once per server (server.ts), so a name
 * guessed over one protocol is throttled over all of them.
 *
 * - `admit` refuses an address that must wait (auth/throttle.ts) with 429 and Retry-After, before
 *   any store read or scrypt: a refused guess costs the server nothing.
 * - `verify` runs scrypt through the verification gate (auth/verification-gate.ts): bounded at
 *   once, clean sign-ins first, shed with 429 past a bounded queue. A name that does not exist is
 *   checked against a decoy hash: the same work, so timing does not say which names exist.
 * - `admitFirstMessage` bounds SyncML messages that start a session, per address.
 *
 * Every 429 is a ServiceError, so each protocol answers it in its form: the REST error body with
 * code `rate_limited`; HTTP 429 with Retry-After for ActiveSync, Autodiscover and SyncML (see
 * guide/security.md for why SyncML gets no SyncML status).
 */
import { ServiceError } from '../errors.js';
import { verifyOrDecoy, verifyPassword } from './password.js';
import { SignInThrottle, type ThrottleSettings } from './throttle.js';
import { SourceRate, type SourceRateSettings } from './source-rate.js';
import { GateFull, VerificationGate, type GateSettings } from './verification-gate.js';

export interface SignInSettings {
  readonly throttle?: ThrottleSettings;
  readonly gate?: GateSettings;
  /** SyncML messages without a session key, per address. */
  readonly firstMessages?: SourceRateSettings;
  /** Default Date.now. */
  readonly now?: () => number;
  /** The scrypt check; a seam for tests that count verifications. Default auth/password.ts. */
  readonly verifyPassword?: (password: string, stored: string) => Promise<boolean>;
}

/** 429 with Retry-After in whole seconds (at least 1). */
export function rateLimited(waitMs: number, message: string): ServiceError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ServiceError(429, 'rate_limited', `${message}: try again in ${seconds} s`, [], { 'retry-after': String(seconds) });
}

export class SignInGuard {
  readonly throttle: SignInThrottle;
  readonly gate: VerificationGate;
  readonly firstMessages: SourceRate;
  readonly #verify: (password: string, stored: string) => Promise<boolean>;

  constructor(settings: SignInSettings = {}) {
    const now = settings.now ?? Date.now;
    this.throttle = new SignInThrottle(settings.throttle, now);
    this.gate = new VerificationGate(settings.gate);
    this.firstMessages = new SourceRate(settings.firstMessages, now);
    this.#verify = settings.verifyPassword ?? verifyPassword;
  }

  /** Throws 429 when the address must wait before trying `name` (or anything, without a name). */
  admit(name: string | undefined, source: string): void {
    const wait = this.throttle.retryAfter(name, source);
    if (wait !== undefined) throw rateLimited(wait, 'too many failed sign-ins');
  }

  /**
   * Whether `password` matches `stored` (a decoy when the name has no hash: the same scrypt),
   * through the gate; throws 429 when the gate sheds it. Counts nothing: the caller says how the
   * sign-in ended (`failed`, `succeeded`), once it knows.
   */
  async verify(name: string | undefined, source: string, password: string, stored: string | undefined): Promise<boolean> {
    const lane = this.throttle.suspect(name, source) ? 'suspect' : 'clear';
    try {
      return await this.gate.run(lane, async () => {
        return verifyOrDecoy(password, stored, this.#verify);
      });
    } catch (error) {
      if (error instanceof GateFull) throw rateLimited(1000, 'too many sign-ins are being checked');
      throw error;
    }
  }

  failed(name: string | undefined, source: string): void {
    this.throttle.failed(name, source);
  }

  succeeded(name: string, source: string): void {
    this.throttle.succeeded(name, source);
  }

  /** Throws 429 when the address sent more first messages than its rate. */
  admitFirstMessage(source: string): void {
    const wait = this.firstMessages.take(source);
    if (wait !== undefined) throw rateLimited(wait, 'too many new SyncML sessions from this address');
  }
}

/**
 * Field rules the XSD cannot state (phone numbers, time zone names, a client's required fields),
 * collected as one `validation_failed` with a detail per violation, like the decoder's
 * (guide/protocol.md#error-body). Paths are the decoder's local-name paths, e.g. `/entry/client/timezone`.
 */
import type { ErrorDetail } from '@atomsync/atom';
import { ServiceError } from '../errors.js';

export class Violations {
  readonly #details: ErrorDetail[] = [];

  add(path: string, message: string): this {
    this.#details.push({ path, message });
    return this;
  }

  /** Records `message` at `path` unless `value` is a non-empty string; true when it is one. */
  required(path: string, value: string | undefined): value is string {
    if (value !== undefined && value.trim() !== '') return true;
    this.add(path, 'is missing');
    return false;
  }

  get empty(): boolean {
    return this.#details.length === 0;
  }

  /** Throws 400 validation_failed with every violation recorded, if any. */
  check(message = 'the entry breaks a field rule'): void {
    if (!this.empty) throw new ServiceError(400, 'validation_failed', message, this.#details);
  }
}

/**
 * International format (E.164): `+`, a country code not starting with 0, 7 to 15 digits in all,
 * nothing else. Phones are addressed by SMS/WAP push (setup, sync requests), which needs the
 * full number; spaces and dashes are refused rather than guessed at.
 */
const INTERNATIONAL = /^\+[1-9][0-9]{6,14}$/;

export function isInternationalNumber(value: string): boolean {
  return INTERNATIONAL.test(value);
}

/** An IANA time zone name the runtime knows (ICU's database); `Intl` throws RangeError otherwise. */
export function isTimeZone(value: string): boolean {
  if (value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path parameters are free strings: one that is not a uuid names nothing (404, not a store error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Store ids are positive integers (bigint columns): anything else names nothing. */
export function isStoreId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/**
 * Passwords set through the service, of accounts and of ActiveSync clients (guide/security.md,
 * NIST SP 800-63B 5.1.1.2): at least 8 characters, no composition rules, and anything up to 1,024
 * accepted (a passphrase is never refused for its length below that; above it, a body of
 * megabytes would only buy a longer scrypt input). Characters are code points, as a person counts
 * them. Stored passwords are not checked again: the rule applies when one is set.
 */
export const PASSWORD_MIN_CHARACTERS = 8;
export const PASSWORD_MAX_CHARACTERS = 1024;

/** What is wrong with a non-empty password being set, or undefined when it may be set. */
export function passwordLengthProblem(password: string): string | undefined {
  let characters = 0;
  for (const _ of password) if (++characters > PASSWORD_MAX_CHARACTERS) return `must be at most ${PASSWORD_MAX_CHARACTERS.toLocaleString('en')} characters`;
  if (characters < PASSWORD_MIN_CHARACTERS) return `must be at least ${PASSWORD_MIN_CHARACTERS} characters`;
  return undefined;
}

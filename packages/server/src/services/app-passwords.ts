/**
 * App passwords (issue 21, "Who may"): named passwords an account creates for its devices'
 * CardDAV/CalDAV sign-in (auth/device-sign-in.ts), never valid for the Atom API. The API
 * (handlers/app-passwords.ts) and the CLI (cli/account.ts) both go through here.
 *
 * - create: a name of 1 to 100 characters without controls, unique in the account (409 when
 *   taken); the secret is generated (auth/app-password.ts), answered once and kept only as a
 *   scrypt hash (auth/password.ts, the accounts' scheme) of its typed form, with its hint;
 * - an account holds at most APP_PASSWORD_LIMIT (409 past it): that bounds what a device sign-in
 *   may read and check for one username;
 * - revoke deletes the row: every instance's sign-in sees the store's version move and reads the
 *   account's app passwords again before it trusts a cached credential, so it takes effect at once.
 */
import { randomUUID } from 'node:crypto';
import { generateAppPassword, hintOf, typedForm } from '../auth/app-password.js';
import { hashPassword } from '../auth/password.js';
import { ServiceError } from '../errors.js';
import { quote } from '../http/safe-text.js';
import type { AppPasswordRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { isUuid, Violations } from './validation.js';

/** At most this many per account; a sign-in that misses the cache checks at most these (by hint: about one). */
export const APP_PASSWORD_LIMIT = 50;
export const APP_PASSWORD_NAME_MAX = 100;

const NAME_PATH = '/entry/app_password/name';
// Controls of every kind (C0 with TAB/LF/CR, DEL, C1), surrogates on their own, non-characters U+FFFE/U+FFFF.
const FORBIDDEN_IN_NAME = /[\p{Cc}\p{Cs}\uFFFE\uFFFF]/u;

/** What is wrong with a name, or undefined when it may be given. */
export function appPasswordNameProblem(name: string | undefined): string | undefined {
  if (name === undefined || name.trim() === '') return 'is required and may not be blank';
  // Characters are code points, as a person counts them.
  if ([...name].length > APP_PASSWORD_NAME_MAX) return `may be at most ${APP_PASSWORD_NAME_MAX} characters`;
  if (FORBIDDEN_IN_NAME.test(name)) return 'may not hold a control character';
  return undefined;
}

export interface CreatedAppPassword {
  /** The secret, in its groups: shown once, never stored. */
  readonly password: string;
  readonly record: AppPasswordRecord;
}

export async function createAppPassword(store: Store, accountId: number, name: string | undefined): Promise<CreatedAppPassword> {
  const problem = appPasswordNameProblem(name);
  if (problem !== undefined) {
    new Violations().add(NAME_PATH, problem).check('the app password is not valid');
  }
  const password = generateAppPassword();
  const typed = typedForm(password)!;
  const created = await store.appPasswords.create(
    { accountId, uuid: randomUUID(), name: name!, passwordHash: await hashPassword(typed), hint: hintOf(typed) },
    APP_PASSWORD_LIMIT,
  );
  if (created === 'name_taken') throw new ServiceError(409, 'conflict', `you have an app password named ${quote(name!)}`);
  if (created === 'full') throw new ServiceError(409, 'conflict', `an account holds at most ${APP_PASSWORD_LIMIT} app passwords: revoke one first`);
  return { password, record: created };
}

export function listAppPasswords(store: Store, accountId: number): Promise<AppPasswordRecord[]> {
  return store.appPasswords.list(accountId);
}

/** 404 for a uuid the account has no app password under (another account's included: the message names nothing). */
export async function revokeAppPassword(store: Store, accountId: number, uuid: string): Promise<void> {
  if (!isUuid(uuid) || !(await store.appPasswords.delete(accountId, uuid))) {
    throw new ServiceError(404, 'not_found', 'there is no such app password in your account');
  }
}

/**
 * Accounts and their credentials (guide/protocol.md#accounts-and-the-admin-api): the one place that
 * creates, changes and deletes accounts and issues bearer tokens and OAuth consumers. The admin
 * API (handlers/accounts.ts), the CLI (cli/account.ts) and the start-up bootstrap (bootstrap.ts)
 * all go through here, so the rules below hold whichever door an account comes in by.
 *
 * What is kept of each secret:
 *
 * | secret                 | stored as                                         | shown           |
 * |------------------------|---------------------------------------------------|-----------------|
 * | password               | scrypt hash (auth/password.ts)                    | never           |
 * | SyncML MD5 digest      | `B64(MD5(user:password))`, sealed with the box    | never           |
 * | bearer token           | hex SHA-256 of the token                          | once, on issue  |
 * | OAuth consumer secret  | sealed with the box (HMAC-SHA1 needs it back)     | once, on issue  |
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ErrorDetail } from '@atomsync/atom';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SignInGuard } from '../auth/sign-in.js';
import { ServiceError } from '../errors.js';
import type { SecretBox } from '../secrets/box.js';
import type { AccountRecord, BearerTokenRecord, ConsumerRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { quote } from '../http/safe-text.js';
import { passwordLengthProblem } from './validation.js';

export interface AccountsDeps {
  readonly store: Store;
  readonly secrets: SecretBox;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/;

/** Where a violation sits, for `validation_failed` details (the admin API's entry paths). */
const PATH = { username: '/entry/account/username', password: '/entry/account/password' } as const;

/** One detail per broken rule; empty when the pair is acceptable. */
export function credentialViolations(username: string | undefined, password: string | undefined): ErrorDetail[] {
  return [...usernameViolations(username), ...passwordViolations(password)];
}

function usernameViolations(username: string | undefined): ErrorDetail[] {
  if (username === undefined || username === '') return [{ path: PATH.username, message: 'is required' }];
  if (!USERNAME_PATTERN.test(username)) return [{ path: PATH.username, message: 'must be 1 to 64 characters of A-Z a-z 0-9 . _ @ -' }];
  return [];
}

function emptyPasswordViolations(password: string | undefined): ErrorDetail[] {
  return password === undefined || password === '' ? [{ path: PATH.password, message: 'is required and may not be empty' }] : [];
}

/** The length rule of services/validation.ts, for the admin API, the CLI and the bootstrap alike. */
function passwordViolations(password: string | undefined): ErrorDetail[] {
  const empty = emptyPasswordViolations(password);
  if (empty.length > 0) return empty;
  const problem = passwordLengthProblem(password!);
  return problem === undefined ? [] : [{ path: PATH.password, message: problem }];
}

function refuse(details: ErrorDetail[]): void {
  if (details.length > 0) throw new ServiceError(400, 'validation_failed', `The account is not valid (${details.length} problem${details.length === 1 ? '' : 's'})`, details);
}

function notFound(username: string): ServiceError {
  return new ServiceError(404, 'not_found', `there is no account ${quote(username)}`);
}

/** `B64(MD5(username:password))`: what SyncML auth-md5 needs per account (guide/protocol.md#syncml-authentication). */
export function syncmlDigestOf(username: string, password: string): string {
  return createHash('md5').update(`${username}:${password}`, 'utf8').digest('base64');
}

/** Hex SHA-256 of a bearer token: what the store keeps and looks tokens up by. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A password for an account nobody chose one for (the demo account, `account add` without one). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

async function secretsOf(deps: AccountsDeps, username: string, password: string) {
  return { passwordHash: await hashPassword(password), syncmlDigest: deps.secrets.seal(syncmlDigestOf(username, password)) };
}

export interface NewAccountInput {
  readonly username: string;
  readonly password: string;
  readonly admin?: boolean;
}

/** 400 validation_failed for a bad username or a password too short or long; 409 conflict when the name is taken. */
export async function createAccount(deps: AccountsDeps, input: NewAccountInput): Promise<AccountRecord> {
  refuse(credentialViolations(input.username, input.password));
  return insertAccount(deps, input);
}

/**
 * An account for a test double, whose documented password may be shorter than the rule (the msw
 * mock's `demo`/`demo`, guide/security.md): createAccount's rules but the length. Nothing a
 * person or a client reaches (admin API, CLI, bootstrap) comes through here.
 */
export async function createFixtureAccount(deps: AccountsDeps, input: NewAccountInput): Promise<AccountRecord> {
  refuse([...usernameViolations(input.username), ...emptyPasswordViolations(input.password)]);
  return insertAccount(deps, input);
}

async function insertAccount(deps: AccountsDeps, input: NewAccountInput): Promise<AccountRecord> {
  // Checked first so a taken name does not cost a scrypt; the store's unique index decides races.
  if (await deps.store.accounts.byUsername(input.username)) throw conflict(input.username);
  const created = await deps.store.accounts.create({ username: input.username, admin: input.admin ?? false, ...(await secretsOf(deps, input.username, input.password)) });
  if (created === undefined) throw conflict(input.username);
  return created;
}

function conflict(username: string): ServiceError {
  return new ServiceError(409, 'conflict', `an account ${quote(username)} exists`);
}

export async function getAccount(deps: AccountsDeps, username: string): Promise<AccountRecord> {
  const account = await deps.store.accounts.byUsername(username);
  if (account === undefined) throw notFound(username);
  return account;
}

export async function listAccounts(deps: AccountsDeps): Promise<AccountRecord[]> {
  return deps.store.accounts.list();
}

/**
 * A new password (and with it a new MD5 digest). Every server instance's credential cache
 * compares the stored hash on each hit, so the old password stops working at once everywhere.
 */
export async function changePassword(deps: AccountsDeps, username: string, password: string, admin?: boolean): Promise<AccountRecord> {
  refuse(passwordViolations(password));
  const account = await getAccount(deps, username);
  const change = { ...(await secretsOf(deps, username, password)), admin: admin ?? account.admin };
  if (!(await deps.store.accounts.update(account.id, change))) throw notFound(username);
  return (await deps.store.accounts.get(account.id)) ?? account;
}

/**
 * An administrator's reset (PUT /v2/admin/accounts/{username}): a new password, nothing else.
 * The body names the account again and may repeat its admin flag, never change it: who is an
 * administrator is not this operation's question (the last one could unmake itself here).
 */
export async function resetPassword(deps: AccountsDeps, username: string, input: { username: string; password?: string; admin?: boolean }): Promise<AccountRecord> {
  const account = await getAccount(deps, username);
  const details: ErrorDetail[] = [];
  if (input.username !== username) details.push({ path: PATH.username, message: `must be the account's own, ${quote(username)}` });
  if (input.admin !== undefined && input.admin !== account.admin) details.push({ path: '/entry/account/admin', message: 'is not changed by a password reset: leave it out' });
  refuse([...details, ...passwordViolations(input.password)]);
  return changePassword(deps, username, input.password!, account.admin);
}

/**
 * The caller's own change (PUT /v2/account/password): the current password (old_pass) first,
 * checked through the server's sign-in guard, so a wrong one counts as a failed sign-in of this
 * name and from this address, and guessing it waits as guessing a password does. Input problems
 * are refused before any password is checked.
 */
export async function changeOwnPassword(
  deps: AccountsDeps & { readonly signIn: SignInGuard },
  accountId: number,
  source: string,
  input: { username: string; password?: string; oldPassword?: string },
): Promise<AccountRecord> {
  const account = await deps.store.accounts.get(accountId);
  if (account === undefined) throw new ServiceError(401, 'unauthorized', 'the account is gone');
  const details: ErrorDetail[] = [];
  if (input.username !== account.username) details.push({ path: PATH.username, message: `must be your own, ${quote(account.username)}` });
  if (input.oldPassword === undefined || input.oldPassword === '') details.push({ path: '/entry/account/old_pass', message: 'the current password is required to change it' });
  refuse([...details, ...passwordViolations(input.password)]);
  const { signIn } = deps;
  signIn.admit(account.username, source);
  if (!(await signIn.verify(account.username, source, input.oldPassword!, account.passwordHash))) {
    signIn.failed(account.username, source);
    throw new ServiceError(403, 'forbidden', 'old_pass is not the current password; nothing changed');
  }
  signIn.succeeded(account.username, source);
  return changePassword(deps, account.username, input.password!, account.admin);
}

/**
 * Deletes the account and all it owns (tokens, consumers, clients, contents, …); 404 when absent,
 * 409 when it is the last administrator (an install without one has nobody left to manage it
 * through the API). The check and the delete are one transaction in the store.
 */
export async function deleteAccount(deps: AccountsDeps, username: string): Promise<void> {
  const account = await getAccount(deps, username);
  const outcome = await deps.store.accounts.deleteUnlessLastAdmin(account.id);
  if (outcome === 'absent') throw notFound(username);
  if (outcome === 'last_admin') throw lastAdmin(username);
}

/** The refusal to delete the only administrator, with what to do instead. */
export function lastAdmin(username: string): ServiceError {
  return new ServiceError(409, 'conflict', `${username} is the only administrator: make another first (\`atomsync account add NAME --admin\`), then delete it`);
}

/** How often ensureAdmin reads again after losing a race (the row it lost to deleted at once, again). */
const ENSURE_ADMIN_ATTEMPTS = 3;

/**
 * The bootstrap admin (ATOMSYNC_ADMIN_USER / ATOMSYNC_ADMIN_PASSWORD): created, or made an admin
 * with this password. Left untouched when it already is exactly that, so a restart does not
 * rewrite the row (and costs one scrypt verify, not a hash and a write).
 *
 * Idempotent under concurrency: replicas started together on one fresh database all find no
 * such account, and all insert. The insert is the store's insert-or-nothing on the unique
 * username, so one creates it and the others, finding it there, go on as on a restart
 * ('unchanged', or 'updated' when they were given another password: the last one set wins).
 */
export async function ensureAdmin(deps: AccountsDeps, username: string, password: string): Promise<{ account: AccountRecord; action: 'created' | 'updated' | 'unchanged' }> {
  refuse(credentialViolations(username, password));
  for (let attempt = 1; ; attempt++) {
    const existing = await deps.store.accounts.byUsername(username);
    if (existing === undefined) {
      const created = await deps.store.accounts.create({ username, admin: true, ...(await secretsOf(deps, username, password)) });
      if (created !== undefined) return { account: created, action: 'created' };
      if (attempt < ENSURE_ADMIN_ATTEMPTS) continue; // another instance made it meanwhile: read it
      throw conflict(username);
    }
    if (existing.admin && existing.syncmlDigest !== null && (await verifyPassword(password, existing.passwordHash))) return { account: existing, action: 'unchanged' };
    return { account: await changePassword(deps, username, password, true), action: 'updated' };
  }
}

export interface IssuedToken {
  /** The bearer token itself: shown once, never stored. */
  readonly token: string;
  readonly record: BearerTokenRecord;
  readonly account: AccountRecord;
}

/** `ast_` + 32 random bytes base64url; the store keeps its SHA-256 only. */
export async function issueToken(deps: AccountsDeps, username: string): Promise<IssuedToken> {
  const account = await getAccount(deps, username);
  const token = `ast_${randomBytes(32).toString('base64url')}`;
  const record = await deps.store.tokens.create(account.id, tokenDigest(token));
  return { token, record, account };
}

export interface IssuedConsumer {
  readonly key: string;
  /** Shown once; the store keeps it sealed. */
  readonly secret: string;
  readonly record: ConsumerRecord;
  readonly account: AccountRecord;
}

/**
 * An OAuth 1.0a consumer owned by the account. Key and secret use only RFC 3986 unreserved
 * characters, so every client library percent-encodes them the same way (to themselves).
 */
export async function issueConsumer(deps: AccountsDeps, username: string): Promise<IssuedConsumer> {
  const account = await getAccount(deps, username);
  const key = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const record = await deps.store.consumers.create({ key, accountId: account.id, sealedSecret: deps.secrets.seal(secret) });
  return { key, secret, record, account };
}

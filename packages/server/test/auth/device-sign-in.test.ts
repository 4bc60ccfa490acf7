/**
 * The device sign-in of the CardDAV/CalDAV endpoint (auth/device-sign-in.ts), on both stores and
 * across two instances on one database: the account password and an app password sign in; a wrong
 * one is 401 with the Basic challenge; a revoked app password is refused at the next request on an
 * instance that had it cached; a sign-in from the cache runs no scrypt, and one that misses runs
 * about one however many app passwords the account has; the throttle applies; last use is written
 * at most once a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeviceAuthenticator, DEVICE_CHALLENGE, RECORD_USE_AFTER_MS, type DeviceAuthenticator } from '../../src/auth/device-sign-in.js';
import { verifyPassword } from '../../src/auth/password.js';
import { SignInGuard } from '../../src/auth/sign-in.js';
import { ServiceError } from '../../src/errors.js';
import { SecretBox } from '../../src/secrets/box.js';
import { changePassword, createAccount } from '../../src/services/accounts.js';
import { createAppPassword, revokeAppPassword } from '../../src/services/app-passwords.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';

/** One database two stores open (two server instances): a data directory's file, or a PostgreSQL schema. */
async function sharedDatabase(kind: StoreKind): Promise<{ open(): Promise<Store>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-device-sign-in-'));
    return { open: () => openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { open: () => openStore({ kind: 'postgres', url: schema.url }), drop: () => schema.drop() };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The 401 (or 429) the authenticator throws, or the principal's username. */
async function outcome(auth: DeviceAuthenticator, authorization: string | null, source = '192.0.2.1'): Promise<string | { status: number; challenge?: string; retryAfter?: string }> {
  try {
    return (await auth.authenticate(authorization, source)).username;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { status: error.status, challenge: error.headers['www-authenticate'], retryAfter: error.headers['retry-after'] };
  }
}

const REFUSED = { status: 401, challenge: DEVICE_CHALLENGE, retryAfter: undefined };

describe.each(storeKinds)('device sign-in (%s)', (kind) => {
  const secrets = SecretBox.ephemeral();
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let one: Store;
  let other: Store;
  let kimId: number;
  let verifications = 0;
  let clockOffset = 0;
  let touches = 0;
  const now = () => Date.now() + clockOffset;
  const counting = async (password: string, stored: string) => (verifications++, verifyPassword(password, stored));
  let auth: DeviceAuthenticator;

  beforeAll(async () => {
    database = await sharedDatabase(kind);
    one = await database.open();
    other = await database.open();
    kimId = (await createAccount({ store: one, secrets }, { username: 'kim', password: 'kim account pw' })).id;
    await createAccount({ store: one, secrets }, { username: 'lee', password: 'lee account pw' });
    // Instance one's store, with its last-use writes counted.
    const touch = one.appPasswords.touch.bind(one.appPasswords);
    const watched: Store = { ...one, appPasswords: { ...one.appPasswords, touch: (...args) => (touches++, touch(...args)) } };
    auth = createDeviceAuthenticator(watched, { signIn: new SignInGuard({ now, verifyPassword: counting }), now });
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await database?.drop();
  });

  it('signs in with the account password', async () => {
    expect(await outcome(auth, basic('kim', 'kim account pw'))).toBe('kim');
  });

  it('signs in with an app password, as shown, without its dashes, or capitalized by a phone', async () => {
    const { password } = await createAppPassword(one, kimId, 'Mac Contacts');
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect(await outcome(auth, basic('kim', password.replace(/-/g, '')))).toBe('kim');
    expect(await outcome(auth, basic('kim', password[0]!.toUpperCase() + password.slice(1)))).toBe('kim');
  });

  it('refuses with 401 and the Basic challenge: a wrong password, another account\'s app password, an unknown name, no or malformed credentials', async () => {
    const { password: lees } = await createAppPassword(one, (await one.accounts.byUsername('lee'))!.id, 'Lee\'s phone');
    expect(await outcome(auth, basic('kim', 'kim account PW'), '192.0.2.50')).toEqual(REFUSED);
    expect(await outcome(auth, basic('kim', lees), '192.0.2.51')).toEqual(REFUSED);
    expect(await outcome(auth, basic('nobody', 'kim account pw'), '192.0.2.52')).toEqual(REFUSED);
    expect(await outcome(auth, null, '192.0.2.53')).toEqual(REFUSED);
    expect(await outcome(auth, 'Bearer abc', '192.0.2.54')).toEqual(REFUSED);
    expect(await outcome(auth, 'Basic %%%', '192.0.2.55')).toEqual(REFUSED);
  });

  it('answers a known credential from the cache: no scrypt, however many app passwords the account has', async () => {
    for (let i = 0; i < 9; i++) await createAppPassword(one, kimId, `device ${i}`);
    const { password } = await createAppPassword(one, kimId, 'the last one');
    verifications = 0;
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    // A miss checks the app passwords whose hint matches (about one), not all eleven.
    expect(verifications).toBeGreaterThanOrEqual(1);
    expect(verifications).toBeLessThan(3);
    verifications = 0;
    for (let i = 0; i < 5; i++) expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect(await outcome(auth, basic('kim', 'kim account pw'))).toBe('kim');
    expect(verifications).toBe(0);
    // A wrong password that cannot be an app password costs one scrypt: the account's.
    expect(await outcome(auth, basic('kim', 'not it at all'), '192.0.2.60')).toEqual(REFUSED);
    expect(verifications).toBe(1);
  });

  it('refuses an app password revoked on another instance at the next request, though it was cached', async () => {
    const { password, record } = await createAppPassword(one, kimId, 'to revoke');
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    await revokeAppPassword(other, kimId, record.uuid);
    expect(await outcome(auth, basic('kim', password), '192.0.2.70')).toEqual(REFUSED);
    // The account password and the other app passwords still sign in.
    expect(await outcome(auth, basic('kim', 'kim account pw'))).toBe('kim');
  });

  it('refuses the old account password once another instance changed it; the app passwords go on', async () => {
    const { password } = await createAppPassword(one, kimId, 'survives a password change');
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    await changePassword({ store: other, secrets }, 'kim', 'kim new account pw');
    expect(await outcome(auth, basic('kim', 'kim account pw'), '192.0.2.80')).toEqual(REFUSED);
    expect(await outcome(auth, basic('kim', 'kim new account pw'))).toBe('kim');
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
  });

  it('records last use at most once a minute, never per request', async () => {
    const { password, record } = await createAppPassword(one, kimId, 'last use');
    const usedAt = async () => (await one.appPasswords.list(kimId)).find((p) => p.uuid === record.uuid)!.lastUsed;
    touches = 0;
    clockOffset = 0;
    for (let i = 0; i < 5; i++) expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect(touches).toBe(1);
    const first = await usedAt();
    expect(first).not.toBeNull();
    clockOffset = RECORD_USE_AFTER_MS / 2;
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect([touches, await usedAt()]).toEqual([1, first]);
    clockOffset = RECORD_USE_AFTER_MS + 1_000;
    expect(await outcome(auth, basic('kim', password))).toBe('kim');
    expect(touches).toBe(2);
    expect((await usedAt())!.getTime()).toBeGreaterThan(first!.getTime());
    clockOffset = 0;
  });

  it('goes through the throttle: after repeated failures on a name the address waits (429), even with the right app password', async () => {
    const { password } = await createAppPassword(one, kimId, 'throttled');
    const source = '198.51.100.7';
    let refused: unknown;
    for (let i = 0; i < 10; i++) {
      refused = await outcome(auth, basic('kim', `wrong guess ${i}`), source);
      if ((refused as { status: number }).status === 429) break;
    }
    expect(refused).toMatchObject({ status: 429 });
    expect(Number((refused as { retryAfter: string }).retryAfter)).toBeGreaterThan(0);
    expect(await outcome(auth, basic('kim', password), source)).toMatchObject({ status: 429 });
    // Another address is not held back.
    expect(await outcome(auth, basic('kim', password), '198.51.100.8')).toBe('kim');
  });
});

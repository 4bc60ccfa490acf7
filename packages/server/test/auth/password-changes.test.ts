/**
 * The two password changes of the API, on both stores: an administrator's reset
 * (PUT /v2/admin/accounts/{username}) and an account's change of its own (PUT /v2/account/password,
 * old_pass first). What each refuses, that the old password stops working at once and the new
 * one works, that a reset never makes or unmakes an administrator, and that a wrong old_pass
 * counts as a failed sign-in (the guard slows the next guesses with 429).
 */
import { AtomSyncError, basicAuth, bearerAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';

async function failure(promise: Promise<unknown>): Promise<AtomSyncError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AtomSyncError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe.each(storeKinds)('password changes on %s', (kind) => {
  let server: TestServer;
  const extra: AtomSyncClient[] = [];
  const as = (username: string, password: string) => {
    // No retries: a 429 is what one test waits to see, not something to sit out.
    const c = createClient({ baseUrl: server.url, auth: basicAuth(username, password), retry: false });
    extra.push(c);
    return c;
  };
  const hashOf = async (username: string) => (await server.store.accounts.byUsername(username))!.passwordHash;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(extra.map((c) => c.close()));
    await server.close();
  });

  it('an administrator resets a password: the old one stops working, the new one works, the flag stays', async () => {
    const entry = await server.root.client.admin.updateAccount('alice', { username: 'alice', password: 'alice-reset-pw-1' });
    expect(entry.account).toEqual({ username: 'alice', admin: false });
    expect(entry.id).toBe(`${server.url}/v2/admin/accounts/alice`);
    expect((await failure(server.alice.client.datastore.list())).status).toBe(401);
    expect((await as('alice', 'alice-reset-pw-1').datastore.list()).entries).toEqual([]);
    expect(await verifyPassword('alice-reset-pw-1', await hashOf('alice'))).toBe(true);
  });

  it('a reset refuses another name, a changed admin flag and a short password, changing nothing; 404 for no account; 403 for a non-admin', async () => {
    const before = await hashOf('bob');
    const refused = await failure(server.root.client.admin.updateAccount('bob', { username: 'alice', password: 'x', admin: true }));
    expect([refused.status, refused.code]).toEqual([400, 'validation_failed']);
    expect(refused.details.map((d) => d.path)).toEqual(['/entry/account/username', '/entry/account/admin', '/entry/account/password']);
    expect(await hashOf('bob')).toBe(before);
    expect((await server.store.accounts.byUsername('bob'))!.admin).toBe(false);
    expect((await failure(server.root.client.admin.updateAccount('ghost', { username: 'ghost', password: 'ghost-pw-long' }))).status).toBe(404);
    expect((await failure(server.bob.client.admin.updateAccount('bob', { username: 'bob', password: 'bob-takes-over' }))).status).toBe(403);
    expect(await hashOf('bob')).toBe(before);
  });

  it('an account changes its own password with the current one: the old stops working at once', async () => {
    const entry = await server.bob.client.account.changePassword({ username: 'bob', oldPassword: server.bob.password, password: 'bob-new-password' });
    expect(entry.account).toEqual({ username: 'bob', admin: false });
    expect((await failure(server.bob.client.datastore.list())).status).toBe(401);
    expect((await as('bob', 'bob-new-password').datastore.list()).entries).toEqual([]);
  });

  it('refuses a change without old_pass, for another name or too short (400, one detail each), and a wrong old_pass (403); nothing changes', async () => {
    const root = server.root;
    const before = await hashOf('root');
    const invalid = await failure(root.client.account.changePassword({ username: 'alice', password: 'short' }));
    expect([invalid.status, invalid.code]).toEqual([400, 'validation_failed']);
    expect(invalid.details.map((d) => d.path)).toEqual(['/entry/account/username', '/entry/account/old_pass', '/entry/account/password']);
    const wrong = await failure(root.client.account.changePassword({ username: 'root', oldPassword: 'not-the-password', password: 'root-new-password' }));
    expect([wrong.status, wrong.code]).toEqual([403, 'forbidden']);
    expect(wrong.message).toContain('old_pass is not the current password');
    expect(await hashOf('root')).toBe(before);
  });

  it('counts a wrong old_pass as a failed sign-in: one who holds a token (or a console session), not the password, is slowed with 429', async () => {
    // Not Basic: each Basic sign-in that holds forgives the name's failures, and who has the password needs no guess.
    const client = createClient({ baseUrl: server.url, auth: bearerAuth((await server.root.client.admin.createToken('alice')).token), retry: false });
    extra.push(client);
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      statuses.push((await failure(client.account.changePassword({ username: 'alice', oldPassword: `guess-${i}-wrong`, password: 'alice-guessed-pw' }))).status);
    }
    expect(statuses[0]).toBe(403);
    expect(statuses.at(-1)).toBe(429);
    expect(await verifyPassword('alice-reset-pw-1', await hashOf('alice'))).toBe(true);
  });
});

/**
 * The account admin API through the SDK against a started server, on both stores: the shapes of
 * spec/examples/{account,token,consumer}.entry.xml, the secrets shown once and working at once
 * (Bearer, OAuth), the refusals (400, 403, 404, 409, the last administrator's delete), and the SyncML MD5 digest kept sealed.
 */
import { createHash } from 'node:crypto';
import { AtomSyncError, bearerAuth, createClient, oauth1, type AtomSyncClient } from '@atomsync/sdk';
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

describe.each(storeKinds)('on %s', (kind) => {
  let server: TestServer;
  const extra: AtomSyncClient[] = [];
  const client = (auth: Parameters<typeof createClient>[0]['auth']) => {
    const c = createClient({ baseUrl: server.url, auth });
    extra.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await Promise.all(extra.map((c) => c.close()));
    await server.close();
  });

  it('creates an account: 201, the entry without its password, the password hashed and its MD5 digest sealed', async () => {
    const entry = await server.root.client.admin.createAccount({ username: 'jmartin', password: 'c0rrect-h0rse&battery', admin: false });
    const href = `${server.url}/v2/admin/accounts/jmartin`;
    expect(entry).toMatchObject({
      author: { name: 'root' },
      id: href,
      title: 'jmartin',
      account: { username: 'jmartin', admin: false },
      links: [
        { rel: 'self', href },
        { rel: 'edit', href },
      ],
    });
    expect(entry.account.password).toBeUndefined();
    expect(entry.published).toBeInstanceOf(Date);
    const stored = (await server.store.accounts.byUsername('jmartin'))!;
    expect(stored.passwordHash).not.toContain('c0rrect');
    expect(await verifyPassword('c0rrect-h0rse&battery', stored.passwordHash)).toBe(true);
    expect(stored.syncmlDigest).not.toBeNull();
    expect(server.secrets.open(stored.syncmlDigest!)).toBe(createHash('md5').update('jmartin:c0rrect-h0rse&battery').digest('base64'));
  });

  it('lists accounts, admins marked, passwords never', async () => {
    const feed = await server.root.client.admin.accounts();
    const byName = Object.fromEntries(feed.entries.map((e) => [e.account.username, e.account]));
    expect(byName).toMatchObject({ alice: { admin: false }, bob: { admin: false }, root: { admin: true }, jmartin: { admin: false } });
    expect(feed.entries.every((e) => e.account.password === undefined)).toBe(true);
    expect(feed.id).toBe(`${server.url}/v2/admin/accounts`);
  });

  it('refuses a taken username with 409 conflict', async () => {
    const error = await failure(server.root.client.admin.createAccount({ username: 'alice', password: 'alice-other-pw' }));
    expect([error.status, error.code]).toEqual([409, 'conflict']);
  });

  it('refuses a bad username and an empty password with 400 validation_failed, one detail each', async () => {
    const error = await failure(server.root.client.admin.createAccount({ username: 'no spaces/here', password: '' }));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details.map((d) => d.path)).toEqual(['/entry/account/username', '/entry/account/password']);
    const long = await failure(server.root.client.admin.createAccount({ username: 'a'.repeat(65), password: 'pw' }));
    expect(long.status).toBe(400);
    expect(await server.store.accounts.byUsername('a'.repeat(65))).toBeUndefined();
  });

  it.each([
    ['7 characters', 'x'.repeat(7), 'must be at least 8 characters'],
    ['7 characters of two UTF-16 units each', '🔑'.repeat(7), 'must be at least 8 characters'],
    ['1,025 characters', 'x'.repeat(1025), 'must be at most 1,024 characters'],
  ])('refuses a password of %s with 400 validation_failed and a detail, creating nothing', async (_name, password, message) => {
    const error = await failure(server.root.client.admin.createAccount({ username: 'shortpw', password }));
    expect([error.status, error.code]).toEqual([400, 'validation_failed']);
    expect(error.details).toEqual([{ path: '/entry/account/password', message }]);
    expect(await server.store.accounts.byUsername('shortpw')).toBeUndefined();
  });

  it.each([
    ['8 characters', 'longpw8', 'x'.repeat(8)],
    ['8 characters of two UTF-16 units each', 'longpw8u', '🔑'.repeat(8)],
    ['1,024 characters', 'longpw1024', 'x'.repeat(1024)],
  ])('takes a password of %s', async (_name, username, password) => {
    await server.root.client.admin.createAccount({ username, password, admin: false });
    expect(await verifyPassword(password, (await server.store.accounts.byUsername(username))!.passwordHash)).toBe(true);
  });

  it('issues a bearer token shown once, which authenticates at once', async () => {
    const entry = await server.root.client.admin.createToken('jmartin');
    expect(entry.title).toBe('Bearer token for jmartin');
    expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(entry.links).toEqual([{ rel: 'related', href: `${server.url}/v2/admin/accounts/jmartin` }]);
    const jmartin = client(bearerAuth(entry.token));
    expect((await jmartin.datastore.list()).entries).toEqual([]);
    // Not an admin: the token carries the account's rights, no more.
    expect((await failure(jmartin.admin.accounts())).status).toBe(403);
  });

  it('issues an OAuth consumer shown once, whose signed requests authenticate at once', async () => {
    const entry = await server.root.client.admin.createConsumer('jmartin');
    expect(entry.title).toBe('OAuth consumer for jmartin');
    expect(entry.consumer.key).toMatch(/^[0-9a-f]{32}$/);
    const stored = (await server.store.consumers.byKey(entry.consumer.key))!;
    expect(stored.sealedSecret).not.toContain(entry.consumer.secret);
    const jmartin = client(oauth1({ consumerKey: entry.consumer.key, consumerSecret: entry.consumer.secret }));
    const created = await jmartin.datastore.create({ userId: 'jm@example.com' });
    expect((await jmartin.datastore.list()).entries.map((e) => e.client.uuid)).toEqual([created.client.uuid]);
  });

  it('answers 404 for tokens, consumers and deletes of an account that does not exist', async () => {
    for (const call of [() => server.root.client.admin.createToken('ghost'), () => server.root.client.admin.createConsumer('ghost'), () => server.root.client.admin.deleteAccount('ghost')]) {
      const error = await failure(call());
      expect([error.status, error.code]).toEqual([404, 'not_found']);
    }
  });

  it('is for administrators: 403 for an account, 401 for nobody', async () => {
    expect((await failure(server.alice.client.admin.accounts())).status).toBe(403);
    expect((await failure(server.alice.client.admin.createAccount({ username: 'eve', password: 'pw', admin: true }))).status).toBe(403);
    const anonymous = await failure(server.anonymous.admin.accounts());
    expect(anonymous.status).toBe(401);
    expect(anonymous.response.headers.get('www-authenticate')).toMatch(/^Basic realm="atomsync", OAuth/);
  });

  it('deletes an account with everything it owns; its credentials stop working', async () => {
    const token = (await server.root.client.admin.createToken('jmartin')).token;
    await server.root.client.admin.deleteAccount('jmartin');
    expect(await server.store.accounts.byUsername('jmartin')).toBeUndefined();
    expect((await failure(client(bearerAuth(token)).datastore.list())).status).toBe(401);
    expect((await server.root.client.admin.accounts()).entries.map((e) => e.account.username)).not.toContain('jmartin');
  });

  it('creates an admin that can administer', async () => {
    await server.root.client.admin.createAccount({ username: 'ops@example.com', password: 'ops-secret-pw', admin: true });
    const token = (await server.root.client.admin.createToken('ops@example.com')).token;
    expect((await client(bearerAuth(token)).admin.accounts()).entries.length).toBeGreaterThan(3);
  });

  it('refuses to delete the last administrator: 409 conflict in the Atom error form; one of two goes', async () => {
    await server.root.client.admin.createAccount({ username: 'second-admin', password: 'second-admin-pw', admin: true });
    const admins = async () => (await server.store.accounts.list()).filter((a) => a.admin).map((a) => a.username);
    // Down to two administrators: root and second-admin (ops@example.com, made above, goes first).
    for (const name of await admins()) if (name !== 'root' && name !== 'second-admin') await server.root.client.admin.deleteAccount(name);
    expect((await admins()).sort()).toEqual(['root', 'second-admin']);
    await server.root.client.admin.deleteAccount('second-admin');
    const refused = await failure(server.root.client.admin.deleteAccount('root'));
    expect([refused.status, refused.code]).toEqual([409, 'conflict']);
    expect(refused.message).toContain('root is the only administrator');
    expect(await admins()).toEqual(['root']);
  });
});

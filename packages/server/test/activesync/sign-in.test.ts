/**
 * An ActiveSync phone's sign-in goes through its username's route (store/kysely/routes.ts): a
 * username is held by one client across the service, whatever its ASCII case, so another account
 * cannot register a phone's name and capture it (issue 20), and a sign-in costs one scrypt whether
 * the name is held or not. The verified-credential cache keeps a phone's
 * sign-in cheap, and still a password changed or a client deleted by another instance on the same
 * database is refused at the phone's next request. Over HTTP on both stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhoneAuthenticator } from '../../src/activesync/auth.js';
import { verifyPassword } from '../../src/auth/password.js';
import type { AccountPrincipal } from '../../src/auth/principal.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { changeActivesyncPassword, createActivesyncClient, deleteClient } from '../../src/services/clients.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';
import { ScriptedPhone } from './support/scripted.js';

// scrypt's cost is not this file's question (it counts checks and reads their answers): scrypt runs
// cheap here, with the same answers (support/cheap-scrypt.ts); at full cost it was much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** One database two stores open (two server instances): a data directory's file, or a PostgreSQL schema. */
async function sharedDatabase(kind: StoreKind): Promise<{ open(): Promise<Store>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-activesync-sign-in-'));
    return { open: () => openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { open: () => openStore({ kind: 'postgres', url: schema.url }), drop: () => schema.drop() };
}

describe.each(storeKinds)('an ActiveSync phone signing in (%s)', (kind) => {
  const secrets = SecretBox.ephemeral();
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let one: Store;
  let other: Store;
  let running: RunningServer;
  let users = 0;

  beforeAll(async () => {
    database = await sharedDatabase(kind);
    one = await database.open();
    other = await database.open();
    running = await listen(createServer({ store: one, secrets }), { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await running.close(5_000);
    await one.close();
    await other.close();
    await database.drop();
  });

  async function account(): Promise<AccountPrincipal> {
    const created = await createAccount({ store: one, secrets }, { username: `owner${++users}`, password: 'owner-secret-pw', admin: false });
    return { kind: 'account', id: created.id, username: created.username, admin: false };
  }

  /** A phone of `owner` registered as `username` with `password`, signed in once (so its credential is kept). */
  async function phoneOf(owner: AccountPrincipal, username: string, password: string) {
    const client = await createActivesyncClient(one, owner, { username, password });
    const phone = new ScriptedPhone({ url: running.url, username, password, version: '14.1' });
    expect((await phone.sendOptions()).status).toBe(200);
    return { client, phone };
  }

  /** Whether the phone's request reached `client`: its device is recorded on that client only. */
  const deviceOf = (owner: AccountPrincipal, uuid: string) => one.activesyncDevices.device(owner.id, uuid);

  it('cannot be captured: a username another account holds is refused (409) in any case, and the phone reaches its holder’s client only', async () => {
    const [alice, bob] = [await account(), await account()];
    // Bob registers Ada's address first, with a guessable password; Alice registering it (same password) is refused.
    const ofBob = await phoneOf(bob, 'ada@example.org', 'guessable-pw');
    for (const name of ['ada@example.org', 'Ada@Example.ORG']) {
      await expect(createActivesyncClient(one, alice, { username: name, password: 'guessable-pw' })).rejects.toMatchObject({ status: 409, code: 'conflict' });
    }
    expect(await one.activesync.list(alice.id)).toEqual([]);
    // A phone using the name, in any case, reaches Bob's client: the one the name was registered for.
    const typed = new ScriptedPhone({ url: running.url, username: 'ADA@example.org', password: 'guessable-pw', version: '14.1' });
    await typed.provision();
    expect((await deviceOf(bob, ofBob.client.uuid))?.deviceId).toBe(typed.deviceId);
    // Alice's phone, under a name of its own, reaches her client; Bob's password does not open it.
    const ofAlice = await phoneOf(alice, 'ada.alice@example.org', 'alice-phone-pw');
    await ofAlice.phone.provision();
    expect((await deviceOf(alice, ofAlice.client.uuid))?.deviceId).toBe(ofAlice.phone.deviceId);
    expect((await ofAlice.phone.sendOptions('guessable-pw')).status).toBe(401);
  });

  it('costs one scrypt per attempt, for a held name and a name nobody holds alike', async () => {
    const [alice, bob] = [await account(), await account()];
    await createActivesyncClient(one, bob, { username: 'counted@example.org', password: 'bob-phone-pw' });
    await expect(createActivesyncClient(one, alice, { username: 'counted@example.org', password: 'alice-phone-pw' })).rejects.toMatchObject({ status: 409 });
    let verifications = 0;
    const phones = new PhoneAuthenticator(one, { verifyPassword: async (password, stored) => (verifications++, verifyPassword(password, stored)) });
    const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const attempts = async (username: string, password: string) => {
      const before = verifications;
      await phones.authenticate(basic(username, password)).catch(() => undefined);
      return verifications - before;
    };
    expect(await attempts('counted@example.org', 'alice-phone-pw')).toBe(1);
    expect(await attempts('counted@example.org', 'wrong-phone-pw')).toBe(1);
    expect(await attempts('nobody@example.org', 'wrong-phone-pw')).toBe(1);
    expect((await phones.authenticate(basic('counted@example.org', 'bob-phone-pw'))).account.id).toBe(bob.id);
  });

  it('refuses the old password at the next request after a change by another instance, and takes the new one', async () => {
    const owner = await account();
    const { client, phone } = await phoneOf(owner, 'change@example.org', 'old-phone-pw');
    expect((await phone.sendOptions()).status).toBe(200);
    await changeActivesyncPassword(other, owner, client.uuid, { oldPassword: 'old-phone-pw', password: 'new-phone-pw' });
    expect((await phone.sendOptions()).status).toBe(401);
    expect((await phone.sendOptions('new-phone-pw')).status).toBe(200);
  });

  it('refuses a client deleted by another instance at the next request; its name is free again, and then leads to its new holder only', async () => {
    const [alice, bob] = [await account(), await account()];
    const gone = await phoneOf(alice, 'deleted@example.org', 'same-phone-pw');
    expect(await deleteClient(other, alice.id, 'activesync', gone.client.uuid)).toBe(true);
    expect((await gone.phone.sendOptions()).status).toBe(401);
    // Registered anew by another account with the same password: the phone's kept credential does not bring back Alice's client.
    const kept = await phoneOf(bob, 'Deleted@example.org', 'same-phone-pw');
    await gone.phone.provision();
    expect((await deviceOf(bob, kept.client.uuid))?.deviceId).toBe(gone.phone.deviceId);
    expect(await deviceOf(alice, gone.client.uuid)).toBeUndefined();
    expect(await deleteClient(other, bob.id, 'activesync', kept.client.uuid)).toBe(true);
    expect((await kept.phone.sendOptions()).status).toBe(401);
  });
});

/**
 * An ActiveSync phone's sign-in goes through its username's routes (store/kysely/routes.ts): the
 * username is unique in no scope, so phones of two accounts registered with one username each
 * reach their own client, picked by the password. The verified-credential cache keeps a phone's
 * sign-in cheap, and still a password changed or a client deleted by another instance on the same
 * database is refused at the phone's next request. Over HTTP on both stores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountPrincipal } from '../../src/auth/principal.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { changeActivesyncPassword, createActivesyncClient, deleteClient } from '../../src/services/clients.js';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/store.js';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';
import { ScriptedPhone } from './support/scripted.js';

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

  it('reaches its own account’s client when two accounts registered the same username, picked by the password', async () => {
    const [alice, bob] = [await account(), await account()];
    const ofAlice = await phoneOf(alice, 'shared@example.org', 'alice-phone-pw');
    const ofBob = await phoneOf(bob, 'shared@example.org', 'bob-phone-pw');
    await ofAlice.phone.provision();
    expect(await deviceOf(alice, ofAlice.client.uuid)).toBeDefined();
    expect(await deviceOf(bob, ofBob.client.uuid)).toBeUndefined();
    await ofBob.phone.provision();
    expect((await deviceOf(bob, ofBob.client.uuid))?.deviceId).toBe(ofBob.phone.deviceId);
    expect((await deviceOf(alice, ofAlice.client.uuid))?.deviceId).toBe(ofAlice.phone.deviceId);
    expect((await ofAlice.phone.sendOptions('bob-phone-pw-not')).status).toBe(401);
  });

  it('refuses the old password at the next request after a change by another instance, and takes the new one', async () => {
    const owner = await account();
    const { client, phone } = await phoneOf(owner, 'change@example.org', 'old-phone-pw');
    expect((await phone.sendOptions()).status).toBe(200);
    await changeActivesyncPassword(other, owner, client.uuid, { oldPassword: 'old-phone-pw', password: 'new-phone-pw' });
    expect((await phone.sendOptions()).status).toBe(401);
    expect((await phone.sendOptions('new-phone-pw')).status).toBe(200);
  });

  it('refuses a client deleted by another instance at the next request, and keeps the other clients of its username', async () => {
    const [alice, bob] = [await account(), await account()];
    const gone = await phoneOf(alice, 'deleted@example.org', 'same-phone-pw');
    const kept = await phoneOf(bob, 'deleted@example.org', 'same-phone-pw');
    expect(await deleteClient(other, alice.id, 'activesync', gone.client.uuid)).toBe(true);
    // The one password now verifies against Bob's client only: the phone gets Bob's, never Alice's deleted one.
    await gone.phone.provision();
    expect(await deviceOf(bob, kept.client.uuid)).toBeDefined();
    expect(await deviceOf(alice, gone.client.uuid)).toBeUndefined();
    expect(await deleteClient(other, bob.id, 'activesync', kept.client.uuid)).toBe(true);
    expect((await kept.phone.sendOptions()).status).toBe(401);
  });
});

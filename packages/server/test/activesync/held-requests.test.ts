/**
 * Held requests are capped (activesync/watch.ts): a device holds one Ping or hanging Sync at a
 * time, a new one ending the older at once with its "nothing changed" answer (MS-ASCMD: a new Ping
 * supersedes), and an account holds at most so many, the next refused with 503 and Retry-After
 * (MS-ASHTTP's try-later). Before, one device could hold 2,000.
 */
import { createClient, basicAuth, type AtomSyncClient } from '@atomsync/sdk';
import { el, type AsElement } from '@atomsync/activesync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActivesyncEndpoint } from '../../src/activesync/endpoint.js';
import { createApp } from '../../src/app.js';
import { createAccountAuthenticator } from '../../src/auth/accounts.js';
import { outboxGateway } from '../../src/gateway/gateway.js';
import { createHandlers } from '../../src/handlers/index.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createAccount } from '../../src/services/accounts.js';
import { BindingRuns } from '../../src/services/run-lock.js';
import type { Store } from '@atomsync/store';
import { openTestStore, storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf, type Answer } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const PING = { minHeartbeat: 1, maxHeartbeat: 3540, maxFolders: 32 };
const MAX_PER_ACCOUNT = 2;

/** Polls `done` (state of this process, not time) until it holds; a guard against hanging, not a timing. */
async function until(done: () => boolean): Promise<void> {
  for (let polls = 0; !done(); polls++) {
    if (polls > 2_000) throw new Error(`never came to hold: ${done.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(storeKinds)('held Pings and hanging Syncs (%s)', (kind) => {
  let store: Store;
  let endpoint: ActivesyncEndpoint;
  let server: RunningServer;
  let sdk: AtomSyncClient;
  let phones = 0;

  beforeAll(async () => {
    store = await openTestStore(kind);
    const secrets = SecretBox.ephemeral();
    const runs = new BindingRuns();
    // The app as createServer builds it, with the endpoint in hand, to see what its watch holds.
    endpoint = new ActivesyncEndpoint({ store, secrets, runs }, { ping: PING, maxHeldPerAccount: MAX_PER_ACCOUNT });
    const app = createApp({
      handlers: createHandlers({ store, secrets, gateway: outboxGateway, runs }),
      authenticate: createAccountAuthenticator(store, secrets),
      devices: (a) => endpoint.mount(a),
    });
    server = await listen(app, { host: '127.0.0.1', port: 0 });
    await createAccount({ store, secrets }, { username: 'holder', password: 'holder-secret-pw', admin: false });
    sdk = createClient({ baseUrl: server.url, auth: basicAuth('holder', 'holder-secret-pw') });
  });
  afterAll(async () => {
    await sdk?.close();
    await server?.close(2_000);
    await store?.close();
  });

  const sync = (key: string, extra: AsElement[] = []) =>
    el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
  const keyOf = (tree: AsElement | null) => textOf(childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0], 'AirSync:SyncKey')!;
  const ping = (heartbeat: number) =>
    el('Ping:Ping', [el('Ping:HeartbeatInterval', String(heartbeat)), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]);

  /** A phone of the account, provisioned and synced, its client bound to a datastore of its own. */
  async function syncedPhone(): Promise<{ phone: ScriptedPhone; key: string; datastore: string }> {
    const username = `held-${kind}-${++phones}`;
    const client = (await sdk.activesync.create({ username, password: 'Held-pw-1' })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `held-user-${kind}-${phones}` })).client.uuid!;
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: server.url, username, password: 'Held-pw-1', version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    let key = keyOf((await phone.send('Sync', sync('0'))).tree);
    key = keyOf((await phone.send('Sync', sync(key, [el('AirSync:GetChanges')]))).tree);
    return { phone, key, datastore };
  }

  /** Sends, and notes when the answer came. */
  function track(pending: Promise<Answer>): { answer: Promise<Answer>; done: () => boolean } {
    let done = false;
    const answer = pending.finally(() => (done = true));
    return { answer, done: () => done };
  }

  const addContact = (datastore: string) =>
    sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Held;Hal;;;\r\nFN:Hal Held\r\nEND:VCARD\r\n' } });

  it('a second Ping of a device ends the first at once with Status 1, and is held in its place', { timeout: 60_000 }, async () => {
    const { phone, datastore } = await syncedPhone();
    const first = track(phone.send('Ping', ping(3000)));
    await until(() => endpoint.watch.size === 1);
    const second = track(phone.send('Ping', ping(3000)));
    // Either the first is answered, or (before the cap) both are held.
    await until(() => first.done() || endpoint.watch.size === 2);
    expect(first.done()).toBe(true);
    expect(textAt((await first.answer).tree, 'Ping:Status')).toBe('1');
    await until(() => endpoint.watch.size === 1);
    expect(second.done()).toBe(false);
    // The one held still pushes.
    await addContact(datastore);
    expect(textAt((await second.answer).tree, 'Ping:Status')).toBe('2');
  });

  it('a Ping of a device ends its hanging Sync with nothing new', { timeout: 60_000 }, async () => {
    const { phone, key, datastore } = await syncedPhone();
    const hanging = track(phone.send('Sync', el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), el('AirSync:GetChanges')])]), el('AirSync:Wait', '50')])));
    await until(() => endpoint.watch.size === 1);
    const pinged = track(phone.send('Ping', ping(3000)));
    await until(() => hanging.done() || endpoint.watch.size === 2);
    expect(hanging.done()).toBe(true);
    const answer = await hanging.answer;
    expect(answer.status).toBe(200);
    expect(childrenAt(answer.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add')).toEqual([]);
    await addContact(datastore);
    expect(textAt((await pinged.answer).tree, 'Ping:Status')).toBe('2');
  });

  it('an account holds at most so many; the next is refused with 503 and Retry-After, and a held device may still ping again', { timeout: 90_000 }, async () => {
    const held = [await syncedPhone(), await syncedPhone()];
    const third = await syncedPhone();
    const pings = held.map(({ phone }) => track(phone.send('Ping', ping(3000))));
    await until(() => endpoint.watch.size === MAX_PER_ACCOUNT);
    const refused = await third.phone.send('Ping', ping(3000));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(endpoint.watch.size).toBe(MAX_PER_ACCOUNT);
    // A device that holds one replaces it: the account's count does not grow.
    const again = track(held[0]!.phone.send('Ping', ping(3000)));
    expect(textAt((await pings[0]!.answer).tree, 'Ping:Status')).toBe('1');
    await until(() => endpoint.watch.size === MAX_PER_ACCOUNT);
    expect(again.done()).toBe(false);
    // Let them go: a change to each phone's datastore answers its Ping.
    await addContact(held[0]!.datastore);
    await addContact(held[1]!.datastore);
    expect(textAt((await again.answer).tree, 'Ping:Status')).toBe('2');
    expect(textAt((await pings[1]!.answer).tree, 'Ping:Status')).toBe('2');
  });
});

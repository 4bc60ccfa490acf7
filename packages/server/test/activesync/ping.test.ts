/**
 * Ping (push) with our scripted client, on both stores and across two server instances sharing the
 * database: a Ping held by instance A answers "changes" (Status 2) when a contact is added through
 * instance B's API, and the Sync that follows brings it; without a change it expires (Status 1);
 * a Ping that names no folders, a folder never synced or a heartbeat out of bounds is answered so.
 */
import { createClient, basicAuth, type AtomSyncClient } from '@atomsync/sdk';
import { el, type AsElement } from '@atomsync/activesync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, storeKinds, type TestSchema } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const PING = { minHeartbeat: 1, maxHeartbeat: 3540, maxFolders: 32 };

describe.each(storeKinds)('ActiveSync Ping across instances (%s)', (kind) => {
  let stores: Store[] = [];
  let schema: TestSchema | undefined;
  let a: RunningServer;
  let b: RunningServer;
  let sdkB: AtomSyncClient;
  let phoneUser = 0;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      const shared = await openStore({ kind: 'sqlite', file: ':memory:' });
      stores = [shared];
    } else {
      schema = await createTestSchema();
      stores = [await openStore({ kind: 'postgres', url: schema.url }), await openStore({ kind: 'postgres', url: schema.url })];
    }
    const secrets = SecretBox.ephemeral();
    a = await listen(createServer({ store: stores[0]!, secrets, activesync: { ping: PING } }), { host: '127.0.0.1', port: 0 });
    b = await listen(createServer({ store: stores.at(-1)!, secrets, activesync: { ping: PING } }), { host: '127.0.0.1', port: 0 });
    await createAccount({ store: stores[0]!, secrets }, { username: 'pinger', password: 'pinger-secret-pw', admin: false });
    sdkB = createClient({ baseUrl: b.url, auth: basicAuth('pinger', 'pinger-secret-pw') });
  });
  afterAll(async () => {
    await sdkB?.close();
    await a?.close(2_000);
    await b?.close(2_000);
    for (const store of stores) await store.close();
    await schema?.drop();
  });

  const sync = (key: string, extra: AsElement[] = []) =>
    el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
  const keyOf = (tree: AsElement | null) => textOf(childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0], 'AirSync:SyncKey')!;
  const ping = (heartbeat: number, folders: string[] = ['contacts']) =>
    el('Ping:Ping', [
      el('Ping:HeartbeatInterval', String(heartbeat)),
      el('Ping:Folders', folders.map((id) => el('Ping:Folder', [el('Ping:Id', id), el('Ping:Class', 'Contacts')]))),
    ]);

  /** A phone on instance A, provisioned and synced, its client bound to a datastore; returns it and the datastore. */
  async function syncedPhone(): Promise<{ phone: ScriptedPhone; datastore: string; key: string }> {
    const username = `ping-${kind}-${++phoneUser}`;
    const client = (await sdkB.activesync.create({ username, password: 'Ping-pw-1' })).client.uuid!;
    const datastore = (await sdkB.datastore.create({ userId: `ping-user-${kind}-${phoneUser}` })).client.uuid!;
    await sdkB.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: a.url, username, password: 'Ping-pw-1', version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    let key = keyOf((await phone.send('Sync', sync('0'))).tree);
    key = keyOf((await phone.send('Sync', sync(key, [el('AirSync:GetChanges')]))).tree);
    return { phone, datastore, key };
  }

  it('answers a held Ping when a contact is added through the other instance, and the Sync brings it', { timeout: 60_000 }, async () => {
    const { phone, datastore, key } = await syncedPhone();
    const held = phone.send('Ping', ping(45));
    // The Ping is held: nothing has changed yet.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await sdkB.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Push;Pat;;;\r\nFN:Pat Push\r\nEND:VCARD\r\n' } });
    const answer = await held;
    expect(textAt(answer.tree, 'Ping:Status')).toBe('2');
    expect(childrenAt(answer.tree, ['Ping:Folders'], 'Ping:Folder').map((f) => f.text)).toEqual(['contacts']);
    const synced = await phone.send('Sync', sync(key, [el('AirSync:GetChanges')]));
    const adds = childrenAt(synced.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add');
    expect(adds.map((x) => textOf(x.children?.find((c) => c.tag === 'ApplicationData'), 'Contacts:LastName'))).toEqual(['Push']);
  });

  it('lets a Ping expire with Status 1 when nothing changes', async () => {
    const { phone } = await syncedPhone();
    const answer = await phone.send('Ping', ping(1));
    expect(textAt(answer.tree, 'Ping:Status')).toBe('1');
  });

  it('answers a Ping without folders, of a folder never synced, or with a heartbeat out of bounds', async () => {
    const { phone } = await syncedPhone();
    expect(textAt((await phone.send('Ping')).tree, 'Ping:Status')).toBe('3');
    expect(textAt((await phone.send('Ping', ping(30, ['calendar']))).tree, 'Ping:Status')).toBe('7');
    const tooLong = await phone.send('Ping', ping(4000));
    expect(textAt(tooLong.tree, 'Ping:Status')).toBe('5');
    expect(textAt(tooLong.tree, 'Ping:HeartbeatInterval')).toBe('3540');
  });
});

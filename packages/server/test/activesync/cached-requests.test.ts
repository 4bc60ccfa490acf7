/**
 * The requests a phone does not send whole, with our scripted client, on both stores: an empty
 * Sync repeats the device's last one with the collections' current SyncKeys, a Partial Sync
 * completes it (Status 13 for either with nothing cached), an empty Ping reuses the last Ping's
 * folders and heartbeat (Status 3 only with none), and a hanging Sync (HeartbeatInterval / Wait)
 * is woken by a change made through the REST API, or answers unchanged when its interval ends;
 * intervals out of range get Status 14 with the Limit, Wait with HeartbeatInterval Status 4.
 */
import { el, type AsElement } from '@atomsync/activesync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type RunningServer } from '../../src/listen.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import type { Store } from '@atomsync/store';
import { createClient, basicAuth, type AtomSyncClient } from '@atomsync/sdk';
import { openTestStore, storeKinds } from '../support/stores.js';
import { childrenAt, ScriptedPhone, textAt, textOf } from './support/scripted.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** Heartbeats of a second or more, so a test can let one run out. */
const PING = { minHeartbeat: 1, maxHeartbeat: 3540, maxFolders: 32 };
const vcard = (given: string) => ['BEGIN:VCARD', 'VERSION:3.0', `N:Cache;${given};;;`, `FN:${given} Cache`, 'END:VCARD', ''].join('\r\n');

describe.each(storeKinds)('ActiveSync cached requests and hanging Sync (%s)', (kind) => {
  let store: Store;
  let running: RunningServer;
  let sdk: AtomSyncClient;
  let users = 0;

  beforeAll(async () => {
    store = await openTestStore(kind);
    const secrets = SecretBox.ephemeral();
    running = await listen(createServer({ store, secrets, activesync: { ping: PING } }), { host: '127.0.0.1', port: 0 });
    await createAccount({ store, secrets }, { username: 'cacher', password: 'cacher-secret-pw', admin: false });
    sdk = createClient({ baseUrl: running.url, auth: basicAuth('cacher', 'cacher-secret-pw') });
  });
  afterAll(async () => {
    await sdk?.close();
    await running?.close(2_000);
    await store?.close();
  });

  const collection = (id: string, key: string, extra: AsElement[] = []) => el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', id), ...extra]);
  const syncOf = (collections: AsElement[], extra: AsElement[] = []) => el('AirSync:Sync', [...(collections.length > 0 ? [el('AirSync:Collections', collections)] : []), ...extra]);
  const replies = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection');
  const replyOf = (tree: AsElement | null, id: string) => replies(tree).find((c) => textOf(c, 'AirSync:CollectionId') === id);
  const addsOf = (reply: AsElement | undefined) => (reply?.children?.find((c) => c.tag === 'Commands')?.children ?? []).filter((c) => c.tag === 'Add');
  const namesOf = (reply: AsElement | undefined) => addsOf(reply).map((a) => textOf(a.children?.find((d) => d.tag === 'ApplicationData'), 'Contacts:FirstName'));

  /** A provisioned phone (14.0) bound to a datastore with one contact, its contacts and calendar folders started (SyncKey 0); their keys. */
  async function phoneReady() {
    const username = `cached-${kind}-${++users}@example.org`;
    const password = `pw-${users}-Aspen`;
    const client = (await sdk.activesync.create({ username, password })).client.uuid!;
    const datastore = (await sdk.datastore.create({ userId: `cached-user-${kind}-${users}` })).client.uuid!;
    await sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: vcard('First') } });
    await sdk.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: running.url, username, password, version: '14.0' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    const started = await phone.send('Sync', syncOf([collection('contacts', '0'), collection('calendar', '0')]));
    const keys = { contacts: textOf(replyOf(started.tree, 'contacts'), 'AirSync:SyncKey')!, calendar: textOf(replyOf(started.tree, 'calendar'), 'AirSync:SyncKey')! };
    const add = (given: string) => sdk.datastore.contents(datastore).create({ title: 'c', content: { type: 'text/vcard', value: vcard(given) } });
    return { phone, keys, add };
  }

  it('answers an empty Sync with nothing cached Status 13, and a Partial one too', async () => {
    const username = `cached-${kind}-${++users}@example.org`;
    await sdk.activesync.create({ username, password: 'pw-Empty-1' });
    const phone = new ScriptedPhone({ url: running.url, username, password: 'pw-Empty-1', version: '14.0' });
    await phone.provision();
    expect(textAt((await phone.send('Sync')).tree, 'AirSync:Status')).toBe('13');
    expect(textAt((await phone.send('Sync', syncOf([], [el('AirSync:Partial')]))).tree, 'AirSync:Status')).toBe('13');
  });

  it('repeats the cached Sync for an empty one, with each collection’s current key', async () => {
    const { phone, keys, add } = await phoneReady();
    // The full request (both folders, GetChanges) is cached; it brings the first contact.
    const full = await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')]), collection('calendar', keys.calendar, [el('AirSync:GetChanges')])]));
    expect(namesOf(replyOf(full.tree, 'contacts'))).toEqual(['First']);
    const contactsKey = textOf(replyOf(full.tree, 'contacts'), 'AirSync:SyncKey')!;
    await add('Second');
    const empty = await phone.send('Sync');
    expect(replies(empty.tree).map((c) => textOf(c, 'AirSync:CollectionId'))).toEqual(['contacts', 'calendar']);
    expect(namesOf(replyOf(empty.tree, 'contacts'))).toEqual(['Second']);
    const next = textOf(replyOf(empty.tree, 'contacts'), 'AirSync:SyncKey')!;
    expect(next).not.toBe(contactsKey);
    // Again empty: the key it just got is the one used (nothing new, the key stays).
    const again = await phone.send('Sync');
    expect(textOf(replyOf(again.tree, 'contacts'), 'AirSync:Status')).toBe('1');
    expect(textOf(replyOf(again.tree, 'contacts'), 'AirSync:SyncKey')).toBe(next);
    expect(addsOf(replyOf(again.tree, 'contacts'))).toEqual([]);
  });

  it('completes a Partial Sync from the cache: the collections it names, the rest as cached', async () => {
    const { phone, keys, add } = await phoneReady();
    await phone.send('Sync', syncOf([collection('calendar', keys.calendar, [el('AirSync:GetChanges')])]));
    // Partial, naming contacts only: calendar comes from the cache with its current key.
    const partial = await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')])], [el('AirSync:Partial')]));
    expect(replies(partial.tree).map((c) => textOf(c, 'AirSync:CollectionId')).sort()).toEqual(['calendar', 'contacts']);
    expect(namesOf(replyOf(partial.tree, 'contacts'))).toEqual(['First']);
    expect(textOf(replyOf(partial.tree, 'calendar'), 'AirSync:Status')).toBe('1');
    // The merged request is the cache now: an empty Sync syncs both.
    await add('Third');
    const empty = await phone.send('Sync');
    expect(replies(empty.tree).map((c) => textOf(c, 'AirSync:CollectionId')).sort()).toEqual(['calendar', 'contacts']);
    expect(namesOf(replyOf(empty.tree, 'contacts'))).toEqual(['Third']);
  });

  it('answers an empty Ping Status 3 with none before, then with the last Ping’s folders and heartbeat', async () => {
    const { phone, keys, add } = await phoneReady();
    await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')])]));
    expect(textAt((await phone.send('Ping')).tree, 'Ping:Status')).toBe('3');
    const full = el('Ping:Ping', [el('Ping:HeartbeatInterval', '1'), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]);
    expect(textAt((await phone.send('Ping', full)).tree, 'Ping:Status')).toBe('1');
    // Empty: the same folders, the same one-second heartbeat: it expires.
    expect(textAt((await phone.send('Ping')).tree, 'Ping:Status')).toBe('1');
    // A heartbeat alone keeps the folders; a change reaches it.
    const held = phone.send('Ping', el('Ping:Ping', [el('Ping:HeartbeatInterval', '30')]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await add('Pinged');
    const answer = await held;
    expect(textAt(answer.tree, 'Ping:Status')).toBe('2');
    expect(childrenAt(answer.tree, ['Ping:Folders'], 'Ping:Folder').map((f) => f.text)).toEqual(['contacts']);
  });

  it('holds a Sync with a HeartbeatInterval until a change through the API, then sends it', async () => {
    const { phone, keys, add } = await phoneReady();
    const first = await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')])]));
    const key = textOf(replyOf(first.tree, 'contacts'), 'AirSync:SyncKey')!;
    const held = phone.send('Sync', syncOf([collection('contacts', key, [el('AirSync:GetChanges')])], [el('AirSync:HeartbeatInterval', '60')]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await add('Pushed');
    const answer = await held;
    expect(textOf(replyOf(answer.tree, 'contacts'), 'AirSync:Status')).toBe('1');
    expect(namesOf(replyOf(answer.tree, 'contacts'))).toEqual(['Pushed']);
    expect(textOf(replyOf(answer.tree, 'contacts'), 'AirSync:SyncKey')).not.toBe(key);
  });

  it('answers a held Sync unchanged when its interval ends, and an empty Sync holds as the cached one did', async () => {
    const { phone, keys } = await phoneReady();
    const first = await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')])]));
    const key = textOf(replyOf(first.tree, 'contacts'), 'AirSync:SyncKey')!;
    const expired = await phone.send('Sync', syncOf([collection('contacts', key, [el('AirSync:GetChanges')])], [el('AirSync:HeartbeatInterval', '1')]));
    expect(textOf(replyOf(expired.tree, 'contacts'), 'AirSync:Status')).toBe('1');
    expect(textOf(replyOf(expired.tree, 'contacts'), 'AirSync:SyncKey')).toBe(key);
    expect(addsOf(replyOf(expired.tree, 'contacts'))).toEqual([]);
    const empty = await phone.send('Sync');
    expect(textOf(replyOf(empty.tree, 'contacts'), 'AirSync:SyncKey')).toBe(key);
  });

  it('ends a held Sync another request of the phone moved on, without sending it to start the folder over', async () => {
    const { phone, keys } = await phoneReady();
    const first = await phone.send('Sync', syncOf([collection('contacts', keys.contacts, [el('AirSync:GetChanges')])]));
    const key = textOf(replyOf(first.tree, 'contacts'), 'AirSync:SyncKey')!;
    const held = phone.send('Sync', syncOf([collection('contacts', key, [el('AirSync:GetChanges')])], [el('AirSync:HeartbeatInterval', '60')]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The phone adds two contacts in two Syncs: the key moves on twice (the held one's is not even the
    // previous key now), and the datastore changes, which wakes the held one.
    const add = (id: string) => el('AirSync:Commands', [el('AirSync:Add', [el('AirSync:ClientId', id), el('AirSync:ApplicationData', [el('Contacts:FirstName', id), el('Contacts:LastName', 'Phone')])])]);
    const once = await phone.send('Sync', syncOf([collection('contacts', key, [add('n1')])]));
    const twice = await phone.send('Sync', syncOf([collection('contacts', textOf(replyOf(once.tree, 'contacts'), 'AirSync:SyncKey')!, [add('n2')])]));
    expect(textOf(replyOf(twice.tree, 'contacts'), 'AirSync:Status')).toBe('1');
    const answer = await held;
    expect(textOf(replyOf(answer.tree, 'contacts'), 'AirSync:Status')).toBe('1');
  });

  it('refuses intervals out of range with Status 14 and the Limit, and Wait with HeartbeatInterval with Status 4', async () => {
    const { phone, keys } = await phoneReady();
    const withInterval = (extra: AsElement[]) => phone.send('Sync', syncOf([collection('contacts', keys.contacts)], extra));
    const low = await withInterval([el('AirSync:HeartbeatInterval', '0')]);
    expect([textAt(low.tree, 'AirSync:Status'), textAt(low.tree, 'AirSync:Limit')]).toEqual(['14', '1']);
    const high = await withInterval([el('AirSync:HeartbeatInterval', '4000')]);
    expect([textAt(high.tree, 'AirSync:Status'), textAt(high.tree, 'AirSync:Limit')]).toEqual(['14', '3540']);
    const wait = await withInterval([el('AirSync:Wait', '60')]);
    expect([textAt(wait.tree, 'AirSync:Status'), textAt(wait.tree, 'AirSync:Limit')]).toEqual(['14', '59']);
    const both = await withInterval([el('AirSync:Wait', '5'), el('AirSync:HeartbeatInterval', '300')]);
    expect(textAt(both.tree, 'AirSync:Status')).toBe('4');
    // A refused request is not cached: an empty Sync repeats the last one taken (both folders, no interval).
    const empty = await phone.send('Sync');
    expect(replies(empty.tree).map((c) => textOf(c, 'AirSync:CollectionId'))).toEqual(['contacts', 'calendar']);
  });
});

/**
 * Session state lives in the database: two server instances on one PostgreSQL store take
 * alternating messages of one session (the phone's RespURI from one instance is sent to the
 * other) and complete it, a multi-message package 4 and the Map included; the next session,
 * alternating the other way, finds the anchors and the mapped ids.
 */
import { basicAuth, createClient } from '@atomsync/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../../src/listen.js';
import { SecretBox } from '../../../src/secrets/box.js';
import { createServer } from '../../../src/server.js';
import { createAccount } from '../../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import type { TestAccount } from '../../support/server.js';
import { createTestSchema, type TestSchema } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, peerItems, registerPhone } from '../support/registration.js';
import { PhoneDatastore, ScriptedPhone } from '../support/scripted-phone.js';

describe('one SyncML session across two server instances (postgres)', () => {
  let schema: TestSchema;
  const stores: Store[] = [];
  const urls: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let alice: TestAccount;

  beforeAll(async () => {
    schema = await createTestSchema();
    const secrets = SecretBox.ephemeral();
    for (let i = 0; i < 2; i++) stores.push(await openStore({ kind: 'postgres', url: schema.url }));
    const record = await createAccount({ store: stores[0]!, secrets }, { username: 'alice', password: 'alice-secret-pw', admin: false });
    for (const store of stores) {
      const running = await listen(createServer({ store, secrets }), { host: '127.0.0.1', port: 0 });
      urls.push(running.url);
      closers.push(async () => {
        await running.close(5_000);
      });
    }
    alice = { id: record.id, username: 'alice', password: 'alice-secret-pw', admin: false, client: createClient({ baseUrl: urls[0]!, auth: basicAuth('alice', 'alice-secret-pw') }) };
  });
  afterAll(async () => {
    await alice?.client.close();
    for (const close of closers) await close();
    for (const store of stores) await store.close();
    await schema?.drop();
  });

  /** A phone whose odd messages go to one instance and even ones to the other. */
  const alternating = (first: 0 | 1) =>
    new ScriptedPhone({
      url: urls[first]!,
      deviceId: 'IMEI:490154203237518',
      username: 'alice',
      password: 'alice-secret-pw',
      maxMsgSize: 6000,
      route: (url, msgId) => {
        const to = new URL(url);
        const base = new URL(urls[(first + msgId + 1) % 2]!);
        to.host = base.host;
        return to.toString();
      },
    });

  it('completes a session whose messages alternate between the instances, and the next one the other way round', async () => {
    const { datastoreClient } = await registerPhone({ store: stores[0]! }, alice);
    for (let n = 1; n <= 12; n++) await addPeerItem(alice, datastoreClient, nameOf(contact(n)), contact(n));
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    for (let n = 101; n <= 106; n++) contacts.add(`luid-${n}`, contact(n));

    const phone = alternating(0);
    const first = await phone.sync({ datastores: [{ store: contacts, code: 201 }], changesPerMessage: 2 });
    const hosts = first.exchanges.map((e) => new URL(e.url).origin);
    expect(hosts.length).toBeGreaterThanOrEqual(6);
    expect(hosts).toEqual(hosts.map((_, k) => new URL(urls[k % 2]!).origin));
    expect(first.received).toHaveLength(12);
    expect(await peerItems(alice, datastoreClient)).toHaveLength(18);

    // The other way round: anchors and the Map made on both instances are there.
    const luid = [...contacts.items].find(([, item]) => nameOf(item.data) === nameOf(contact(1)))![0];
    contacts.replace(luid, contact(1, 'Edited between sessions'));
    const other = alternating(1);
    other.sessionId = phone.sessionId;
    other.nonce = phone.nonce;
    const second = await other.sync({ datastores: [{ store: contacts }] });
    expect(new URL(second.exchanges[0]!.url).origin).toBe(new URL(urls[1]!).origin);
    expect(second.modes.get('./contacts')).toBe(200);
    expect(second.received).toEqual([]);
    const items = await peerItems(alice, datastoreClient);
    expect(items).toHaveLength(18);
    expect(items.find((i) => i.title === nameOf(contact(1)))!.body).toContain('Edited between sessions');
  });
});

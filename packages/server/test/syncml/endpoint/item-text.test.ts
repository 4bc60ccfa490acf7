/**
 * A SyncML phone's item holding characters XML cannot carry (issue 20, item 5, checked for SyncML
 * too), on both stores: over WBXML (XML cannot carry them at all: saxes refuses the message) the
 * item is taken with each such character as U+FFFD (@atomsync/syncml xml-chars.ts: a phone's odd
 * note should still sync), so what is stored can always be listed: the datastore's listing
 * answers 200 and shows U+FFFD where the phone sent U+0001, U+000B or U+FFFE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact } from '../support/items.js';
import { peerItems, phoneOf, registerPhone, type RegisteredPhone } from '../support/registration.js';
import { PhoneDatastore } from '../support/scripted-phone.js';

describe.each(storeKinds)('a SyncML item holding characters XML cannot carry (%s)', (kind) => {
  let server: TestServer;
  let registered: RegisteredPhone;
  beforeAll(async () => {
    server = await startTestServer(kind);
    registered = await registerPhone(server, server.alice);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is stored with U+FFFD for each, and the datastore is listed', async () => {
    const phone = phoneOf(server, server.alice, { encoding: 'wbxml' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    contacts.add('luid-1', contact(1, 'first\u0001 second\u000B third\uFFFE'));
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    expect(session.itemStatuses).toEqual([201]);
    const items = await peerItems(server.alice, registered.datastoreClient, 'Contacts');
    expect(items.map((i) => i.body)).toEqual([contact(1, 'first\uFFFD second\uFFFD third\uFFFD')]);
  });
});

/**
 * A tour of the atomsync SDK: every operation, called the way an integrator would, in the order a
 * real integration meets them. It runs against @atomsync/msw, so it needs no server:
 *
 *   npm start --workspace examples/sdk-tour
 *
 * To run it against a real server instead, drop the mock server and point `baseUrl` at it.
 */
import { pathToFileURL } from 'node:url';
import { setupServer } from 'msw/node';
import { sampleHandlers } from '@atomsync/msw';
import {
  AtomSyncError,
  basicAuth,
  createClient,
  isAtomSyncError,
  type AtomSyncClient,
  type BatchContentEntry,
  type Feed,
} from '@atomsync/sdk';

type Log = (line: string) => void;

/** The SDK's optional fields are optional on the wire too; a tour wants them present. */
function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the answer has no ${what}`);
  return value;
}

/** Calls that the service always refuses: show how an integrator handles an AtomSyncError. */
async function expectRefusal(log: Log, what: string, call: Promise<unknown>): Promise<void> {
  try {
    await call;
    throw new Error(`${what} was expected to be refused`);
  } catch (error) {
    if (!isAtomSyncError(error)) throw error;
    const allow = error.response.headers.get('Allow');
    log(`${what} → refused: ${error.status} ${error.code}: ${error.message}${allow ? ` (Allow: ${allow})` : ''}`);
  }
}

export async function tour(client: AtomSyncClient, log: Log = console.log): Promise<void> {
  log(`health.get → ${(await client.health.get()).trim()}`);

  // The phone catalogue: needs no credentials.
  const vendors = await client.phones.vendors();
  const vendorUuid = required(vendors.entries[0]?.id, 'vendor id').replace(/^urn:uuid:/, '');
  log(`phones.vendors → ${vendors.entries.map((v) => v.title).join(', ')}`);
  log(`phones.vendor → ${(await client.phones.vendor(vendorUuid)).title}`);
  log(`phones.vendorModels → ${(await client.phones.vendorModels(vendorUuid)).entries.length} models`);
  const models = await client.phones.models();
  const model = required(models.entries[0], 'model');
  log(`phones.models → ${models.entries.map((m) => m.title).join(', ')}`);
  log(`phones.model → ${(await client.phones.model(model.uuid)).title} syncs ${model.dataclasses?.join(', ')}`);

  // Accounts (administrators): an account, then a bearer token and an OAuth consumer for it.
  const account = await client.admin.createAccount({ username: 'jmartin', password: 'c0rrect-h0rse&battery', admin: false });
  log(`admin.createAccount → ${account.account.username}`);
  log(`admin.accounts → ${(await client.admin.accounts()).entries.map((a) => a.account.username).join(', ')}`);
  log(`admin.createToken → bearer token of ${(await client.admin.createToken('jmartin')).token.length} characters`);
  log(`admin.createConsumer → OAuth consumer ${(await client.admin.createConsumer('jmartin')).consumer.key}`);
  log(`admin.updateAccount → ${(await client.admin.updateAccount('jmartin', { username: 'jmartin', password: 'n3w-h0rse&battery' })).account.username}'s password reset`);
  await client.account.changePassword({ username: 'admin', oldPassword: 'demo-password', password: 'demo-password-2' });
  log('account.changePassword → the signed-in account\'s own password changed (its console sessions end)');

  // App passwords: the signed-in account's own passwords for its CardDAV/CalDAV devices, shown once.
  const appPassword = await client.appPasswords.create({ name: 'Mac Contacts' });
  const appPasswordUuid = required(appPassword.appPassword.uuid, 'app password uuid');
  log(`appPasswords.create → "${appPassword.appPassword.name}", a password of ${appPassword.appPassword.password?.length ?? 0} characters`);
  log(`appPasswords.list → ${(await client.appPasswords.list()).entries.map((e) => e.appPassword.name).join(', ')}`);
  await client.appPasswords.revoke(appPasswordUuid);
  log('appPasswords.revoke → that device signs in no more');

  // The internal datastore: a client, then its content items.
  const store = await client.datastore.create({ userId: 'crm-user-40219' });
  const storeUuid = required(store.client.uuid, 'datastore uuid');
  log(`datastore.create → ${storeUuid}`);
  log(`datastore.list → ${(await client.datastore.list()).entries.length} clients`);
  log(`datastore.get → ${(await client.datastore.get(storeUuid)).title}`);
  await expectRefusal(log, 'datastore.allContents', client.datastore.allContents());

  const contents = client.datastore.contents(storeUuid);
  const vcard = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Nilsson;Lars;Erik;;', 'FN:Lars Erik Nilsson', 'TEL;TYPE=CELL:+46739876543', 'END:VCARD'].join('\r\n');
  const item = await contents.create({ title: 'Lars Erik Nilsson', content: { type: 'text/x-vcard', value: vcard } }, { dataclass: 'Contacts' });
  const itemUuid = required(item.id, 'content id').replace(/^urn:uuid:/, '');
  log(`datastore.contents.create → ${item.title} (${item.dataclass})`);
  log(`datastore.contents.list → ${(await contents.list({ dataclass: 'all' })).entries.map((e) => e.title).join(', ')}`);
  log(`datastore.contents.get → ${(await contents.get(itemUuid)).content?.type}`);
  log(`datastore.contents.update → ${(await contents.update(itemUuid, { ...item, title: 'Lars E. Nilsson' })).title}`);
  const changes = await contents.changes({ since: '2009-06-01T00:00:00Z' });
  log(`datastore.contents.changes → ${changes.entries.map((e) => e.operation?.type).join(', ')}`);
  const batch: Feed<BatchContentEntry> = {
    entries: [
      { batchId: 'c-1', operation: { type: 'insert' }, title: 'Sofia Berg', content: { dataclass: 'Contacts', type: 'text/x-vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Sofia Berg\r\nEND:VCARD' } },
      { batchId: 'c-2', operation: { type: 'delete' }, id: `urn:uuid:${itemUuid}` },
    ],
  };
  const results = await contents.batch(batch);
  log(`datastore.contents.batch → ${results.entries.map((e) => `${e.batchId}: ${e.status?.code} ${e.status?.reason}`).join(', ')}`);
  await contents.delete(itemUuid);
  log('datastore.contents.delete → done');
  const imported = await contents.import('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Erik Lund\r\nEND:VCARD\r\n');
  log(`datastore.contents.import → ${imported.import.added} added, ${imported.import.twins} twins, ${imported.import.refusedCount} refused`);

  // An external data account (a remote contacts service), registered with an access token.
  const remote = await client.extdata.create({
    userId: 'katja.lindqvist@example.net',
    datastores: [{ dataclass: 'Contacts', href: 'https://contacts.example.net/feeds/default/full', token: { tokenType: 2, key: 'access-key', secret: 'access-secret', scopes: ['https://contacts.example.net/feeds/'] } }],
  });
  const remoteUuid = required(remote.client.uuid, 'extdata uuid');
  log(`extdata.create → ${remoteUuid}`);
  log(`extdata.list → ${(await client.extdata.list()).entries.length} clients`);
  log(`extdata.get → ${(await client.extdata.get(remoteUuid)).client.datastores?.map((d) => d.dataclass).join(', ')}`);
  const calendar = { dataclass: 'Calendar' as const, href: 'https://calendar.example.net/feeds/default/private/full', token: { tokenType: 2 as const, key: 'k2', secret: 's2' } };
  log(`extdata.update → ${(await client.extdata.update(remoteUuid, { userId: 'katja.lindqvist@example.net', datastores: [calendar] })).client.datastores?.length} datastores`);

  // A SyncML phone: register it, send it its settings, ask it to sync.
  const phone = await client.syncml.create({ phoneNumber: '+46702345678', modelUuid: model.uuid, timezone: 'Europe/Stockholm' });
  const phoneUuid = required(phone.client.uuid, 'phone uuid');
  log(`syncml.create → ${phone.title} (imei "${phone.client.imei}", setup sent: ${phone.client.setup?.sent ?? 'never'})`);
  log(`syncml.list → ${(await client.syncml.list()).entries.map((e) => e.title).join(', ')}`);
  log(`syncml.get → ${(await client.syncml.get(phoneUuid)).client.datastores?.map((d) => d.name).join(', ')}`);
  await expectRefusal(log, 'syncml.update', client.syncml.update(phoneUuid));
  const setup = await client.syncml.setup(phoneUuid, { pincode: '9315' });
  log(`syncml.setup → "${setup.setup?.name}" sent ${setup.setup?.sent?.toISOString()}`);
  await client.syncml.requestSync(phoneUuid);
  log('syncml.requestSync → done');
  log(`syncml.outbox → ${(await client.syncml.outbox(phoneUuid)).entries.map((e) => e.outboxItem.kind).join(', ')}`);
  log(`syncml.sessions → ${(await client.syncml.sessions()).entries.map((e) => e.session.status).join(', ')}`);
  log(`syncml.chatlog → ${(await client.syncml.chatlog()).entries.length} messages`);
  await expectRefusal(log, 'syncml.datastores', client.syncml.datastores());

  // What the phone itself does: post SyncML to the protocol endpoint.
  const message = new TextEncoder().encode('<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD></SyncHdr><SyncBody><Final/></SyncBody></SyncML>');
  log(`syncmlProtocol.post → ${(await client.syncmlProtocol.post(message)).byteLength} bytes of SyncML`);

  // An ActiveSync phone: the password is write-only; changing it needs the old one.
  const device = await client.activesync.create({ username: 'jmartin', password: 'Lingon<berry>9', phoneNumber: '+46701234567', modelUuid: model.uuid });
  const deviceUuid = required(device.client.uuid, 'activesync uuid');
  log(`activesync.create → ${deviceUuid}`);
  log(`activesync.list → ${(await client.activesync.list()).entries.length} clients`);
  log(`activesync.get → last sync ${(await client.activesync.get(deviceUuid)).client.lastSync ?? 'never'}`);
  await client.activesync.update(deviceUuid, { oldPassword: 'Lingon<berry>9', password: 'Hjortron&Moltebär7' });
  log('activesync.update → password changed');
  // A lost phone: wiped at its next contact with the server (a real server answers 409 while no phone has signed in yet).
  const wiping = await client.activesync.wipe(deviceUuid, { links: [], wipe: { scope: 'device' } });
  log(`activesync.wipe → asked ${wiping.client.device?.wipe?.requested.toISOString() ?? '(no phone yet)'}`);
  log(`activesync.cancelWipe → wipe ${(await client.activesync.cancelWipe(deviceUuid)).client.device?.wipe === undefined ? 'cancelled' : 'still asked'}`);

  // The sync engine: bind the datastore to the remote account, run a two-way sync, read the log.
  const binding = await client.syncengine.create({ source: { syncSource: 'datastore', uuid: storeUuid }, target: { syncSource: 'extdata', uuid: remoteUuid }, conflictWinner: 'source' });
  const bindingId = binding.bindingId;
  log(`syncengine.create → binding ${bindingId}`);
  log(`syncengine.list → ${(await client.syncengine.list()).entries.length} bindings`);
  log(`syncengine.get → conflict winner ${(await client.syncengine.get(bindingId)).conflictWinner}`);
  log(`syncengine.update → conflict winner ${(await client.syncengine.update(bindingId, { conflictWinner: 'target' })).conflictWinner}`);
  const run = await client.syncengine.synchronize(bindingId, { syncMode: 200, dataclass: 'Contacts' });
  const stats = run.syncStats.source.statistics;
  log(`syncengine.synchronize → mode ${run.syncMode}: source +${stats.addsIn} ~${stats.replacesIn} -${stats.deletesIn}`);
  log(`syncengine.bindingLog → ${(await client.syncengine.bindingLog(bindingId)).entries.length} runs`);
  const logFeed = await client.syncengine.log();
  log(`syncengine.log → ${logFeed.entries.length} runs`);
  const logId = Number(required(logFeed.entries[0]?.id, 'log id').split('/').pop());
  log(`syncengine.logEntry → ${(await client.syncengine.logEntry(logId)).title}`);
  await expectRefusal(log, 'syncengine.sources', client.syncengine.sources());
  await expectRefusal(log, 'syncengine.registerSource', client.syncengine.registerSource());

  // A phone and a datastore, bound in one step.
  const pair = await client.phoneDatastoreBindings.create({ modelUuid: model.uuid, phoneNumber: '+447700900123', foreignUserId: 'crm-user-40219', timezone: 'Europe/London' });
  log(`phoneDatastoreBindings.create → ${pair.links?.map((l) => l.rel).join(', ')}`);
  log(`phoneDatastoreBindings.list → ${(await client.phoneDatastoreBindings.list()).entries.length} bindings`);

  // Clean up.
  await client.syncengine.delete(bindingId);
  await client.activesync.delete(deviceUuid);
  await client.syncml.delete(phoneUuid);
  await client.extdata.delete(remoteUuid);
  await client.admin.deleteAccount('jmartin');
  log('deleted the binding, the phones, the remote account and the account');
}

async function main(): Promise<void> {
  const server = setupServer(...sampleHandlers());
  server.listen({ onUnhandledRequest: 'error' });
  const client = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('admin', 'demo-password') });
  try {
    await tour(client);
  } finally {
    await client.close();
    server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    // An AtomSyncError names the call and carries the service's own explanation.
    if (error instanceof AtomSyncError) console.error(`${error.operationId}: ${error.status} ${error.code}: ${error.message}`, error.details);
    else console.error(error);
    process.exitCode = 1;
  });
}

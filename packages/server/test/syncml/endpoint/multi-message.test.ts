/**
 * Packages over several messages, on both stores and in both encodings: our package 4 split to
 * the phone's MaxMsgSize (every reply within it, Final only on the last, the rest fetched with
 * Alert 222, every item once, NumberOfChanges on the first Sync); the phone's package 3 spread
 * over messages without Final (answered with Statuses and Alert 222, the engine run once, at
 * Final); a large object in MoreData chunks (213 each, 201 for the last, stored whole) and one
 * whose Meta Size does not match (424, nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../support/server.js';
import { storeKinds } from '../../support/stores.js';
import { contact, nameOf } from '../support/items.js';
import { addPeerItem, closeAccounts, newAccount, peerItems, phoneOf, registerPhone } from '../support/registration.js';
import { alertCodes, codesFor, commandsOf } from '../support/replies.js';
import { PhoneDatastore, phoneDevInf, type ScriptedPhone } from '../support/scripted-phone.js';
import type { SyncmlMessage } from '@atomsync/syncml';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost the accounts and phones signing in were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const cases = storeKinds.flatMap((kind) => (['xml', 'wbxml'] as const).map((encoding) => [kind, encoding] as const));

/** Package 1 (DevInf and a slow-sync Alert for contacts) with syncml:auth-basic; the reply. */
async function slowSyncInit(phone: ScriptedPhone): Promise<SyncmlMessage> {
  const answer = await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).alert(201, { target: 'contacts', source: './contacts', next: 'n1' }));
  expect(codesFor(answer.reply, 'Alert')).toEqual([200]);
  return answer.reply;
}

/** A contact with a photo: about `kib` KiB, non-ASCII in it (Meta Size counts bytes). */
function bigContact(kib: number): string {
  const photo = Buffer.alloc(kib * 768, 'Grüße').toString('base64');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Größe;Jürgen;;;', 'FN:Jürgen Größe', 'TEL;TYPE=CELL:+49 151 99999999'];
  lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo.replace(/(.{74})/g, '$1\r\n ')}`);
  return `${[...lines, 'END:VCARD'].join('\r\n')}\r\n`;
}

/** Cuts text into `n` chunks on character boundaries. */
function chunks(text: string, n: number): string[] {
  const size = Math.ceil(text.length / n);
  return Array.from({ length: n }, (_, k) => text.slice(k * size, (k + 1) * size));
}

describe.each(cases)('packages over several messages (%s, %s)', (kind, encoding) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await closeAccounts();
    await server?.close();
  });

  const setUp = async (name: string): Promise<{ account: TestAccount; datastoreClient: string; bindingId: number }> => {
    const account = await newAccount(server, `${name}-${kind}-${encoding}`);
    const { datastoreClient, bindingId } = await registerPhone(server, account);
    return { account, datastoreClient, bindingId };
  };

  it.each([4000, 10000])('splits our package 4 to a MaxMsgSize of %i bytes: each reply fits, Final only on the last, each item once', async (maxMsgSize) => {
    const { account, datastoreClient } = await setUp(`split-${maxMsgSize}`);
    const PEER = 40;
    for (let n = 1; n <= PEER; n++) await addPeerItem(account, datastoreClient, nameOf(contact(n)), contact(n));
    const phone = phoneOf(server, account, { encoding, maxMsgSize, auth: 'basic' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    for (let n = 101; n <= 110; n++) contacts.add(`luid-${n}`, contact(n));

    // A phone with a small MaxMsgSize sends small messages too: 3 changes a message.
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }], changesPerMessage: 3 });
    // Package 2 (our DevInf) is the next test's; every later reply fits.
    for (const exchange of session.exchanges.slice(1)) expect(exchange.bytes.byteLength).toBeLessThanOrEqual(maxMsgSize);

    const package4 = session.exchanges.filter((e) => commandsOf(e.reply, 'Sync').length > 0);
    expect(package4.length).toBeGreaterThanOrEqual(maxMsgSize === 4000 ? 8 : 3);
    expect(package4.map((e) => e.reply.final)).toEqual([...Array(package4.length - 1).fill(false), true]);
    // Each message after the first asked for the rest with Alert 222.
    for (const e of package4.slice(1)) expect(alertCodes(e.request)).toEqual([222]);
    const syncs = package4.flatMap((e) => commandsOf(e.reply, 'Sync'));
    expect(syncs.map((s) => s.numberOfChanges)).toEqual([PEER, ...Array(syncs.length - 1).fill(undefined)]);

    const adds = session.received;
    expect(adds.every((c) => c.kind === 'Add')).toBe(true);
    const ids = adds.map((c) => c.items[0]!.source!.locUri);
    expect(new Set(ids).size).toBe(PEER);
    expect(adds.map((c) => nameOf(c.items[0]!.data!)).sort()).toEqual(Array.from({ length: PEER }, (_, k) => nameOf(contact(k + 1))).sort());
    expect(contacts.items.size).toBe(PEER + 10);
    expect(await peerItems(account, datastoreClient)).toHaveLength(PEER + 10);
  });

  // Package 2 carries our DevInf (Results to the phone's Get): 3.5 KB in XML with every datastore,
  // which once made it 4.6 KB for a 4000-byte XML phone; it lists only the alerted datastores now.
  it('keeps package 2 (Statuses, our DevInf, our Alert) within a MaxMsgSize of 4000 bytes', async () => {
    const { account } = await setUp('package2-size');
    const phone = phoneOf(server, account, { encoding, maxMsgSize: 4000, auth: 'basic' });
    const answer = await phone.send((m) => m.putDevInf(phoneDevInf(phone.deviceId, phone.version)).getDevInf().alert(201, { target: 'contacts', source: './contacts', next: 'n1' }));
    expect(commandsOf(answer.reply, 'Results')).toHaveLength(1);
    expect(answer.bytes.byteLength).toBeLessThanOrEqual(4000);
  });

  it('sends a peer item larger than the MaxMsgSize in MoreData chunks to a phone that takes large objects', async () => {
    const { account, datastoreClient } = await setUp('large-out');
    const whole = bigContact(24);
    await addPeerItem(account, datastoreClient, 'Jürgen Größe', whole);
    await addPeerItem(account, datastoreClient, nameOf(contact(1)), contact(1));
    const phone = phoneOf(server, account, { encoding, maxMsgSize: 10000, auth: 'basic' });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    for (const exchange of session.exchanges.slice(1)) expect(exchange.bytes.byteLength).toBeLessThanOrEqual(10000);
    // The phone checked each chunk's order and the whole object's Size.
    expect(session.chunks.length).toBeGreaterThanOrEqual(3);
    expect(session.chunks.join('')).toBe([...contacts.items.values()].map((i) => i.data).find((d) => d.includes('PHOTO')));
    expect(session.received.map((c) => nameOf(c.items[0]!.data!)).sort()).toEqual(['Jürgen Größe', nameOf(contact(1))].sort());
    expect([...contacts.items.values()].map((i) => i.data.length).sort((a, b) => a - b)).toEqual([contact(1).length, whole.length].sort((a, b) => a - b));
  });

  it('leaves out a peer item no message can hold for a phone without large objects, and says why', async () => {
    const { account, datastoreClient } = await setUp('large-out-refused');
    await addPeerItem(account, datastoreClient, 'Jürgen Größe', bigContact(24));
    await addPeerItem(account, datastoreClient, nameOf(contact(1)), contact(1));
    const phone = phoneOf(server, account, { encoding, maxMsgSize: 10000, auth: 'basic', devinf: (d) => ({ ...d, supportLargeObjs: false }) });
    const contacts = new PhoneDatastore('./contacts', 'contacts');
    const session = await phone.sync({ datastores: [{ store: contacts, code: 201 }] });
    expect(session.chunks).toEqual([]);
    expect(session.received.map((c) => nameOf(c.items[0]!.data!))).toEqual([nameOf(contact(1))]);
    const [record] = (await account.client.syncml.sessions()).entries.map((e) => e.session);
    expect(record!.reason).toMatch(/does not fit the phone's MaxMsgSize/);
  });

  it("answers the phone's package 3 over several messages with Statuses and Alert 222, and runs the engine once, at Final", async () => {
    const { account, datastoreClient, bindingId } = await setUp('package3');
    const phone = phoneOf(server, account, { encoding, auth: 'basic' });
    let reply = await slowSyncInit(phone);
    const parts = [[1, 2, 3], [4, 5, 6], [7, 8, 9, 10]];
    for (const [k, part] of parts.entries()) {
      const final = k === parts.length - 1;
      const previous = reply;
      const answer = await phone.send((m) => m.statuses(previous).sync('contacts', './contacts', part.map((n) => ({ op: 'add', luid: `luid-${n}`, data: contact(n) }))), { final });
      reply = answer.reply;
      expect(codesFor(reply, 'Sync')).toEqual([200]);
      expect(codesFor(reply, 'Add')).toEqual(part.map(() => 201));
      if (final) break;
      expect(alertCodes(reply)).toEqual([222]);
      expect(commandsOf(reply, 'Sync')).toEqual([]);
      expect(reply.final).toBe(false);
      // Nothing ran yet.
      expect(await peerItems(account, datastoreClient)).toEqual([]);
      expect((await account.client.syncengine.bindingLog(bindingId)).entries).toEqual([]);
    }
    // At Final: our (empty) Sync, and the engine ran once with all ten.
    expect(commandsOf(reply, 'Sync')).toHaveLength(1);
    expect(reply.final).toBe(true);
    expect(await peerItems(account, datastoreClient)).toHaveLength(10);
    const end = await phone.send((m) => m.statuses(reply));
    expect(end.reply.final).toBe(true);
    const log = (await account.client.syncengine.bindingLog(bindingId)).entries;
    expect(log).toHaveLength(1);
    expect(log[0]!.syncStats.source.statistics.addsOut + log[0]!.syncStats.target.statistics.addsOut).toBe(10);
  });

  it('takes a large object in MoreData chunks: 213 for each, 201 for the last, stored whole', async () => {
    const { account, datastoreClient } = await setUp('large-object');
    const phone = phoneOf(server, account, { encoding, auth: 'basic' });
    let reply = await slowSyncInit(phone);
    const whole = bigContact(24);
    const parts = chunks(whole, 3);
    for (const [k, data] of parts.entries()) {
      const last = k === parts.length - 1;
      const previous = reply;
      reply = (
        await phone.send(
          (m) => m.statuses(previous).sync('contacts', './contacts', [{ op: 'add', luid: 'big', data, ...(k === 0 ? { size: Buffer.byteLength(whole, 'utf8') } : {}), ...(last ? {} : { moreData: true }) }]),
          { final: last },
        )
      ).reply;
      expect(codesFor(reply, 'Add')).toEqual([last ? 201 : 213]);
      if (!last) expect(alertCodes(reply)).toEqual([222]);
    }
    expect((await peerItems(account, datastoreClient)).map((i) => i.body)).toEqual([whole]);
  });

  // Over XML a phone's raw CR LF arrives as LF, so up to a line per line short is taken as a match.
  it.each([
    ['more', 4096],
    ['fewer', -10],
  ])('refuses a large object whose Meta Size announced %s bytes than arrived with 424, storing nothing', async (_name, wrongBy) => {
    const { account, datastoreClient } = await setUp(`large-object-size${wrongBy}`);
    const phone = phoneOf(server, account, { encoding, auth: 'basic' });
    let reply = await slowSyncInit(phone);
    const whole = bigContact(12);
    const parts = chunks(whole, 2);
    const codes: number[] = [];
    for (const [k, data] of parts.entries()) {
      const last = k === parts.length - 1;
      const previous = reply;
      reply = (
        await phone.send(
          (m) =>
            m.statuses(previous).sync('contacts', './contacts', [
              { op: 'add', luid: 'big', data, ...(k === 0 ? { size: Buffer.byteLength(whole, 'utf8') + wrongBy } : {}), ...(last ? {} : { moreData: true }) },
              ...(last ? [{ op: 'add' as const, luid: 'small', data: contact(1) }] : []),
            ]),
          { final: last },
        )
      ).reply;
      codes.push(...codesFor(reply, 'Add'));
    }
    expect(codes).toEqual([213, 424, 201]);
    expect((await peerItems(account, datastoreClient)).map((i) => i.body)).toEqual([contact(1)]);
  });
});

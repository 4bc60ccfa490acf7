/**
 * The phone catalogue's per-model quirks reach the wire: a model known to take only vCard 2.1
 * gets 2.1 even when its DevInf prefers 3.0, with its field length limits applied; the same
 * phone on a model without quirks gets the 3.0 its DevInf prefers.
 */
import { randomUUID } from 'node:crypto';
import type { ModelQuirks } from '@atomsync/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPeerItem, phoneOf } from '../support/registration.js';
import { PhoneDatastore } from '../support/scripted-phone.js';

const JURGEN = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Müller-Lüdenscheidt;Jürgen;;;', 'FN:Jürgen Müller-Lüdenscheidt', 'TEL;TYPE=CELL:+49 151 23456789', 'END:VCARD', ''].join('\r\n');

describe('per-model quirks on what we send a phone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function firstSyncWith(quirks: ModelQuirks): Promise<{ type: string | undefined; data: string }> {
    const vendorUuid = randomUUID();
    const modelUuid = randomUUID();
    await server.store.catalogue.upsert(
      [{ uuid: vendorUuid, name: `Vendor ${vendorUuid.slice(0, 8)}` }],
      [{ uuid: modelUuid, vendorUuid, name: 'Quirky', imageUrl: '', syncmlVersion: '1.1', dataclasses: ['Contacts'], quirks }],
    );
    const account = server.alice;
    const entry = await account.client.phoneDatastoreBindings.create({ modelUuid, phoneNumber: '+447700900555', foreignUserId: `quirks-${modelUuid}`, timezone: 'Europe/Berlin' });
    const datastoreClient = entry.links!.find((l) => l.rel === 'datastore_client')!.href!.replace(/\/$/, '').split('/').at(-1)!;
    await addPeerItem(account, datastoreClient, 'Jürgen Müller-Lüdenscheidt', JURGEN);
    // Its DevInf prefers vCard 3.0 (like SyncEvolution's).
    const phone = phoneOf(server, account);
    const session = await phone.sync({ datastores: [{ store: new PhoneDatastore('./contacts', 'contacts'), code: 201 }] });
    expect(session.received).toHaveLength(1);
    const add = session.received[0]!;
    return { type: add.meta?.type ?? add.items[0]!.meta?.type, data: add.items[0]!.data! };
  }

  it('a vcard21Only model gets vCard 2.1 (quoted-printable UTF-8), its field limits applied', async () => {
    const { type, data } = await firstSyncWith({ vcard21Only: true, maxFieldLength: { FN: 12 } });
    expect(type).toBe('text/x-vcard');
    expect(data).toMatch(/^VERSION:2\.1\r$/m);
    expect(data).toMatch(/^N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller-L=C3=BCdenscheidt;J=C3=BCrgen/m);
    // FN cut to 12 code points: "Jürgen Mülle".
    expect(data).toMatch(/^FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BClle\r$/m);
    expect(data).toContain('+49 151 23456789');
  });

  it('a model without quirks gets the vCard 3.0 its DevInf prefers, whole', async () => {
    const { type, data } = await firstSyncWith({});
    expect(type).toBe('text/vcard');
    expect(data).toMatch(/^VERSION:3\.0\r$/m);
    expect(data).toContain('FN:Jürgen Müller-Lüdenscheidt');
  });
});

/** What the SyncML side records: outbox, sessions, chat log. */
import { describe, expect, it } from 'vitest';
import type { SessionRecord } from '../src/records.js';
import { storeKinds } from '../../server/test/support/stores.js';
import { makeAccount, sleep, uid, useStore } from './helpers.js';

describe.each(storeKinds)('SyncML records (%s)', (kind) => {
  const store = useStore(kind);

  it('outbox: appends binary payloads and lists a client\'s newest first', async () => {
    const alice = await makeAccount(store(), 'alice');
    const bob = await makeAccount(store(), 'bob');
    const client = uid('sml');
    const payload = new Uint8Array([0, 1, 2, 0xfe, 0xff, 0x80]);
    const setup = await store().outbox.append({ accountId: alice.id, clientUuid: client, kind: 'setup', phoneNumber: '+1', mediaType: 'application/vnd.wap.connectivity-wbxml', payload });
    const note = await store().outbox.append({ accountId: alice.id, clientUuid: client, kind: 'notification', phoneNumber: '+1', mediaType: 'application/vnd.syncml.notification', payload: payload.subarray(2, 4) });
    await store().outbox.append({ accountId: alice.id, clientUuid: uid('sml'), kind: 'setup', phoneNumber: '+2', mediaType: 'x/y', payload });
    expect(setup).toMatchObject({ accountId: alice.id, clientUuid: client, kind: 'setup', phoneNumber: '+1' });
    expect(setup.payload).toEqual(payload);
    expect(note.payload).toEqual(new Uint8Array([2, 0xfe]));

    const listed = await store().outbox.list(alice.id, client);
    expect(listed.map((o) => o.id)).toEqual([note.id, setup.id]);
    expect(listed[1]).toEqual(setup);
    expect(await store().outbox.list(bob.id, client)).toEqual([]);
  });

  it('sessions: save inserts then replaces; list newest first; refused sessions have no account', async () => {
    const alice = await makeAccount(store(), 'alice');
    const session: SessionRecord = {
      id: uid('sess'),
      accountId: alice.id,
      clientUuid: uid('sml'),
      deviceId: 'IMEI:35',
      protocol: 'SyncML/1.2',
      encoding: 'wbxml',
      started: new Date('2024-01-02T03:04:05.678Z'),
      ended: null,
      status: null,
      reason: null,
      datastores: [{ uri: './contacts', dataclass: 'Contacts', syncMode: 200, statistics: null }],
    };
    await store().sessions.save(session);
    expect(await store().sessions.get(session.id)).toEqual(session);
    const ended: SessionRecord = {
      ...session,
      ended: new Date('2024-01-02T03:04:09.001Z'),
      status: 200,
      reason: 'ok',
      datastores: [{ uri: './contacts', dataclass: 'Contacts', syncMode: 200, statistics: { addsIn: 1, replacesIn: 0, deletesIn: 0, addsOut: 2, replacesOut: 0, deletesOut: 0 } }],
    };
    await store().sessions.save(ended);
    expect(await store().sessions.get(session.id)).toEqual(ended);

    const later = { ...session, id: uid('sess'), started: new Date('2024-01-03T00:00:00.000Z'), datastores: [] };
    await store().sessions.save(later);
    const refused = { ...session, id: uid('sess'), accountId: null, clientUuid: null, status: 401, reason: 'bad credentials' };
    await store().sessions.save(refused);
    expect((await store().sessions.list(alice.id)).map((s) => s.id)).toEqual([later.id, session.id]);
    expect(await store().sessions.get(refused.id)).toEqual(refused);
    expect(await store().sessions.get('missing')).toBeUndefined();
  });

  it('chat log: appends, lists newest first with a limit, prunes by age', async () => {
    const session = uid('sess');
    const first = await store().chatLog.append({ sessionId: session, msgId: 1, direction: 'in', encoding: 'xml', body: '<SyncML/>' });
    await sleep(5);
    const cut = new Date();
    await sleep(5);
    const second = await store().chatLog.append({ sessionId: session, msgId: 1, direction: 'out', encoding: 'wbxml', body: 'AAEC' });
    const third = await store().chatLog.append({ sessionId: session, msgId: 2, direction: 'in', encoding: 'xml', body: '<SyncML>2</SyncML>' });
    expect(first).toMatchObject({ sessionId: session, msgId: 1, direction: 'in', encoding: 'xml', body: '<SyncML/>' });
    expect((await store().chatLog.list(10)).map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(await store().chatLog.list(2)).toEqual([third, second]);
    expect(await store().chatLog.prune(cut)).toBe(1);
    expect((await store().chatLog.list(10)).map((m) => m.id)).toEqual([third.id, second.id]);
  });
});

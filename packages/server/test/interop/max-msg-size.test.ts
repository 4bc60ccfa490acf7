/**
 * A small MaxMsgSize forces multi-message packages both ways: two phones that accept at most
 * 10,240 bytes per message (SyncEvolution's floor) move 200 contacts each way through our server,
 * every message the server sends them within that size, and the contacts arrive intact.
 * In XML and in WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, vcard30 } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';
import { MIN_MAX_MSG_SIZE, type SyncResult } from './support/syncevolution.js';

/**
 * Asserts no message the phone received was bigger than it allows, and that the 200 contacts
 * (some 100 KB) took several messages in each direction they moved.
 */
function expectSplit(result: SyncResult, moved: readonly ('sent' | 'received')[]): void {
  const sizes = (direction: 'sent' | 'received') => result.messages!.filter((m) => m.direction === direction).map((m) => m.body.length);
  const received = sizes('received');
  expect(Math.max(...received), `sizes received: ${received.join(', ')}`).toBeLessThanOrEqual(MIN_MAX_MSG_SIZE);
  // Beside the ones carrying items, a session has an opening and a closing message each way.
  for (const direction of moved) expect(sizes(direction).length, `${direction}: ${sizes(direction).join(', ')}`).toBeGreaterThanOrEqual(6);
}

describe.each(ENCODINGS)('small MaxMsgSize (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`max-msg-size-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('moves 200 contacts each way in messages of at most 10,240 bytes, intact', { timeout: 300_000 }, async () => {
    const account = await setting.newAccount(`max-msg-size-${encoding}`);
    const user = 'crm-small-messages';
    const small = { encoding, account, user, maxMsgSize: MIN_MAX_MSG_SIZE, dumpMessages: true } as const;
    const fromA = contacts(200, 1).map((c) => vcard30(c));
    const fromB = contacts(200, 2).map((c) => vcard30(c));

    const a = await addDevice(setting, small);
    await a.phone.addItems('contacts', fromA, 'contact');
    const aUp = await a.phone.sync('contacts', 'slow');
    expectSynced(aUp);
    expect(aUp.report.server.added).toBe(200);
    expectSplit(aUp, ['sent']);

    const b = await addDevice(setting, small);
    await b.phone.addItems('contacts', fromB, 'contact');
    // B's first sync: a slow sync taking its 200 up and A's 200 down.
    const bBoth = await b.phone.sync('contacts', 'two-way');
    expectSynced(bBoth);
    expect(bBoth.report).toMatchObject({ mode: 'slow', server: { added: 200, rejected: 0 }, client: { added: 200, rejected: 0 } });
    expectSplit(bBoth, ['sent', 'received']);

    const aDown = await a.phone.sync('contacts', 'two-way');
    expectSynced(aDown);
    expect(aDown.report).toMatchObject({ mode: 'two-way', client: { added: 200, rejected: 0 }, server: { added: 0, updated: 0, removed: 0 } });
    expectSplit(aDown, ['received']);

    const all = [...fromA, ...fromB];
    expectSameItems('Contacts', ['expected', all], ['server', await serverItems(a, 'Contacts')]);
    expectSameItems('Contacts', ['expected', all], ['device A', (await a.phone.items('contacts')).values()]);
    expectSameItems('Contacts', ['expected', all], ['device B', (await b.phone.items('contacts')).values()]);
  });
});

/**
 * A slow sync down (server → phone) over many messages, with items of random sizes and the phone's
 * random MaxMsgSize, in both wire forms: no message we write exceeds the phone's MaxMsgSize, and
 * each message holds the items the rule always gave — as many as fit 90% of the MaxMsgSize once
 * the rest of the message, measured by encoding it, and a margin of 400 bytes are taken — so
 * measuring the reply as it is built (Reply.byteLength) changed no split point. The phone answers
 * each message as phones do: a Status per item, a Map of what it added, Alert 222 for more.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMessage, itemCost, type Command, type OutChange, type Sync, type SyncItemCommand, type SyncmlEncoding, type SyncmlMessage } from '../../src/index.js';
import { devinf12 } from '../support/messages.js';
import { alert, MemoryServer, phoneMessage } from '../support/session.js';

const syncsOf = (reply: SyncmlMessage): Sync[] => reply.commands.filter((c): c is Sync => c.kind === 'Sync');
const sentOf = (reply: SyncmlMessage): SyncItemCommand[] => syncsOf(reply).flatMap((s) => s.commands as SyncItemCommand[]);

/** Item data: mostly ASCII, with what XML escapes and what UTF-8 takes more than a byte for. */
const data = (size: number, seed: number): string => {
  const pieces = ['a', 'b', ' ', '\r\n', '&', '<', 'ü', '東', '🙂'];
  let s = '';
  for (let i = 0; s.length < size; i++) s += pieces[(i * 7 + seed) % pieces.length]!;
  return s.slice(0, size);
};

/** The phone's answer to `reply`: a Status per item, a Map of the LUIDs of the first `mapped`, Alert 222. */
function answer(reply: SyncmlMessage, msgId: number, mapped: number): SyncmlMessage {
  const items = sentOf(reply);
  const statuses: Command[] = items.map((c, i) => ({ kind: 'Status', cmdId: String(i + 1), msgRef: reply.header.msgId, cmdRef: c.cmdId, cmd: 'Add', targetRefs: [], sourceRefs: [], data: 201, items: [] }));
  const adds = items.slice(0, mapped).filter((c) => c.items[0]!.source !== undefined);
  const map: Command[] =
    adds.length > 0 ? [{ kind: 'Map', cmdId: String(items.length + 1), target: { locUri: 'contacts' }, source: { locUri: './C' }, mapItems: adds.map((c, i) => ({ target: c.items[0]!.source!.locUri, source: `L${msgId}-${i}` })) }] : [];
  const next: Command = { kind: 'Alert', cmdId: String(items.length + 2), data: 222, items: [{ target: { locUri: 'http://example.net/syncml' }, source: { locUri: 'IMEI:1' } }] };
  return phoneMessage([...statuses, ...map, next], { msgId: String(msgId), final: false });
}

/** Runs the session to our last message; every reply that carries a Sync. */
function slowSyncDown(queue: OutChange[], maxMsgSize: number, encoding: SyncmlEncoding, mapped: number, largeObjects = false): SyncmlMessage[] {
  const server = new MemoryServer(phoneMessage([]), { queue }, encoding);
  const put: Command[] = largeObjects ? [{ kind: 'Put', cmdId: '9', meta: { type: 'application/vnd.syncml-devinf+xml' }, items: [{ source: { locUri: './devinf12' }, devinf: devinf12 }] }] : [];
  server.turn(phoneMessage([...put, alert(201)], { maxMsgSize }));
  const replies = [server.turn(phoneMessage([{ kind: 'Sync', cmdId: '5', target: { locUri: 'contacts' }, source: { locUri: './C' }, commands: [] }], { msgId: '2' })).reply];
  for (let msg = 3; !replies.at(-1)!.final; msg++) {
    if (msg > 20 + queue.reduce((n, c) => n + (c.data?.length ?? 0), 0) / 50) throw new Error('the session does not end');
    replies.push(server.turn(answer(replies.at(-1)!, msg, mapped)).reply);
  }
  return replies;
}

/**
 * The rule, with the message before our Sync measured by encoding it: of `queue` from `next`, the
 * items too big for any message that come before anything was taken (left out, for a phone without
 * large objects), then the items that go in `reply`.
 */
function expectedSplit(reply: SyncmlMessage, queue: readonly OutChange[], next: number, maxMsgSize: number, encoding: SyncmlEncoding): { refused: number; taken: number } {
  const before = { header: reply.header, commands: reply.commands.filter((c) => c.kind !== 'Sync'), final: false };
  let budget = Math.floor(maxMsgSize * 0.9) - (encodeMessage(before, encoding).byteLength + 400);
  let refused = 0;
  let taken = 0;
  for (let i = next; i < queue.length; i++) {
    const cost = itemCost(queue[i]!.data ?? '', encoding);
    if (cost <= budget) {
      budget -= cost;
      taken++;
    } else if (taken === 0) refused++;
    else break;
  }
  return { refused, taken };
}

const sizes = fc.array(fc.integer({ min: 0, max: 1500 }), { minLength: 1, maxLength: 60 });

describe('a slow sync down split over messages', () => {
  it.each(['xml', 'wbxml'] as const)('in %s: no message exceeds MaxMsgSize, and each holds what the rule gives', (encoding) => {
    fc.assert(
      fc.property(sizes, fc.integer({ min: 3_000, max: 20_000 }), fc.nat({ max: 5 }), (lengths, maxMsgSize, mapped) => {
        const queue: OutChange[] = lengths.map((n, i) => ({ serverUri: 'contacts', op: i % 5 === 4 ? 'replace' : 'add', id: `g${i}`, type: 'text/x-vcard', data: data(n, i) }));
        const replies = slowSyncDown(queue, maxMsgSize, encoding, mapped);
        let next = 0;
        for (const reply of replies) {
          expect(encodeMessage(reply, encoding).byteLength).toBeLessThanOrEqual(maxMsgSize);
          const sent = sentOf(reply);
          const { refused, taken } = expectedSplit(reply, queue, next, maxMsgSize, encoding);
          next += refused;
          expect(sent.map((c) => c.items[0]!.data)).toEqual(queue.slice(next, next + taken).map((c) => c.data));
          next += taken;
        }
        expect(next).toBe(queue.length);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['xml', 'wbxml'] as const)('in %s: objects cut into chunks keep every message within MaxMsgSize', (encoding) => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12_000 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 3_000, max: 8_000 }), (lengths, maxMsgSize) => {
        const queue: OutChange[] = lengths.map((n, i) => ({ serverUri: 'contacts', op: 'add', id: `g${i}`, type: 'text/x-vcard', data: data(n, i) }));
        const replies = slowSyncDown(queue, maxMsgSize, encoding, 0, true);
        for (const reply of replies) expect(encodeMessage(reply, encoding).byteLength).toBeLessThanOrEqual(maxMsgSize);
        // The chunks of each object add up to it.
        const received = new Map<string, string>();
        for (const c of replies.flatMap(sentOf)) received.set(c.items[0]!.source!.locUri, (received.get(c.items[0]!.source!.locUri) ?? '') + c.items[0]!.data);
        expect([...received.values()]).toEqual(queue.map((c) => c.data));
      }),
      { numRuns: 40 },
    );
  });
});

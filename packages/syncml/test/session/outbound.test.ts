/**
 * Our Sync across messages (DS Protocol §"Multiple Messages in Package": the phone's MaxMsgSize,
 * Alert 222 for the next), large objects out (§"Large Object Handling": MoreData, Size on the first
 * chunk, only to a phone whose DevInf says SupportLargeObjs), the phone's Statuses and Map
 * (package 5), and DevInf both ways (Put 200 / 406, Get 200 / 404, our Get when none is kept).
 */
import { describe, expect, it } from 'vitest';
import { encodeMessage, StatusCode, type Command, type DevInf, type OutChange, type Sync, type SyncItemCommand, type SyncmlMessage } from '../../src/index.js';
import { devinf12 } from '../support/messages.js';
import { alert, codes, facts, MemoryServer, phoneMessage } from '../support/session.js';

const syncsOf = (reply: SyncmlMessage): Sync[] => reply.commands.filter((c): c is Sync => c.kind === 'Sync');
const sentOf = (reply: SyncmlMessage): SyncItemCommand[] => syncsOf(reply).flatMap((s) => s.commands as SyncItemCommand[]);
const adds = (n: number, bytes: number): OutChange[] => Array.from({ length: n }, (_, i) => ({ serverUri: 'contacts', op: 'add', id: `g${i}`, type: 'text/x-vcard', data: `${i}`.padEnd(bytes, 'x') }));
const next222 = (): Command => ({ kind: 'Alert', cmdId: '1', data: 222, items: [{ target: { locUri: 'http://example.net/syncml' }, source: { locUri: 'IMEI:1' } }] });

/** A session whose package 3 just ended, our Sync begun under `maxMsgSize`. */
function sending(queue: OutChange[], maxMsgSize: number, devinf?: DevInf): { server: MemoryServer; first: SyncmlMessage } {
  const server = new MemoryServer(phoneMessage([]), { queue });
  const put: Command[] = devinf ? [{ kind: 'Put', cmdId: '9', meta: { type: 'application/vnd.syncml-devinf+xml' }, items: [{ source: { locUri: './devinf12' }, devinf }] }] : [];
  server.turn(phoneMessage([...put, alert(201)], { maxMsgSize }));
  const first = server.turn(phoneMessage([{ kind: 'Sync', cmdId: '5', target: { locUri: 'contacts' }, source: { locUri: './C' }, commands: [] }], { msgId: '2' })).reply;
  return { server, first };
}

describe('our Sync across messages', () => {
  it('fits each message to the MaxMsgSize, goes on at Alert 222, and is Final with the last', () => {
    const { server, first } = sending(adds(12, 1000), 5000);
    const replies = [first];
    for (let msg = 3; !replies.at(-1)!.final && msg < 20; msg++) replies.push(server.turn(phoneMessage([next222()], { msgId: String(msg), final: false })).reply);
    expect(replies.length).toBeGreaterThan(2);
    for (const reply of replies) expect(encodeMessage(reply, 'xml').byteLength).toBeLessThanOrEqual(5000);
    expect(replies.map((r) => r.final)).toEqual([...replies.slice(1).map(() => false), true]);
    expect(replies.flatMap(sentOf).map((c) => c.items[0]!.source?.locUri)).toEqual(adds(12, 1).map((c) => c.id));
    // NumberOfChanges only on the first Sync of the datastore.
    expect(replies.flatMap(syncsOf).map((s) => s.numberOfChanges)).toEqual([12, ...replies.slice(1).map(() => undefined)]);
  });

  it('cuts an object no message can hold into MoreData chunks for a phone that takes large objects', () => {
    const { server, first } = sending(adds(1, 9000), 3000, devinf12);
    const replies = [first];
    for (let msg = 3; !replies.at(-1)!.final && msg < 30; msg++) {
      const last = sentOf(replies.at(-1)!)[0];
      // The phone answers each chunk 213 and asks for the next.
      const statuses: Command[] = last ? [{ kind: 'Status', cmdId: '1', msgRef: replies.at(-1)!.header.msgId, cmdRef: last.cmdId, cmd: 'Add', targetRefs: [], sourceRefs: [], data: 213, items: [] }] : [];
      replies.push(server.turn(phoneMessage([...statuses, next222()], { msgId: String(msg), final: false })).reply);
    }
    const chunks = replies.flatMap(sentOf);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => c.items[0]!.moreData === true)).toEqual([...chunks.slice(1).map(() => true), false]);
    expect(chunks.map((c) => c.meta?.size)).toEqual([9000, ...chunks.slice(1).map(() => undefined)]);
    expect(chunks.map((c) => c.items[0]!.data).join('')).toBe(adds(1, 9000)[0]!.data);
    expect(server.state.datastores[0]!.refused).toBe(0);
  });

  it('leaves out, counts and says why, an object no message can hold for a phone without large objects', () => {
    const { server, first } = sending([...adds(1, 9000), ...adds(2, 100).slice(1)], 3000);
    expect(sentOf(first).map((c) => c.items[0]!.source?.locUri)).toEqual(['g1']);
    expect(first.final).toBe(true);
    expect(server.state.datastores[0]!.refused).toBe(1);
    expect(server.state.reason).toMatch(/does not fit the phone's MaxMsgSize/);
  });
});

describe("the phone's Statuses and Map (package 5)", () => {
  it.each([
    [200, 0],
    [201, 0],
    [418, 0],
    [500, 1],
    [404, 1],
  ])('counts a status %i to our Add as %i refusal', (status, refused) => {
    const { server, first } = sending(adds(1, 10), 100_000);
    const add = sentOf(first)[0]!;
    const { state } = server.turn(phoneMessage([{ kind: 'Status', cmdId: '1', msgRef: first.header.msgId, cmdRef: add.cmdId, cmd: 'Add', targetRefs: [], sourceRefs: [], data: status, items: [] }], { msgId: '3' }));
    expect(state.datastores[0]!.refused).toBe(refused);
  });

  it.each([
    { target: 'contacts', status: StatusCode.OK, writes: 1 },
    { target: './contacts', status: StatusCode.OK, writes: 1 },
    { target: 'notes', status: StatusCode.NOT_FOUND, writes: 0 },
  ])('answers a Map of $target $status, renaming our provisional ids as a write', ({ target, status, writes }) => {
    const { server } = sending(adds(1, 10), 100_000);
    const map: Command = { kind: 'Map', cmdId: '2', target: { locUri: target }, source: { locUri: './C' }, mapItems: [{ target: 'g0', source: 'L9' }] };
    const { reply, writes: made } = server.turn(phoneMessage([map], { msgId: '3' }));
    expect(codes(reply, 'Map')).toEqual([status]);
    expect(made.filter((w) => w.kind === 'map-ids')).toEqual(writes ? [{ kind: 'map-ids', bindingId: 3, side: 'source', renames: [{ from: 'g0', to: 'L9' }] }] : []);
  });
});

describe('DevInf', () => {
  const put = (devinf?: DevInf): Command => ({ kind: 'Put', cmdId: '2', items: [{ source: { locUri: './devinf12' }, ...(devinf ? { devinf } : {}) }] });
  const get = (uri: string): Command => ({ kind: 'Get', cmdId: '3', items: [{ target: { locUri: uri } }] });

  it.each([
    { name: 'with DevInf', command: put(devinf12), status: StatusCode.OK, kept: 1 },
    { name: 'without DevInf', command: put(), status: StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED, kept: 0 },
  ])('answers a Put $name $status', ({ command, status, kept }) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, writes, state } = server.turn(phoneMessage([command, alert(201)]));
    expect(codes(reply, 'Put')).toEqual([status]);
    expect(writes.filter((w) => w.kind === 'keep-devinf')).toHaveLength(kept);
    expect(state.largeObjects).toBe(kept === 1 ? true : undefined);
  });

  it.each([
    ['./devinf12', StatusCode.OK, 1],
    ['./DevInf11', StatusCode.OK, 1],
    ['./devinf13', StatusCode.NOT_FOUND, 0],
  ])('answers a Get of %s %i, our Results listing only the datastores alerted with it', (uri, status, results) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply } = server.turn(phoneMessage([get(uri), alert(201)]));
    expect(codes(reply, 'Get')).toEqual([status]);
    const found = reply.commands.filter((c) => c.kind === 'Results');
    expect(found).toHaveLength(results);
    if (results) expect(found[0]).toMatchObject({ cmdRef: '3', items: [{ devinf: { dataStores: [{ sourceRef: 'contacts' }] } }] });
  });

  it.each([
    { kept: true, gets: 0 },
    { kept: false, gets: 1 },
  ])('asks a phone for its DevInf with a Get when none is kept ($kept): $gets', ({ kept, gets }) => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply } = server.turn(phoneMessage([alert(201)]), facts(undefined, { devinfKept: kept }));
    expect(reply.commands.filter((c) => c.kind === 'Get')).toHaveLength(gets);
  });
});

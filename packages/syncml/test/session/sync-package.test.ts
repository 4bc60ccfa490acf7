/**
 * Packages 3 to 6, table-driven from OMA DS 1.2: the phone's Sync commands and their statuses
 * (201 added, 200, 213 chunk accepted, 424 size mismatch, 404, 405, 406), Final and MoreData
 * (DS Protocol §"Multiple Messages in Package", §"Large Object Handling"), when the engine runs,
 * our Sync, and how the session ends. No store: a MemoryServer keeps what a server would.
 */
import { describe, expect, it } from 'vitest';
import { StatusCode, type Command, type Sync, type SyncItemCommand, type SyncmlMessage } from '../../src/index.js';
import { alert, codes, MemoryServer, phoneMessage } from '../support/session.js';

const sync = (commands: Sync['commands'], target = 'contacts'): Sync => ({ kind: 'Sync', cmdId: '5', target: { locUri: target }, source: { locUri: './C' }, commands });
const add = (luid: string, data: string, extra: { moreData?: boolean; size?: number; cmdId?: string } = {}): SyncItemCommand => ({
  kind: 'Add',
  cmdId: extra.cmdId ?? '6',
  ...(extra.size !== undefined ? { meta: { type: 'text/x-vcard', size: extra.size } } : { meta: { type: 'text/x-vcard' } }),
  items: [{ source: { locUri: luid }, data, ...(extra.moreData ? { moreData: true } : {}) }],
});
const syncsOf = (reply: SyncmlMessage): Sync[] => reply.commands.filter((c): c is Sync => c.kind === 'Sync');

/** A session past package 2: contacts alerted (slow sync), answered. */
function alerted(run?: ConstructorParameters<typeof MemoryServer>[1]): MemoryServer {
  const server = new MemoryServer(phoneMessage([]), run);
  server.turn(phoneMessage([alert(201)]));
  return server;
}

describe("the phone's Sync", () => {
  it.each<{ name: string; command: Command; status: number }>([
    { name: 'an Add', command: add('L1', 'BEGIN:VCARD'), status: StatusCode.ITEM_ADDED },
    { name: 'a Replace', command: { kind: 'Replace', cmdId: '6', items: [{ source: { locUri: 'L1' }, data: 'x' }] }, status: StatusCode.OK },
    { name: 'a Delete', command: { kind: 'Delete', cmdId: '6', items: [{ source: { locUri: 'L1' } }] }, status: StatusCode.OK },
    { name: 'a command we do not implement', command: { kind: 'Unsupported', name: 'Copy', cmdId: '6' }, status: StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED },
  ])('answers $name in a Sync $status', ({ command, status }) => {
    const server = alerted();
    const { reply } = server.turn(phoneMessage([sync([command as SyncItemCommand])], { msgId: '2', final: false }));
    expect(codes(reply, 'Sync')).toEqual([StatusCode.OK]);
    expect(codes(reply, command.kind === 'Unsupported' ? 'Copy' : command.kind)).toEqual([status]);
  });

  it('answers a Sync of a datastore not alerted 404, and each of its commands', () => {
    const server = alerted();
    const { reply, writes } = server.turn(phoneMessage([sync([add('L1', 'x'), add('L2', 'y', { cmdId: '7' })], 'notes')], { msgId: '2', final: false }));
    expect([codes(reply, 'Sync'), codes(reply, 'Add')]).toEqual([[404], [404, 404]]);
    expect(writes).toEqual([]);
  });

  it('answers an Add outside a Sync 405', () => {
    const server = alerted();
    const { reply } = server.turn(phoneMessage([add('L1', 'x')], { msgId: '2', final: false }));
    expect(codes(reply, 'Add')).toEqual([StatusCode.COMMAND_NOT_ALLOWED]);
  });

  it('buffers the changes of each message as a write, in order', () => {
    const server = alerted();
    const { writes } = server.turn(phoneMessage([sync([add('L1', 'a'), { kind: 'Delete', cmdId: '7', items: [{ source: { locUri: 'L2' } }] }])], { msgId: '2', final: false }));
    expect(writes).toEqual([
      {
        kind: 'buffer-changes',
        changes: [
          { serverUri: 'contacts', op: 'add', id: 'L1', type: 'text/x-vcard', data: 'a' },
          { serverUri: 'contacts', op: 'delete', id: 'L2', type: '' },
        ],
      },
    ]);
  });

  it.each([
    { declared: 10, status: StatusCode.ITEM_ADDED },
    { declared: 11, status: StatusCode.SIZE_MISMATCH },
  ])('takes a large object in chunks (213), whole when it has its declared size $declared: $status', ({ declared, status }) => {
    const server = alerted();
    const first = server.turn(phoneMessage([sync([add('L1', 'ABCDE', { moreData: true, size: declared })])], { msgId: '2', final: false }));
    expect(codes(first.reply, 'Add')).toEqual([StatusCode.CHUNK_ACCEPTED]);
    expect(first.writes).toEqual([]);
    const last = server.turn(phoneMessage([sync([add('L1', 'FGHIJ')])], { msgId: '3', final: false }));
    expect(codes(last.reply, 'Add')).toEqual([status]);
    expect(last.writes.length).toBe(status === StatusCode.ITEM_ADDED ? 1 : 0);
    if (status === StatusCode.ITEM_ADDED) expect(last.writes[0]).toMatchObject({ changes: [{ id: 'L1', data: 'ABCDEFGHIJ' }] });
  });
});

describe('Final: when the package ends, the engine runs and the session goes on', () => {
  it('answers a message without Final with Statuses and Alert 222, and runs nothing', () => {
    const server = alerted({ queue: [{ serverUri: 'contacts', op: 'add', id: 'g1', type: 'text/x-vcard', data: 'x' }] });
    const { reply, state } = server.turn(phoneMessage([sync([add('L1', 'a')])], { msgId: '2', final: false }));
    expect(reply.final).toBe(false);
    expect(reply.commands.filter((c) => c.kind === 'Alert').map((c) => (c as { data?: number }).data)).toEqual([222]);
    expect(state.datastores[0]!.phase).toBe('receiving');
  });

  it('answers package 1 with Final and waits for the Sync of what it alerted', () => {
    const server = new MemoryServer(phoneMessage([]));
    const { reply, state } = server.turn(phoneMessage([alert(201)]));
    expect(reply.final).toBe(true);
    expect(state.done).toBe(false);
    expect(syncsOf(reply)).toEqual([]);
  });

  it('runs at the end of package 3 and sends our Sync, NumberOfChanges on the first', () => {
    const server = alerted({ queue: [{ serverUri: 'contacts', op: 'add', id: 'g1', type: 'text/x-vcard', data: 'x' }, { serverUri: 'contacts', op: 'delete', id: 'L5' }] });
    const { reply, state } = server.turn(phoneMessage([sync([add('L1', 'a')])], { msgId: '2' }));
    expect(reply.final).toBe(true);
    const [ours] = syncsOf(reply);
    // Our Sync names the server datastore as the phone named it in its Alert.
    expect(ours).toMatchObject({ target: { locUri: './C' }, source: { locUri: './contacts' }, numberOfChanges: 2 });
    expect(ours!.commands.map((c) => [c.kind, c.kind === 'Add' ? c.items[0]!.source?.locUri : (c as SyncItemCommand).items[0]!.target?.locUri])).toEqual([
      ['Add', 'g1'],
      ['Delete', 'L5'],
    ]);
    expect(state.datastores[0]!.phase).toBe('mapping');
  });

  it('sends an empty Sync when the engine has nothing for the phone', () => {
    const server = alerted();
    const { reply } = server.turn(phoneMessage([sync([])], { msgId: '2' }));
    expect(syncsOf(reply)).toMatchObject([{ numberOfChanges: 0, commands: [] }]);
  });

  it("makes a failed run's Sync statuses 500, so the phone keeps its changes and its anchor", () => {
    const server = alerted({ fail: 'the peer is down' });
    const { reply, state } = server.turn(phoneMessage([sync([add('L1', 'a'), add('L2', 'b', { cmdId: '7' })])], { msgId: '2' }));
    expect([codes(reply, 'Sync'), codes(reply, 'Add')]).toEqual([[500], [500, 500]]);
    expect(state).toMatchObject({ done: true, status: StatusCode.COMMAND_FAILED, reason: 'the peer is down' });
  });

  it.each([
    { name: 'completed', run: { queue: [] }, status: StatusCode.OK, records: 1 },
    { name: 'failed', run: { fail: 'no' }, status: StatusCode.COMMAND_FAILED, records: 0 },
  ])('ends a $name session with status $status, recording the datastore on its client when it completed', ({ run, status, records }) => {
    const server = alerted(run);
    server.turn(phoneMessage([sync([])], { msgId: '2' }));
    const end = server.turn(phoneMessage([], { msgId: '3' }));
    expect(end.reply.final).toBe(true);
    expect(end.state).toMatchObject({ done: true, status });
    expect(server.writes.filter((w) => w.kind === 'record-datastore')).toHaveLength(records);
  });

  it('ends a session that alerted nothing with 404', () => {
    const server = new MemoryServer(phoneMessage([]));
    const { state } = server.turn(phoneMessage([alert(200, { target: './nowhere' })]));
    expect(state).toMatchObject({ done: true, status: StatusCode.NOT_FOUND });
  });
});

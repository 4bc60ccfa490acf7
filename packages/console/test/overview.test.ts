/** The Overview's rules (src/overview.ts), from what the API lists, without a browser. */
import type { ActivesyncClientEntryResponse, BindingEntryResponse, DatastoreClientEntryResponse, SyncLogEntryResponse } from '@atomsync/sdk';
import { describe, expect, it } from 'vitest';
import { needsAttention, overviewOf, type OverviewInput } from '../src/overview.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const datastore = (uuid: string): DatastoreClientEntryResponse => ({ id: uuid, client: { uuid, userId: `user-${uuid}` } });
const binding = (id: number, source: string, target: string, kind: 'datastore' | 'activesync' = 'datastore'): BindingEntryResponse => ({
  id: String(id),
  title: String(id),
  bindingId: id,
  source: { syncSource: kind, uuid: source },
  target: { syncSource: 'datastore', uuid: target },
});
const stats = { syncSource: { type: 'datastore' as const, uuid: 'x' }, statistics: { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 } };
const run = (bindingId: number, minute: number, result: 'completed' | 'failed', reason?: string): SyncLogEntryResponse => ({
  id: `${bindingId}-${minute}`,
  published: at(minute),
  bindingId,
  result,
  ...(reason === undefined ? {} : { reason }),
  syncMode: 200,
  dataclass: 'Contacts',
  syncStats: { source: stats, target: stats, duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0 },
});
const input = (over: Partial<OverviewInput>): OverviewInput => ({ datastores: [], extdata: [], syncml: [], activesync: [], bindings: [], log: [], ...over });

describe('the Overview', () => {
  it('takes a client\'s last sync from the newest completed run of any of its bindings', () => {
    const rows = overviewOf(input({ datastores: [datastore('a'), datastore('b'), datastore('c')], bindings: [binding(1, 'a', 'b'), binding(2, 'b', 'c')], log: [run(1, 5, 'completed'), run(2, 9, 'completed'), run(1, 7, 'completed')] }));
    const of = (uuid: string) => rows.find((r) => r.uuid === uuid)!;
    expect(of('a').lastSync).toEqual(at(7));
    expect(of('b').lastSync).toEqual(at(9));
    expect(of('c').bindings).toEqual([2]);
  });

  it('shows a failure until a run completes after it, with its reason', () => {
    const failing = overviewOf(input({ datastores: [datastore('a'), datastore('b')], bindings: [binding(1, 'a', 'b')], log: [run(1, 5, 'completed'), run(1, 6, 'failed', 'the remote answered 500')] }));
    expect(failing[0]!.lastError).toEqual({ at: at(6), reason: 'the remote answered 500' });
    expect(needsAttention(failing[0]!)).toBe(true);
    const fixed = overviewOf(input({ datastores: [datastore('a'), datastore('b')], bindings: [binding(1, 'a', 'b')], log: [run(1, 6, 'failed', 'the remote answered 500'), run(1, 8, 'completed')] }));
    expect(fixed[0]!.lastError).toBeUndefined();
    expect(needsAttention(fixed[0]!)).toBe(false);
  });

  it('marks a client in no binding, and a phone\'s isolated items and pending wipe, and puts them first', () => {
    const phone: ActivesyncClientEntryResponse = {
      id: 'p',
      client: {
        uuid: 'p',
        username: 'ada@example.org',
        lastSync: at(30),
        device: {
          id: 'dev',
          type: 'iPhone',
          model: 'iPhone 15',
          protocolVersion: '16.1',
          firstContact: at(1),
          lastContact: at(30),
          isolatedItems: [{ collection: '1', serverId: '1:7', op: 'add', binding: 1, since: at(20) }],
          wipe: { scope: 'device', requested: at(25) },
        },
      },
    };
    const rows = overviewOf(input({ datastores: [datastore('a'), datastore('lonely')], activesync: [phone], bindings: [binding(1, 'p', 'a', 'activesync')], log: [run(1, 10, 'completed')] }));
    expect(rows.map((r) => [r.name, needsAttention(r)])).toEqual([
      ['iPhone 15', true],
      ['user-lonely', true],
      ['user-a', false],
    ]);
    expect(rows[0]).toMatchObject({ isolated: 1, wipePending: true, unbound: false, lastSync: at(30) });
    expect(rows[1]).toMatchObject({ unbound: true, isolated: 0, wipePending: false });
    expect(rows[1]!.lastSync).toBeUndefined();
    const acknowledged = { ...phone, client: { ...phone.client, device: { ...phone.client.device!, isolatedItems: [], wipe: { scope: 'device' as const, requested: at(25), acknowledged: at(26) } } } };
    expect(overviewOf(input({ activesync: [acknowledged], bindings: [binding(1, 'p', 'a', 'activesync')] }))[0]!.wipePending).toBe(false);
  });
});

/** The phone connector: a SyncML session hands over the phone's changes and takes the computed ones back. */
import { describe, expect, it } from 'vitest';
import { isProvisionalId, PhoneConnector, synchronize, type Item, type MapEntry } from '@atomsync/engine';
import { describeItem } from '@atomsync/items';
import { MemorySide, note } from './support/memory.js';

const phoneItem = (id: string, body: string): Item => ({ id, ...note(body) });

describe('PhoneConnector', () => {
  it('a slow sync takes the phone items in and hands the server items out with provisional ids', async () => {
    const server = new MemorySide('srv');
    server.create(note('on the server'));
    server.create(note('on both'));
    const phone = new PhoneConnector({ sent: [{ op: 'upsert', item: phoneItem('1', 'on the phone') }, { op: 'upsert', item: phoneItem('2', 'on both') }], anchor: '20261122T100000Z' });
    let saved: readonly MapEntry[] = [];
    const outcome = await synchronize({
      mode: 201,
      dataclasses: ['Notes'],
      conflictWinner: 'source',
      source: phone,
      target: server,
      state: { map: [], anchors: { source: null, target: null } },
      commit: async (work) => {
        const o = await work();
        saved = o.state.upsert;
        return o;
      },
    });
    expect(server.bodies()).toEqual(['on both', 'on the phone', 'on the server']);
    expect(phone.outgoing).toHaveLength(1);
    const [out] = phone.outgoing;
    expect(out!.change).toMatchObject({ op: 'add', item: { body: 'on the server' } });
    expect(isProvisionalId(out!.provisionalId!)).toBe(true);
    expect(saved.map((e) => e.sourceId).sort()).toEqual(['1', '2', out!.provisionalId].sort());
    expect(outcome.state.anchors.source).toBe('20261122T100000Z');
    expect(outcome.stats.duplicatesDetected).toBe(1);
  });

  it('a two-way sync sends the phone only what changed on the server, as replaces and deletes by LUID', async () => {
    const server = new MemorySide('srv');
    const a = server.create(note('a'));
    const b = server.create(note('b'));
    const { fingerprint: fa } = describeItem(a);
    const { fingerprint: fb } = describeItem(b);
    const map: MapEntry[] = [
      { dataclass: 'Notes', sourceId: '11', targetId: a.id, sourceHash: fa, targetHash: fa },
      { dataclass: 'Notes', sourceId: '12', targetId: b.id, sourceHash: fb, targetHash: fb },
    ];
    const anchor = (await server.changesSince(['Notes'], '0')).anchor;
    server.edit(a.id, 'a edited on the server');
    server.remove(b.id);
    const phone = new PhoneConnector({ sent: [{ op: 'upsert', item: phoneItem('13', 'new on the phone') }], anchor: 'next' });
    await synchronize({
      mode: 200,
      dataclasses: ['Notes'],
      conflictWinner: 'source',
      source: phone,
      target: server,
      state: { map, anchors: { source: 'last', target: anchor } },
      commit: (work) => work(),
    });
    expect(phone.outgoing.map((o) => o.change)).toEqual([
      // With the description the engine made of the item it sends.
      { op: 'replace', id: '11', item: note('a edited on the server'), expected: fa, description: describeItem(note('a edited on the server')) },
      { op: 'delete', id: '12', dataclass: 'Notes', expected: fb },
    ]);
    expect(server.bodies()).toEqual(['a edited on the server', 'new on the phone']);
  });
});

/**
 * Items a side hands over already described (Item.description: the local store keeps each item's
 * fingerprint and duplicate key beside it) plan exactly as the same items described by the engine,
 * in every mode; and the engine uses the description it is given instead of parsing the item.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncMode } from '@atomsync/atom';
import { describeItem, type ItemContent } from '@atomsync/items';
import type { Change, Item } from '../src/connector.js';
import { planChanges, planFull, type Plan } from '../src/plan.js';
import { MODES, type SideName } from '../src/sides.js';
import type { MapEntry } from '../src/state.js';

const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Müller Jürgen'];
const PHONES = ['+46701234567', '+46707654321', ''];

/** A contact written the desktop's way or the phone's: twins by key, not always by fingerprint. */
const contact = fc.record({ name: fc.constantFrom(...NAMES), phone: fc.constantFrom(...PHONES), phoneStyle: fc.boolean(), note: fc.constantFrom('', 'NOTE:hi') }).map(
  ({ name, phone, phoneStyle, note }): ItemContent => {
    const lines = phoneStyle
      ? ['BEGIN:VCARD', 'VERSION:2.1', ...(phone === '' ? [] : [`TEL;CELL:${phone.replace(/(\d{2})(\d{3})/, '$1-$2-')}`]), `FN;CHARSET=UTF-8:${name}`, `N:${name};;;;`]
      : ['BEGIN:VCARD', 'VERSION:3.0', `N:${name};;;;`, `FN:${name}`, ...(phone === '' ? [] : [`TEL;TYPE=CELL:${phone}`])];
    if (note !== '') lines.push(note);
    lines.push('END:VCARD', '');
    return { dataclass: 'Contacts', type: 'text/x-vcard', title: name, body: lines.join('\r\n') };
  },
);

const items = (prefix: string) => fc.array(contact, { maxLength: 8 }).map((list) => list.map((c, i): Item => ({ ...c, id: `${prefix}${i}` })));

/** Pairs between some of the two sides' items, each hash either the item's fingerprint or an older one. */
const scenario = fc
  .record({ source: items('s'), target: items('t'), pairs: fc.array(fc.record({ s: fc.nat(), t: fc.nat(), sameS: fc.boolean(), sameT: fc.boolean() }), { maxLength: 6 }) })
  .map(({ source, target, pairs }) => {
    const map: MapEntry[] = [];
    const usedS = new Set<string>();
    const usedT = new Set<string>();
    for (const p of pairs) {
      if (source.length === 0 || target.length === 0) break;
      const s = source[p.s % source.length]!;
      const t = target[p.t % target.length]!;
      if (usedS.has(s.id) || usedT.has(t.id)) continue;
      usedS.add(s.id);
      usedT.add(t.id);
      map.push({ dataclass: 'Contacts', sourceId: s.id, targetId: t.id, sourceHash: p.sameS ? describeItem(s).fingerprint : 'older', targetHash: p.sameT ? describeItem(t).fingerprint : 'older' });
    }
    return { source, target, map };
  });

const described = (item: Item): Item => ({ ...item, description: describeItem(item) });

/** A plan as data: its actions (and what each does to the map once applied) and the rest. */
function shape(plan: Plan) {
  return {
    actions: plan.actions.map((a) => ({ to: a.to, op: a.op, change: a.change, double: a.double ?? false, applied: a.onApplied(`new-${a.to}`) })),
    upsert: plan.upsert,
    remove: plan.remove,
    tally: plan.tally.result(),
  };
}

const MODE_LIST: readonly SyncMode[] = [200, 201, 202, 203, 204, 205];

describe('items described by their side', () => {
  it('plan exactly as items the engine describes, in every mode and for either winner', () => {
    fc.assert(
      fc.property(scenario, fc.constantFrom(...MODE_LIST), fc.constantFrom<SideName>('source', 'target'), ({ source, target, map }, mode, winner) => {
        const rule = MODES[mode];
        const plan = (wrap: (item: Item) => Item) => {
          const sides = { source: source.map(wrap), target: target.map(wrap) };
          if (rule.full) return planFull(rule, winner, map, sides);
          const asChanges = (list: readonly Item[]): Change[] => list.map((item) => ({ op: 'upsert', item }));
          return planChanges(rule, winner, map, { source: asChanges(sides.source), target: asChanges(sides.target) });
        };
        expect(shape(plan(described))).toEqual(shape(plan((item) => item)));
      }),
      { numRuns: 300 },
    );
  });

  it("uses the side's description instead of parsing the item", () => {
    // Two texts no reader makes twins of, described by their side as one item: the engine takes
    // the side's word (pairs them, sends nothing); described by the engine they are two items.
    const a: Item = { id: 's1', dataclass: 'Contacts', type: 'text/x-vcard', title: 'a', body: 'BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n' };
    const b: Item = { id: 't1', dataclass: 'Contacts', type: 'text/x-vcard', title: 'b', body: 'BEGIN:VCARD\r\nFN:Bob\r\nEND:VCARD\r\n' };
    const same = { fingerprint: 'one-fingerprint', key: 'Contacts|one' };
    const told = planFull(MODES[201], 'source', [], { source: [{ ...a, description: same }], target: [{ ...b, description: same }] });
    expect(told.actions).toEqual([]);
    expect(told.upsert).toEqual([{ dataclass: 'Contacts', sourceId: 's1', targetId: 't1', sourceHash: 'one-fingerprint', targetHash: 'one-fingerprint' }]);
    expect(told.tally.result().duplicatesDetected).toBe(1);

    const parsed = planFull(MODES[201], 'source', [], { source: [a], target: [b] });
    expect(parsed.actions.map((x) => [x.to, x.op])).toEqual([
      ['target', 'add'],
      ['source', 'add'],
    ]);
    // An add carries the description of what it copies, for a side that keeps one.
    expect(parsed.actions.map((x) => (x.change.op === 'add' ? x.change.description : undefined))).toEqual([describeItem(a), describeItem(b)]);
  });
});

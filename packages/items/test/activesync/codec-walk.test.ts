/**
 * The ActiveSync item walker (src/activesync/codec/walk.ts), on a class that is only a table:
 * version gating, the phone's Supported list (ghosting), blank against absent, unusable values,
 * `keep`, `fixed`, withheld values, and values sent back unchanged. Each rule is a row.
 */
import { describe, expect, it } from 'vitest';
import { oneOf, text } from '../../src/activesync/codec/kinds/text.js';
import { type Absent, type AnyKind, type Element, type ItemCodec, applyElement, applyElements, encodeItem, kind } from '../../src/activesync/codec/walk.js';
import type { AirSyncProperty, AirSyncVersion } from '../../src/index.js';

/** The toy item: element name → value; `!` is a value we cannot send (withheld). */
type Toy = Record<string, string | undefined>;

interface Call {
  readonly op: 'set' | 'remove';
  readonly name: string;
}

/** A store that records what the walker asked of it. */
function toyKind(wire: typeof text, calls: Call[]): AnyKind<Toy, Element> {
  return kind(wire, {
    held: (e, item) => (item[e.name] === undefined ? undefined : item[e.name] === '!' ? 'withheld' : { value: item[e.name]! }),
    set: (e, item, value) => {
      calls.push({ op: 'set', name: e.name });
      item[e.name] = value;
    },
    remove: (e, item) => {
      calls.push({ op: 'remove', name: e.name });
      delete item[e.name];
    },
  });
}

/** The whole class: a table. */
const TABLE: readonly Element[] = [
  { name: 'Toy:Old', until: '2.5' },
  { name: 'Toy:New', since: '12.0' },
  { name: 'Toy:Name' },
  { name: 'Toy:Code' },
  { name: 'Toy:Kept', keep: true },
  { name: 'Toy:Id', fixed: true },
];

function toyCodec(calls: Call[]): ItemCodec<Toy, Element> {
  const plain = toyKind(text, calls);
  const code = toyKind(oneOf(['0', '1', '2']), calls);
  return { elements: TABLE, kindOf: (e) => (e.name === 'Toy:Code' ? code : plain) };
}

const FULL: Toy = { 'Toy:Old': 'old', 'Toy:New': 'new', 'Toy:Name': 'Ann', 'Toy:Code': '1', 'Toy:Kept': 'k', 'Toy:Id': 'id-1' };

interface Case {
  readonly rule: string;
  readonly version: AirSyncVersion;
  readonly item: Toy;
  readonly sent: readonly AirSyncProperty[];
  readonly supported?: readonly string[];
  /** The element under test, and what becomes of it. */
  readonly element: string;
  readonly after: string | undefined;
  /** The store calls for that element (none: the item is left as written). */
  readonly calls: readonly Call['op'][];
}

const CASES: readonly Case[] = [
  { rule: 'left out, no Supported list: the phone sends whole items, so it is deleted', version: '14.0', item: FULL, sent: [], element: 'Toy:Name', after: undefined, calls: ['remove'] },
  { rule: 'left out, named in Supported: deleted', version: '14.0', item: FULL, sent: [], supported: ['Toy:Name'], element: 'Toy:Name', after: undefined, calls: ['remove'] },
  { rule: 'left out, Supported names its tag without the page: deleted', version: '14.0', item: FULL, sent: [], supported: ['Name'], element: 'Toy:Name', after: undefined, calls: ['remove'] },
  { rule: 'left out, not in Supported: ghosted, kept', version: '14.0', item: FULL, sent: [], supported: ['Toy:Code'], element: 'Toy:Name', after: 'Ann', calls: [] },
  { rule: 'left out, an empty Supported list: every element ghosted', version: '14.0', item: FULL, sent: [], supported: [], element: 'Toy:Name', after: 'Ann', calls: [] },
  { rule: 'left out, an element newer than the version: kept', version: '2.5', item: FULL, sent: [], element: 'Toy:New', after: 'new', calls: [] },
  { rule: 'left out, an element older than the version: kept', version: '14.0', item: FULL, sent: [], element: 'Toy:Old', after: 'old', calls: [] },
  { rule: 'left out, the version has it: deleted', version: '2.5', item: FULL, sent: [], element: 'Toy:Old', after: undefined, calls: ['remove'] },
  { rule: 'left out, `keep`: never deleted by its absence', version: '14.0', item: FULL, sent: [], element: 'Toy:Kept', after: 'k', calls: [] },
  { rule: 'left out, withheld (never sent): kept', version: '14.0', item: { ...FULL, 'Toy:Name': '!' }, sent: [], element: 'Toy:Name', after: '!', calls: [] },
  { rule: 'left out, nothing held: nothing to do', version: '14.0', item: {}, sent: [], element: 'Toy:Name', after: undefined, calls: [] },
  { rule: 'sent empty: deleted, Supported or not', version: '14.0', item: FULL, sent: [{ name: 'Toy:Name', text: '' }], supported: [], element: 'Toy:Name', after: undefined, calls: ['remove'] },
  { rule: 'sent as spacing only: blank, deleted', version: '14.0', item: FULL, sent: [{ name: 'Toy:Name', text: ' \r\n ' }], element: 'Toy:Name', after: undefined, calls: ['remove'] },
  { rule: 'sent empty, `keep`: deleted (keep is about absence only)', version: '14.0', item: FULL, sent: [{ name: 'Toy:Kept', text: '' }], element: 'Toy:Kept', after: undefined, calls: ['remove'] },
  { rule: 'sent empty over a withheld value: kept (the phone never had it)', version: '14.0', item: { ...FULL, 'Toy:Name': '!' }, sent: [{ name: 'Toy:Name', text: '' }], element: 'Toy:Name', after: '!', calls: [] },
  { rule: 'sent empty, nothing held: nothing to do', version: '14.0', item: {}, sent: [{ name: 'Toy:Name', text: '' }], element: 'Toy:Name', after: undefined, calls: [] },
  { rule: 'sent unusable: nothing changes', version: '14.0', item: FULL, sent: [{ name: 'Toy:Code', text: '7' }], element: 'Toy:Code', after: '1', calls: [] },
  { rule: 'sent unusable, nothing held: nothing changes', version: '14.0', item: {}, sent: [{ name: 'Toy:Code', text: 'x' }], element: 'Toy:Code', after: undefined, calls: [] },
  { rule: 'sent back as we sent it: the item is left as written', version: '14.0', item: FULL, sent: [{ name: 'Toy:Name', text: 'Ann' }], element: 'Toy:Name', after: 'Ann', calls: [] },
  { rule: 'sent with another value: set', version: '14.0', item: FULL, sent: [{ name: 'Toy:Name', text: 'Bob' }], element: 'Toy:Name', after: 'Bob', calls: ['set'] },
  { rule: 'sent in the phone\'s line endings: read as one style', version: '14.0', item: FULL, sent: [{ name: 'Toy:Name', text: 'a\r\nb' }], element: 'Toy:Name', after: 'a\nb', calls: ['set'] },
  { rule: 'sent over a withheld value: set', version: '14.0', item: { ...FULL, 'Toy:Name': '!' }, sent: [{ name: 'Toy:Name', text: 'Bob' }], element: 'Toy:Name', after: 'Bob', calls: ['set'] },
  { rule: 'sent, a code in range (trimmed): set', version: '14.0', item: FULL, sent: [{ name: 'Toy:Code', text: ' 2 ' }], element: 'Toy:Code', after: '2', calls: ['set'] },
  { rule: '`fixed`, held: a phone cannot change it', version: '14.0', item: FULL, sent: [{ name: 'Toy:Id', text: 'id-2' }], element: 'Toy:Id', after: 'id-1', calls: [] },
  { rule: '`fixed`, held: a phone cannot empty it', version: '14.0', item: FULL, sent: [{ name: 'Toy:Id', text: '' }], element: 'Toy:Id', after: 'id-1', calls: [] },
  { rule: '`fixed`, nothing held: set once', version: '14.0', item: {}, sent: [{ name: 'Toy:Id', text: 'id-2' }], element: 'Toy:Id', after: 'id-2', calls: ['set'] },
  { rule: 'an element of another version sent anyway: taken', version: '2.5', item: FULL, sent: [{ name: 'Toy:New', text: 'newer' }], element: 'Toy:New', after: 'newer', calls: ['set'] },
];

describe('the walker, from the phone: one rule per row', () => {
  for (const c of CASES) {
    it(`${c.version}: ${c.rule}`, () => {
      const calls: Call[] = [];
      const item = { ...c.item };
      const sent = new Map(c.sent.map((p) => [p.name, p]));
      applyElements(toyCodec(calls), { sent, item, version: c.version, supported: c.supported });
      expect(item[c.element]).toBe(c.after);
      expect(calls.filter((call) => call.name === c.element).map((call) => call.op)).toEqual(c.calls);
    });
  }

});

describe('the walker, an element left out that inherits a value (a changed occurrence)', () => {
  const rows: readonly { readonly rule: string; readonly held: string | undefined; readonly inherit: Absent<string>; readonly after: string | undefined }[] = [
    { rule: 'takes the series\' value', held: 'own', inherit: { inherit: { value: 'series' } }, after: 'series' },
    { rule: 'already the series\' value: left as written', held: 'series', inherit: { inherit: { value: 'series' } }, after: 'series' },
    { rule: 'the series has none: removed', held: 'own', inherit: { inherit: undefined }, after: undefined },
    { rule: 'the series\' value is withheld: kept', held: 'own', inherit: { inherit: 'withheld' }, after: 'own' },
    { rule: 'nothing of its own: nothing to do', held: undefined, inherit: { inherit: { value: 'series' } }, after: undefined },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const codec = toyCodec([]);
      const item: Toy = { 'Toy:Name': row.held };
      applyElement(codec, TABLE[2]!, { sent: new Map(), item, version: '14.0', supported: undefined }, row.inherit);
      expect(item['Toy:Name']).toBe(row.after);
    });
  }
});

describe('the walker, to the phone', () => {
  const rows: readonly { readonly version: AirSyncVersion; readonly item: Toy; readonly names: readonly string[] }[] = [
    { version: '2.5', item: FULL, names: ['Toy:Old', 'Toy:Name', 'Toy:Code', 'Toy:Kept', 'Toy:Id'] },
    { version: '12.0', item: FULL, names: ['Toy:New', 'Toy:Name', 'Toy:Code', 'Toy:Kept', 'Toy:Id'] },
    { version: '16.1', item: FULL, names: ['Toy:New', 'Toy:Name', 'Toy:Code', 'Toy:Kept', 'Toy:Id'] },
    { version: '14.0', item: { ...FULL, 'Toy:Name': '!', 'Toy:Code': undefined }, names: ['Toy:New', 'Toy:Kept', 'Toy:Id'] },
    { version: '14.0', item: {}, names: [] },
  ];
  for (const row of rows) {
    it(`${row.version}: the version's elements the item holds and can send, in table order (${row.names.length})`, () => {
      const sent = encodeItem(toyCodec([]), row.item, { version: row.version });
      expect(sent.map((p) => p.name)).toEqual(row.names);
      for (const p of sent) expect(p.text).toBe(row.item[p.name]);
    });
  }

  it('`only` narrows the rows (an occurrence sends its own)', () => {
    const sent = encodeItem(toyCodec([]), FULL, { version: '14.0' }, (e) => e.name === 'Toy:Code');
    expect(sent).toEqual([{ name: 'Toy:Code', text: '1' }]);
  });
});

/**
 * Groups (rows that carry one value: a time and its zone, a date and its UTC twin, a reminder's
 * switch and time), `guarded` rows, phases, a kind's own sameness and a value read earlier.
 */
describe('the walker, rows read together and in order', () => {
  /** The toy group's value: each member's text. */
  type Pair = Readonly<Record<string, string>>;
  interface Row extends Element {
    readonly member?: string;
  }
  interface Box {
    pair?: Pair | '!';
    other?: string;
    /** What the stores were asked, in order. */
    readonly calls: string[];
  }

  const pairKind = (counted: { reads: number }): AnyKind<Box, Row> => ({
    group: true,
    encode: (element, value: Pair) => (value[element.member!] === undefined ? [] : [{ name: element.name, text: value[element.member!]! }]),
    // A member left out is as it was: the group's value is read against what the item held.
    decodeGroup: (sent, before) => {
      const held = before === undefined || before === 'withheld' ? {} : (before.value as Pair);
      const value: Record<string, string> = { ...held };
      for (const [row, property] of sent) value[row.member!] = property.text ?? '';
      return Object.values(value).every((v) => v === '') ? 'blank' : { value };
    },
    held: (_e, box) => {
      counted.reads++;
      return box.pair === undefined ? undefined : box.pair === '!' ? 'withheld' : { value: box.pair };
    },
    set: (e, box, value: Pair) => {
      box.calls.push(`set ${e.name}`);
      box.pair = value;
    },
    remove: (e, box) => {
      box.calls.push(`remove ${e.name}`);
      delete box.pair;
    },
  });

  const otherKind: AnyKind<Box, Row> = kind(text, {
    held: (_e, box) => (box.other === undefined ? undefined : { value: box.other }),
    set: (e, box, value) => {
      box.calls.push(`set ${e.name}`);
      box.other = value;
    },
    remove: (e, box) => {
      box.calls.push(`remove ${e.name}`);
      delete box.other;
    },
  });

  function codecOf(rows: readonly Row[], counted = { reads: 0 }): ItemCodec<Box, Row> {
    const pair = pairKind(counted);
    return { elements: rows, kindOf: (e) => (e.group === undefined ? otherKind : pair) };
  }

  const PAIR: readonly Row[] = [
    { name: 'Toy:Local', group: 'date', member: 'local' },
    { name: 'Toy:Other' },
    { name: 'Toy:Utc', group: 'date', member: 'utc', since: '12.0' },
  ];
  const HELD: Pair = { local: 'L', utc: 'U' };

  interface GroupCase {
    readonly rule: string;
    readonly rows?: readonly Row[];
    readonly version?: AirSyncVersion;
    readonly pair: Pair | '!' | undefined;
    readonly sent: readonly AirSyncProperty[];
    readonly supported?: readonly string[];
    readonly after: Pair | '!' | undefined;
    readonly calls: readonly string[];
  }

  const GUARDED = PAIR.map((row) => (row.group ? { ...row, guarded: true as const } : row));
  const KEPT = PAIR.map((row) => (row.group ? { ...row, keep: true as const } : row));

  const CASES: readonly GroupCase[] = [
    { rule: 'none of its rows sent, no Supported list: the value is deleted, once, at its first row', pair: HELD, sent: [], after: undefined, calls: ['remove Toy:Local'] },
    { rule: 'none sent, Supported names one of its rows: carried, deleted', pair: HELD, sent: [], supported: ['Toy:Utc'], after: undefined, calls: ['remove Toy:Local'] },
    { rule: 'none sent, Supported names none of its rows: ghosted, kept', pair: HELD, sent: [], supported: ['Toy:Other'], after: HELD, calls: [] },
    { rule: 'none sent, a version that has one of its rows: carried, deleted', version: '2.5', pair: HELD, sent: [], after: undefined, calls: ['remove Toy:Local'] },
    { rule: 'none sent, every row `keep`: kept', rows: KEPT, pair: HELD, sent: [], after: HELD, calls: [] },
    { rule: 'one row sent: read with what the item held, set once', pair: HELD, sent: [{ name: 'Toy:Utc', text: 'V' }], after: { local: 'L', utc: 'V' }, calls: ['set Toy:Local'] },
    { rule: 'both rows sent: one value, set once', pair: HELD, sent: [{ name: 'Toy:Local', text: 'M' }, { name: 'Toy:Utc', text: 'V' }], after: { local: 'M', utc: 'V' }, calls: ['set Toy:Local'] },
    { rule: 'sent back as we sent it: left as written', pair: HELD, sent: [{ name: 'Toy:Local', text: 'L' }, { name: 'Toy:Utc', text: 'U' }], after: HELD, calls: [] },
    { rule: 'the rows sent empty: blank, deleted', pair: HELD, sent: [{ name: 'Toy:Local', text: '' }, { name: 'Toy:Utc', text: '' }], after: undefined, calls: ['remove Toy:Local'] },
    { rule: 'sent over a withheld value: set', pair: '!', sent: [{ name: 'Toy:Local', text: 'M' }], after: { local: 'M' }, calls: ['set Toy:Local'] },
    { rule: '`guarded`, sent over a withheld value: kept', rows: GUARDED, pair: '!', sent: [{ name: 'Toy:Local', text: 'M' }], after: '!', calls: [] },
    { rule: '`guarded`, none sent over a withheld value: kept', rows: GUARDED, pair: '!', sent: [], after: '!', calls: [] },
    { rule: '`guarded`, a value we sent: set as any other', rows: GUARDED, pair: HELD, sent: [{ name: 'Toy:Local', text: 'M' }], after: { local: 'M', utc: 'U' }, calls: ['set Toy:Local'] },
  ];

  for (const c of CASES) {
    it(`${c.version ?? '14.0'}: ${c.rule}`, () => {
      const box: Box = { pair: c.pair, other: 'o', calls: [] };
      applyElements(codecOf(c.rows ?? PAIR), { sent: new Map(c.sent.map((p) => [p.name, p])), item: box, version: c.version ?? '14.0', supported: c.supported });
      expect(box.pair).toEqual(c.after);
      expect(box.calls.filter((call) => !call.endsWith('Toy:Other'))).toEqual(c.calls);
    });
  }

  it('to the phone: the group is read once, each row of the version writes its member, in table order', () => {
    const counted = { reads: 0 };
    const codec = codecOf(PAIR, counted);
    const box: Box = { pair: HELD, other: 'o', calls: [] };
    expect(encodeItem(codec, box, { version: '14.0' })).toEqual([
      { name: 'Toy:Local', text: 'L' },
      { name: 'Toy:Other', text: 'o' },
      { name: 'Toy:Utc', text: 'U' },
    ]);
    expect(counted.reads).toBe(1);
    expect(encodeItem(codec, box, { version: '2.5' }).map((p) => p.name)).toEqual(['Toy:Local', 'Toy:Other']);
    expect(encodeItem(codec, { pair: '!', calls: [] }, { version: '14.0' })).toEqual([]);
  });

  it('rows are read by phase, then in table order (the wire order stays the table\'s)', () => {
    const rows: readonly Row[] = [
      { name: 'Toy:Last', phase: 2 },
      { name: 'Toy:Plain' },
      { name: 'Toy:First', phase: -1 },
      { name: 'Toy:Also' },
    ];
    const calls: string[] = [];
    const codec: ItemCodec<Box, Row> = {
      elements: rows,
      kindOf: () => kind(text, { held: () => undefined, set: (e) => calls.push(e.name), remove: () => undefined }),
    };
    const sent = new Map(rows.map((r) => [r.name, { name: r.name, text: 'x' }]));
    applyElements(codec, { sent, item: { calls: [] }, version: '14.0', supported: undefined });
    expect(calls).toEqual(['Toy:First', 'Toy:Plain', 'Toy:Also', 'Toy:Last']);
    expect(encodeItem({ ...codec, kindOf: () => kind(text, { held: () => ({ value: 'v' }), set: () => undefined, remove: () => undefined }) }, { calls: [] }, { version: '14.0' }).map((p) => p.name)).toEqual(rows.map((r) => r.name));
  });

  it('a kind\'s own sameness decides whether a value sent is the one held', () => {
    const calls: string[] = [];
    const caseless = (same: boolean): ItemCodec<Box, Row> => ({
      elements: [{ name: 'Toy:Other' }],
      kindOf: () => ({
        ...text,
        ...(same ? { same: (a: string, b: string) => a.toLowerCase() === b.toLowerCase() } : {}),
        held: (_e: Row, box: Box) => ({ value: box.other! }),
        set: (_e: Row, box: Box, value: string) => {
          calls.push(value);
          box.other = value;
        },
        remove: () => undefined,
      }),
    });
    const at = { sent: new Map([['Toy:Other', { name: 'Toy:Other', text: 'ANN' }]]), item: { other: 'ann', calls: [] } as Box, version: '14.0' as const, supported: undefined };
    applyElements(caseless(true), at);
    expect(calls).toEqual([]);
    applyElements(caseless(false), at);
    expect(calls).toEqual(['ANN']);
  });

  it('a value read earlier (before other rows changed the item) is what the phone\'s is compared with', () => {
    const codec = codecOf(PAIR);
    const box: Box = { pair: { local: 'M', utc: 'U' }, other: 'o', calls: [] };
    const sent = new Map([['Toy:Local', { name: 'Toy:Local', text: 'L' }]]);
    // The item holds M now, but held L when the phone's item was read: L sent back is no change.
    applyElements(codec, { sent, item: box, version: '14.0', supported: undefined }, (e) => e.group === 'date', new Map([[PAIR[0]!, { value: HELD }]]));
    expect(box.calls).toEqual([]);
    applyElements(codec, { sent, item: box, version: '14.0', supported: undefined }, (e) => e.group === 'date');
    expect(box.calls).toEqual(['set Toy:Local']);
  });
});

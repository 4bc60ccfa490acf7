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

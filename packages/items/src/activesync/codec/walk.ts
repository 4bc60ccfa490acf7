/**
 * The one walker of ActiveSync items (Z-Push's streamer over its `$mapping` arrays). A class is a
 * table of elements, each of a value kind; the walker alone decides, for every class alike:
 *
 * - which elements a protocol version has (the table's `since` / `until`, never an `if`);
 * - what an element the phone left out means: deleted when the phone carries it (its `Supported`
 *   list names it, or it sent no list, so it sends the whole item), kept otherwise (ghosting,
 *   MS-ASCMD Supported); never deleted when it is another version's, when the table keeps it
 *   (`keep`: what names or stamps the item), or when we never sent it (withheld: a value the
 *   phone cannot carry, which it cannot have removed);
 * - what an element sent empty means (blank: deleted, if we had sent a value);
 * - what a value we cannot use means (nothing changes);
 * - that a value sent back as we sent it leaves the item as it was written;
 * - that a `fixed` element is set once and never changed by a phone;
 * - that a `guarded` element's value we could not send is never replaced (the phone's value cannot
 *   be read against it: the times of a series, its exceptions, a task's dates);
 * - that the rows of a `group` (a time and its zone, a date and its UTC twin, a reminder's switch
 *   and time) are one value: read together, left out when the phone sent none of them, carried
 *   when it carries any; each row writes its part;
 * - the order rows are read in: by `phase` (what others read first: a series' times before its
 *   rule, its exceptions last), then table order, which is also the wire order.
 *
 * The kinds (kinds/*.ts) know how a value is written on the wire and read back; the class knows
 * where its item keeps the value (`held`, `set`, `remove`).
 */
import {
  type AirSyncProperty,
  type AirSyncVersion,
  type ToAirSyncOptions,
  type VersionRange,
  inVersion,
  supports,
} from '../properties.js';

/** What the item holds for an element: a value we send, a value we cannot send, or nothing. */
export type Held<V> = { readonly value: V } | 'withheld' | undefined;

/** What the phone said of an element: a value, an empty element (delete), or a value we cannot use. */
export type Said<V> = { readonly value: V } | 'blank' | 'unusable';

/** One row of a class's table. */
export interface Element extends VersionRange {
  /** `Page:Tag`, as spec/activesync/code-pages.json spells it. */
  readonly name: string;
  /** Never deleted by its absence (what names or stamps the item rather than what the user wrote). */
  readonly keep?: true;
  /** Set once: a phone cannot change a value the item has. */
  readonly fixed?: true;
  /** A value we could not send (withheld) is left as it is, whatever the phone sends. */
  readonly guarded?: true;
  /** The rows of one group carry one value together (the group's first row stands for it). */
  readonly group?: string;
  /** A group row's member of the value (what the group's kind writes for it). */
  readonly member?: string;
  /** Rows are read in phase order (default 0), table order within a phase. */
  readonly phase?: number;
}

/** What a kind may consult while it reads the phone's element. */
export interface Reading<I> {
  /** The phone's elements by name (the first of each): a body reads its `…Truncated` sibling. */
  readonly sent: ReadonlyMap<string, AirSyncProperty>;
  readonly item: I;
  readonly version: AirSyncVersion;
  /** The phone's Supported list (an Exception's rows are walked with it). */
  readonly supported?: readonly string[] | undefined;
}

/** The wire side of a value kind: how a value is written for the phone and read back. */
export interface Wire<I, E extends Element, V> {
  encode(element: E, value: V, options: ToAirSyncOptions): AirSyncProperty[];
  decode(element: E, property: AirSyncProperty, reading: Reading<I>): Said<V>;
}

/** The item side: where the class's item keeps an element's value. */
export interface Store<I, E extends Element, V> {
  held(element: E, item: I): Held<V>;
  set(element: E, item: I, value: V): void;
  remove(element: E, item: I): void;
}

/** Whether the phone's value is the one the item holds (default: `sameValue`). */
export interface Sameness<V> {
  same?(before: V, value: V): boolean;
}

export type Kind<I, E extends Element, V> = Wire<I, E, V> & Store<I, E, V> & Sameness<V>;

/** A kind is its wire side and its item side; a class joins a shared wire kind to its own store. */
export function kind<I, E extends Element, V>(wire: Wire<NoInfer<I>, NoInfer<E>, V> & Sameness<V>, store: Store<I, E, V>): Kind<I, E, V> {
  return { ...wire, ...store };
}

/**
 * The wire side of a value several rows carry (a group): each row writes its part, and the rows
 * the phone sent are read together, against what the item held (a row left out may mean "as it was").
 */
export interface GroupWire<I, E extends Element, V> {
  readonly group: true;
  encode(element: E, value: V, options: ToAirSyncOptions): AirSyncProperty[];
  decodeGroup(sent: ReadonlyMap<E, AirSyncProperty>, before: Held<V>, reading: Reading<I>): Said<V>;
}

export type GroupKind<I, E extends Element, V> = GroupWire<I, E, V> & Store<I, E, V> & Sameness<V>;

/** A kind of any value: a class's rows differ in value type, each kind consistent with itself. */
export type AnyKind<I, E extends Element> = Kind<I, E, any> | GroupKind<I, E, any>;

/** A class: its table, and the kind of each row. */
export interface ItemCodec<I, E extends Element> {
  readonly elements: readonly E[];
  kindOf(element: E): AnyKind<I, E>;
}

/** Whether the phone carries an element it left out: its version has it, and its Supported list (if any) names it. */
export function carries(element: VersionRange & { readonly name: string }, version: AirSyncVersion, supported: readonly string[] | undefined): boolean {
  return inVersion(element, version) && (supported === undefined || supports(supported, element.name));
}

/** Deep equality of the values kinds hold (text, lists, records of them; an undefined field is no field). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return keysA.length === keysB.length && keysA.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The rows of `element`'s group (itself alone when it has none), in table order. */
function groupOf<E extends Element>(codec: ItemCodec<unknown, E>, element: E): readonly E[] {
  return element.group === undefined ? [element] : codec.elements.filter((e) => e.group === element.group);
}

/** What the item holds for a row: its group's value, read at the group's first row. */
export function heldOf<I, E extends Element>(codec: ItemCodec<I, E>, element: E, item: I): Held<unknown> {
  return codec.kindOf(element).held(groupOf(codec, element)[0]!, item);
}

/** The item's elements for the phone, in table order, those of its version only. `only` narrows the rows. */
export function encodeItem<I, E extends Element>(codec: ItemCodec<I, E>, item: I, options: ToAirSyncOptions, only?: (element: E) => boolean): AirSyncProperty[] {
  const out: AirSyncProperty[] = [];
  // A group's value is read once, for its first row the version has.
  const groups = new Map<string, Held<unknown>>();
  for (const element of codec.elements) {
    if (!inVersion(element, options.version) || (only !== undefined && !only(element))) continue;
    const kindOfElement = codec.kindOf(element);
    let value: Held<unknown>;
    if (element.group === undefined) value = kindOfElement.held(element, item);
    else {
      if (!groups.has(element.group)) groups.set(element.group, heldOf(codec, element, item));
      value = groups.get(element.group);
    }
    if (value === undefined || value === 'withheld') continue;
    out.push(...kindOfElement.encode(element, value.value, options));
  }
  return out;
}

/**
 * What an element the phone left out becomes: nothing (`delete`), or a value of its own (a
 * changed occurrence takes its series' value, which the caller gives).
 */
export type Absent<V> = 'delete' | { readonly inherit: Held<V> };

export interface Apply<I> extends Reading<I> {
  readonly supported: readonly string[] | undefined;
}

/**
 * One element (or the group it is in) of the phone's item onto `item`, by the rules above.
 * `earlier`: what the item held before other rows were applied, for a value told apart from theirs
 * (a series' exceptions are what differs from the series).
 */
export function applyElement<I, E extends Element>(codec: ItemCodec<I, E>, element: E, at: Apply<I>, absent: Absent<unknown> = 'delete', earlier?: Held<unknown>): void {
  const rows = groupOf(codec, element);
  const head = rows[0]!;
  const kindOfElement = codec.kindOf(head);
  const { item } = at;
  const before = earlier ?? kindOfElement.held(head, item);
  if (head.guarded && before === 'withheld') return;
  const sent = new Map<E, AirSyncProperty>();
  for (const row of rows) {
    const property = at.sent.get(row.name);
    if (property !== undefined) sent.set(row, property);
  }
  if (sent.size === 0) {
    if (!rows.some((row) => carries(row, at.version, at.supported)) || before === 'withheld' || before === undefined) return;
    if (absent === 'delete') {
      if (!rows.every((row) => row.keep)) kindOfElement.remove(head, item);
      return;
    }
    const inherited = absent.inherit;
    if (inherited === 'withheld') return;
    if (inherited === undefined) kindOfElement.remove(head, item);
    else if (!same(kindOfElement, before.value, inherited.value)) kindOfElement.set(head, item, inherited.value);
    return;
  }
  const value = 'group' in kindOfElement ? kindOfElement.decodeGroup(sent, before, at) : kindOfElement.decode(head, sent.get(head)!, at);
  if (value === 'unusable') return;
  const holds = before !== undefined && before !== 'withheld';
  if (head.fixed && holds) return;
  if (value === 'blank') {
    if (holds) kindOfElement.remove(head, item);
    return;
  }
  if (!holds || !same(kindOfElement, before.value, value.value)) kindOfElement.set(head, item, value.value);
}

function same(sameness: Sameness<unknown>, before: unknown, value: unknown): boolean {
  return sameness.same ? sameness.same(before, value) : sameValue(before, value);
}

/**
 * Every element of the table (or the rows `only` keeps) of the phone's item onto `item`: by phase,
 * in table order within one, each group once. `earlier` gives rows whose value was read before.
 */
export function applyElements<I, E extends Element>(codec: ItemCodec<I, E>, at: Apply<I>, only?: (element: E) => boolean, earlier?: ReadonlyMap<E, Held<unknown>>): void {
  const rows = codec.elements.filter((element) => only === undefined || only(element));
  const phases = [...new Set(rows.map((row) => row.phase ?? 0))].sort((a, b) => a - b);
  const done = new Set<string>();
  for (const phase of phases) {
    for (const element of rows) {
      if ((element.phase ?? 0) !== phase) continue;
      if (element.group !== undefined) {
        if (done.has(element.group)) continue;
        done.add(element.group);
      }
      applyElement(codec, element, at, 'delete', earlier?.get(element));
    }
  }
}

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
 * - that a `fixed` element is set once and never changed by a phone.
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
}

/** What a kind may consult while it reads the phone's element. */
export interface Reading<I> {
  /** The phone's elements by name (the first of each): a body reads its `…Truncated` sibling. */
  readonly sent: ReadonlyMap<string, AirSyncProperty>;
  readonly item: I;
  readonly version: AirSyncVersion;
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

export type Kind<I, E extends Element, V> = Wire<I, E, V> & Store<I, E, V>;

/** A kind is its wire side and its item side; a class joins a shared wire kind to its own store. */
export function kind<I, E extends Element, V>(wire: Wire<NoInfer<I>, NoInfer<E>, V>, store: Store<I, E, V>): Kind<I, E, V> {
  return { ...wire, ...store };
}

/** A kind of any value: a class's rows differ in value type, each kind consistent with itself. */
export type AnyKind<I, E extends Element> = Kind<I, E, any>;

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

/** The item's elements for the phone, in table order, those of its version only. `only` narrows the rows. */
export function encodeItem<I, E extends Element>(codec: ItemCodec<I, E>, item: I, options: ToAirSyncOptions, only?: (element: E) => boolean): AirSyncProperty[] {
  const out: AirSyncProperty[] = [];
  for (const element of codec.elements) {
    if (!inVersion(element, options.version) || (only !== undefined && !only(element))) continue;
    const kindOfElement = codec.kindOf(element);
    const value = kindOfElement.held(element, item);
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

/** One element of the phone's item onto `item`, by the rules above. */
export function applyElement<I, E extends Element>(codec: ItemCodec<I, E>, element: E, at: Apply<I>, absent: Absent<unknown> = 'delete'): void {
  const kindOfElement = codec.kindOf(element);
  const { item } = at;
  const property = at.sent.get(element.name);
  const before = kindOfElement.held(element, item);
  if (property === undefined) {
    if (!carries(element, at.version, at.supported) || before === 'withheld' || before === undefined) return;
    if (absent === 'delete') {
      if (!element.keep) kindOfElement.remove(element, item);
      return;
    }
    const inherited = absent.inherit;
    if (inherited === 'withheld') return;
    if (inherited === undefined) kindOfElement.remove(element, item);
    else if (!sameValue(before.value, inherited.value)) kindOfElement.set(element, item, inherited.value);
    return;
  }
  const value = kindOfElement.decode(element, property, at);
  if (value === 'unusable') return;
  const holds = before !== undefined && before !== 'withheld';
  if (element.fixed && holds) return;
  if (value === 'blank') {
    if (holds) kindOfElement.remove(element, item);
    return;
  }
  if (!holds || !sameValue(before.value, value.value)) kindOfElement.set(element, item, value.value);
}

/** Every element of the table (or the rows `only` keeps) of the phone's item onto `item`, in table order. */
export function applyElements<I, E extends Element>(codec: ItemCodec<I, E>, at: Apply<I>, only?: (element: E) => boolean): void {
  for (const element of codec.elements) if (only === undefined || only(element)) applyElement(codec, element, at);
}

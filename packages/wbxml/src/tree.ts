/**
 * The element tree the generic reader builds (read.ts), and what every reader of a protocol
 * charges its elements to. @atomsync/syncml builds the same tree from XML, so that one mapper
 * turns either wire form into its typed model.
 */
import { DEFAULT_MAX_CHILDREN, DEFAULT_MAX_ELEMENTS } from './limits.js';

export interface Element {
  /** Local name: an XML prefix is dropped; a WBXML token is named by its code page table. */
  readonly name: string;
  /** NO_CHILDREN until the first child comes (see `addChild`). */
  children: Element[];
  /** The element's character data, all pieces concatenated (WBXML opaque data as UTF-8). */
  text: string;
  /** WBXML only: the raw bytes when the content was one OPAQUE (a DevInf document, item data). */
  opaque?: Uint8Array;
}

/**
 * The children of every element that has none: one shared, frozen array, so that a leaf (most of
 * a message: every `<Final/>`, `<CmdID>`, `<LocURI>`) costs one object, not an object and an array.
 */
export const NO_CHILDREN: Element[] = Object.freeze([]) as unknown as Element[];

/** Appends `child` to `parent`, giving the parent an array of its own at its first child. */
export function addChild<E extends Element>(parent: { children: E[] }, child: E): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else parent.children.push(child);
}

/**
 * What a document may still build: `maxElements` elements in all and `maxChildren` under any one
 * parent. One budget may be spent by several documents (a SyncML message and every DevInf read
 * inside it), so nesting documents does not multiply the bound. `add` gives the reason to refuse,
 * or undefined; each reader throws it as its own error.
 */
export class ElementBudget {
  #left: number;

  constructor(
    readonly maxElements = DEFAULT_MAX_ELEMENTS,
    readonly maxChildren = DEFAULT_MAX_CHILDREN,
  ) {
    this.#left = maxElements;
  }

  /** One more element, whose parent holds `siblings` children before it. */
  add(siblings: number): string | undefined {
    if (--this.#left < 0) return `more than ${this.maxElements} elements in one document`;
    if (siblings >= this.maxChildren) return `more than ${this.maxChildren} children in one element`;
    return undefined;
  }
}

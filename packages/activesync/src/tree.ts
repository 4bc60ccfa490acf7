/**
 * The document model: a tree of elements, each named by its code page and tag (`AirSync:Sync`)
 * and holding exactly one kind of content — child elements, text, or opaque bytes. ActiveSync has
 * no attributes and no mixed content, so nothing else is needed.
 *
 * An element without content (`<GetChanges/>`) is a container with no children; text that is
 * empty is written the same way, and so reads back as one: `textOf` gives '' for both.
 */
import { type AsName, type CodePageName, tagByName } from './code-pages.js';
import { ActiveSyncDecodeError, ActiveSyncEncodeError } from './errors.js';

interface AsElementBase {
  readonly page: CodePageName;
  readonly tag: string;
}

/** An element whose content is elements (or nothing). */
export interface AsContainer extends AsElementBase {
  readonly children: readonly AsElement[];
  readonly text?: never;
  readonly opaque?: never;
}

/** An element whose content is a string (STR_I on the wire). */
export interface AsText extends AsElementBase {
  readonly text: string;
  readonly children?: never;
  readonly opaque?: never;
}

/** An element whose content is bytes (OPAQUE on the wire: MIME, conversation ids, file data). */
export interface AsOpaque extends AsElementBase {
  readonly opaque: Uint8Array;
  readonly children?: never;
  readonly text?: never;
}

export type AsElement = AsContainer | AsText | AsOpaque;

/** The element's name, `page:tag`. */
export function nameOf(e: AsElement): AsName {
  return `${e.page}:${e.tag}`;
}

export function isContainer(e: AsElement): e is AsContainer {
  return e.children !== undefined;
}

export function isText(e: AsElement): e is AsText {
  return e.text !== undefined;
}

export function isOpaque(e: AsElement): e is AsOpaque {
  return e.opaque !== undefined;
}

/** `name` split into page and tag, the page and tag checked against the code pages. */
function split(name: AsName): { page: CodePageName; tag: string } {
  const tag = tagByName(name);
  if (tag === undefined) throw new ActiveSyncEncodeError(`no ActiveSync element is named ${name}`);
  // An alias names its tag; the tree holds the tag's own name.
  return { page: tag.page, tag: tag.name };
}

/**
 * An element: with children (an array, possibly empty), text (a string) or opaque bytes, or
 * nothing (an empty container). The name is checked against the code pages (an alias gives the
 * tag's own name): a typo throws ActiveSyncEncodeError here rather than on the wire.
 *
 *     el('AirSync:Sync', [el('AirSync:Collections', [...])])
 *     el('AirSync:SyncKey', '1')
 *     el('AirSync:GetChanges')
 *     el('Email2:ConversationId', bytes)
 */
export function el(name: AsName, content?: readonly AsElement[] | string | Uint8Array): AsElement {
  const { page, tag } = split(name);
  if (typeof content === 'string') return { page, tag, text: content };
  if (content instanceof Uint8Array) return { page, tag, opaque: content };
  return { page, tag, children: content ?? [] };
}

/** The children of an element named `name` (all of them without a name); none for text or bytes. */
export function childrenOf(e: AsElement, name?: AsName): AsElement[] {
  const all = e.children ?? [];
  return name === undefined ? [...all] : all.filter((c) => nameOf(c) === name);
}

/** The first child named `name`, if any. */
export function child(e: AsElement, name: AsName): AsElement | undefined {
  return e.children?.find((c) => nameOf(c) === name);
}

/** The first child named `name`; its absence is an ActiveSyncDecodeError naming both elements. */
export function requireChild(e: AsElement, name: AsName): AsElement {
  return child(e, name) ?? missing(e, name);
}

function missing(e: AsElement, name: AsName): never {
  throw new ActiveSyncDecodeError(`${nameOf(e)} has no ${name}`);
}

const utf8 = new TextDecoder('utf-8');

/**
 * The element's text: its string, '' when it is empty, its bytes read as UTF-8 when they came as
 * OPAQUE (clients send some strings that way). An element holding elements is an
 * ActiveSyncDecodeError: it has no text.
 */
export function textOf(e: AsElement): string {
  if (e.text !== undefined) return e.text;
  if (e.opaque !== undefined) return utf8.decode(e.opaque);
  if (e.children.length === 0) return '';
  throw new ActiveSyncDecodeError(`${nameOf(e)} holds elements, not text`);
}

/** The element's bytes: opaque data as sent, text as UTF-8, none for an empty element. */
export function bytesOf(e: AsElement): Uint8Array {
  if (e.opaque !== undefined) return e.opaque;
  if (e.text !== undefined) return new TextEncoder().encode(e.text);
  if (e.children.length === 0) return new Uint8Array(0);
  throw new ActiveSyncDecodeError(`${nameOf(e)} holds elements, not data`);
}

/** The text of the first child named `name`, if there is one. */
export function childText(e: AsElement, name: AsName): string | undefined {
  const c = child(e, name);
  return c === undefined ? undefined : textOf(c);
}

/** The text of the first child named `name`; its absence is an ActiveSyncDecodeError. */
export function requireText(e: AsElement, name: AsName): string {
  return textOf(requireChild(e, name));
}

/**
 * An element tree as JSON and back, for a server that keeps a reply to send it again (a resent
 * SyncKey gets the same answer). Bytes go as base64. Reading checks every name against the code
 * pages and the shape of every node: a stored value that is not a tree is ActiveSyncDecodeError.
 */
import type { AsName } from './code-pages.js';
import { ActiveSyncDecodeError, ActiveSyncEncodeError } from './errors.js';
import { MAX_ELEMENT_DEPTH } from './limits.js';
import { el, nameOf, type AsElement } from './tree.js';

/** `[name, text]`, `[name, [children…]]` or `[name, { base64 }]`. */
export type AsJson = [string, string | AsJson[] | { readonly base64: string }];

export function elementToJson(e: AsElement): AsJson {
  if (e.text !== undefined) return [nameOf(e), e.text];
  if (e.opaque !== undefined) return [nameOf(e), { base64: Buffer.from(e.opaque).toString('base64') }];
  return [nameOf(e), e.children.map(elementToJson)];
}

function read(value: unknown, depth: number): AsElement {
  if (depth > MAX_ELEMENT_DEPTH) throw new ActiveSyncDecodeError(`a stored element nests deeper than ${MAX_ELEMENT_DEPTH}`);
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') throw new ActiveSyncDecodeError('a stored element is not [name, content]');
  const [name, content] = value as [string, unknown];
  try {
    if (typeof content === 'string') return el(name as AsName, content);
    if (Array.isArray(content)) return el(name as AsName, content.map((c) => read(c, depth + 1)));
    if (content !== null && typeof content === 'object' && typeof (content as { base64?: unknown }).base64 === 'string') {
      return el(name as AsName, new Uint8Array(Buffer.from((content as { base64: string }).base64, 'base64')));
    }
  } catch (error) {
    if (error instanceof ActiveSyncEncodeError) throw new ActiveSyncDecodeError(`a stored element: ${error.message}`);
    throw error;
  }
  throw new ActiveSyncDecodeError(`the stored element ${name} has content of no known kind`);
}

export function elementFromJson(value: unknown): AsElement {
  return read(value, 1);
}

/** Reading the values of request elements: integers and booleans, checked. */
import { ActiveSyncDecodeError } from '../errors.js';
import type { AsName } from '../code-pages.js';
import { child, nameOf, textOf, type AsElement } from '../tree.js';

/** The integer text of the child `name`, or undefined when absent; not a number in [min, max]: ActiveSyncDecodeError. */
export function intOf(e: AsElement, name: AsName, min = 0, max = 2 ** 31 - 1): number | undefined {
  const c = child(e, name);
  if (c === undefined) return undefined;
  const text = textOf(c).trim();
  if (!/^\d{1,10}$/.test(text)) throw new ActiveSyncDecodeError(`${nameOf(c)} is not a number: ${JSON.stringify(text.slice(0, 20))}`);
  const value = Number(text);
  if (value < min || value > max) throw new ActiveSyncDecodeError(`${nameOf(c)} ${value} is outside ${min}–${max}`);
  return value;
}

/** An MS-ASDTYPE boolean child: absent → undefined, empty → `empty`, '0' → false, '1' → true. */
export function boolOf(e: AsElement, name: AsName, empty = true): boolean | undefined {
  const c = child(e, name);
  if (c === undefined) return undefined;
  const text = textOf(c).trim();
  if (text === '') return empty;
  if (text === '0') return false;
  if (text === '1') return true;
  throw new ActiveSyncDecodeError(`${nameOf(c)} is not a boolean: ${JSON.stringify(text.slice(0, 20))}`);
}

/** The root must be `name`; another document for this command is ActiveSyncDecodeError. */
export function expectRoot(root: AsElement, name: AsName): AsElement {
  if (nameOf(root) !== name) throw new ActiveSyncDecodeError(`the body is ${nameOf(root)}, not ${name}`);
  return root;
}

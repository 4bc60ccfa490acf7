/**
 * Lists on the wire: an element of item elements (`Categories` of `Category`, `Children` of
 * `Child`), items in order; blank items are dropped, and a list of none is an empty element.
 */
import { isBlank, parentElement, phoneText, textElement } from '../../properties.js';
import type { Element, Wire } from '../walk.js';

/** A list whose items are `item(element)`; `trim`: items are taken without their outer spacing. */
export function list<E extends Element>(item: (element: E) => string, trim: boolean): Wire<unknown, E, readonly string[]> {
  return {
    encode: (element, value) => [parentElement(element.name, value.map((entry) => textElement(item(element), entry)))],
    decode: (element, property) => {
      const name = item(element);
      const items = (property.children ?? [])
        .filter((c) => c.name === name)
        .map((c) => (trim ? phoneText(c.text ?? '').trim() : phoneText(c.text ?? '')))
        .filter((entry) => !isBlank(entry));
      return items.length === 0 ? 'blank' : { value: items };
    },
  };
}

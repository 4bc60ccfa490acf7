/**
 * Text values on the wire: one element of text, as the phone typed it (one line-ending style);
 * blank text is an empty element, which deletes. Variants: an e-mail address (what `"Name" <addr>`
 * or `mailto:addr` names), a parameter value (one line), and one of a few codes (Sensitivity,
 * BusyStatus…: anything else is unusable and changes nothing).
 */
import { type AirSyncProperty, isBlank, phoneText, textElement } from '../../properties.js';
import type { Element, Said, Wire } from '../walk.js';

/** The phone's text as a value: blank is 'blank'. */
export function saidText(text: string): Said<string> {
  return isBlank(text) ? 'blank' : { value: text };
}

function textOf(property: AirSyncProperty): string {
  return phoneText(property.text ?? '');
}

const encodeText = (element: Element, value: string): AirSyncProperty[] => [textElement(element.name, value)];

export const text: Wire<unknown, Element, string> = {
  encode: encodeText,
  decode: (_element, property) => saidText(textOf(property)),
};

/** The address of `"Name" <addr>`, `Name <addr>`, `addr` or `mailto:addr`. */
export function addressOf(value: string): string {
  const trimmed = value.trim();
  const open = trimmed.lastIndexOf('<');
  const close = trimmed.lastIndexOf('>');
  const address = open >= 0 && close > open ? trimmed.slice(open + 1, close) : trimmed;
  return address.trim().replace(/^mailto:/i, '');
}

export const address: Wire<unknown, Element, string> = {
  encode: encodeText,
  decode: (_element, property) => saidText(addressOf(textOf(property))),
};

/** A parameter value (CN) on one line: parameters have no escape for a line break. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export const lineText: Wire<unknown, Element, string> = {
  encode: encodeText,
  decode: (_element, property) => saidText(oneLine(textOf(property))),
};

/** One of `values` (trimmed); any other text is unusable. */
export function oneOf(values: Iterable<string>): Wire<unknown, Element, string> {
  const allowed = new Set(values);
  return {
    encode: encodeText,
    decode: (_element, property) => {
      const value = textOf(property);
      if (isBlank(value)) return 'blank';
      return allowed.has(value.trim()) ? { value: value.trim() } : 'unusable';
    },
  };
}

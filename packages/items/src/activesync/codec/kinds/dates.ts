/**
 * Dates on the wire: a day (a contact's Birthday, midnight UTC of the day, dates.ts) and an
 * instant (DtStamp, DateCompleted, LastModifiedDate) in the form the class writes. A date that is
 * none is unusable and changes nothing.
 */
import { airSyncDateTime, dayOfAirSync } from '../../dates.js';
import { isBlank, phoneText, textElement } from '../../properties.js';
import type { Element, Wire } from '../walk.js';

/** A day, `YYYY-MM-DD` in the item. */
export const day: Wire<unknown, Element, string> = {
  encode: (element, value) => [textElement(element.name, airSyncDateTime(value))],
  decode: (_element, property) => {
    const text = phoneText(property.text ?? '');
    if (isBlank(text)) return 'blank';
    const value = dayOfAirSync(text);
    return value === null ? 'unusable' : { value };
  },
};

/** An instant: the phone's text read by `read` into the text we send (null: not a time). */
export function instant(read: (text: string) => string | null): Wire<unknown, Element, string> {
  return {
    encode: (element, value) => [textElement(element.name, value)],
    decode: (_element, property) => {
      const text = phoneText(property.text ?? '');
      if (isBlank(text)) return 'blank';
      const value = read(text);
      return value === null ? 'unusable' : { value };
    },
  };
}

/**
 * A picture on the wire: base64, without whitespace (MS-ASCNTC Picture, at most 48 KB); text that
 * is not base64 is unusable.
 */
import { isBlank, phoneText, textElement } from '../../properties.js';
import type { Element, Wire } from '../walk.js';

/** MS-ASCNTC §2.2.2.58: a Picture is at most 48 KB of base64. */
export const MAX_PICTURE = 48 * 1024;

/** The text as base64 without whitespace; null when it is not base64. */
export function base64Of(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  return compact !== '' && compact.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? compact : null;
}

/** The image type of base64 data, by its first bytes; '' when not an image we know. */
export function imageType(base64: string): string {
  if (base64.startsWith('/9j/')) return 'JPEG';
  if (base64.startsWith('iVBORw0KGgo')) return 'PNG';
  if (base64.startsWith('R0lGOD')) return 'GIF';
  return '';
}

export const picture: Wire<unknown, Element, string> = {
  encode: (element, value) => [textElement(element.name, value)],
  decode: (_element, property) => {
    const text = phoneText(property.text ?? '');
    if (isBlank(text)) return 'blank';
    const value = base64Of(text);
    return value === null ? 'unusable' : { value };
  },
};

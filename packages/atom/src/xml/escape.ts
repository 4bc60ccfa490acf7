import { AtomEncodeError } from '../errors.js';

// Characters XML 1.0 cannot carry at all, even escaped (C0 controls but TAB/LF/CR, U+FFFE/U+FFFF,
// unpaired surrogates). Writers refuse them rather than emit a document no reader accepts.
const ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// The fast test: most values need no work at all, so one scan decides.
const TEXT_WORK = /[&<>\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const ATTR_WORK = /[&<>"\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTR_SPECIAL = /[&<>"\t\n\r]/g;

const REPLACEMENT: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  // A raw CR would be normalized away by every reader; the reference keeps it.
  '\r': '&#13;',
};
const replace = (c: string): string => REPLACEMENT[c]!;

function refuseIllegal(value: string): void {
  if (ILLEGAL.test(value)) throw new AtomEncodeError('value holds a character XML cannot carry', 'text');
}

/** Escapes character data (element text). */
export function escapeText(value: string): string {
  if (!TEXT_WORK.test(value)) return value;
  refuseIllegal(value);
  return value.replace(TEXT_SPECIAL, replace);
}

/** Escapes an attribute value written between double quotes; keeps whitespace exact. */
export function escapeAttr(value: string): string {
  if (!ATTR_WORK.test(value)) return value;
  refuseIllegal(value);
  return value.replace(ATTR_SPECIAL, replace);
}

/**
 * Text that may come from a request or a stored record, made safe to write into an XML answer.
 *
 * XML 1.0 cannot carry some characters at all, escaped or not: C0 controls but TAB/LF/CR,
 * U+FFFE/U+FFFF and unpaired surrogates (the same set the writers of packages/atom refuse).
 * Request values holding one are refused where they enter (http/params.ts); what still needs
 * writing — an error message, a record stored before such values were refused — goes through
 * here: `quote` for a value an error message repeats, `writable` for text of a listing or a last
 * safety net, `unwritableIn` to find the offending character and name it.
 */

const UNWRITABLE_SOURCE = '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNWRITABLE = new RegExp(UNWRITABLE_SOURCE);
const UNWRITABLE_ALL = new RegExp(UNWRITABLE_SOURCE, 'g');
// One character class, a superset of UNWRITABLE (any surrogate, paired or not): about half its cost
// on text that has none (a stored vCard, written through here in every listing), which is most.
const MAYBE_UNWRITABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** The replacement character: what an unwritable character becomes. */
export const REPLACEMENT = '\uFFFD';

/** `U+0000`, `U+FFFE`, `U+D800`: how messages name a character. */
export function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character of `value` that XML cannot carry, or undefined when it can carry them all. */
export function unwritableIn(value: string): string | undefined {
  return UNWRITABLE.exec(value)?.[0];
}

/** `value` with every character XML cannot carry replaced by U+FFFD; the same string when there is none. */
export function writable(value: string): string {
  return MAYBE_UNWRITABLE.test(value) && UNWRITABLE.test(value) ? value.replace(UNWRITABLE_ALL, REPLACEMENT) : value;
}

// Controls of every kind (C0, DEL, C1), the line and paragraph separators, non-characters and
// surrogates: quoted as \uXXXX, so an echo is writable and shows what was sent.
const QUOTE_ESCAPE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF\uFFFE\uFFFF"\\]/g;
const QUOTE_SHORT: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** How many characters of a value an error message repeats; the rest is cut to `…`. */
export const QUOTE_LIMIT = 100;

/**
 * A request value as an error message repeats it: between double quotes, at most `QUOTE_LIMIT`
 * characters (then `…`), every control, surrogate or non-character written as `\uXXXX` — never a
 * character the error document could not carry. The one way to echo input in a message.
 */
export function quote(value: string, limit = QUOTE_LIMIT): string {
  let shown = value;
  let cut = false;
  if (shown.length > limit) {
    // Not between the halves of a surrogate pair.
    const end = /[\uD800-\uDBFF]/.test(shown.charAt(limit - 1)) ? limit - 1 : limit;
    shown = shown.slice(0, end);
    cut = true;
  }
  const escaped = shown.replace(QUOTE_ESCAPE, (c, at: number, whole: string) => {
    const short = QUOTE_SHORT[c];
    if (short !== undefined) return short;
    // A paired surrogate is part of an ordinary character: kept as is.
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && /[\uDC00-\uDFFF]/.test(whole.charAt(at + 1))) return c;
    if (code >= 0xdc00 && code <= 0xdfff && /[\uD800-\uDBFF]/.test(whole.charAt(at - 1))) return c;
    return `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
  return `"${escaped}"${cut ? '…' : ''}`;
}

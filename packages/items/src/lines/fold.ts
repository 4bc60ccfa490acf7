/**
 * Line folding, the one statement of its rules for every reader and writer of content lines
 * (vCard 2.1 §2.1.3, vCalendar 1.0 §2.1.3, RFC 6350 §3.2, RFC 5545 §3.1): a physical line that
 * starts with a space or a tab continues the logical line before it. vCard 3.0/4.0 and iCalendar
 * 2.0 drop that one whitespace character when unfolding; vCard 2.1 and vCalendar 1.0 fold only at
 * whitespace, which stays part of the value. Writers fold at 75 octets (foldLine). QUOTED-PRINTABLE
 * soft line breaks (a line ending in `=`) are another rule, of that encoding (lines/read.ts).
 *
 * No Node built-in here: the browser's console folds with it too (`@atomsync/items/files`).
 */

/** Octets a written line may hold before it is folded (RFC 5545 §3.1, RFC 6350 §3.2). */
export const FOLD_OCTETS = 75;

/** Whether the character `c` at the start of a physical line makes it a continuation. */
export function isFoldChar(c: string | undefined): boolean {
  return c === ' ' || c === '\t';
}

/** Whether a physical line continues the logical line before it. */
export function isContinuation(line: string): boolean {
  return isFoldChar(line[0]);
}

/** What a continuation line adds to its logical line: without its first character, or all of it (`legacy`: 2.1 / 1.0). */
export function continuationText(line: string, legacy: boolean): string {
  return legacy ? line : line.slice(1);
}

/** A whole text's folds undone (the modern rule: the whitespace after each line break goes). */
export function unfoldText(text: string): string {
  return text.replace(/\r?\n[ \t]/g, '');
}

const NON_ASCII = /[^\x00-\x7f]/;

/** The UTF-8 octets of the code point starting at `line[i]` (a surrogate pair is one code point of 4). */
function octetsAt(line: string, i: number): number {
  const unit = line.charCodeAt(i);
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  // A high surrogate followed by a low one: 4 octets for the pair. A lone surrogate is written as U+FFFD: 3.
  if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < line.length) {
    const next = line.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 4;
  }
  return 3;
}

/**
 * A content line folded at FOLD_OCTETS octets of UTF-8 (each continuation's leading space counted),
 * never inside a UTF-8 sequence or a surrogate pair (RFC 5545 §3.1, RFC 6350 §3.2). The octets are
 * counted from the UTF-16 code units, not encoded: no copy of the line, in Node as in a browser.
 */
export function foldLine(line: string): string {
  // Most lines are short and ASCII (an octet a unit): told by one native regular expression scan,
  // which costs what Buffer.byteLength did. Other short lines are counted below, and come out whole.
  if (line.length <= FOLD_OCTETS && !NON_ASCII.test(line)) return line;
  const out: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; ) {
    const size = octetsAt(line, i);
    const units = size === 4 ? 2 : 1;
    const limit = out.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(line.slice(start, i));
      start = i;
      octets = 0;
    }
    octets += size;
    i += units;
  }
  out.push(line.slice(start));
  return out.join('\r\n ');
}

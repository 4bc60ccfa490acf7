/**
 * Line folding, the one statement of its rules for every reader and writer of content lines
 * (vCard 2.1 §2.1.3, vCalendar 1.0 §2.1.3, RFC 6350 §3.2, RFC 5545 §3.1): a physical line that
 * starts with a space or a tab continues the logical line before it. vCard 3.0/4.0 and iCalendar
 * 2.0 drop that one whitespace character when unfolding; vCard 2.1 and vCalendar 1.0 fold only at
 * whitespace, which stays part of the value. Writers fold at 75 octets. QUOTED-PRINTABLE soft line
 * breaks (a line ending in `=`) are another rule, of that encoding (lines/read.ts).
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

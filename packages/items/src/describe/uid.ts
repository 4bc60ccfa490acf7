/**
 * The UID of a vCard or iCalendar object: what CardDAV and CalDAV keep unique within a collection
 * (RFC 6352 §6.3.2.1, RFC 4791 §5.3.2.1). The store writes it beside every item so a collection is
 * searched by UID through an index, never by reading its bodies.
 *
 * One pass over the lines up to the first UID, no component tree built: an item may carry several
 * MB of photo, and the UID sits near its start. Only the UID of the object itself counts (a VCARD,
 * or the first VEVENT/VTODO/VJOURNAL of a VCALENDAR): a VALARM's own UID (RFC 9074) or anything in
 * a VTIMEZONE is not the item's.
 */

import { isFoldChar } from '../lines/fold.js';

/** A longer UID is kept as none: no client makes one, and an index holds bounded keys. */
export const MAX_UID_CHARS = 1024;

const OWNERS = new Set(['VCARD', 'VEVENT', 'VTODO', 'VJOURNAL']);

/** The next unfolded line of `text` from `start` (folds: CRLF or LF then a space or tab). */
function nextLine(text: string, start: number): { line: string; end: number } {
  let line = '';
  let from = start;
  for (;;) {
    const lf = text.indexOf('\n', from);
    const stop = lf === -1 ? text.length : lf;
    line += text.slice(from, stop > from && text[stop - 1] === '\r' ? stop - 1 : stop);
    if (lf === -1) return { line, end: text.length };
    const next = text[lf + 1];
    if (!isFoldChar(next)) return { line, end: lf + 1 };
    from = lf + 2;
  }
}

/** The property name of a content line (before its parameters or value), upper-cased; a group prefix (`item1.`) dropped. */
function nameOf(line: string): string {
  let end = 0;
  while (end < line.length && line[end] !== ';' && line[end] !== ':') end++;
  const name = line.slice(0, end);
  const dot = name.lastIndexOf('.');
  return (dot === -1 ? name : name.slice(dot + 1)).toUpperCase();
}

/** The value of a content line: after the first colon outside quoted parameter values. */
function valueOf(line: string): string | undefined {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return line.slice(i + 1);
  }
  return undefined;
}

/**
 * The UID of the vCard or iCalendar object in `body`, unescaped and trimmed; null when the body is
 * neither, has no UID of its own, or one longer than MAX_UID_CHARS.
 */
export function uidOf(body: string): string | null {
  const stack: string[] = [];
  let owner = false;
  let pos = body.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (pos < body.length) {
    const { line, end } = nextLine(body, pos);
    pos = end;
    if (line.trim() === '') continue;
    const name = nameOf(line);
    if (name === 'BEGIN' || name === 'END') {
      const component = (valueOf(line) ?? '').trim().toUpperCase();
      if (stack.length === 0 && (name !== 'BEGIN' || (component !== 'VCARD' && component !== 'VCALENDAR'))) return null;
      if (name === 'BEGIN') stack.push(component);
      else {
        stack.pop();
        if (stack.length === 0) return null;
      }
      owner = OWNERS.has(stack[stack.length - 1] ?? '') && (stack.length === 1 || (stack.length === 2 && stack[0] === 'VCALENDAR'));
      continue;
    }
    if (stack.length === 0) return null;
    if (owner && name === 'UID') {
      const uid = (valueOf(line) ?? '').replace(/\\([,;\\])/g, '$1').replace(/\\[nN]/g, '\n').trim();
      return uid === '' || uid.length > MAX_UID_CHARS ? null : uid;
    }
  }
  return null;
}

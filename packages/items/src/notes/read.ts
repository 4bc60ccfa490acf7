/**
 * Notes: plain text, or a phone's vNote 1.1 (`BEGIN:VNOTE`, BODY often QUOTED-PRINTABLE). Either
 * way the item is its text; the entry title is a label clients derive from it and does not count.
 */
import { type Described, foldText, normText } from '../describe/canonical.js';
import { readBlocks } from '../lines/decoded.js';

export function readNote(body: string, title: string): Described {
  let text = body;
  if (/^\s*BEGIN:VNOTE/i.test(body)) {
    const [note] = readBlocks(body, true);
    const bodyProp = note?.props.find((p) => p.name === 'BODY');
    const summary = note?.props.find((p) => p.name === 'SUMMARY');
    text = (bodyProp ?? summary)?.values.join(';') ?? '';
  }
  text = normText(text);
  // A note with no text is known by its title alone.
  if (text === '') text = normText(title);
  return { fields: { text: foldText(text) }, lines: [text] };
}

/** A short human title for an item, as a listing shows it: FN/N, SUMMARY, or a note's first line. */
import type { ItemDataclass } from '../item.js';
import { unfoldText } from '../lines/fold.js';
import { isLegacyVersion, readContentLines, splitEscaped, unescapeValue, type Component, type ContentLine } from '../lines/read.js';

/** How long a title may be. */
const TITLE_CHARS = 200;

/** The first property `name` of `component` or of a component within it, depth first. */
function find(component: Component, name: string): ContentLine | undefined {
  return component.props.find((p) => p.name === name) ?? component.components.map((c) => find(c, name)).find((p) => p !== undefined);
}

/**
 * Read through the one content-line reader, so a vCard 2.1 name in QUOTED-PRINTABLE or another
 * CHARSET reads as the name it is (`J=C3=BCrgen` is Jürgen) and escapes are undone.
 */
export function titleOf(dataclass: ItemDataclass, data: string): string {
  if (dataclass === 'Notes') return (unfoldText(data).split(/\r?\n/, 1)[0] ?? '').replace(/\\([,;\\])/g, '$1').slice(0, TITLE_CHARS);
  const root = readContentLines(data);
  const legacy = isLegacyVersion(data);
  // Phones escape a comma in 2.1 too, though 2.1 does not ask for it.
  const text = (value: string): string => (legacy ? unescapeValue(value, true).replace(/\\,/g, ',') : unescapeValue(value, false)).trim();
  let title: string | undefined;
  if (dataclass === 'Contacts') {
    const fn = find(root, 'FN');
    title = fn === undefined ? undefined : text(fn.value);
    if (!title) {
      const n = find(root, 'N');
      if (n !== undefined) title = splitEscaped(n.value, ';').map(text).filter(Boolean).reverse().join(' ');
    }
  } else {
    const summary = find(root, 'SUMMARY');
    title = summary === undefined ? undefined : text(summary.value);
  }
  // A title is one line: a 3.0 `\n` in it reads as a space.
  return (title ?? '').replace(/\s*\n\s*/g, ' ').slice(0, TITLE_CHARS);
}

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
  if (dataclass === 'Contacts') return contactTitle(find(root, 'FN')?.value, find(root, 'N')?.value, legacy);
  const summary = find(root, 'SUMMARY');
  return oneLine(summary === undefined ? undefined : valueText(summary.value, legacy));
}

/** A value as a title reads it: escapes undone, trimmed. */
function valueText(value: string, legacy: boolean): string {
  // Phones escape a comma in 2.1 too, though 2.1 does not ask for it.
  return (legacy ? unescapeValue(value, true).replace(/\\,/g, ',') : unescapeValue(value, false)).trim();
}

/** A title is one line (a 3.0 `\n` in it reads as a space), of at most TITLE_CHARS. */
const oneLine = (title: string | undefined): string => (title ?? '').replace(/\s*\n\s*/g, ' ').slice(0, TITLE_CHARS);

/**
 * A contact's title from the values of its first FN and first N properties, as written (undefined:
 * the card has none): FN, else N's parts given name first. titleOf's, and describeTitled's for a
 * card it read in one pass.
 */
export function contactTitle(fn: string | undefined, n: string | undefined, legacy: boolean): string {
  let title = fn === undefined ? undefined : valueText(fn, legacy);
  if (!title && n !== undefined) title = splitEscaped(n, ';').map((part) => valueText(part, legacy)).filter(Boolean).reverse().join(' ');
  return oneLine(title);
}

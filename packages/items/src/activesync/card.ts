/**
 * A contact as lines to edit, for the ActiveSync mapping: a vCard of any version read as vCard 3.0
 * lines (2.1, 4.0 and 3.0 with QUOTED-PRINTABLE or CHARSET through the converter of
 * vcard/write.ts, which changes the encoding and never the data), and written back as vCard 3.0
 * with the writers of lines/ (escaping, folding). A line nobody changed is written as it was read;
 * only a changed or new line is encoded from its value.
 */
import { cardShape, type Field, outLine, readField } from '../lines/fields.js';
import { type Component, type ContentLine, needsLegacyReader, paramValues, readContentLines, type Param } from '../lines/read.js';
import { modernLine } from '../lines/write.js';
import { cardVersionOf, convertCard } from '../vcard/write.js';

export interface CardLine {
  readonly field: Field;
  /** The line as read, while it is unchanged. */
  readonly source?: ContentLine;
}

export interface Card {
  readonly lines: CardLine[];
  /** Lines of the card that are no content line: they are the user's too, and go back as they were. */
  readonly stray: readonly string[];
}

/** The first VCARD of `text` as 3.0 lines (VERSION left out); none for no text or no card. */
export function readCard(text: string | undefined): Card {
  const none: Card = { lines: [], stray: [] };
  if (text === undefined || text.trim() === '') return none;
  const original = findCard(readContentLines(text));
  if (!original) return none;
  let card = original;
  if (cardVersionOf(card) !== '3.0' || needsLegacyReader(text)) {
    const converted = findCard(readContentLines(convertCard(card, '3.0', {}), false));
    if (!converted) return none;
    card = converted;
  }
  const lines = card.props.filter((p) => p.name !== 'VERSION').map((p) => ({ field: readField(p, false, cardShape), source: p }));
  return { lines, stray: original.stray };
}

function findCard(root: Component): Component | undefined {
  return root.components.find((c) => c.name === 'VCARD');
}

/** A new property, `NAME;PARAM=a,b` as written in a table, with its value's parts. */
export function newField(head: string, parts: readonly string[]): Field {
  const [name = '', ...rest] = head.split(';');
  const params: Param[] = rest.map((p) => {
    const eq = p.indexOf('=');
    return { name: p.slice(0, eq).toUpperCase(), values: p.slice(eq + 1).split(',') };
  });
  return { group: '', name: name.toUpperCase(), params, shape: cardShape(name.toUpperCase()), parts };
}

/** The property's name in a table head (`TEL;TYPE=WORK` is TEL). */
export function nameOfHead(head: string): string {
  return (head.split(';', 1)[0] ?? '').toUpperCase();
}

/** The field with new parts; parameters that described the old value (VALUE, ENCODING) go. */
export function withParts(field: Field, parts: readonly string[]): Field {
  return { ...field, params: field.params.filter((p) => p.name !== 'VALUE' && p.name !== 'ENCODING'), parts };
}

/** TYPE values, upper case (2.1's bare parameters are TYPE already), with 4.0's PREF=n as PREF. */
export function typesOf(field: Field): Set<string> {
  const types = new Set<string>();
  for (const value of paramValues(field.params, 'TYPE')) {
    for (const t of value.split(',')) if (t.trim() !== '') types.add(t.trim().toUpperCase());
  }
  if (paramValues(field.params, 'PREF').length > 0) types.add('PREF');
  return types;
}

/**
 * The whole value as one text: the text, the items of a list joined with ", " (NICKNAME), a raw
 * value as written, a structured one with its `;`.
 */
export function wholeText(field: Field): string {
  switch (field.shape) {
    case 'list':
      return field.parts.filter((p) => p.trim() !== '').join(', ');
    case 'structured':
      return field.parts.join(';');
    default:
      return field.parts.join('');
  }
}

/** vCard 3.0 of `lines` (null: a removed line) and `stray` lines, with the N and FN 3.0 requires. */
export function writeCard(lines: readonly (CardLine | null)[], stray: readonly string[] = []): string {
  const kept = lines.filter((l): l is CardLine => l !== null);
  const out = ['BEGIN:VCARD', 'VERSION:3.0'];
  const n = kept.find((l) => l.field.name === 'N')?.field;
  if (!n) out.push(writeField(newField('N', ['', '', '', '', ''])));
  if (!kept.some((l) => l.field.name === 'FN')) {
    // As clients derive it, so the engine reads it as no FN (describe/): given-first with prefix
    // and suffix, else the organization.
    const [family = '', given = '', additional = '', prefix = '', suffix = ''] = n?.parts ?? [];
    const org = kept.find((l) => l.field.name === 'ORG')?.field.parts[0] ?? '';
    const name = [prefix, given, additional, family, suffix].filter((p) => p.trim() !== '').join(' ');
    out.push(writeField(newField('FN', [name || org])));
  }
  for (const line of kept) out.push(line.source ? writeSource(line.source) : writeField(line.field));
  out.push(...stray, 'END:VCARD');
  return `${out.join('\r\n')}\r\n`;
}

/** An unchanged line as it was written (the case of its names, its parameters' quotes), refolded. */
function writeSource(line: ContentLine): string {
  const { source, value } = line;
  if (source.endsWith(`:${value}`)) return modernLine({ name: source.slice(0, source.length - value.length - 1), params: [], value });
  return modernLine({ group: line.group, name: line.name, params: line.params, value });
}

/** A changed or new field: line breaks escaped in text, impossible in a raw value (a URI, a date). */
function writeField(field: Field): string {
  const clean = (part: string) => (field.shape === 'raw' ? part.replace(/[\r\n]+/g, ' ') : part.replace(/\r\n?/g, '\n'));
  return modernLine(outLine({ ...field, parts: field.parts.map(clean) }, false));
}

/** emits packages/atom/src/generated/model.ts: a TypeScript type per XSD type. */
import { constant } from '../naming.js';
import type { ComplexType, Field, Scalar } from '../xsd/model.js';
import { header } from './file.js';
import type { Reach } from './reach.js';
import type { ResponseForms } from './response.js';

export function tsScalar(s: Scalar): string {
  let t: string;
  if (s.enumName) t = s.enumName;
  else if (s.kind === 'string' || s.kind === 'anyURI') t = 'string';
  else if (s.kind === 'boolean') t = 'boolean';
  else if (s.kind === 'dateTime' || s.kind === 'listingTimestamp') t = 'Date';
  else t = 'number';
  return s.nullable ? `${t} | null` : t;
}

function doc(text: string | undefined, indent = ''): string {
  if (!text) return '';
  return `${indent}/** ${text.replace(/\s+/g, ' ').replace(/\*\//g, '* /')} */\n`;
}

function enumType(s: Scalar): string {
  const values = s.values!.map((v) => JSON.stringify(v));
  return (
    doc(s.documentation) +
    `export const ${constant(s.enumName!)}_VALUES = [${values.join(', ')}] as const;\n` +
    `export type ${s.enumName} = (typeof ${constant(s.enumName!)}_VALUES)[number];\n`
  );
}

/** One field's property; `response` declares it as answers carry it. */
function fieldLine(f: Field, responses?: ResponseForms): string {
  const type = f.complex ? (responses ? responses.name(f.complex) : f.complex.name) : tsScalar(f.scalar!);
  const many = f.max > 1;
  const optional = (f.min === 0 && !(responses && f.inEveryResponse)) || many; // decoders always fill arrays; writers accept them absent
  const always = responses !== undefined && f.inEveryResponse;
  const d = doc(always ? (f.documentation ? `${f.documentation} In every answer.` : `\`${f.local}\`: in every answer.`) : f.documentation, '  ') || `  /** \`${f.local}\`${many ? ' (repeated)' : ''} */\n`;
  return `${d}  ${f.prop}${optional ? '?' : ''}: ${many ? `${type.includes('|') ? `(${type})` : type}[]` : type};`;
}

function interfaceOf(t: ComplexType): string {
  const lines: string[] = [];
  for (const a of t.attrs) lines.push(`  /** attribute \`${a.local}\` */\n  ${a.prop}${a.required ? '' : '?'}: ${tsScalar(a.scalar)};`);
  if (t.text) lines.push(`  /** the element's text */\n  ${t.text.prop}: ${tsScalar(t.text.scalar)};`);
  for (const f of t.fields) lines.push(fieldLine(f));
  return `${doc(t.documentation) || `/** XSD type \`${t.name}\`. */\n`}export interface ${t.name} {\n${lines.join('\n')}\n}\n`;
}

/** The response form of `t`: the type, with what every answer carries required (emit/response.ts). */
function responseInterfaceOf(t: ComplexType, responses: ResponseForms): string {
  const changed = responses.changed(t);
  const always = changed.filter((f) => f.inEveryResponse).map((f) => `\`${f.prop}\``);
  const what = always.length > 0 ? `${always.join(', ')} always present` : 'as answers carry its parts';
  const lines = changed.map((f) => fieldLine(f, responses));
  return `/** \`${t.name}\` as the service answers it: ${what}. */\nexport interface ${responses.name(t)} extends ${t.name} {\n${lines.join('\n')}\n}\n`;
}

export function emitModel(r: Reach, entryShapes: ComplexType[], responses: ResponseForms): string {
  const parts = [header('emit/model.ts'), ''];
  for (const e of r.enums) parts.push(enumType(e));
  for (const t of r.complex) {
    parts.push(interfaceOf(t));
    if (responses.has(t)) parts.push(responseInterfaceOf(t, responses));
  }
  parts.push('/** An Atom feed: the feed head and its entries, all of one entry shape. */');
  parts.push('export interface Feed<E> extends FeedHead {\n  entries: E[];\n}\n');
  parts.push(`/** The name of every entry shape of the service. */`);
  parts.push(`export type EntryShapeName = ${entryShapes.map((s) => JSON.stringify(s.name)).join(' | ')};\n`);
  parts.push(`/** Entry shape name → its type. */`);
  parts.push(`export interface EntryShapes {\n${entryShapes.map((s) => `  ${s.name}: ${s.name};`).join('\n')}\n}\n`);
  parts.push(`/** Entry shape name → its type as the service answers it (its response form, where it has one). */`);
  parts.push(`export interface ResponseShapes {\n${entryShapes.map((s) => `  ${s.name}: ${responses.name(s)};`).join('\n')}\n}\n`);
  return parts.join('\n');
}

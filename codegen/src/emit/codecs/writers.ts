/**
 * Writers, the straight-line string builders the encoders call: one function per complex type
 * and document context, built from one statement per construct — attribute, simple content,
 * child element of the sequence (once, optional or repeated; simple or complex). A writer is
 * emitted after the writers it calls.
 */
import type { Attr, ComplexType, Field, Scalar } from '../../xsd/model.js';
import { qualifiedName, type Context, type Namespaces } from './namespaces.js';
import { formatValue } from './simple-types.js';

/** The writers of one generated file, in the order they are to be emitted. */
export class WriterSet {
  private readonly writers = new Map<string, string>();

  constructor(readonly ns: Namespaces) {}

  /** Declares the writer of `t` in `ctx`, after the writers it depends on, unless it already is. */
  require(t: ComplexType, ctx: Context): void {
    const name = writerName(t, ctx);
    if (this.writers.has(name)) return;
    this.writers.set(name, ''); // reserve: dependencies are written first, then this one
    const code = complexTypeWriter(this, t, ctx);
    this.writers.delete(name);
    this.writers.set(name, code);
  }

  /** The writers' code, dependencies first. */
  code(): string {
    return [...this.writers.values()].join('\n\n');
  }
}

export function writerName(t: ComplexType, ctx: Context): string {
  return `w_${t.name}${ctx === 'service' ? '_svc' : ''}`;
}

function attributeCode(t: ComplexType, a: Attr): string {
  const path = `${t.name}.${a.prop}`;
  const write = `s += ${JSON.stringify(` ${a.local}="`)} + ${formatValue(a.scalar, `v.${a.prop}`, path, true)} + '"';`;
  if (a.required) return `  if (v.${a.prop} === undefined) throw new AtomEncodeError('is required', ${JSON.stringify(path)});\n  ${write}`;
  return `  if (v.${a.prop} !== undefined) ${write}`;
}

function simpleContentCode(t: ComplexType, text: { prop: string; scalar: Scalar }): string {
  return `  s += ${formatValue(text.scalar, `v.${text.prop}`, `${t.name}.${text.prop}`, false)};`;
}

/** The statement that appends one occurrence `x` of element `f`: its writer's call or its simple value. */
function occurrenceCode(w: WriterSet, f: Field, ctx: Context, x: string, path: string): string {
  const tag = qualifiedName(w.ns, f.uri, f.local, ctx);
  if (f.complex) {
    w.require(f.complex, ctx);
    return `s += ${writerName(f.complex, ctx)}(${JSON.stringify(tag)}, ${x}, '');`;
  }
  const s = f.scalar!;
  const open = JSON.stringify(`<${tag}>`);
  const close = JSON.stringify(`</${tag}>`);
  const empty = JSON.stringify(`<${tag}/>`);
  if (s.nullable) return `s += ${x} === null ? ${empty} : ${open} + ${formatValue(s, x, path, false)} + ${close};`;
  return `s += ${open} + ${formatValue(s, x, path, false)} + ${close};`;
}

/** The statements that append element `f` of the sequence (of `owner`, for messages) held by `v` to `s`. */
export function elementCode(w: WriterSet, owner: string, f: Field, ctx: Context, v: string): string {
  const path = `${owner}.${f.prop}`;
  if (f.max > 1) {
    return `  { const a = ${v}.${f.prop}; if (a !== undefined) for (let i = 0; i < a.length; i++) { ${occurrenceCode(w, f, ctx, 'a[i]!', path)} } }`;
  }
  if (f.min > 0) {
    return `  if (${v}.${f.prop} === undefined) throw new AtomEncodeError('is required', ${JSON.stringify(path)});\n  ${occurrenceCode(w, f, ctx, `${v}.${f.prop}`, path)}`;
  }
  return `  if (${v}.${f.prop} !== undefined) ${occurrenceCode(w, f, ctx, `${v}.${f.prop}`, path)}`;
}

/** The writer of `t`: its attributes, then its simple content or its sequence, or an empty element. */
function complexTypeWriter(w: WriterSet, t: ComplexType, ctx: Context): string {
  const lines = [`function ${writerName(t, ctx)}(tag: string, v: ${t.name}, ns: string): string {`, `  let s = '<' + tag + ns;`];
  for (const a of t.attrs) lines.push(attributeCode(t, a));
  if (t.fields.length === 0 && !t.text) {
    lines.push(`  return s + '/>';`);
  } else {
    lines.push(`  s += '>';`);
    if (t.text) lines.push(simpleContentCode(t, t.text));
    for (const f of t.fields) lines.push(elementCode(w, t.name, f, ctx, 'v'));
    lines.push(`  return s + '</' + tag + '>';`);
  }
  lines.push('}');
  return lines.join('\n');
}

/**
 * The streaming decoder: saxes events drive a stack of frames, one per open element, each
 * filling the object its shape describes. Nothing is built that the shape does not name:
 * elements of foreign namespaces (and unknown Atom elements) are skipped whole, as Atom's
 * extensibility asks. Every mismatch becomes a Violation with its path; the decoder throws
 * AtomDecodeError and nothing else.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AtomDecodeError, type Violation } from '../errors.js';
import { ATOM_NS } from '../namespaces.js';
import { INVALID, invalidReason, parseScalar, type ScalarSpec } from '../scalars.js';
import type { FieldSpec, ShapeSpec } from '../shape.js';

export interface DecodeOptions {
  /**
   * Namespaces whose unknown elements are violations instead of being skipped. The server
   * passes its own namespaces so a misspelt field is reported, not silently dropped.
   */
  readonly strictNamespaces?: readonly string[];
}

interface Frame {
  readonly parent: Frame | undefined;
  readonly label: string;
  readonly shape: ShapeSpec | undefined;
  readonly scalar: ScalarSpec | undefined;
  readonly field: FieldSpec | undefined;
  readonly value: Record<string, unknown> | undefined;
  text: string;
}

function pathOf(frame: Frame | undefined, tail = ''): string {
  let path = tail;
  for (let f = frame; f; f = f.parent) path = `/${f.label}${path}`;
  return path || '/';
}

function label(field: FieldSpec, index: number): string {
  return field.many ? `${field.local}[${index}]` : field.local;
}

class Decoder {
  readonly violations: Violation[] = [];
  private top: Frame | undefined;
  private skipDepth = 0;
  private result: unknown;
  private readonly strict: ReadonlySet<string>;

  constructor(
    private readonly rootUri: string,
    private readonly rootLocal: string,
    private readonly rootShape: ShapeSpec,
    options: DecodeOptions,
  ) {
    this.strict = new Set(options.strictNamespaces ?? []);
  }

  violation(frame: Frame | undefined, message: string, tail = ''): void {
    // A hostile document could repeat one mistake a million times; a hundred say enough.
    if (this.violations.length < 100) this.violations.push({ path: pathOf(frame, tail), message });
  }

  open(tag: SaxesTagNS): void {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    const parent = this.top;
    if (parent === undefined) {
      if (tag.uri !== this.rootUri || tag.local !== this.rootLocal) {
        this.violation(undefined, `expected the document element {${this.rootUri}}${this.rootLocal}, found {${tag.uri}}${tag.local}`);
        this.skipDepth = 1;
        return;
      }
      this.top = this.complexFrame(undefined, this.rootLocal, this.rootShape, undefined, tag);
      return;
    }
    const shape = parent.shape;
    const field = shape?.byNs.get(tag.uri)?.get(tag.local);
    if (field === undefined) {
      if (shape !== undefined && this.strict.has(tag.uri) && tag.uri !== ATOM_NS) {
        this.violation(parent, 'is not an element this document takes', `/${tag.prefix ? `${tag.prefix}:` : ''}${tag.local}`);
      }
      this.skipDepth = 1;
      return;
    }
    const target = parent.value!;
    let index = 1;
    if (field.many) {
      index = (target[field.prop] as unknown[]).length + 1;
    } else if (target[field.prop] !== undefined) {
      this.violation(parent, 'appears more than once', `/${field.local}`);
    }
    const name = label(field, index);
    this.top = field.shape
      ? this.complexFrame(parent, name, field.shape, field, tag)
      : { parent, label: name, shape: undefined, scalar: field.scalar, field, value: undefined, text: '' };
  }

  private complexFrame(parent: Frame | undefined, name: string, shape: ShapeSpec, field: FieldSpec | undefined, tag: SaxesTagNS): Frame {
    const value: Record<string, unknown> = {};
    for (const prop of shape.manyProps) value[prop] = [];
    const frame: Frame = { parent, label: name, shape, scalar: undefined, field, value, text: '' };
    if (shape.attrs.length > 0) {
      for (const attr of shape.attrs) {
        const raw = tag.attributes[attr.local];
        if (raw === undefined || raw.uri !== '') continue;
        const parsed = parseScalar(attr.scalar, raw.value);
        if (parsed === INVALID) this.violation(frame, `${JSON.stringify(raw.value)} ${invalidReason}`, `/@${attr.local}`);
        else value[attr.prop] = parsed;
      }
      for (const attr of shape.requiredAttrs) {
        if (value[attr.prop] === undefined && tag.attributes[attr.local] === undefined) {
          this.violation(frame, 'is missing', `/@${attr.local}`);
        }
      }
    }
    return frame;
  }

  text(text: string): void {
    if (this.skipDepth === 0 && this.top !== undefined && (this.top.scalar !== undefined || this.top.shape?.text !== undefined)) {
      this.top.text += text;
    }
  }

  close(): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const frame = this.top!;
    this.top = frame.parent;
    let value: unknown;
    if (frame.scalar !== undefined) {
      value = parseScalar(frame.scalar, frame.text);
      if (value === INVALID) {
        this.violation(frame, `${JSON.stringify(frame.text.length > 64 ? `${frame.text.slice(0, 64)}…` : frame.text)} ${invalidReason}`);
        return;
      }
    } else {
      const shape = frame.shape!;
      const obj = frame.value!;
      if (shape.text !== undefined) {
        const parsed = parseScalar(shape.text.scalar, frame.text);
        if (parsed === INVALID) this.violation(frame, `${JSON.stringify(frame.text)} ${invalidReason}`);
        else obj[shape.text.prop] = parsed;
      }
      for (const f of shape.requiredFields) {
        const v = obj[f.prop];
        if (v === undefined || (f.many && (v as unknown[]).length === 0)) this.violation(frame, 'is missing', `/${f.local}`);
      }
      value = obj;
    }
    const field = frame.field;
    if (field === undefined) {
      this.result = value;
      return;
    }
    const target = frame.parent!.value!;
    if (field.many) (target[field.prop] as unknown[]).push(value);
    else if (target[field.prop] === undefined) target[field.prop] = value;
  }

  finish(): unknown {
    if (this.violations.length > 0) {
      const first = this.violations[0]!;
      throw new AtomDecodeError(
        'validation_failed',
        `the document does not fit ${this.rootShape.name}: ${first.path} ${first.message}` +
          (this.violations.length > 1 ? ` (and ${this.violations.length - 1} more)` : ''),
        this.violations,
      );
    }
    return this.result;
  }
}

/**
 * Decodes one document whose document element is {rootUri}rootLocal with the given shape.
 * Throws AtomDecodeError: `invalid_xml` for anything that is not well-formed namespace-valid XML
 * or that carries a DOCTYPE (refused before any entity could be declared, let alone expanded),
 * `validation_failed` with every violation otherwise.
 */
export function decodeDocument(
  xml: string,
  rootUri: string,
  rootLocal: string,
  shape: ShapeSpec,
  options: DecodeOptions = {},
): unknown {
  const decoder = new Decoder(rootUri, rootLocal, shape, options);
  const parser = new SaxesParser({ xmlns: true });
  parser.on('doctype', () => {
    throw new AtomDecodeError('invalid_xml', 'a DOCTYPE is not accepted: documents may not declare a DTD or entities');
  });
  // Only the parser's own complaints are invalid_xml; anything else thrown here is a bug of ours
  // and must surface as itself, not hide behind a 400.
  parser.on('error', (err) => {
    throw new AtomDecodeError('invalid_xml', `not well-formed XML: ${err.message}`);
  });
  parser.on('opentag', (tag) => decoder.open(tag as SaxesTagNS));
  parser.on('text', (text) => decoder.text(text));
  parser.on('cdata', (text) => decoder.text(text));
  parser.on('closetag', () => decoder.close());
  parser.write(xml).close();
  return decoder.finish();
}

/**
 * The streaming decoder: saxes events drive a stack of frames, one per open element, each
 * filling the object its shape describes. Nothing is built that the shape does not name:
 * elements of foreign namespaces (and unknown Atom elements) are skipped whole, as Atom's
 * extensibility asks. Every mismatch becomes a Violation with its path; the decoder throws
 * AtomDecodeError and nothing else.
 *
 * Speed (see bench/): saxes runs without its namespace mode, which allocates an object per
 * attribute and resolves every name; we resolve names ourselves through a per-scope cache
 * from qualified name to field, so the usual element costs two Map lookups. Frames are pooled
 * (they are strictly last-in first-out) and paths are only built when a violation is reported.
 */
import type { SaxesTagPlain } from 'saxes';
import { AtomDecodeError, type Violation } from '../errors.js';
import { ATOM_NS, BATCH_NS, SERVICE_NS } from '../namespaces.js';
import { INVALID, invalidReason, parseScalar, type ScalarSpec } from '../scalars.js';
import type { FieldSpec, ShapeSpec } from '../shape.js';
import { guardedSaxesParser, type XmlRefusal } from './guard.js';

export interface DecodeOptions {
  /**
   * Namespaces whose unknown elements are violations instead of being skipped. The server
   * passes its own namespaces so a misspelt field is reported, not silently dropped.
   */
  readonly strictNamespaces?: readonly string[];
  /**
   * How many elements the document may hold in all, and how many children any one element, skipped
   * foreign elements included; past either it is refused as invalid_xml at that element. Unset:
   * no bound (the SDK reads the server's own listings, which may be of any length).
   */
  readonly maxElements?: number;
  readonly maxChildren?: number;
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * How deep elements may nest: a bound against hostile nesting (a body of a million unclosed
 * `<a>` is refused at the 101st, in microseconds). Our deepest document nests under ten; the rest
 * is room for foreign extension elements, which Atom lets a client add and we skip.
 */
export const MAX_ELEMENT_DEPTH = 100;

/**
 * How many elements a request body may hold. The largest real one is a batch feed of 1,000
 * entries (the server's limit; 413 past it) of the widest entry we take, a client entry of ~30
 * fields: ~30,000 elements; a content entry, the usual batch, has under ten. Three times that is
 * room for the foreign extension elements Atom lets a client add (skipped, but counted).
 */
export const MAX_REQUEST_ELEMENTS = 100_000;

/**
 * How many children one element of a request body may hold: a batch feed's 1,000 entries and
 * its own few elements, with room for the server to answer a batch of up to 5,000 entries with
 * its 413 (too many entries) rather than this cap's 400.
 */
export const MAX_REQUEST_CHILDREN = 5_000;

/**
 * How a service reads what it is sent: strict in atomsync's own namespaces (service and batch),
 * so a misspelt field is a violation rather than silently dropped; Atom and foreign elements
 * stay open, as Atom's extensibility asks; bounded in width (MAX_REQUEST_ELEMENTS,
 * MAX_REQUEST_CHILDREN) as in depth.
 */
export const STRICT_DECODE: DecodeOptions = {
  strictNamespaces: [SERVICE_NS, BATCH_NS],
  maxElements: MAX_REQUEST_ELEMENTS,
  maxChildren: MAX_REQUEST_CHILDREN,
};

/** In-scope namespace declarations, and what qualified names resolve to under them. */
class Scope {
  private readonly fields = new Map<ShapeSpec, Map<string, FieldSpec | null>>();
  constructor(
    readonly parent: Scope | undefined,
    private readonly declared: ReadonlyMap<string, string>,
  ) {}

  uri(prefix: string): string | undefined {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      const u = s.declared.get(prefix);
      if (u !== undefined) return u;
    }
    return prefix === 'xml' ? XML_NS : prefix === '' ? '' : undefined;
  }

  /** {uri, local} of a qualified element name; throws invalid_xml for an unbound prefix. */
  resolve(qname: string): { uri: string; local: string } {
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const uri = this.uri(prefix);
    if (uri === undefined) throw new AtomDecodeError('invalid_xml', `not well-formed XML: the prefix "${prefix}" of <${qname}> is not bound to a namespace`);
    return { uri, local: colon < 0 ? qname : qname.slice(colon + 1) };
  }

  /** The field a child element of `shape` maps to (null: not one of its fields). */
  field(shape: ShapeSpec, qname: string): FieldSpec | null {
    let byName = this.fields.get(shape);
    if (byName === undefined) this.fields.set(shape, (byName = new Map()));
    let f = byName.get(qname);
    if (f === undefined) {
      const { uri, local } = this.resolve(qname);
      f = shape.byNs.get(uri)?.get(local) ?? null;
      byName.set(qname, f);
    }
    return f;
  }
}

const NO_DECLARATIONS = new Map<string, string>();

/** Paths name elements by local name: prefixes are the document's choice, not the data's. */
function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
}

// Stands in for a value that was present but invalid, so the field is not also reported
// missing. It never escapes: any violation makes the decoder throw instead of returning.
const PRESENT_BUT_INVALID = Symbol('present but invalid');

function declarations(attributes: Record<string, string>): Map<string, string> | undefined {
  let found: Map<string, string> | undefined;
  for (const name in attributes) {
    if (name.charCodeAt(0) !== 120 /* x */ || !name.startsWith('xmlns')) continue;
    if (name.length === 5) (found ??= new Map()).set('', attributes[name]!);
    else if (name.charCodeAt(5) === 58 /* : */) (found ??= new Map()).set(name.slice(6), attributes[name]!);
  }
  return found;
}

interface Frame {
  shape: ShapeSpec | undefined;
  scalar: ScalarSpec | undefined;
  field: FieldSpec | undefined;
  value: Record<string, unknown> | undefined;
  scope: Scope;
  /** The element's qualified name and 1-based position among its repeated siblings, for paths. */
  name: string;
  index: number;
  text: string;
}

class Decoder {
  readonly violations: Violation[] = [];
  private readonly frames: Frame[] = [];
  private depth = 0; // frames[0..depth) are open
  private skipDepth = 0;
  private result: unknown;
  private readonly strict: ReadonlySet<string>;

  constructor(
    private readonly rootUri: string,
    private readonly rootLocal: string,
    private readonly rootShape: ShapeSpec,
    private readonly rootScope: Scope,
    options: DecodeOptions,
  ) {
    this.strict = new Set(options.strictNamespaces ?? []);
  }

  private pathOf(depth: number, tail = ''): string {
    let path = '';
    for (let i = 0; i < depth; i++) {
      const f = this.frames[i]!;
      path += `/${localName(f.name)}${f.field?.many ? `[${f.index}]` : ''}`;
    }
    return path + tail || '/';
  }

  private violation(depth: number, message: string, tail = ''): void {
    // A hostile document could repeat one mistake a million times; a hundred say enough.
    if (this.violations.length < 100) this.violations.push({ path: this.pathOf(depth, tail), message });
  }

  /** Opens a frame (reusing a pooled one) for an element being read. */
  private push(
    shape: ShapeSpec | undefined,
    scalar: ScalarSpec | undefined,
    field: FieldSpec | undefined,
    value: Record<string, unknown> | undefined,
    scope: Scope,
    name: string,
    index: number,
  ): void {
    let f = this.frames[this.depth];
    if (f === undefined) {
      f = { shape, scalar, field, value, scope, name, index, text: '' };
      this.frames.push(f);
    } else {
      f.shape = shape;
      f.scalar = scalar;
      f.field = field;
      f.value = value;
      f.scope = scope;
      f.name = name;
      f.index = index;
      f.text = '';
    }
    this.depth++;
  }

  open(tag: SaxesTagPlain): void {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    const attributes = tag.attributes as Record<string, string>;
    const parent = this.depth > 0 ? this.frames[this.depth - 1]! : undefined;
    const outer = parent?.scope ?? this.rootScope;
    const declared = declarations(attributes);
    const scope = declared ? new Scope(outer, declared) : outer;
    const qname = tag.name;
    if (parent === undefined) {
      const { uri, local } = scope.resolve(qname);
      if (uri !== this.rootUri || local !== this.rootLocal) {
        this.violation(0, `expected the document element {${this.rootUri}}${this.rootLocal}, found {${uri}}${local}`);
        this.skipDepth = 1;
        return;
      }
      this.complexFrame(this.rootShape, undefined, scope, qname, 1, attributes);
      return;
    }
    const shape = parent.shape;
    const field = shape === undefined ? null : scope.field(shape, qname);
    if (field === null) {
      // Resolving rejects an unbound prefix on the element itself; inside content we skip,
      // names are not resolved at all (we read none of it).
      const { uri } = scope.resolve(qname);
      if (shape !== undefined && uri !== ATOM_NS && this.strict.has(uri)) {
        this.violation(this.depth, 'is not an element this document takes', `/${localName(qname)}`);
      }
      this.skipDepth = 1;
      return;
    }
    const target = parent.value!;
    let index = 1;
    if (field.many) index = (target[field.prop] as unknown[]).length + 1;
    else if (target[field.prop] !== undefined) this.violation(this.depth, 'appears more than once', `/${localName(qname)}`);
    if (field.shape !== undefined) {
      this.complexFrame(field.shape, field, scope, qname, index, attributes);
    } else {
      this.push(undefined, field.scalar, field, undefined, scope, qname, index);
    }
  }

  private complexFrame(shape: ShapeSpec, field: FieldSpec | undefined, scope: Scope, qname: string, index: number, attributes: Record<string, string>): void {
    const value: Record<string, unknown> = {};
    const manyProps = shape.manyProps;
    for (let i = 0; i < manyProps.length; i++) value[manyProps[i]!] = [];
    this.push(shape, undefined, field, value, scope, qname, index);
    const attrs = shape.attrs;
    for (let i = 0; i < attrs.length; i++) {
      const attr = attrs[i]!;
      const raw = attributes[attr.local];
      if (raw === undefined) {
        if (attr.required) this.violation(this.depth, 'is missing', `/@${attr.local}`);
        continue;
      }
      const parsed = parseScalar(attr.scalar, raw);
      if (parsed === INVALID) {
        this.violation(this.depth, `${JSON.stringify(raw)} ${invalidReason}`, `/@${attr.local}`);
        value[attr.prop] = PRESENT_BUT_INVALID;
      } else value[attr.prop] = parsed;
    }
  }

  text(text: string): void {
    if (this.skipDepth === 0 && this.depth > 0) {
      const top = this.frames[this.depth - 1]!;
      if (top.scalar !== undefined || top.shape?.text !== undefined) top.text += text;
    }
  }

  close(): void {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const frame = this.frames[this.depth - 1]!;
    let value: unknown;
    if (frame.scalar !== undefined) {
      value = parseScalar(frame.scalar, frame.text);
      if (value === INVALID) {
        const t = frame.text;
        this.violation(this.depth, `${JSON.stringify(t.length > 64 ? `${t.slice(0, 64)}…` : t)} ${invalidReason}`);
      }
    } else {
      const shape = frame.shape!;
      const obj = frame.value!;
      if (shape.text !== undefined) {
        const parsed = parseScalar(shape.text.scalar, frame.text);
        if (parsed === INVALID) this.violation(this.depth, `${JSON.stringify(frame.text)} ${invalidReason}`);
        else obj[shape.text.prop] = parsed;
      }
      const required = shape.requiredFields;
      for (let i = 0; i < required.length; i++) {
        const f = required[i]!;
        const v = obj[f.prop];
        if (v === undefined || (f.many && (v as unknown[]).length === 0)) this.violation(this.depth, 'is missing', `/${f.local}`);
      }
      value = obj;
    }
    this.depth--;
    frame.text = '';
    const field = frame.field;
    if (field === undefined) {
      this.result = value;
      return;
    }
    const target = this.frames[this.depth - 1]!.value!;
    if (value === INVALID) value = PRESENT_BUT_INVALID;
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

/** The guards' refusals as Atom says them: invalid_xml, with why. */
function refusal({ kind, message }: XmlRefusal): AtomDecodeError {
  if (kind === 'doctype') return new AtomDecodeError('invalid_xml', `${message}: documents may not declare a DTD or entities`);
  if (kind === 'depth') return new AtomDecodeError('invalid_xml', `${message}; no document we read nests that deep`);
  return new AtomDecodeError('invalid_xml', message);
}

/**
 * Decodes one document whose document element is {rootUri}rootLocal with the given shape.
 * Throws AtomDecodeError: `invalid_xml` for anything that is not well-formed namespace-valid XML,
 * that carries a DOCTYPE (refused before any entity could be declared, let alone expanded), that
 * nests elements deeper than MAX_ELEMENT_DEPTH or holds more elements or children than the
 * options' bounds, `validation_failed` with every violation otherwise.
 * Linear in the document whatever it holds: one parse, stopped at the first error.
 */
export function decodeDocument(
  xml: string,
  rootUri: string,
  rootLocal: string,
  shape: ShapeSpec,
  options: DecodeOptions = {},
): unknown {
  const decoder = new Decoder(rootUri, rootLocal, shape, new Scope(undefined, NO_DECLARATIONS), options);
  // One parse, whatever the document: an error is reported with saxes' own message from this
  // parse and never by parsing again. Positions cost nothing to ask for: saxes counts lines and
  // columns whether or not `position` is set (the option only decides whether its messages say
  // them; the codec bench measured no difference), so the message says where the document breaks.
  // The guards (guard.ts) refuse a DOCTYPE, count the depth before the decoder sees the element
  // (skipped foreign content counts too) and stop at the first error. Only the parser's own
  // complaints are invalid_xml; anything else thrown here is a bug of ours and must surface as
  // itself, not hide behind a 400.
  // Width is counted here, when the options bound it: elements in all, and each open element's
  // children so far (children[d]: of the open element at depth d; children[0]: the document's).
  let elements = 0;
  const maxElements = options.maxElements ?? Infinity;
  const maxChildren = options.maxChildren ?? Infinity;
  const children = new Array<number>(MAX_ELEMENT_DEPTH + 1).fill(0);
  const parser = guardedSaxesParser(
    { position: true },
    { maxDepth: MAX_ELEMENT_DEPTH, fail: refusal },
    {
      opentag: (tag, depth) => {
        if (++elements > maxElements) throw new AtomDecodeError('invalid_xml', `more than ${maxElements} elements at ${parser.line}:${parser.column}; no request holds that many`);
        if (++children[depth - 1]! > maxChildren) throw new AtomDecodeError('invalid_xml', `more than ${maxChildren} children in one element at ${parser.line}:${parser.column}; no request holds that many`);
        children[depth] = 0;
        decoder.open(tag as SaxesTagPlain);
      },
      closetag: () => decoder.close(),
    },
  );
  parser.on('text', (text) => decoder.text(text));
  parser.on('cdata', (text) => decoder.text(text));
  parser.write(xml).close();
  return decoder.finish();
}

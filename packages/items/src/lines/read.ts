/**
 * A lenient content-line reader for the legacy formats ical.js does not read: vCard 2.1 and
 * vCalendar 1.0 (QUOTED-PRINTABLE values with soft line breaks, CHARSET parameters, bare parameters
 * such as `TEL;CELL;VOICE`), and the fallback for vCard 3.0/4.0 and iCalendar texts ical.js refuses
 * (real clients write bare parameters and stray lines in 3.0 too).
 *
 * Output is decoded and unescaped, so a property reads the same whatever encoding the client used.
 */
import iconv from 'iconv-lite';
import qp from 'quoted-printable';

/** One property, its values decoded: what the canonicalizers consume from either reader. */
export interface Prop {
  /** Upper case, group prefix (`item1.`) removed. */
  readonly name: string;
  /** Upper-case names; values as written (TYPE values are split on commas). */
  readonly params: Readonly<Record<string, readonly string[]>>;
  /** Structured components (N, ADR, ORG…) or the values of a multi-valued property, unescaped. */
  readonly values: readonly string[];
}

/** A component (VCARD, VCALENDAR, VEVENT, VALARM…) of a lenient read. */
export interface Block {
  readonly name: string;
  readonly props: Prop[];
  readonly blocks: Block[];
  /** Lines that are no content line at all; they still count in the fingerprint. */
  readonly stray: string[];
}

/** Bare parameters of vCard 2.1 / vCalendar 1.0 that name an encoding rather than a type. */
const BARE_ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', '8BIT', '7BIT', 'B']);

/** Properties whose value has `;`-separated components, in every version. */
const STRUCTURED = new Set(['N', 'ADR', 'ORG', 'GEO', 'CLIENTPIDMAP', 'GENDER', 'REQUEST-STATUS']);
/** Properties whose value is a list (comma separated from vCard 3.0 / iCalendar 2.0 on). */
const LISTS = new Set(['CATEGORIES', 'NICKNAME', 'RESOURCES', 'EXDATE', 'RDATE']);

/**
 * Reads `text` into components. `legacy` is vCard 2.1 / vCalendar 1.0: folding keeps the
 * whitespace (2.1 §2.1.3), backslash escapes only `;`, and lists are `;`-separated.
 */
export function readBlocks(text: string, legacy: boolean): Block[] {
  const logical = unfoldLines(text, legacy);
  const root: Block = { name: '', props: [], blocks: [], stray: [] };
  const stack: Block[] = [root];
  for (const line of logical) {
    const top = stack[stack.length - 1] ?? root;
    const parsed = parseLine(line, legacy);
    if (!parsed) {
      top.stray.push(line.trim());
      continue;
    }
    if (parsed.name === 'BEGIN') {
      const block: Block = { name: (parsed.values[0] ?? '').trim().toUpperCase(), props: [], blocks: [], stray: [] };
      top.blocks.push(block);
      stack.push(block);
    } else if (parsed.name === 'END') {
      if (stack.length > 1) stack.pop();
    } else {
      top.props.push(parsed);
    }
  }
  return root.blocks.length > 0 ? root.blocks : [root];
}

/**
 * The logical lines of `text`, empty ones dropped: QUOTED-PRINTABLE soft line breaks joined first,
 * then whitespace folding (its whitespace kept when `legacy`, 2.1 §2.1.3).
 */
export function unfoldLines(text: string, legacy: boolean): string[] {
  const physical = text.replace(/\r\n?/g, '\n').split('\n');
  const logical: string[] = [];
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i] ?? '';
    // QUOTED-PRINTABLE soft line breaks: a value line ending in '=' continues on the next line,
    // which need not start with whitespace.
    if (isQuotedPrintable(line)) {
      while (line.endsWith('=') && i + 1 < physical.length) line = line.slice(0, -1) + (physical[++i] ?? '');
    }
    if ((line.startsWith(' ') || line.startsWith('\t')) && logical.length > 0) {
      logical[logical.length - 1] += legacy ? line : line.slice(1);
      continue;
    }
    if (line.trim() !== '') logical.push(line);
  }
  return logical;
}

function isQuotedPrintable(line: string): boolean {
  const colon = line.indexOf(':');
  return colon > 0 && /QUOTED-PRINTABLE/i.test(line.slice(0, colon));
}

function parseLine(line: string, legacy: boolean): Prop | null {
  const head = splitHead(line);
  if (!head) return null;
  const [nameAndParams, raw] = head;
  const parts = splitOutsideQuotes(nameAndParams, ';');
  const fullName = (parts[0] ?? '').trim().toUpperCase();
  const name = fullName.slice(fullName.lastIndexOf('.') + 1);
  if (!/^[A-Z0-9-]+$/.test(name)) return null;

  const params: Record<string, string[]> = {};
  const add = (key: string, values: string[]) => ((params[key] ??= []).push(...values));
  for (const part of parts.slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) {
      const bare = part.trim().toUpperCase();
      if (bare === '') continue;
      add(BARE_ENCODINGS.has(bare) ? 'ENCODING' : 'TYPE', [bare]);
      continue;
    }
    const key = part.slice(0, eq).trim().toUpperCase();
    const values = splitOutsideQuotes(part.slice(eq + 1), ',').map((v) => v.trim().replace(/^"(.*)"$/, '$1'));
    add(key, values);
  }

  let value = raw;
  const encoding = (params.ENCODING?.[0] ?? '').toUpperCase();
  if (encoding === 'QUOTED-PRINTABLE') {
    value = decodeQuotedPrintable(value, params.CHARSET?.[0]);
    delete params.ENCODING;
  } else if (encoding === 'BASE64' || encoding === 'B') {
    params.ENCODING = ['B'];
    value = value.replace(/\s+/g, '');
  }
  delete params.CHARSET;
  return { name, params, values: splitValue(name, value, legacy) };
}

/** [name;params, value] at the first ':' outside a quoted parameter value. */
function splitHead(line: string): [string, string] | null {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return [line.slice(0, i), line.slice(i + 1)];
  }
  return null;
}

/** Splits a line's head (`NAME;P=a;Q="x;y"`) or a parameter's values on `separator` outside quotes. */
export function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/**
 * QP bytes, then the CHARSET (default UTF-8, the charset every phone we know sends; also for a
 * CHARSET iconv does not know).
 */
export function decodeQuotedPrintable(value: string, charset: string | undefined): string {
  // The body reached us as a JS string: only an ASCII value is still QP-encoded bytes.
  if (!/^[\x00-\x7f]*$/.test(value)) return value;
  const bytes = Buffer.from(qp.decode(value), 'latin1');
  const cs = charset && iconv.encodingExists(charset) ? charset : 'utf-8';
  return iconv.decode(bytes, cs);
}

/** Splits on unescaped separators and unescapes; the separators depend on property and version. */
function splitValue(name: string, value: string, legacy: boolean): string[] {
  if (STRUCTURED.has(name)) return splitEscaped(value, ';').map((v) => unescapeValue(v, legacy));
  // Legacy lists are ';'-separated (vCalendar 1.0), but phones write commas as well.
  if (LISTS.has(name)) {
    const items = legacy ? splitEscaped(value, ';').flatMap((v) => v.split(',')) : splitEscaped(value, ',');
    return items.map((v) => unescapeValue(v, legacy));
  }
  return [unescapeValue(value, legacy)];
}

/** Splits a value on `separator` where no backslash escapes it; the parts stay escaped. */
export function splitEscaped(value: string, separator: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (c === separator) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out;
}

/**
 * A value's text: 2.1 / 1.0 (`legacy`) escape only `;` (and the backslash), 3.0/4.0 and
 * iCalendar also `,` and a line break as `\n`.
 */
export function unescapeValue(value: string, legacy: boolean): string {
  if (legacy) return value.replace(/\\([;\\])/g, '$1');
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** vCard 2.1 / vCalendar 1.0, judged by the VERSION line. */
export function isLegacyVersion(text: string): boolean {
  return /^VERSION:\s*(2\.1|1\.0)\s*$/im.test(text);
}

/** Texts ical.js cannot read as written: QUOTED-PRINTABLE or CHARSET parameters. */
export function needsLegacyReader(text: string): boolean {
  return isLegacyVersion(text) || /;\s*(ENCODING=)?QUOTED-PRINTABLE|;\s*CHARSET=/i.test(text);
}

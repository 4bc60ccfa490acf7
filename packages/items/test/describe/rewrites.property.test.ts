/**
 * Properties over the realistic items of fixtures/twins.ts: rewrites a client makes on its own
 * (property order, line folding, CRLF vs LF, case of names, empty properties) never change the
 * description; describeItem never throws, whatever the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeItem, type ItemDataclass } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';

/** Logical content lines: RFC folding undone, QUOTED-PRINTABLE soft breaks joined. */
function logicalLines(text: string, legacy: boolean): string[] {
  const out: string[] = [];
  const physical = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < physical.length; i++) {
    let line = physical[i]!;
    if (/QUOTED-PRINTABLE/i.test(line.split(':')[0] ?? '')) while (line.endsWith('=') && i + 1 < physical.length) line = `${line.slice(0, -1)}${physical[++i]}`;
    if (/^[ \t]/.test(line) && out.length > 0) out[out.length - 1] += legacy ? line : line.slice(1);
    else if (line !== '') out.push(line);
  }
  return out;
}

interface Node { head: string; props: string[]; children: Node[]; tail: string }

function tree(lines: string[]): Node {
  const root: Node = { head: '', props: [], children: [], tail: '' };
  const stack = [root];
  for (const line of lines) {
    const top = stack[stack.length - 1]!;
    if (/^BEGIN:/i.test(line)) {
      const node: Node = { head: line, props: [], children: [], tail: '' };
      top.children.push(node);
      stack.push(node);
    } else if (/^END:/i.test(line)) {
      top.tail = line;
      stack.pop();
    } else top.props.push(line);
  }
  return root;
}

/** Writes a tree back, props and children shuffled by `order`, lines folded at `fold` (0: none). */
function write(node: Node, order: () => number, fold: number, eol: string): string {
  const entries: (string | Node)[] = [...node.props, ...node.children];
  // VERSION stays first: readers decide the version (and 2.1 folding) by it.
  const version = entries.findIndex((e) => typeof e === 'string' && /^VERSION:/i.test(e));
  const head = version >= 0 ? entries.splice(version, 1) : [];
  const shuffled = entries.map((e) => [order(), e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e);
  const foldLine = (line: string) => {
    if (fold === 0 || /QUOTED-PRINTABLE/i.test(line)) return line;
    const chunks: string[] = [];
    for (let i = 0; i < line.length; i += fold) chunks.push(line.slice(i, i + fold));
    return chunks.join(`${eol} `);
  };
  const body = [...head, ...shuffled].map((e) => (typeof e === 'string' ? foldLine(e) + eol : write(e, order, fold, eol))).join('');
  return node.head === '' ? body : `${node.head}${eol}${body}${node.tail}${eol}`;
}

const samples = TWIN_PAIRS.flatMap((p) => [p.a, p.b].map((text) => ({ dataclass: p.dataclass, text, name: p.name })))
  .filter((s) => /^\s*BEGIN:/i.test(s.text));

const describeAs = (dataclass: ItemDataclass, body: string) => describeItem({ dataclass, type: 'text/plain', title: '', body });

describe('rewrites never change the description', () => {
  it('reordering properties and components, refolding, CRLF or LF', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        fc.integer({ min: 0, max: 74 }),
        fc.constantFrom('\r\n', '\n'),
        (sample, randoms, fold, eol) => {
          const legacy = /^VERSION:(2\.1|1\.0)/im.test(sample.text);
          const rewritten = write(tree(logicalLines(sample.text, legacy)), () => randoms.next().value, legacy ? 0 : fold < 8 ? 0 : fold, eol);
          expect(describeAs(sample.dataclass, rewritten)).toEqual(describeAs(sample.dataclass, sample.text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('upper- or lower-casing property names and adding empty properties', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.constantFrom('NOTE', 'URL', 'TITLE', 'X-EMPTY', 'LOCATION', 'DESCRIPTION'),
        fc.boolean(),
        (sample, empty, lower) => {
          const lines = logicalLines(sample.text, /^VERSION:(2\.1|1\.0)/im.test(sample.text));
          const rewritten = lines
            .map((line) => {
              if (/^(BEGIN|END|VERSION):/i.test(line) || /QUOTED-PRINTABLE/i.test(line)) return line;
              const colon = line.search(/[;:]/);
              const name = line.slice(0, colon);
              return (lower ? name.toLowerCase() : name.toUpperCase()) + line.slice(colon);
            })
            .flatMap((line) => (/^BEGIN:(VCARD|VEVENT|VTODO)/i.test(line) ? [line, `${empty}:`] : [line]))
            .join('\r\n');
          expect(describeAs(sample.dataclass, rewritten)).toEqual(describeAs(sample.dataclass, sample.text));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('describeItem never throws', () => {
  const dataclass = fc.constantFrom<ItemDataclass>('Contacts', 'Events', 'Tasks', 'Notes');

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(dataclass, fc.string({ unit: 'binary', maxLength: 400 }), (d, body) => {
        const description = describeAs(d, body);
        expect(typeof description.fingerprint).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('on real items cut, spliced and salted with garbage', () => {
    const tokens = fc.constantFrom(
      'BEGIN:VCARD', 'END:VCARD', 'BEGIN:VEVENT', 'END:VEVENT', 'BEGIN:VTIMEZONE', 'TZID:X', 'DTSTART;TZID=X:20250101T100000',
      'TEL;CELL:', 'TEL:+', 'N;ENCODING=QUOTED-PRINTABLE;CHARSET=KOI8-R:=D0=', '=', ';;;', ':', '"', 'RRULE:FREQ=', 'DTSTART:2025',
      'PHOTO;ENCODING=b:@@@', 'VERSION:2.1', 'VERSION:1.0', 'TZ:+99', 'DAYLIGHT:TRUE;x;y;z', '\r\n', ' ', '\t',
    );
    fc.assert(
      fc.property(dataclass, fc.constantFrom(...samples), fc.nat(), fc.nat(), fc.array(tokens, { maxLength: 8 }), (d, sample, cut, at, salt) => {
        const text = sample.text.slice(0, cut % (sample.text.length + 1));
        const position = at % (text.length + 1);
        const body = `${text.slice(0, position)}${salt.join('\r\n')}${text.slice(position)}`;
        expect(typeof describeAs(d, body).fingerprint).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});

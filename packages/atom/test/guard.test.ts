/**
 * The XML guards every reader shares (src/xml/guard.ts): a DOCTYPE is refused before anything
 * of it is read, the depth cap holds exactly, and the parse stops at its first fault with one
 * refusal, in the caller's own error.
 */
import { describe, expect, it } from 'vitest';
import { guardedSaxesParser, type XmlRefusal } from '../src/xml/guard.js';

class Refused extends Error {
  constructor(readonly refusal: XmlRefusal) {
    super(refusal.message);
  }
}

/** Parses `xml` under the guards; what was refused (or undefined) and the depths the caller saw. */
function parse(xml: string, maxDepth: number): { refusal: XmlRefusal | undefined; refusals: number; opened: number[]; closed: number[] } {
  const opened: number[] = [];
  const closed: number[] = [];
  let refusals = 0;
  const parser = guardedSaxesParser(
    { xmlns: false },
    {
      maxDepth,
      fail: (refusal) => {
        refusals++;
        return new Refused(refusal);
      },
    },
    { opentag: (_tag, depth) => opened.push(depth), closetag: (_tag, depth) => closed.push(depth) },
  );
  try {
    parser.write(xml).close();
    return { refusal: undefined, refusals, opened, closed };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { refusal: error.refusal, refusals, opened, closed };
  }
}

const nested = (n: number): string => '<a>'.repeat(n) + '</a>'.repeat(n);

describe('guardedSaxesParser', () => {
  it('refuses a DOCTYPE before the document element is opened', () => {
    const { refusal, opened } = parse('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', 8);
    expect(refusal?.kind).toBe('doctype');
    expect(refusal?.message).toMatch(/DOCTYPE is not accepted/);
    expect(opened).toEqual([]);
  });

  it('reads maxDepth levels and refuses the next one, where it opens', () => {
    const within = parse(nested(8), 8);
    expect(within.refusal).toBeUndefined();
    expect(within.opened).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(within.closed).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    const past = parse(nested(9), 8);
    expect(past.refusal?.kind).toBe('depth');
    expect(past.refusal?.message).toMatch(/^elements nested more than 8 deep at 1:\d+$/);
    expect(past.opened).toHaveLength(8);
  });

  it('counts a self-closed element as opened and closed', () => {
    expect(parse('<a><b/><b/></a>', 2)).toMatchObject({ refusal: undefined, opened: [1, 2, 2], closed: [2, 2, 1] });
  });

  it('stops at the first fault: a stray close tag under a deep stack is one refusal, with saxes\' error as cause', () => {
    const { refusal, refusals } = parse(`${'<a>'.repeat(1000)}</b>`, 2000);
    expect(refusal?.kind).toBe('malformed');
    expect(refusal?.message).toMatch(/^not well-formed XML: /);
    expect(refusal?.cause).toBeInstanceOf(Error);
    expect(refusals).toBe(1);
  });
});

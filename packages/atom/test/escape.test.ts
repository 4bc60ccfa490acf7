/** The one XML escaper: what it writes, and its two answers to a character XML cannot carry. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AtomEncodeError, escapeAttr, escapeText } from '@atomsync/atom';

describe('escapeText and escapeAttr', () => {
  it('write &, <, > as entities and a CR as a reference; attributes also ", tab and LF', () => {
    expect(escapeText('a & b < c > d\r\n"\t')).toBe('a &amp; b &lt; c &gt; d&#13;\n"\t');
    expect(escapeAttr('a & b < c > d\r\n"\t')).toBe('a &amp; b &lt; c &gt; d&#13;&#10;&quot;&#9;');
  });

  it('give plain text back as it is, a surrogate pair too', () => {
    expect(escapeText('plain ☃ 😀')).toBe('plain ☃ 😀');
  });

  const illegal: [string, string][] = [
    ['a C0 control', 'a\u0001b'],
    ['U+FFFE', 'a\ufffeb'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
  ];
  for (const [what, value] of illegal) {
    it(`${what}: refused by default (AtomEncodeError), U+FFFD with 'replace'`, () => {
      expect(() => escapeText(value)).toThrow(AtomEncodeError);
      expect(() => escapeAttr(value)).toThrow(AtomEncodeError);
      expect(escapeText(`<${value}`, 'replace')).toBe('&lt;a\ufffdb');
      expect(escapeAttr(`"${value}`, 'replace')).toBe('&quot;a\ufffdb');
    });
  }

  it("escapeText's replacements, each of its own, write what one replacement per character writes", () => {
    // The reference: every character mapped on its own, in one pass (an & a replacement brings is never escaped again).
    const reference = (value: string) => value.replace(/[&<>\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' })[c]!);
    const text = fc.array(fc.constantFrom('&', '<', '>', '\r', '\n', 'a', ';', '#', '1', '3', 'amp', '&amp;', '&#13;', '☃', '😀')).map((parts) => parts.join(''));
    fc.assert(fc.property(text, (value) => escapeText(value) === reference(value)), { numRuns: 2000 });
  });
});

/**
 * foldLine (lines/fold.ts), the one folding rule every writer uses (the items writer, and the
 * console's edit form through `@atomsync/items/files`): at 75 octets of UTF-8, the continuations'
 * space counted, never inside a UTF-8 sequence or a surrogate pair, and undone by the one unfolding.
 */
import { describe, expect, it } from 'vitest';
import { FOLD_OCTETS, foldLine, unfoldText } from '../../src/lines/fold.js';

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Each physical line's octets, and that the text unfolds back to `line`. */
function check(line: string): number[] {
  const folded = foldLine(line);
  expect(unfoldText(folded)).toBe(line);
  const physical = folded.split('\r\n');
  // No surrogate pair cut: no physical line starts (after its fold space) with a low one or ends with a high one.
  expect(physical.filter((part) => /^ ?[\udc00-\udfff]/.test(part) || /[\ud800-\udbff]$/.test(part))).toEqual([]);
  return physical.map(octets);
}

describe('foldLine', () => {
  it('leaves a line of at most 75 octets as it is', () => {
    expect(foldLine('FN:Ada')).toBe('FN:Ada');
    const full = `NOTE:${'x'.repeat(FOLD_OCTETS - 5)}`;
    expect(foldLine(full)).toBe(full);
    // 25 three-octet letters: 75 octets.
    expect(foldLine('€'.repeat(25))).toBe('€'.repeat(25));
  });

  it('folds past 75 octets: the first line 75, each continuation a space and 74', () => {
    const line = `NOTE:${'x'.repeat(200)}`;
    expect(check(line)).toEqual([75, 75, 57]);
    expect(foldLine(line).split('\r\n').slice(1).every((l) => l.startsWith(' '))).toBe(true);
  });

  it('never cuts a UTF-8 sequence or a surrogate pair', () => {
    for (const letter of ['é', '€', '😀']) {
      for (let prefix = 0; prefix < 4; prefix++) {
        const sizes = check(`${'a'.repeat(prefix)}NOTE:${letter.repeat(60)}`);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(FOLD_OCTETS);
        // Full up to the last letter that fits.
        expect(sizes[0]).toBeGreaterThan(FOLD_OCTETS - octets(letter));
      }
    }
  });

  it('counts a lone surrogate as the 3 octets of U+FFFD it is written as', () => {
    const line = `NOTE:${'\ud800'.repeat(30)}`;
    expect(foldLine(line).split('\r\n').map((l) => octets(l))).toEqual([5 + 23 * 3, 1 + 7 * 3]);
  });
});

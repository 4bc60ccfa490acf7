/**
 * Phone numbers: formatting never counts, the region comes from the card, and the fast path for
 * international numbers gives exactly what libphonenumber gives.
 */
import fc from 'fast-check';
import lpn from 'google-libphonenumber';
import { describe, expect, it } from 'vitest';
import { canonicalPhones } from '../../src/vcard/phone.js';

const util = lpn.PhoneNumberUtil.getInstance();
const libphonenumberE164 = (text: string): string | null => {
  try {
    return util.format(util.parse(text, 'ZZ'), lpn.PhoneNumberFormat.E164);
  } catch {
    return null;
  }
};

describe('canonicalPhones', () => {
  it.each([
    ['+49 30 1234567', '+49301234567'],
    ['+49-30-1234567', '+49301234567'],
    ['+49 (0)30 1234567', '+49301234567'],
    ['+49 030 1234567', '+49301234567'],
    ['0049 30 1234567', '+49301234567'],
    ['+39 06 1234 5678', '+390612345678'],
    ['+1 (212) 555-0134', '+12125550134'],
    ['tel:+1-212-555-0134;ext=12', '+12125550134;ext=12'],
    ['+1 212 555 0134 x12', '+12125550134;ext=12'],
    ['+7 8 495 123-45-67', '+74951234567'],
    ['*100#', '*100#'],
    ['1-800-FLOWERS', '1800FLOWERS'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalPhones([raw])).toEqual([canonical]);
  });

  it("reads national numbers in the region most of the card's international numbers have (ties by name)", () => {
    expect(canonicalPhones(['+49 171 2233445', '(030) 1234567'])).toEqual(['+491712233445', '+49301234567']);
    expect(canonicalPhones(['(030) 1234567', '+33 1 23 45 67 89'])).toEqual(['+33301234567', '+33123456789']);
    expect(canonicalPhones(['+1 212 555 0134', '(030) 1234567', '+49 171 2233445', '+49 89 7209477'])[1]).toBe('+49301234567');
    // A tie (one German, one US number) goes to the region first by name, in either order.
    expect(canonicalPhones(['+49 171 2233445', '+1 212 555 0134', '(030) 1234567'])[2]).toBe('+49301234567');
    expect(canonicalPhones(['+1 212 555 0134', '+49 171 2233445', '(030) 1234567'])[2]).toBe('+49301234567');
    expect(canonicalPhones(['+1 212 555 0134', '(415) 555-0199'])).toEqual(['+12125550134', '+14155550199']);
  });

  it('keeps a national number as its dial string when the card names no region', () => {
    expect(canonicalPhones(['(030) 123 45 67'])).toEqual(['0301234567']);
    expect(canonicalPhones(['030/1234567'])).toEqual(canonicalPhones(['030-123 4567']));
  });

  it('gives what libphonenumber gives for any international number (fast path included)', () => {
    const codes = ['1', '7', '20', '31', '33', '36', '39', '41', '43', '44', '49', '52', '55', '61', '81', '86', '91', '353', '358', '420', '972', '800', '999'];
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.stringMatching(/^[0-9]{4,12}$/), (code, national) => {
        const dial = `+${code}${national}`;
        const expected = libphonenumberE164(dial) ?? dial;
        expect(canonicalPhones([dial])).toEqual([expected]);
      }),
      { numRuns: 2000 },
    );
  });

  it('formatting never changes a number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+[1-9][0-9]{6,12}$/), fc.array(fc.constantFrom(' ', '-', '.', '/'), { minLength: 12, maxLength: 12 }), (dial, seps) => {
        const formatted = [...dial].map((c, i) => (i > 1 && seps[i % seps.length] !== '/' ? `${seps[i % seps.length]}${c}` : c)).join('');
        expect(canonicalPhones([formatted])).toEqual(canonicalPhones([dial]));
      }),
    );
  });
});

/**
 * Phone numbers in one form, so "+49 30 1234567", "+49-30-1234567", "+49 (0)30 1234567" and, in a
 * German card, "(030) 1234567" are one number.
 *
 * The rule (libphonenumber does the numbering-plan work):
 * - International numbers (leading `+`, or `00`, the ITU international prefix) become E.164.
 * - National numbers become E.164 only when the card itself tells the region: the region most of
 *   the card's international numbers have, ties broken by region name so property order never
 *   counts (a German mobile number makes "(030) 1234567" Berlin). We
 *   never guess a region from the server's locale: the same text must describe the same way on
 *   every server.
 * - Without a region, or when libphonenumber cannot read it, a number is its dial string: digits,
 *   `+`, `*`, `#` and letters (vanity numbers), formatting removed. So formatting never counts, and
 *   a national number twins only an equally national one.
 * - An extension is kept (`;ext=12`): a different extension is a different phone.
 */
import lpn from 'google-libphonenumber';

const util = lpn.PhoneNumberUtil.getInstance();
/** In the library, missing from its typings. */
const metadata = util as unknown as {
  getMetadataForRegion(region: string): { getNationalPrefixForParsing(): string | undefined } | null | undefined;
};
const E164 = lpn.PhoneNumberFormat.E164;

interface Reading {
  readonly canonical: string;
  /** ISO region of an international number (`DE`), null when none. */
  readonly region: string | null;
}

/**
 * libphonenumber costs ~5 µs a number: readings are cached by the number's dial string (so every
 * formatting of one number shares an entry) and region. Bounded: cleared when full.
 */
const cache = new Map<string, Reading>();
const CACHE_LIMIT = 200_000;

/** The dial string: what a keypad would dial, formatting and a `tel:` scheme removed. */
function dialString(raw: string): { dial: string; ext: string } {
  let text = raw.trim().replace(/^tel:/i, '');
  let ext = '';
  const extMatch = /(?:;ext=|\s*(?:ext\.?|extension|x)\s*)(\d+)\s*$/i.exec(text);
  if (extMatch && /\d.*\D/.test(text.slice(0, extMatch.index))) {
    ext = extMatch[1] ?? '';
    text = text.slice(0, extMatch.index);
  }
  let dial = text.replace(/[^0-9A-Za-z+*#]/g, '').toUpperCase();
  if (dial.startsWith('00')) dial = `+${dial.slice(2)}`;
  return { dial, ext };
}

interface Country {
  readonly region: string | null;
  /** The national prefix libphonenumber strips after a country code ("0" in `+49 (0)30`). */
  readonly nationalPrefix: RegExp | null;
}

const countries = new Map<string, Country | null>();

/** The country of a calling code (`49`), null when no such code exists. */
function countryOf(code: string): Country | null {
  let country = countries.get(code);
  if (country === undefined) {
    const region: string = util.getRegionCodeForCountryCode(Number(code));
    if (region === 'ZZ') country = null;
    else {
      const prefix = region === '001' ? undefined : metadata.getMetadataForRegion(region)?.getNationalPrefixForParsing();
      country = { region: region === '001' ? null : region, nationalPrefix: prefix ? new RegExp(`^(?:${prefix})`) : null };
    }
    countries.set(code, country);
  }
  return country;
}

/**
 * An international number that libphonenumber would leave as it is: a known calling code (codes
 * are prefix-free) followed by a national number that does not start with the country's national
 * prefix. Its E.164 form is its dial string, with no parse (libphonenumber costs ~5 µs a number).
 */
function fastInternational(dial: string): Reading | null {
  if (!/^\+[1-9]\d{6,15}$/.test(dial)) return null;
  for (let length = 1; length <= 3; length++) {
    const country = countryOf(dial.slice(1, 1 + length));
    if (country === null) continue;
    const national = dial.slice(1 + length);
    if (country.nationalPrefix?.test(national)) return null;
    return { canonical: dial, region: country.region };
  }
  return null;
}

function read(dial: string, ext: string, region: string | null): Reading {
  const international = dial.startsWith('+');
  const cacheKey = `${international ? '' : (region ?? '')}|${dial}|${ext}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;

  let reading: Reading = { canonical: dial, region: null };
  const fast = international ? fastInternational(dial) : null;
  if (fast) reading = fast;
  else if (/^\+?\d{3,}$/.test(dial) && (international || region)) {
    try {
      const number = util.parse(dial, international ? 'ZZ' : (region ?? 'ZZ'));
      const numberRegion: string | undefined = util.getRegionCodeForNumber(number);
      reading = {
        canonical: util.format(number, E164),
        region: international && numberRegion && numberRegion !== '001' && numberRegion !== 'ZZ' ? numberRegion : null,
      };
    } catch {
      // Not a number libphonenumber knows: the dial string stands.
    }
  }
  if (ext) reading = { ...reading, canonical: `${reading.canonical};ext=${ext}` };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(cacheKey, reading);
  return reading;
}

/** The canonical forms of one card's numbers, in input order (see the rule above). */
export function canonicalPhones(raws: readonly string[]): string[] {
  // Loops, not map (see trimComponents in describe/canonical.ts).
  const dials: { dial: string; ext: string }[] = [];
  for (const raw of raws) dials.push(dialString(raw));
  const regions = new Map<string, number>();
  const readings: (Reading | null)[] = [];
  for (const { dial, ext } of dials) {
    if (!dial.startsWith('+')) {
      readings.push(null);
      continue;
    }
    const reading = read(dial, ext, null);
    if (reading.region) regions.set(reading.region, (regions.get(reading.region) ?? 0) + 1);
    readings.push(reading);
  }
  const region = cardRegion(regions);
  const canonical: string[] = [];
  for (let i = 0; i < dials.length; i++) canonical.push(readings[i]?.canonical ?? read(dials[i]!.dial, dials[i]!.ext, region).canonical);
  return canonical;
}

/** The region most of the card's international numbers have; ties by name, so order never counts. */
function cardRegion(regions: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let count = 0;
  for (const [region, n] of regions) {
    if (n > count || (n === count && best !== null && region < best)) {
      best = region;
      count = n;
    }
  }
  return best;
}

/**
 * The fast reader of plain vCards (vcard/read.ts isPlainCard) against the reference, ical.js: for
 * any card, plain or not, the description is the same whichever reader takes it. Cards are
 * generated from the properties contacts hold, with the odd cases each reader could read its own
 * way (empty and separator-only values, `;` in a text value, commas, escapes, quotes, folding,
 * groups, lower-case names, CRLF, blank lines, text around the card, vCard 2.1, 4.0, non-ASCII).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeItem } from '@atomsync/items';
import { plainCard, readContact } from '../../src/vcard/read.js';
import { fingerprintOf } from '../../src/describe/canonical.js';
import { composeKey } from '../../src/describe/keys.js';

/** describeItem's composition for a contact, with the reader chosen. */
function describeWith(body: string, reader: 'fast' | 'ical') {
  const described = readContact(body, reader);
  return { key: composeKey('Contacts', described.fields), fingerprint: fingerprintOf('Contacts', described.lines) };
}

const word = fc.constantFrom('Lars', 'Erik', 'Nilsson', 'Müller', 'Muller', 'O', 'x', 'Ångström', 'Zoë', '', ' ', 'a b', 'Dr.', 'Jr.');
const odd = fc.constantFrom(';', ',', '\\,', '\\;', '\\n', '\\\\', '"', ':', ' ', '\t', ';;', 'mailto:', 'tel:', '=', '\u00e9', 'e\u0301');
const text = fc.array(fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: odd }), { maxLength: 4 }).map((parts) => parts.join(''));
const phone = fc.oneof(
  fc.integer({ min: 0, max: 9_999_999 }).map((n) => `+4673${String(n).padStart(7, '0')}`),
  fc.constantFrom('+49 30 1234567', '(030) 1234567', '+1-555-0100 ext 12', '0046 8 123 456', '', '12', 'tel:+4930123'),
);
const email = fc.oneof(fc.emailAddress(), fc.constantFrom('', 'MAILTO:A@B.SE', 'a@b.se;x'));
const types = fc.array(fc.constantFrom('CELL', 'HOME', 'WORK', 'VOICE', 'INTERNET', 'PREF', 'cell', 'x-odd'), { maxLength: 3 });
const typeParams = fc.oneof(
  types.map((t) => (t.length === 0 ? '' : `;TYPE=${t.join(',')}`)),
  types.map((t) => t.map((v) => `;TYPE=${v}`).join('')),
  fc.constantFrom(';CELL', ';PREF=1', ';TYPE="cell,home"', ';type=HOME', ';VALUE=uri'),
);

/** Where a generated line is folded: replaced by the card's line end. */
const FOLD = '\u0001';
/** Properties as a plain card holds them (words only, no typed values): the fast path's share. */
const plainText = fc.array(word, { maxLength: 3 }).map((parts) => parts.join(' '));
const plainProperty = fc.oneof(
  fc.tuple(plainText, plainText, plainText, plainText, plainText).map((c) => `N:${c.join(';')}`),
  plainText.map((t) => `FN:${t}`),
  fc.tuple(types, phone).map(([t, v]) => `TEL${t.length === 0 ? '' : `;TYPE=${t.join(',')}`}:${v}`),
  fc.tuple(types, fc.emailAddress()).map(([t, v]) => `EMAIL${t.map((x) => `;TYPE=${x}`).join('')}:${v}`),
  plainText.map((t) => `NOTE:${t}`),
  fc.tuple(plainText, plainText).map(([a, b]) => `ORG:${a};${b}`),
  fc.constantFrom('N:;;;;', 'ORG:;', 'ADR:;;;;;;', 'TEL:', 'NOTE: ', 'ADR;TYPE=HOME:;;Storgatan 1;Lund;;22100;', 'URL:http://x', 'UID:abc-1', 'PRODID:-//Test//EN'),
  // Inline photos and logos as 3.0 clients write them: base64 (padding, `+` and `/` too), folded or not.
  fc
    .tuple(fc.constantFrom('PHOTO', 'LOGO'), fc.constantFrom('JPEG', 'jpeg', 'PNG', 'x-odd'), fc.uint8Array({ minLength: 1, maxLength: 120 }), fc.constantFrom(0, 20, 75), fc.constantFrom(' ', '\t'))
    .map(([name, media, bytes, width, fold]) => {
      const line = `${name};ENCODING=b;TYPE=${media}:${Buffer.from(bytes).toString('base64')}`;
      // FOLD: the card's line end (plainCardText puts it in), then the fold's blank.
      return width === 0 ? line : (line.match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join(`${FOLD}${fold}`);
    }),
);
const plainCardText = fc
  .record({ version: fc.constantFrom('3.0', '4.0'), props: fc.array(plainProperty, { maxLength: 8 }), eol: fc.constantFrom('\n', '\r\n') })
  .map(({ version, props, eol }) => `${['BEGIN:VCARD', `VERSION:${version}`, ...props, 'END:VCARD'].join(eol)}${eol}`.replaceAll(FOLD, eol));

const property = fc.oneof(
  fc.tuple(text, text, text, text, text).map((c) => `N:${c.join(';')}`),
  fc.constantFrom('N:;;;;', 'N:', 'ORG:;', 'ADR:;;;;;;', 'EMAIL:;', 'TEL:', 'NOTE: ', 'GEO:;', 'N:Doe;John'),
  text.map((t) => `FN:${t}`),
  fc.tuple(typeParams, phone).map(([p, v]) => `TEL${p}:${v}`),
  fc.tuple(typeParams, email).map(([p, v]) => `EMAIL${p}:${v}`),
  text.map((t) => `NOTE:${t}`),
  fc.tuple(text, text).map(([a, b]) => `ORG:${a};${b}`),
  text.map((t) => `ORG:${t}`),
  fc.tuple(text, text).map(([a, b]) => `TITLE:${a}${b}`),
  text.map((t) => `ROLE:${t}`),
  fc.tuple(typeParams, text, text).map(([p, a, b]) => `ADR${p}:;;${a};${b};;;`),
  fc.constantFrom('URL:https://example.se/a?b=c;d', 'URL:http://x', 'UID:abc-1', 'REV:2024-01-01T00:00:00Z', 'PRODID:-//Test//EN'),
  fc.constantFrom('BDAY:1980-01-02', 'CATEGORIES:a,b', 'NICKNAME:Lasse', 'X-JABBER:l@x', 'PHOTO;ENCODING=b;TYPE=JPEG:AAAA', 'item1.TEL:+4930123', 'tel:+46', 'note:hi'),
);

const card = fc
  .record({
    version: fc.constantFrom('3.0', '3.0', '4.0', '2.1', ' 3.0', ''),
    props: fc.array(property, { maxLength: 8 }),
    eol: fc.constantFrom('\n', '\r\n'),
    fold: fc.boolean(),
    blank: fc.boolean(),
    around: fc.constantFrom('', '', 'junk', '\n'),
  })
  .map(({ version, props, eol, fold, blank, around }) => {
    const lines = ['BEGIN:VCARD', ...(version === '' ? [] : [`VERSION:${version}`]), ...props, 'END:VCARD'];
    if (fold && lines.length > 3) lines[2] = `${lines[2]!.slice(0, 4)}${eol} ${lines[2]!.slice(4)}`;
    if (blank) lines.splice(1, 0, '');
    return `${around}${lines.join(eol)}${eol}${around}`;
  });

describe('the fast reader of plain vCards', () => {
  it('describes every card as the reference (ical.js) does', () => {
    let plain = 0;
    fc.assert(
      fc.property(fc.oneof(plainCardText, card), (body) => {
        if (plainCard(body) !== null) plain++;
        expect(describeWith(body, 'fast')).toEqual(describeWith(body, 'ical'));
      }),
      { numRuns: 5_000 },
    );
    // The property says something of the fast path only if it took a fair share of the cards.
    expect(plain).toBeGreaterThan(500);
  });

  it('leaves to the reference what it cannot read alike', () => {
    const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n');
    expect(plainCard(card('N:Doe;John;;;', 'TEL;TYPE=CELL,VOICE:+4930123', 'EMAIL:a@b.se'))).not.toBeNull();
    expect(plainCard(card('N:Doe;John;;;', 'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ+w=='))).not.toBeNull();
    expect(plainCard(card('N:Doe;John;;;', 'PHOTO;ENCODING=b;TYPE=JPEG:/9j/', ' 4AAQ+w=='))).not.toBeNull();
    for (const odd of ['NOTE:a\\,b', 'NOTE:a,b', 'EMAIL:a;b', 'item1.TEL:1', 'TEL;CELL:1', 'TEL;TYPE="cell":1', 'BDAY:1980-01-01', ' b', 'tel:1', 'PHOTO;ENCODING=b;TYPE=image/jpeg:AAAA', 'PHOTO;VALUE=uri:http://x/a.jpg', 'PHOTO;ENCODING=b;TYPE=JPEG:', 'PHOTO;ENCODING=b;TYPE=JPEG:AA\r\n  AA']) {
      expect(plainCard(card(odd))).toBeNull();
    }
    expect(plainCard(['BEGIN:VCARD', 'VERSION:2.1', 'N:Doe', 'END:VCARD'].join('\n'))).toBeNull();
    expect(plainCard(['BEGIN:VCARD', 'N:Doe', 'END:VCARD'].join('\n'))).toBeNull();
  });

  it('describeItem takes the fast path and agrees with the reference on the bench contact', () => {
    const body = ['BEGIN:VCARD', 'VERSION:3.0', 'N:Nilsson1;Lars;Erik;;', 'FN:Lars Erik Nilsson 1', 'TEL;TYPE=CELL:+46731000001', 'EMAIL;TYPE=INTERNET,HOME:lars.nilsson.1@example.se', 'NOTE:Brother-in-law. Allergic to nuts', 'END:VCARD'].join('\n');
    const reference = describeWith(body, 'ical');
    expect(describeItem({ dataclass: 'Contacts', title: 'x', type: 'text/vcard', body })).toEqual(reference);
    expect(reference.key).toBe('Contacts|name="erik lars nilsson1"|phones=["+46731000001"]|emails=["lars.nilsson.1@example.se"]');
  });
});

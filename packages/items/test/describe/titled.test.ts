/**
 * describeTitled against the two reads it replaces on a DAV PUT: for every body, the title is
 * titleOf's and the description describeItem's, whether the one-pass read of a plain card took it
 * or not. Over the fixtures of real clients' items, generated cards (plain ones and odd ones), and
 * the cases where the readers could part (an empty first FN, QUOTED-PRINTABLE, 2.1, folding).
 * With a CalDAV PUT's parse of an iCalendar body (parseCalendar of the trimmed body), the
 * description is the one describeItem makes parsing the body itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeItem, describeTitled, parseCalendar, titleOf, type ItemDataclass } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { readPlainContact } from '../../src/vcard/read.js';
import { parsedFor } from '../../src/lines/jcal.js';

function twoReads(dataclass: ItemDataclass, type: string, body: string) {
  const title = titleOf(dataclass, body);
  return { title, description: describeItem({ dataclass, title, type, body }) };
}

function expectSame(dataclass: ItemDataclass, type: string, body: string): void {
  expect(describeTitled({ dataclass, type, body })).toEqual(twoReads(dataclass, type, body));
}

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', ...lines, 'END:VCARD'].join('\r\n');

describe('describeTitled', () => {
  it('gives titleOf and describeItem over the fixtures of real clients', () => {
    let plain = 0;
    for (const pair of TWIN_PAIRS) {
      for (const body of [pair.a, pair.b]) {
        if (pair.dataclass === 'Contacts' && readPlainContact(body) !== null) plain++;
        expectSame(pair.dataclass, pair.type, body);
      }
    }
    // Says something of the one-pass read only if some fixtures took it.
    expect(plain).toBeGreaterThan(0);
  });

  it('gives them for generated cards, plain or not', () => {
    const word = fc.constantFrom('Ada', 'Lovelace', 'Müller', '', ' ', 'a b', 'Dr.', '\\,', '\\n', ',', ';', '\\;', '"', 'x\\\\y');
    const value = fc.array(word, { maxLength: 4 }).map((parts) => parts.join(''));
    const line = fc.oneof(
      value.map((v) => `FN:${v}`),
      fc.tuple(value, value, value).map(([a, b, c]) => `N:${a};${b};${c};;`),
      fc.constantFrom('FN:', 'FN: ', 'N:;;;;', 'N:', 'TEL;TYPE=CELL:+4930123', 'EMAIL:a@b.se', 'NOTE:hi', 'item1.FN:Grouped', 'fn:lower', 'FN;TYPE=QUOTED-PRINTABLE:A=', 'UID:u-1'),
    );
    let plain = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('3.0', '4.0', '2.1'), fc.constantFrom('\n', '\r\n'), (lines, version, eol) => {
        const body = `${['BEGIN:VCARD', `VERSION:${version}`, ...lines, 'END:VCARD'].join(eol)}${eol}`;
        if (readPlainContact(body) !== null) plain++;
        expectSame('Contacts', 'text/vcard', body);
      }),
      { numRuns: 3_000 },
    );
    expect(plain).toBeGreaterThan(300);
  });

  it('gives them where the readers could part', () => {
    // The first FN empty: titleOf falls to N, not to a later FN.
    expectSame('Contacts', 'text/vcard', card('FN:', 'FN:Second', 'N:Lovelace;Ada;;;'));
    expectSame('Contacts', 'text/vcard', card('N:;;;;', 'FN:Ada'));
    expectSame('Contacts', 'text/vcard', card('N:Lovelace;Ada;;;'));
    expectSame('Contacts', 'text/vcard', card('TEL;TYPE=CELL:+4930123'));
    // A soft line break of QUOTED-PRINTABLE joins the next line for titleOf.
    expectSame('Contacts', 'text/vcard', card('NOTE;TYPE=QUOTED-PRINTABLE:a=', 'FN:Joined'));
    expectSame('Contacts', 'text/vcard', ['BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen;;;;', 'END:VCARD'].join('\r\n'));
    expectSame('Contacts', 'text/vcard', card('FN:Folded', ' Name'));
    expectSame('Contacts', 'text/vcard', `junk\r\n${card('FN:Around')}`);
    expectSame('Contacts', 'text/plain', 'not a card at all');
    expectSame('Events', 'text/calendar', ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:e-1', 'DTSTART:20260101T100000Z', 'SUMMARY:Standup\\, daily', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n'));
    expectSame('Notes', 'text/plain', 'First line\nsecond');
  });

  it('reads a plain card once, giving its title', () => {
    const body = card('N:Lovelace;Ada;;;', 'FN:Ada Lovelace', 'EMAIL;TYPE=INTERNET:ada@example.org');
    expect(readPlainContact(body)).not.toBeNull();
    expect(describeTitled({ dataclass: 'Contacts', type: 'text/vcard', body }).title).toBe('Ada Lovelace');
  });

  it('reads a CalDAV PUT\'s parse of an iCalendar body instead of parsing it again, to the same description', () => {
    let reused = 0;
    const calendars = TWIN_PAIRS.filter((pair) => pair.dataclass !== 'Contacts' && pair.dataclass !== 'Notes');
    for (const pair of calendars) {
      for (const body of [pair.a, pair.b]) {
        let parsed;
        try {
          parsed = parseCalendar(body.trim());
        } catch {
          continue; // a PUT would have refused it
        }
        if (parsedFor(body, parsed) !== undefined) reused++;
        expect(describeTitled({ dataclass: pair.dataclass, type: pair.type, body }, { parsed })).toEqual(twoReads(pair.dataclass, pair.type, body));
      }
    }
    expect(reused).toBeGreaterThan(0);
  });

  it('takes the parse only for the body it is of', () => {
    const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:e-1', 'DTSTART:20260101T100000Z', 'SUMMARY:Standup', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const parsed = parseCalendar(text);
    expect(parsedFor(text, parsed)).toBe(parsed.jcal);
    expect(parsedFor(`${text}\r\n`, parsed)).toBe(parsed.jcal);
    expect(parsedFor(`${text}\n`, parsed)).toBe(parsed.jcal);
    expect(parsedFor(`${text}\r\nX`, parsed)).toBeUndefined();
    expect(parsedFor(`\r\n${text}`, parsed)).toBeUndefined();
    expect(parsedFor(text.replace('SUMMARY:Standup', 'SUMMARY:Other'), parsed)).toBeUndefined();
    expect(parsedFor(text, undefined)).toBeUndefined();
    // parseJCal drops an empty property before ical.js reads it: that body is parsed anew.
    const withEmpty = text.replace('SUMMARY:Standup', 'GEO:;');
    expect(parsedFor(withEmpty, parseCalendar(withEmpty))).toBeUndefined();
    expectSame('Events', 'text/calendar', withEmpty);
    expect(describeTitled({ dataclass: 'Events', type: 'text/calendar', body: withEmpty }, { parsed: parseCalendar(withEmpty) })).toEqual(twoReads('Events', 'text/calendar', withEmpty));
  });
});

/**
 * Field limits: values cut to the phone's limits in code points before QUOTED-PRINTABLE, structured
 * values cut without breaking their separators or escapes, binary data over the limit left out,
 * and an item already in the target form rewritten only where it was cut.
 */
import { describeItem, renderForPhone, type ItemContent, type ItemDataclass, type PhoneFormat } from '@atomsync/items';
import { describe, expect, it } from 'vitest';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const card = (version: string, ...props: string[]) => crlf('BEGIN:VCARD', `VERSION:${version}`, ...props, 'END:VCARD');
const contact = (body: string): ItemContent => ({ dataclass: 'Contacts', type: 'text/vcard', title: '', body });
const format = (version: '2.1' | '3.0' | '1.0' | '2.0', maxFieldLength: Record<string, number>): PhoneFormat => ({
  type: version === '2.1' ? 'text/x-vcard' : version === '3.0' ? 'text/vcard' : version === '1.0' ? 'text/x-vcalendar' : 'text/calendar',
  version,
  localTime: null,
  maxFieldLength,
});
/** Logical lines, QP soft breaks joined. */
const linesOf = (text: string) => text.replace(/=\r\n/g, '').split('\r\n').filter((l) => l !== '');

describe('cutting values', () => {
  it.each([
    ['N to 12 code points, cut inside the given name, both separators kept', 'N:Müller;Ulrich;;;', { N: 12 },
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Ulric;;;'],
    ['N to 6: the family name whole, the rest empty', 'N:Müller;Ulrich;;;', { N: 6 }, 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;;;;'],
    ['trailing empty components cost nothing', 'N:Müller;Ulrich;;;', { N: 13 }, 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Ulrich;;;'],
    ['CJK counted by code point, then encoded', 'N:王;小明;;;', { N: 3 }, 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=8E=8B;=E5=B0=8F;;;'],
    ['never half a surrogate pair', 'FN:Jane 🎉🎉', { FN: 6 }, 'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jane =F0=9F=8E=89'],
    ['whitespace left at the cut is dropped', 'TITLE:Head of Sales', { TITLE: 8 }, 'TITLE:Head of'],
    ['a 3.0 escape counts as its character, never cut in half', 'NOTE:a\\,b\\,c\\nd', { NOTE: 3 }, 'NOTE:a,b'],
    ['an address across components', 'ADR;TYPE=HOME:;;Hauptstraße 81;Wien;;1010;Austria', { ADR: 20 },
      'ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Hauptstra=C3=9Fe 81;Wie;;;'],
    ['a list drops what does not fit', 'CATEGORIES:Business,VIP,Friends', { CATEGORIES: 14 }, 'CATEGORIES:Business;VIP;F'],
    ['the name is matched in upper case, other properties untouched', 'TEL;TYPE=CELL:+49 151 5274 00001', { EMAIL: 3 }, 'TEL;CELL:+49 151 5274 00001'],
  ])('%s', (_, prop, limits, expected) => {
    const out = renderForPhone(contact(card('3.0', 'FN:X', prop)), format('2.1', limits)).data;
    expect(linesOf(out)).toContain(expected);
  });

  it('a cut name still reads as the same structure to the engine', () => {
    const out = renderForPhone(contact(card('3.0', 'N:Müller;Ulrich;;;', 'FN:Ulrich Müller', 'TEL:+49 151 5274 00001')), format('2.1', { N: 12, FN: 9 })).data;
    expect(describeItem(contact(out)).key).toBe(describeItem(contact(card('3.0', 'N:Müller;Ulric;;;', 'TEL:+49 151 5274 00001'))).key);
  });

  it('leaves out a photo larger than its limit, and keeps one that fits', () => {
    const photo = 'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgK'; // 54 bytes
    const small = renderForPhone(contact(card('3.0', 'N:Doe;John;;;', photo)), format('2.1', { PHOTO: 54 })).data;
    expect(small).toContain('PHOTO;ENCODING=BASE64;TYPE=JPEG:');
    const large = renderForPhone(contact(card('3.0', 'N:Doe;John;;;', photo)), format('2.1', { PHOTO: 53 })).data;
    expect(large).not.toContain('PHOTO');
  });
});

describe('items already in the target form', () => {
  const greta = card('3.0',
    'PRODID:-//Synthesis AG//NONSGML SyncML Engine V3.4.0.47//EN',
    'N:Schmidt;Greta;;;',
    'FN:Greta Schmidt',
    'NOTE:Ansprechpartnerin für den Einkauf\\, erreichbar Mo–Fr.',
    'TEL;TYPE=CELL:+49 151 4273 00002',
  );

  it('go out byte for byte when every value fits', () => {
    expect(renderForPhone(contact(greta), format('3.0', { NOTE: 200, N: 20 })).data).toBe(greta);
  });

  it('have only their cut lines rewritten', () => {
    expect(renderForPhone(contact(greta), format('3.0', { NOTE: 17 })).data).toBe(card('3.0',
      'PRODID:-//Synthesis AG//NONSGML SyncML Engine V3.4.0.47//EN',
      'N:Schmidt;Greta;;;',
      'FN:Greta Schmidt',
      'NOTE:Ansprechpartnerin',
      'TEL;TYPE=CELL:+49 151 4273 00002',
    ));
  });

  it('a 2.1 QUOTED-PRINTABLE value is decoded, cut and encoded again', () => {
    const nokia = card('2.1', 'N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller;J=C3=BCrgen', 'TEL;CELL:+49151527400001');
    expect(linesOf(renderForPhone(contact(nokia), format('2.1', { N: 9 })).data)).toEqual([
      'BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BC', 'TEL;CELL:+49151527400001', 'END:VCARD',
    ]);
  });

  it('an iCalendar item keeps its VTIMEZONE and nesting when its SUMMARY is cut', () => {
    const body = crlf(
      'BEGIN:VCALENDAR', 'VERSION:2.0',
      'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'BEGIN:STANDARD', 'DTSTART:19671029T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'END:VTIMEZONE',
      'BEGIN:VEVENT', 'UID:x@example.com', 'SUMMARY:Quartalsbesprechung Vertrieb', 'DTSTART;TZID=Europe/Berlin:20250115T100000', 'END:VEVENT',
      'END:VCALENDAR',
    );
    const out = renderForPhone({ dataclass: 'Events', type: 'text/calendar', title: '', body }, format('2.0', { SUMMARY: 19 })).data;
    expect(out).toBe(body.replace('SUMMARY:Quartalsbesprechung Vertrieb', 'SUMMARY:Quartalsbesprechung'));
  });
});

describe('calendars and notes', () => {
  const calendarItem = (dataclass: ItemDataclass, body: string): ItemContent => ({ dataclass, type: 'text/calendar', title: '', body });

  it('cut after conversion to vCalendar 1.0, by the 1.0 property names', () => {
    const body = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'SUMMARY:Besprechung Büro München', 'LOCATION:Raum 2.07', 'DTSTART:20091010T100000Z', 'END:VEVENT', 'END:VCALENDAR');
    const out = renderForPhone(calendarItem('Events', body), format('1.0', { SUMMARY: 15, LOCATION: 4 })).data;
    expect(linesOf(out)).toEqual(expect.arrayContaining(['SUMMARY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Besprechung B=C3=BCr', 'LOCATION:Raum', 'DTSTART:20091010T100000Z']));
  });

  it('a note’s text is cut by the BODY limit; a vNote is read out as text/plain', () => {
    const note: ItemContent = { dataclass: 'Notes', type: 'text/plain', title: '', body: 'Einkaufsliste\nMilch\nBrot' };
    expect(renderForPhone(note, { type: 'text/plain', version: '', localTime: null, maxFieldLength: { BODY: 10 } })).toEqual({ type: 'text/plain', data: 'Einkaufsli' });
    const vnote: ItemContent = { dataclass: 'Notes', type: 'text/x-vnote', title: '', body: crlf('BEGIN:VNOTE', 'VERSION:1.1', 'BODY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Einkaufsliste=0D=0AMilch=0D=0A=C3=84pfel', 'END:VNOTE') };
    expect(renderForPhone(vnote, { type: 'text/plain', version: '', localTime: null, maxFieldLength: {} })).toEqual({ type: 'text/plain', data: 'Einkaufsliste\r\nMilch\r\nÄpfel' });
  });
});

/**
 * The dataclass of an item from media type and body (the whole table, as the service applies it,
 * is tested in the server's datastore/dataclass.test.ts), a phone's item class in its datastore,
 * and the title an item is listed by.
 */
import { componentsOf, inferDataclass, itemClassOf, normalizeMediaType, titleOf } from '@atomsync/items';
import { describe, expect, it } from 'vitest';

const lines = (...l: string[]) => `${l.join('\r\n')}\r\n`;
const VCARD = lines('BEGIN:VCARD', 'VERSION:2.1', 'N:Nilsson;Lars;Erik;;', 'END:VCARD');
const VEVENT = lines('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Kick-off', 'END:VEVENT', 'END:VCALENDAR');
const VTODO = lines('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'SUMMARY:Renew passport', 'END:VTODO', 'END:VCALENDAR');

describe('inferDataclass', () => {
  it('reads the class from the media type, a calendar type from the body', () => {
    expect(inferDataclass('Text/X-VCard; charset=utf-8', VCARD)).toEqual({ ok: true, dataclass: 'Contacts' });
    expect(inferDataclass('text/x-vcalendar', VEVENT)).toEqual({ ok: true, dataclass: 'Events' });
    expect(inferDataclass('text/calendar', VTODO, { given: 'Calendar' })).toEqual({ ok: true, dataclass: 'Tasks' });
    expect(inferDataclass('text', 'milk')).toEqual({ ok: true, dataclass: 'Notes' });
  });

  it('keeps the fallback only when the type says nothing', () => {
    expect(inferDataclass('application/x-custom', 'opaque', { fallback: 'Tasks' })).toEqual({ ok: true, dataclass: 'Tasks' });
    expect(inferDataclass('text/plain', 'milk', { fallback: 'Tasks' })).toEqual({ ok: true, dataclass: 'Notes' });
  });

  it('echoes an unknown media type through the caller\'s quote, JSON by default', () => {
    expect(inferDataclass('application/x-"odd"', 'opaque')).toEqual({
      ok: false,
      message: 'the dataclass of a "application/x-\\"odd\\"" item cannot be inferred; name it (Contacts, Events, Tasks, Notes)',
    });
    const result = inferDataclass('application/x-custom', VEVENT, { given: 'Contacts', quote: (v) => `<${v}>` });
    expect(result).toEqual({ ok: false, message: 'a Contacts item cannot hold an iCalendar VEVENT or VTODO (dataclass Contacts, media type <application/x-custom>)' });
  });

  it('normalizes media types and finds components at the start of a line', () => {
    expect(normalizeMediaType(' Text/Calendar ; method=REQUEST')).toBe('text/calendar');
    expect(componentsOf(VTODO)).toEqual({ vcard: false, vevent: false, vtodo: true });
    expect(componentsOf('NOTE:BEGIN:VCARD')).toEqual({ vcard: false, vevent: false, vtodo: false });
  });
});

describe('itemClassOf', () => {
  it('takes a datastore\'s own class, and tells events from tasks in a calendar datastore', () => {
    expect(itemClassOf('Contacts', VTODO)).toBe('Contacts');
    expect(itemClassOf('Calendar', VTODO)).toBe('Tasks');
    expect(itemClassOf('Calendar', VEVENT)).toBe('Events');
    expect(itemClassOf('Calendar', '')).toBe('Events');
  });
});

describe('titleOf', () => {
  it('is FN, else N given-first; SUMMARY; a note\'s first line; unescaped and cut at 200', () => {
    expect(titleOf('Contacts', lines('BEGIN:VCARD', 'FN;CHARSET=UTF-8:Lars Nilsson', 'N:Nilsson;Lars', 'END:VCARD'))).toBe('Lars Nilsson');
    expect(titleOf('Contacts', VCARD)).toBe('Erik Lars Nilsson');
    expect(titleOf('Events', lines('BEGIN:VEVENT', 'SUMMARY:Review\\, then', '  lunch', 'END:VEVENT'))).toBe('Review, then lunch');
    expect(titleOf('Tasks', VTODO)).toBe('Renew passport');
    expect(titleOf('Notes', 'Milk\r\nEggs')).toBe('Milk');
    expect(titleOf('Notes', 'x'.repeat(300))).toHaveLength(200);
    expect(titleOf('Contacts', 'no card')).toBe('');
  });

  it('reads a 2.1 name in QUOTED-PRINTABLE and CHARSET as the name it is, and 2.1 escapes', () => {
    expect(titleOf('Contacts', lines('BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=', '=C3=BCrgen', 'END:VCARD'))).toBe('Jürgen Müller');
    expect(titleOf('Contacts', lines('BEGIN:VCARD', 'VERSION:2.1', 'FN;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:J=FCrgen M=FCller', 'END:VCARD'))).toBe('Jürgen Müller');
    expect(titleOf('Contacts', lines('BEGIN:VCARD', 'VERSION:2.1', 'FN:Smith\\, John\\; Jr', 'END:VCARD'))).toBe('Smith, John; Jr');
    expect(titleOf('Events', lines('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY;ENCODING=QUOTED-PRINTABLE:M=C3=B6te', 'END:VEVENT', 'END:VCALENDAR'))).toBe('Möte');
  });
});

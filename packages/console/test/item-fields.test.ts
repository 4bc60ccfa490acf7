/**
 * The edit form's fields (src/item-fields.ts): read from the text a phone wrote, written back
 * changing only what a field names, and read back by @atomsync/items as the server reads them.
 */
import { describeItem } from '@atomsync/items';
import { describe, expect, it } from 'vitest';
import { readFields, writeFields } from '../src/item-fields.js';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const CARD = crlf(
  'BEGIN:VCARD', 'VERSION:3.0', 'N:Hopper;Grace;Brewster;Rear Admiral;', 'FN:Grace Hopper',
  'TEL;TYPE=CELL:+1 555 0100', 'EMAIL;TYPE=INTERNET:grace@example.org', 'X-PHONE-ONLY:keep me',
  'NOTE:folded note that goes on and on and on and on and on and on and on and', ' on past the line',
  'END:VCARD',
);

describe('a contact\'s fields', () => {
  it('reads the name, its parts, the first email and phone, the note unfolded', () => {
    expect(readFields(CARD, 'Contacts')).toEqual({
      FN: 'Grace Hopper',
      'N.1': 'Grace',
      'N.0': 'Hopper',
      EMAIL: 'grace@example.org',
      TEL: '+1 555 0100',
      ORG: '',
      NOTE: 'folded note that goes on and on and on and on and on and on and on andon past the line',
    });
  });

  it('writes a change in place, keeping parameters, the other N parts and every other line', () => {
    const before = readFields(CARD, 'Contacts');
    const text = writeFields(CARD, 'Contacts', { ...before, FN: 'Grace M. Hopper', 'N.1': 'Grace M.', TEL: '+1 555 0199', ORG: 'Navy; Computing', NOTE: 'line one\nline two, with a comma' });
    expect(text).toContain('\r\nFN:Grace M. Hopper\r\n');
    expect(text).toContain('\r\nN:Hopper;Grace M.;Brewster;Rear Admiral;\r\n');
    expect(text).toContain('\r\nTEL;TYPE=CELL:+1 555 0199\r\n');
    expect(text).toContain('\r\nEMAIL;TYPE=INTERNET:grace@example.org\r\n');
    expect(text).toContain('\r\nX-PHONE-ONLY:keep me\r\n');
    expect(text).toContain('\r\nNOTE:line one\\nline two\\, with a comma\r\n');
    // A field that was missing is added before END.
    expect(text).toMatch(/\r\nORG:Navy\\; Computing\r\nEND:VCARD\r\n$/);
    expect(readFields(text, 'Contacts')).toMatchObject({ FN: 'Grace M. Hopper', 'N.1': 'Grace M.', ORG: 'Navy; Computing', NOTE: 'line one\nline two, with a comma' });
    // The server reads the edited card as the same person, renamed.
    expect(describeItem({ dataclass: 'Contacts', type: 'text/vcard', title: '', body: text }).key).not.toBe(describeItem({ dataclass: 'Contacts', type: 'text/vcard', title: '', body: CARD }).key);
  });

  it('removes a property whose field is emptied, and leaves the text alone when nothing changed', () => {
    const before = readFields(CARD, 'Contacts');
    expect(writeFields(CARD, 'Contacts', { ...before, EMAIL: '' })).not.toContain('EMAIL');
    expect(writeFields(CARD, 'Contacts', before)).toBe(CARD);
  });

  it('reads a vCard 2.1 quoted-printable name and writes the new one plain, with its charset', () => {
    const card21 = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=', '=C3=BCrgen', 'FN:J\u00fcrgen M\u00fcller', 'END:VCARD');
    const before = readFields(card21, 'Contacts');
    expect(before['N.0']).toBe('Müller');
    expect(before['N.1']).toBe('Jürgen');
    const text = writeFields(card21, 'Contacts', { ...before, 'N.0': 'Mueller-Lüdenscheidt' });
    expect(text).toContain('\r\nN;CHARSET=UTF-8:Mueller-Lüdenscheidt;Jürgen;;;\r\n');
  });
});

describe('an event\'s and a task\'s fields', () => {
  const EVENT = crlf(
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'END:VTIMEZONE',
    'BEGIN:VEVENT', 'UID:e1', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Europe/Berlin:20240105T090000', 'DTEND;TZID=Europe/Berlin:20240105T093000', 'SUMMARY:Stand-up',
    'BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Alarm text', 'TRIGGER:-PT5M', 'END:VALARM', 'END:VEVENT', 'END:VCALENDAR',
  );

  it('reads the event\'s own properties, not its alarm\'s, and its times as the form shows them', () => {
    expect(readFields(EVENT, 'Events')).toEqual({ SUMMARY: 'Stand-up', LOCATION: '', DTSTART: '2024-01-05T09:00', DTEND: '2024-01-05T09:30', DESCRIPTION: '' });
  });

  it('moves the event in its own zone, adds a location, and leaves the zone and alarm alone', () => {
    const text = writeFields(EVENT, 'Events', { ...readFields(EVENT, 'Events'), DTSTART: '2024-01-05T10:00', DTEND: '2024-01-05T10:30', LOCATION: 'Room 4' });
    expect(text).toContain('\r\nDTSTART;TZID=Europe/Berlin:20240105T100000\r\n');
    expect(text).toContain('\r\nDTEND;TZID=Europe/Berlin:20240105T103000\r\n');
    expect(text).toContain('\r\nLOCATION:Room 4\r\nEND:VEVENT\r\n');
    expect(text).toContain('\r\nDESCRIPTION:Alarm text\r\n');
    expect(text).toContain('\r\nTZID:Europe/Berlin\r\n');
  });

  it('marks a task done, keeping a UTC due time in UTC', () => {
    const TASK = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', 'UID:t1', 'DUE:20240110T170000Z', 'SUMMARY:Report', 'STATUS:NEEDS-ACTION', 'END:VTODO', 'END:VCALENDAR');
    const before = readFields(TASK, 'Tasks');
    expect(before).toEqual({ SUMMARY: 'Report', DUE: '2024-01-10T17:00', STATUS: 'NEEDS-ACTION', DESCRIPTION: '' });
    const text = writeFields(TASK, 'Tasks', { ...before, STATUS: 'COMPLETED', DUE: '2024-01-11T08:30' });
    expect(text).toContain('\r\nSTATUS:COMPLETED\r\n');
    expect(text).toContain('\r\nDUE:20240111T083000Z\r\n');
  });
});

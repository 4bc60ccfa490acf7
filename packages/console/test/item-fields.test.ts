/**
 * The edit form's fields (src/item-fields.ts): read from the text a phone wrote, written back
 * changing only what a field names, and read back by @atomsync/items as the server reads them.
 */
import { describeItem } from '@atomsync/items';
import { describe, expect, it } from 'vitest';
import { readFields, readLists, writeFields } from '../src/item-fields.js';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

const CARD = crlf(
  'BEGIN:VCARD', 'VERSION:3.0', 'N:Hopper;Grace;Brewster;Rear Admiral;', 'FN:Grace Hopper',
  'TEL;TYPE=CELL:+1 555 0100', 'EMAIL;TYPE=INTERNET:grace@example.org', 'X-PHONE-ONLY:keep me',
  'NOTE:folded note that goes on and on and on and on and on and on and on and', ' on past the line',
  'END:VCARD',
);

describe('a contact\'s fields', () => {
  it('reads the name, its parts, the note unfolded, and each email and phone with its kind', () => {
    expect(readLists(CARD, 'Contacts')).toEqual({ EMAIL: [{ type: 'INTERNET', value: 'grace@example.org', line: 0 }], TEL: [{ type: 'CELL', value: '+1 555 0100', line: 0 }] });
    expect(readFields(CARD, 'Contacts')).toEqual({
      FN: 'Grace Hopper',
      'N.1': 'Grace',
      'N.0': 'Hopper',
      ORG: '',
      NOTE: 'folded note that goes on and on and on and on and on and on and on andon past the line',
    });
  });

  it('writes a change in place, keeping parameters, the other N parts and every other line', () => {
    const before = readFields(CARD, 'Contacts');
    const lists = readLists(CARD, 'Contacts');
    const text = writeFields(CARD, 'Contacts', { ...before, FN: 'Grace M. Hopper', 'N.1': 'Grace M.', ORG: 'Navy; Computing', NOTE: 'line one\nline two, with a comma' }, { ...lists, TEL: [{ ...lists.TEL![0]!, value: '+1 555 0199' }] });
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
    expect(writeFields(CARD, 'Contacts', before, { ...readLists(CARD, 'Contacts'), EMAIL: [] })).not.toContain('EMAIL');
    expect(writeFields(CARD, 'Contacts', before, { ...readLists(CARD, 'Contacts'), EMAIL: [{ type: 'INTERNET', value: ' ', line: 0 }] })).not.toContain('EMAIL');
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

describe('a contact\'s emails and phones', () => {
  const MANY = crlf(
    'BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace',
    'TEL;TYPE=CELL,VOICE:+44 7700 900001', 'item1.TEL;TYPE=WORK;X-LABEL=Lab:+44 20 7946 0001', 'TEL:+44 20 7946 0002',
    'EMAIL;TYPE=INTERNET,pref:ada@example.org', 'X-PHONE-ONLY:keep me', 'EMAIL;TYPE="work":ada@work.example', 'NOTE:n',
    'END:VCARD',
  );

  it('reads every one, in order, with its kind (PREF apart, quotes undone)', () => {
    expect(readLists(MANY, 'Contacts')).toEqual({
      TEL: [
        { type: 'CELL,VOICE', value: '+44 7700 900001', line: 0 },
        { type: 'WORK', value: '+44 20 7946 0001', line: 1 },
        { type: '', value: '+44 20 7946 0002', line: 2 },
      ],
      EMAIL: [
        { type: 'INTERNET', value: 'ada@example.org', line: 0 },
        { type: 'WORK', value: 'ada@work.example', line: 1 },
      ],
    });
  });

  it('writes a changed one in place (group, other parameters and PREF kept), removes one, adds one after the last, and leaves the rest as written', () => {
    const lists = readLists(MANY, 'Contacts');
    const [mobile, work, plain] = lists.TEL!;
    const [home] = lists.EMAIL!;
    const text = writeFields(MANY, 'Contacts', readFields(MANY, 'Contacts'), {
      TEL: [mobile!, { ...work!, type: 'WORK,FAX', value: '+44 20 7946 0009' }, { ...plain!, type: 'HOME' }, { type: 'PAGER', value: '+44 7700 900099' }],
      EMAIL: [{ ...home!, type: 'HOME' }, { type: '', value: 'ada@new.example' }],
    });
    expect(text).toBe(
      crlf(
        'BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace',
        'TEL;TYPE=CELL,VOICE:+44 7700 900001', 'item1.TEL;X-LABEL=Lab;TYPE=WORK,FAX:+44 20 7946 0009', 'TEL;TYPE=HOME:+44 20 7946 0002', 'TEL;TYPE=PAGER:+44 7700 900099',
        'EMAIL;TYPE=HOME,PREF:ada@example.org', 'X-PHONE-ONLY:keep me', 'EMAIL:ada@new.example', 'NOTE:n',
        'END:VCARD',
      ),
    );
    // The server reads both new numbers and the new address.
    expect(readLists(text, 'Contacts').TEL!.map((e) => e.value)).toEqual(['+44 7700 900001', '+44 20 7946 0009', '+44 20 7946 0002', '+44 7700 900099']);
  });

  it('adds the first of a kind before END, and writes a vCard 2.1 kind bare, as its phones do', () => {
    const card21 = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N:Smith;Jo', 'TEL;CELL;ENCODING=QUOTED-PRINTABLE:+1=20555', 'END:VCARD');
    expect(readLists(card21, 'Contacts')).toEqual({ TEL: [{ type: 'CELL', value: '+1 555', line: 0 }], EMAIL: [] });
    const text = writeFields(card21, 'Contacts', readFields(card21, 'Contacts'), { TEL: [{ type: 'WORK', value: '+1 555', line: 0 }], EMAIL: [{ type: 'HOME', value: 'jö@example.org' }] });
    expect(text).toBe(crlf('BEGIN:VCARD', 'VERSION:2.1', 'N:Smith;Jo', 'TEL;WORK:+1 555', 'EMAIL;HOME;CHARSET=UTF-8:jö@example.org', 'END:VCARD'));
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

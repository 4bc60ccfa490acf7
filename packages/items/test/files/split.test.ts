/**
 * splitItems / CalendarWriter: .vcf and .ics files split into items however the chunks fall, 2.1
 * QUOTED-PRINTABLE soft breaks and folding kept, one VCALENDAR per event with the zones it uses,
 * refusals reported in place, and calendars joined back with each VTIMEZONE once.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CalendarWriter, describeItem, linesOf, splitItems, type SplitEntry, type SplitItem } from '@atomsync/items';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function split(text: string, chunk = 7): Promise<SplitEntry[]> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  const out: SplitEntry[] = [];
  for await (const entry of splitItems(Readable.from(chunks))) out.push(entry);
  return out;
}
const items = (entries: SplitEntry[]) => entries.filter((e): e is SplitItem => e.ok);

const VCF = crlf(
  'BEGIN:VCARD',
  'VERSION:2.1',
  'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=',
  'END:VCARD=0D=0A',
  'TEL;CELL:+49 170 1',
  'END:VCARD',
  '',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ada Lovelace',
  'NOTE:a long note folded',
  '  over two lines',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:4.0',
  'FN:Grace Hopper',
  'EMAIL:grace@example.org',
  'END:VCARD',
);

const ZONE = (tzid: string) => ['BEGIN:VTIMEZONE', `TZID:${tzid}`, 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'END:STANDARD', 'END:VTIMEZONE'];
const ICS = crlf(
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'METHOD:PUBLISH',
  ...ZONE('Europe/Berlin'),
  ...ZONE('Custom/Zone'),
  'BEGIN:VEVENT',
  'UID:e1',
  'DTSTART;TZID=Europe/Berlin:20240105T090000',
  'SUMMARY:Stand-up',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT5M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:e2',
  'RRULE:FREQ=WEEKLY',
  'DTSTART;TZID="Custom/Zone":20240105T100000',
  'SUMMARY:Weekly',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:e2',
  'RECURRENCE-ID;TZID="Custom/Zone":20240112T100000',
  'DTSTART;TZID="Custom/Zone":20240112T110000',
  'SUMMARY:Weekly, moved',
  'END:VEVENT',
  'BEGIN:VTODO',
  'UID:t1',
  'SUMMARY:Write the',
  '  report',
  'DUE;TZID=Late/Zone:20240110T170000',
  'END:VTODO',
  'BEGIN:VJOURNAL',
  'UID:j1',
  'END:VJOURNAL',
  ...ZONE('Late/Zone'),
  'END:VCALENDAR',
);

describe('linesOf', () => {
  it('splits CRLF, LF and CR ends across chunk borders, and multi-byte characters', async () => {
    const text = 'a\r\nb\nc\rü€\r\n\r\nlast';
    for (const size of [1, 2, 3, 5]) {
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out: string[] = [];
      for await (const line of linesOf(Readable.from(chunks))) out.push(line);
      expect(out).toEqual(['a', 'b', 'c', 'ü€', '', 'last']);
    }
  });
});

describe('splitItems: vCards', () => {
  it('gives each card of a mixed 2.1 / 3.0 / 4.0 file, a QP soft break reading END:VCARD included', async () => {
    for (const chunk of [1, 7, 4096]) {
      const entries = await split(VCF, chunk);
      expect(entries.every((e) => e.ok)).toBe(true);
      const cards = items(entries);
      expect(cards.map((c) => [c.component, c.version, c.line])).toEqual([['VCARD', '2.1', 1], ['VCARD', '3.0', 8], ['VCARD', '4.0', 14]]);
      expect(cards[0]!.text).toContain('END:VCARD=0D=0A\r\nTEL;CELL');
      expect(cards[1]!.text).toContain('NOTE:a long note folded\r\n  over two lines\r\n');
    }
  });

  it('refuses a card without END:VCARD, and one the file ends inside, and reads the rest', async () => {
    const text = crlf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Broken', 'BEGIN:VCARD', 'VERSION:3.0', 'FN:Fine', 'END:VCARD', 'BEGIN:VCARD', 'FN:Cut');
    const entries = await split(text);
    expect(entries).toEqual([
      { ok: false, line: 1, reason: 'the VCARD has no END:VCARD before the next BEGIN:VCARD (line 4)' },
      expect.objectContaining({ ok: true, line: 4, text: crlf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Fine', 'END:VCARD') }),
      { ok: false, line: 8, reason: 'the file ends inside this VCARD (no END:VCARD)' },
    ]);
  });

  it('refuses an item larger than the limit', async () => {
    const text = crlf('BEGIN:VCARD', 'VERSION:3.0', `NOTE:${'x'.repeat(500)}`, 'END:VCARD', 'BEGIN:VCARD', 'FN:ok', 'END:VCARD');
    const out: SplitEntry[] = [];
    for await (const e of splitItems([text], { maxItemChars: 100 })) out.push(e);
    expect(out.map((e) => e.ok)).toEqual([false, true]);
    expect(out[0]).toMatchObject({ reason: 'the VCARD is larger than 100 characters' });
  });
});

describe('splitItems: calendars', () => {
  it('makes each VEVENT / VTODO one VCALENDAR with the header and the zones it uses', async () => {
    const entries = await split(ICS);
    expect(entries.filter((e) => !e.ok)).toEqual([{ ok: false, line: expect.any(Number), reason: 'a VJOURNAL is no item a datastore holds (Events are VEVENTs, Tasks VTODOs)' }]);
    const [e1, e2, t1] = items(entries);
    expect(items(entries).map((i) => [i.component, i.version])).toEqual([['VEVENT', '2.0'], ['VEVENT', '2.0'], ['VTODO', '2.0']]);
    expect(e1!.text).toBe(crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...ZONE('Europe/Berlin'), ...ICS.split('\r\n').slice(20, 29), 'END:VCALENDAR'));
    // A recurring event and its moved instance: one item, one zone.
    expect(e2!.text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(e2!.text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(e2!.text).toContain('TZID:Custom/Zone');
    expect(e2!.text).not.toContain('Europe/Berlin');
    // A zone defined after its task: held to the end of the calendar, then given.
    expect(t1!.text).toContain('TZID:Late/Zone');
    expect(t1!.text).toContain('SUMMARY:Write the\r\n  report');
    expect(e1!.text).not.toContain('METHOD');
  });

  it('keeps a vCalendar 1.0 header (TZ / DAYLIGHT) with each item', async () => {
    const text = crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'TZ:+01', 'BEGIN:VEVENT', 'DTSTART:20240105T090000', 'END:VEVENT', 'BEGIN:VTODO', 'SUMMARY:x', 'END:VTODO', 'END:VCALENDAR');
    const [a, b] = items(await split(text));
    expect(a!.text).toBe(crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'TZ:+01', 'BEGIN:VEVENT', 'DTSTART:20240105T090000', 'END:VEVENT', 'END:VCALENDAR'));
    expect(b!.component).toBe('VTODO');
  });
});

describe('CalendarWriter', () => {
  it('joins items into one VCALENDAR, each VTIMEZONE once, and splits back to the same descriptions', async () => {
    const split1 = items(await split(ICS));
    const writer = new CalendarWriter();
    let file = '';
    for (const item of split1) file += writer.add(item.text);
    file += writer.end();
    expect(file.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(file.match(/TZID:Custom\/Zone/g)).toHaveLength(1);
    const split2 = items(await split(file));
    const describeAll = (list: SplitItem[]) => list.map((i) => describeItem({ dataclass: i.component === 'VTODO' ? 'Tasks' : 'Events', type: 'text/calendar', title: '', body: i.text }));
    expect(describeAll(split2)).toEqual(describeAll(split1));
  });

  it('writes a vCalendar 1.0 item as its own VCALENDAR, and an empty file as an empty calendar', () => {
    const writer = new CalendarWriter({ prodid: 'p' });
    const v1 = crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:old', 'END:VEVENT', 'END:VCALENDAR');
    const v2 = crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'SUMMARY:new', 'END:VEVENT', 'END:VCALENDAR');
    expect(writer.add(v2) + writer.add(v1) + writer.end()).toBe(
      crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:p', 'BEGIN:VEVENT', 'SUMMARY:new', 'END:VEVENT', 'END:VCALENDAR') + v1,
    );
    expect(new CalendarWriter({ prodid: 'p' }).end()).toBe(crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:p', 'END:VCALENDAR'));
  });
});

/** The UID of a vCard or iCalendar object: the item's own, however it is written; none for anything else. */
import { describe, expect, it } from 'vitest';
import { MAX_UID_CHARS, uidOf } from '../../src/index.js';

describe('uidOf', () => {
  it('reads the UID of a vCard, any version, CRLF or LF, grouped or with parameters', () => {
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\nUID:ada-1\r\nEND:VCARD\r\n')).toBe('ada-1');
    expect(uidOf('BEGIN:VCARD\nVERSION:4.0\nuid:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1\nEND:VCARD\n')).toBe('urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1');
    expect(uidOf('\uFEFFBEGIN:VCARD\r\nVERSION:2.1\r\nitem1.UID;VALUE=text:  spaced  \r\nEND:VCARD\r\n')).toBe('spaced');
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nUID;X-P="a:b":after-quoted\r\nEND:VCARD\r\n')).toBe('after-quoted');
  });

  it('unfolds a folded UID and undoes text escapes', () => {
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nUID:abc\r\n def\r\n\tghi\r\nEND:VCARD\r\n')).toBe('abcdefghi');
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\\,b\\;c\r\nEND:VCARD\r\n')).toBe('a,b;c');
  });

  it('takes the event’s or task’s UID, not a VTIMEZONE’s lines or a VALARM’s own UID', () => {
    const body = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN',
      'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin', 'BEGIN:STANDARD', 'UID:not-this', 'DTSTART:19701025T030000', 'END:STANDARD', 'END:VTIMEZONE',
      'BEGIN:VEVENT', 'BEGIN:VALARM', 'UID:alarm-uid', 'ACTION:DISPLAY', 'END:VALARM', 'UID:event-uid', 'DTSTART:20250301T100000Z', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    expect(uidOf(body)).toBe('event-uid');
    expect(uidOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:todo-1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n')).toBe('todo-1');
  });

  it('is null for a body without a UID of its own, or that is no vCard or iCalendar object', () => {
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No uid\r\nEND:VCARD\r\n')).toBeNull();
    expect(uidOf('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nUID:calendar-level\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n')).toBeNull();
    expect(uidOf('UID:just a note\r\n')).toBeNull();
    expect(uidOf('BEGIN:VNOTE\r\nUID:n\r\nEND:VNOTE\r\n')).toBeNull();
    expect(uidOf('')).toBeNull();
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\r\nEND:VCARD\r\n')).toBeNull();
    expect(uidOf(`BEGIN:VCARD\r\nVERSION:3.0\r\nUID:${'x'.repeat(MAX_UID_CHARS + 1)}\r\nEND:VCARD\r\n`)).toBeNull();
    // After the object ends nothing more is read.
    expect(uidOf('BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\nUID:outside\r\n')).toBeNull();
  });

  it('reads past several MB of photo in one pass', () => {
    const photo = `PHOTO;ENCODING=b;TYPE=JPEG:${'QUJD'.repeat(1_000_000)}`;
    expect(uidOf(`BEGIN:VCARD\r\nVERSION:3.0\r\n${photo}\r\nUID:after-photo\r\nEND:VCARD\r\n`)).toBe('after-photo');
  });
});

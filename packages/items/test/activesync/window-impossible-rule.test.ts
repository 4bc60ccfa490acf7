/**
 * A rule no date satisfies (February 30th) makes ical.js's iterator loop forever; the calendar
 * window walks it with a counted iterator and answers (in the window: one item too many is
 * harmless) instead of hanging the server.
 */
import { describe, expect, it } from 'vitest';
import { eventEndsAfter } from '@atomsync/items';

const event = (rule: string) =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20250101T100000Z\r\nDTEND:20250101T110000Z\r\nRRULE:${rule}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;

describe('the calendar window and a rule no date satisfies', () => {
  it('answers for February 30th with a COUNT, and for one with an UNTIL', () => {
    expect(eventEndsAfter(event('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5'), Date.UTC(2026, 0, 1))).toBe(true);
    expect(eventEndsAfter(event('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;UNTIL=20300101T000000Z'), Date.UTC(2026, 0, 1))).toBe(true);
  });

  it('still reads an ordinary bounded series exactly', () => {
    expect(eventEndsAfter(event('FREQ=DAILY;COUNT=5'), Date.UTC(2026, 0, 1))).toBe(false);
    expect(eventEndsAfter(event('FREQ=DAILY;COUNT=5'), Date.UTC(2025, 0, 3))).toBe(true);
  });
});

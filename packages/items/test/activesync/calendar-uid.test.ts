/**
 * An event's UID names it for every calendar that has it: a phone's Change never renames it (TbSync
 * sends its own ServerId as Calendar:UID in every Change), while an event new from the phone keeps
 * the UID the phone gave it.
 */
import { describe, expect, it } from 'vitest';
import { eventFromAirSync, eventToAirSync } from '../../src/index.js';

const EVENT = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:meeting-42@example.org', 'DTSTAMP:20260101T000000Z', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z', 'SUMMARY:Review', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

describe('the UID of an event from the phone', () => {
  it('is kept when a Change names another', () => {
    const sent = eventToAirSync(EVENT, { version: '14.0' }).map((p) => (p.name === 'Calendar:UID' ? { ...p, text: 'AAMkServerId123' } : p));
    const merged = eventFromAirSync(sent, { version: '14.0', previous: EVENT });
    expect(merged).toContain('UID:meeting-42@example.org');
    expect(merged).not.toContain('AAMkServerId123');
  });

  it('is taken from a new event', () => {
    const sent = eventToAirSync(EVENT, { version: '14.0' });
    expect(eventFromAirSync(sent, { version: '14.0' })).toContain('UID:meeting-42@example.org');
  });
});

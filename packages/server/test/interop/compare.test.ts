/**
 * The interop tests' oracle (support/compare.ts): it must see through what a SyncML client
 * rewrites (vCard 2.1 vs 3.0, empty properties, COUNT as UNTIL, SUMMARY copied to DESCRIPTION) and
 * still see every real change.
 */
import { describe, expect, it } from 'vitest';
import { compareItemSets, explainDiff } from './support/compare.js';
import { contacts, events, tasks, vcard21, vcard30 } from './support/items.js';

const event = (rule: string) =>
  [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
    'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
    'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
    'END:VTIMEZONE', 'BEGIN:VEVENT', 'UID:e1', 'DTSTART;TZID=Europe/Berlin:20250310T100000', 'DTEND;TZID=Europe/Berlin:20250310T110000',
    rule, 'SUMMARY:Weekly', 'END:VEVENT', 'END:VCALENDAR', '',
  ].join('\r\n');

describe('item set comparison', () => {
  it('holds a contact written as vCard 3.0 and as vCard 2.1 (QUOTED-PRINTABLE) the same', () => {
    const people = contacts(60);
    const diff = compareItemSets('Contacts', people.map((c) => vcard30(c)), people.map(vcard21));
    expect(diff.equal, explainDiff(diff, ['3.0', '2.1'])).toBe(true);
  });

  it('sees a changed phone number, and says which item', () => {
    const people = contacts(10);
    const changed = people.map((c, i) => (i === 4 ? { ...c, cell: '+49 151 99999999' } : c));
    const diff = compareItemSets('Contacts', people.map((c) => vcard30(c)), changed.map((c) => vcard30(c)));
    expect(diff.equal).toBe(false);
    expect([diff.onlyInFirst.length, diff.onlyInSecond.length]).toEqual([1, 1]);
    expect(diff.onlyInSecond[0]).toContain('+49 151 99999999');
  });

  it('counts duplicates: one item twice is not the same as once', () => {
    const [card] = contacts(1).map((c) => vcard30(c));
    expect(compareItemSets('Contacts', [card!, card!], [card!]).equal).toBe(false);
  });

  it('ignores the empty properties a client adds for every field of the CTCap', () => {
    const [card] = contacts(1).map((c) => vcard30(c));
    const padded = card!.replace('END:VCARD', 'NICKNAME:\r\nORG:;;;\r\nGEO:;\r\nPHOTO:\r\nX-GENDER:\r\nEND:VCARD');
    expect(compareItemSets('Contacts', [card!], [padded]).equal).toBe(true);
  });

  it('holds COUNT and the UNTIL of its last occurrence the same, but not another count', () => {
    const byCount = event('RRULE:FREQ=WEEKLY;COUNT=3');
    // 24 March 2025 10:00 in Berlin (CET, before the switch on the 30th) is 09:00 UTC.
    expect(compareItemSets('Events', [byCount], [event('RRULE:FREQ=WEEKLY;UNTIL=20250324T090000Z')]).equal).toBe(true);
    expect(compareItemSets('Events', [byCount], [event('RRULE:FREQ=WEEKLY;COUNT=4')]).equal).toBe(false);
    expect(compareItemSets('Events', [byCount], [event('RRULE:FREQ=WEEKLY;UNTIL=20250317T090000Z')]).equal).toBe(false);
  });

  it('holds an event without DESCRIPTION and the same with its SUMMARY as DESCRIPTION (libsynthesis fills it) the same', () => {
    const bare = event('RRULE:FREQ=WEEKLY;COUNT=3');
    expect(compareItemSets('Events', [bare], [bare.replace('SUMMARY:Weekly', 'SUMMARY:Weekly\r\nDESCRIPTION:Weekly')]).equal).toBe(true);
    expect(compareItemSets('Events', [bare], [bare.replace('SUMMARY:Weekly', 'SUMMARY:Weekly\r\nDESCRIPTION:Agenda')]).equal).toBe(false);
  });

  it('tells the generated events and tasks apart (no two generated items look the same)', () => {
    const calendar = [...events(60), ...tasks(20)];
    const diff = compareItemSets('Events', calendar, calendar.slice(1));
    expect(diff.onlyInFirst).toEqual([calendar[0]]);
  });
});

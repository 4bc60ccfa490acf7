/**
 * Calendars through a real phone: events in Europe/Berlin and America/New_York (with their
 * VTIMEZONEs), in UTC, all-day and multi-day, weekly with COUNT and an EXDATE, monthly with UNTIL,
 * and tasks, all in the phone's `calendar` datastore (events and tasks), go up in a slow sync and
 * come down to a second phone unchanged: the same instants, the same occurrences. In XML and WBXML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS, events, tasks } from './support/items.js';
import { addDevice, ENCODINGS, expectSameItems, expectSynced, serverItems, startInteropServer, type InteropServer } from './support/scenario.js';

describe.each(ENCODINGS)('calendar with time zones, all-day and recurring events (%s)', (encoding) => {
  let setting: InteropServer;
  beforeAll(async () => {
    setting = await startInteropServer(`calendar-${encoding}`);
  });
  afterAll(async () => {
    await setting?.close();
  });

  it('takes events and tasks up from A and down to B unchanged', { timeout: 300_000 }, async () => {
    const user = `calendar-${encoding}`;
    const datastores = { calendar: { uri: 'calendar' } } as const;
    // Every kind of event seven times over, and tasks with due dates, due times and completions.
    const calendar = events(7 * EVENT_KINDS.length);
    const todo = tasks(12);
    const a = await addDevice(setting, { user, encoding, datastores });
    await a.phone.addItems('calendar', [...calendar, ...todo], 'item');

    const up = await a.phone.sync('calendar', 'slow');
    expectSynced(up);
    expect(up.report).toMatchObject({ mode: 'slow', server: { added: calendar.length + todo.length, rejected: 0 } });
    expectSameItems('Events', ['uploaded events', calendar], ['server events', await serverItems(a, 'Events')]);
    expectSameItems('Tasks', ['uploaded tasks', todo], ['server tasks', await serverItems(a, 'Tasks')]);

    const b = await addDevice(setting, { user, encoding, datastores, dumpMessages: true });
    const down = await b.phone.sync('calendar', 'refresh-from-server');
    expectSynced(down);
    expect(down.report).toMatchObject({ mode: 'refresh-from-server', client: { added: calendar.length + todo.length, rejected: 0 } });
    // B's DevInf prefers iCalendar 2.0 (Rx-Pref text/calendar); vCalendar 1.0 could not carry
    // relative alarms or the time zones.
    const received = down.messages!.filter((m) => m.direction === 'received').map((m) => m.body.toString('latin1'));
    expect(new Set(received.flatMap((m) => m.match(/BEGIN:VCALENDAR\s+VERSION:\d\.\d/g) ?? []).map((v) => v.replace(/\s+/g, ' '))), 'calendar versions sent to B').toEqual(
      new Set(['BEGIN:VCALENDAR VERSION:2.0']),
    );
    const onB = [...(await b.phone.items('calendar')).values()];
    expectSameItems('Events', ['uploaded', [...calendar, ...todo]], ['device B', onB]);
    // Not vacuous: the recurring events arrived as rules (the occurrences compared above), the tasks as tasks.
    const recurring = onB.filter((t) => /^RRULE:/m.test(t.slice(t.indexOf('BEGIN:VEVENT'))));
    expect(recurring).toHaveLength(14);
    expect(onB.filter((t) => /^BEGIN:VTODO/m.test(t))).toHaveLength(todo.length);
  });
});

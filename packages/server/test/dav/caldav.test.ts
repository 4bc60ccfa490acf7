/**
 * python3-caldav (Debian) as an application drives a CalDAV server: principal, calendars,
 * MKCALENDAR of an events calendar and of a todo calendar (supported_calendar_component_set
 * ['VTODO'], as a python-caldav user does against a server that keeps the two apart, as atomsync
 * does), an event and a todo saved, calendar-queries by property, a time-range search that finds
 * the instance of a weekly Berlin series after the change to summer time (and nothing an hour
 * later, where a UTC-only expansion would put it), sync-collection deltas after an add, a change
 * and a delete, and a bogus sync token answered 403 valid-sync-token. The same steps against
 * Radicale and atomsync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAtomsync } from './clients/atomsync.js';
import { runCaldavClient, SERIES_UID, SINGLE_UID, TODO_UID, type CaldavReport, type Step } from './clients/caldav.js';
import { discover } from './clients/discovery.js';
import { startRadicale } from './clients/radicale.js';
import type { DavTarget } from './clients/target.js';

const CALENDAR = 'caldav-harness';

interface Options {
  /** The URL the client is given, as a user would type it (default: the server's root). */
  readonly entry?: (target: DavTarget) => string;
  /**
   * Each calendar made comes with a sibling, listed beside it: atomsync makes a datastore per
   * MKCALENDAR, whose events and tasks are two calendars (mkcol.ts), the one not asked for under
   * our own layout's segment (`<uuid>` for the events, `<uuid>-tasks` for the tasks).
   */
  readonly siblings?: boolean;
}

function caldavAgainst(start: () => Promise<DavTarget>, options: Options = {}): void {
  let starting: Promise<DavTarget>;
  let report: CaldavReport;
  let explain: string;
  let principal: string;
  let listed: string[];

  beforeAll(async () => {
    starting = start();
    const target = await starting;
    const found = await discover(target);
    principal = found.principal;
    listed = found.calendars.map((c) => c.url).sort();
    ({ report, explain } = await runCaldavClient(target, options.entry?.(target) ?? `${target.url}/`, CALENDAR, 90_000));
  }, 120_000);
  afterAll(async () => {
    await starting?.then((t) => t.stop(), () => undefined);
  });

  /** The step's value, failing with the whole report when the step failed or never ran. */
  const value = <T>(step: Step<T> | undefined, name: string): T => {
    expect(step?.ok, `${name}:\n${JSON.stringify(step ?? 'not run', null, 1)}\n${explain}`).toBe(true);
    return (step as { value: T }).value;
  };

  it('finds the principal discovery finds, and lists the calendars discovery lists', () => {
    expect(value(report.principal, 'principal')).toBe(principal);
    expect(value(report.calendarsBefore, 'calendarsBefore')).toEqual(listed);
  });

  it('MKCALENDAR adds the events calendar and the todo calendar to the listing', () => {
    const made = value(report.makeCalendar, 'makeCalendar');
    const madeTasks = value(report.makeTasksCalendar, 'makeTasksCalendar');
    const before = value(report.calendarsBefore, 'calendarsBefore');
    expect(before).not.toContain(made);
    expect(before).not.toContain(madeTasks);
    const after = value(report.calendarsAfter, 'calendarsAfter');
    expect(after).toEqual(expect.arrayContaining([...before, made, madeTasks]));
    const others = after.filter((url) => !before.includes(url) && url !== made && url !== madeTasks);
    if (options.siblings === true) {
      // The todo calendar's events sibling, and the events calendar's tasks sibling.
      expect(others, after.join('\n')).toHaveLength(2);
      expect(others.filter((url) => url.endsWith('-tasks/')), after.join('\n')).toHaveLength(1);
    } else {
      expect(others).toEqual([]);
    }
    expect(value(report.displayName, 'displayName')).toBe(CALENDAR);
    expect(value(report.tasksComponents, 'tasksComponents')).toEqual(['VTODO']);
  });

  it('saves a weekly series and a single event in the events calendar and a todo in the todo calendar, and lists each', () => {
    for (const step of ['saveSeries', 'saveSingle', 'saveTodo'] as const) value(report[step], step);
    expect(value(report.events, 'events')).toEqual([SINGLE_UID, SERIES_UID].sort());
    expect(value(report.todos, 'todos')).toEqual([TODO_UID]);
  });

  it('todos() finds the open todo by its property filters', () => {
    expect(value(report.openTodos, 'openTodos')).toEqual([TODO_UID]);
  });

  it('event_by_uid finds the single event by its UID', () => {
    expect(value(report.eventByUid, 'eventByUid')).toBe(value(report.saveSingle, 'saveSingle'));
  });

  it('a time range after the DST change finds the weekly series at 07:00 UTC, and nothing an hour later', () => {
    expect(value(report.searchAfterDst, 'searchAfterDst')).toEqual([SERIES_UID]);
    expect(value(report.dateSearchAfterDst, 'dateSearchAfterDst')).toEqual([SERIES_UID]);
    expect(value(report.searchHourLater, 'searchHourLater')).toEqual([]);
    expect(value(report.expandedAfterDst, 'expandedAfterDst')).toEqual(['2026-04-06T07:00:00Z']);
  });

  it('sync-collection deltas list exactly the added, the changed and the deleted item', () => {
    const initial = value(report.syncInitial, 'syncInitial');
    // The series and the single event (the todo is in its own calendar).
    expect(initial.changed).toHaveLength(2);
    expect(initial.deleted).toEqual([]);
    const added = value(report.add, 'add');
    const changed = value(report.change, 'change');
    const deleted = value(report.delete, 'delete');
    expect(deleted).toBe(added);
    const afterAdd = value(report.syncAfterAdd, 'syncAfterAdd');
    const afterChange = value(report.syncAfterChange, 'syncAfterChange');
    const afterDelete = value(report.syncAfterDelete, 'syncAfterDelete');
    expect(afterAdd).toMatchObject({ changed: [added], deleted: [] });
    expect(afterChange).toMatchObject({ changed: [changed], deleted: [] });
    expect(afterDelete).toMatchObject({ changed: [], deleted: [deleted] });
    // Every delta moved the token.
    expect(new Set([initial.token, afterAdd.token, afterChange.token, afterDelete.token]).size).toBe(4);
  });

  it('a bogus sync token is answered 403 with valid-sync-token', () => {
    const bogus = report.bogusToken;
    expect(bogus, explain).toBeDefined();
    expect(bogus!.ok, JSON.stringify(bogus)).toBe(false);
    if (bogus!.ok) return;
    expect(bogus!.status).toBe(403);
    expect(bogus!.body).toMatch(/<([A-Za-z]+:)?valid-sync-token\s*\/?>/);
  });
}

describe('python3-caldav against Radicale', () => {
  caldavAgainst(() => startRadicale());
});

describe('python3-caldav against atomsync', () => {
  caldavAgainst(() => startAtomsync(), {
    // The DAV root, as a user configures python-caldav for atomsync: the server's root answers a
    // PROPFIND with 301 to /dav/, but python-caldav 0.11's requests session re-sends a 301'd
    // PROPFIND without its body (requests keeps a body only across 307/308), so the allprop answer
    // carries no current-user-principal and python-caldav takes the server root for the principal.
    entry: (target) => `${target.url}/dav/`,
    siblings: true,
  });
});

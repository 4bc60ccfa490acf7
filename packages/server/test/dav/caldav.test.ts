/**
 * python3-caldav (Debian) as an application drives a CalDAV server: principal, calendars,
 * MKCALENDAR, an event and a todo saved, a time-range search that finds the instance of a weekly
 * Berlin series after the change to summer time (and nothing an hour later, where a UTC-only
 * expansion would put it), sync-collection deltas after an add, a change and a delete, and a bogus
 * sync token answered 403 valid-sync-token. Proven against Radicale (which has sync tokens); the
 * twin against atomsync is skipped until the DAV endpoint lands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAtomsync } from './clients/atomsync.js';
import { runCaldavClient, SERIES_UID, SINGLE_UID, TODO_UID, type CaldavReport, type Step } from './clients/caldav.js';
import { discover } from './clients/discovery.js';
import { startRadicale } from './clients/radicale.js';
import type { DavTarget } from './clients/target.js';

const CALENDAR = 'caldav-harness';

function caldavAgainst(start: () => Promise<DavTarget>): void {
  let starting: Promise<DavTarget>;
  let report: CaldavReport;
  let explain: string;
  let principal: string;

  beforeAll(async () => {
    starting = start();
    const target = await starting;
    principal = (await discover(target)).principal;
    ({ report, explain } = await runCaldavClient(target, CALENDAR, 90_000));
  }, 120_000);
  afterAll(async () => {
    await starting?.then((t) => t.stop(), () => undefined);
  });

  /** The step's value, failing with the whole report when the step failed or never ran. */
  const value = <T>(step: Step<T> | undefined, name: string): T => {
    expect(step?.ok, `${name}:\n${JSON.stringify(step ?? 'not run', null, 1)}\n${explain}`).toBe(true);
    return (step as { value: T }).value;
  };

  it('finds the principal discovery finds, and MKCALENDAR adds one calendar to the listing', () => {
    expect(value(report.principal, 'principal')).toBe(principal);
    const made = value(report.makeCalendar, 'makeCalendar');
    const before = value(report.calendarsBefore, 'calendarsBefore');
    expect(before).not.toContain(made);
    expect(value(report.calendarsAfter, 'calendarsAfter').sort()).toEqual([...before, made].sort());
    expect(value(report.displayName, 'displayName')).toBe(CALENDAR);
  });

  it('saves a weekly series, a single event and a todo, and lists each by its kind', () => {
    for (const step of ['saveSeries', 'saveSingle', 'saveTodo'] as const) value(report[step], step);
    expect(value(report.events, 'events')).toEqual([SINGLE_UID, SERIES_UID].sort());
    expect(value(report.todos, 'todos')).toEqual([TODO_UID]);
  });

  it('a time range after the DST change finds the weekly series at 07:00 UTC, and nothing an hour later', () => {
    expect(value(report.searchAfterDst, 'searchAfterDst')).toEqual([SERIES_UID]);
    expect(value(report.dateSearchAfterDst, 'dateSearchAfterDst')).toEqual([SERIES_UID]);
    expect(value(report.searchHourLater, 'searchHourLater')).toEqual([]);
    expect(value(report.expandedAfterDst, 'expandedAfterDst')).toEqual(['2026-04-06T07:00:00Z']);
  });

  it('sync-collection deltas list exactly the added, the changed and the deleted item', () => {
    const initial = value(report.syncInitial, 'syncInitial');
    expect(initial.changed).toHaveLength(3);
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

// Skipped until the DAV endpoint lands (issue 21).
describe.skip('python3-caldav against atomsync', () => {
  caldavAgainst(() => startAtomsync());
});

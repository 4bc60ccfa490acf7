/**
 * Debian's python3-caldav (0.11) driven by caldav_client.py under /usr/bin/python3 (Debian's
 * modules are not on other Pythons' paths): the script's JSON, typed. Each step is recorded as
 * its value or its error with the HTTP status and body of the response that failed it.
 */
import { fileURLToPath } from 'node:url';
import { explainRun, runClient } from './process.js';
import type { DavTarget } from './target.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./caldav_client.py', import.meta.url));

export type Step<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string; readonly status: number | null; readonly body: string | null; readonly message: string; readonly trace: string };

export interface SyncDelta {
  readonly token: string;
  readonly changed: readonly string[];
  readonly deleted: readonly string[];
}

/** What caldav_client.py prints; a step is absent when an earlier one it needs failed. */
export interface CaldavReport {
  readonly principal: Step<string>;
  readonly calendarsBefore?: Step<string[]>;
  readonly makeCalendar?: Step<string>;
  readonly makeTasksCalendar?: Step<string>;
  readonly calendarsAfter?: Step<string[]>;
  readonly displayName?: Step<string>;
  readonly tasksComponents?: Step<string[]>;
  readonly saveSeries?: Step<string>;
  readonly saveSingle?: Step<string>;
  readonly saveTodo?: Step<string>;
  readonly events?: Step<string[]>;
  readonly todos?: Step<string[]>;
  readonly openTodos?: Step<string[]>;
  readonly searchAfterDst?: Step<string[]>;
  readonly searchHourLater?: Step<string[]>;
  readonly expandedAfterDst?: Step<string[]>;
  readonly dateSearchAfterDst?: Step<string[]>;
  readonly syncInitial?: Step<SyncDelta>;
  readonly add?: Step<string>;
  readonly syncAfterAdd?: Step<SyncDelta>;
  readonly change?: Step<string>;
  readonly syncAfterChange?: Step<SyncDelta>;
  readonly delete?: Step<string>;
  readonly syncAfterDelete?: Step<SyncDelta>;
  readonly eventByUid?: Step<string>;
  readonly bogusToken?: Step<SyncDelta>;
}

export const SERIES_UID = 'caldav-harness-weekly@atomsync.test';
export const SINGLE_UID = 'caldav-harness-single@atomsync.test';
export const TODO_UID = 'caldav-harness-todo@atomsync.test';

/**
 * Runs the script against `url` (the URL a user would type: python-caldav 0.11 looks for
 * current-user-principal there and knows no /.well-known), making the events calendar
 * `calendarName` and the todo calendar `${calendarName}-tasks` the items go into.
 */
export async function runCaldavClient(target: DavTarget, url: string, calendarName: string, timeoutMs: number): Promise<{ report: CaldavReport; explain: string }> {
  const run = await runClient(PYTHON, [SCRIPT, url, target.username, target.password, calendarName], { timeoutMs });
  const explain = explainRun(run);
  if (run.exitCode !== 0 || run.timedOut) throw new Error(`caldav_client.py did not finish:\n${explain}`);
  return { report: JSON.parse(run.stdout) as CaldavReport, explain };
}

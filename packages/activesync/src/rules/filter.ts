/**
 * FilterType (MS-ASCMD §2.2.3.68.2): which of a collection's items the server keeps on the phone.
 * As data: per folder class, which values mean what. The item questions (when does an event end,
 * is a task done) are item knowledge and live in @atomsync/items; this table only turns a
 * FilterType and the time now into the question to ask.
 *
 * | class | value | the phone holds |
 * |---|---|---|
 * | Calendar | 0 | everything |
 * | Calendar | 1 … 7 | events (or series with an occurrence) ending after now − 1 day, 3 days, 1 week, 2 weeks, 1 month, 3 months, 6 months |
 * | Tasks | 0 | everything |
 * | Tasks | 8 | the tasks not complete |
 * | Contacts, Notes | any | everything |
 *
 * MS-ASCMD lists 4 … 7 for calendars and 1 … 3 for e-mail only; a phone that asks its calendar
 * for one day back gets one day back (a careful user expects what they picked), rather than an
 * error MS-ASCMD does not name. A value the class has no meaning for (Tasks 1 … 7, anything for
 * Contacts and Notes) filters nothing: MS-ASCMD names no Sync status for it, and FilterType
 * "applies to email, calendar and task collections" only.
 */
import type { FolderClass } from './folders.js';

export type ItemFilter =
  /** Every item. */
  | { readonly kind: 'all' }
  /** Events that end (an occurrence of the series ends) after `since`, epoch ms. */
  | { readonly kind: 'endsAfter'; readonly filterType: number; readonly since: number }
  /** Tasks that are not complete. */
  | { readonly kind: 'incomplete' };

const DAY = 86_400_000;

/** How far back each calendar FilterType reaches: days, or calendar months. */
export const CALENDAR_WINDOWS: Readonly<Record<number, { readonly days: number } | { readonly months: number }>> = {
  1: { days: 1 },
  2: { days: 3 },
  3: { days: 7 },
  4: { days: 14 },
  5: { months: 1 },
  6: { months: 3 },
  7: { months: 6 },
};

/** FilterType 8 (MS-ASCMD): incomplete tasks only. */
export const INCOMPLETE_TASKS = 8;

/** `at` moved back by the window (a month back from 31 March is the last day of February). */
function back(at: number, window: { readonly days: number } | { readonly months: number }): number {
  if ('days' in window) return at - window.days * DAY;
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - window.months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** The filter a collection of `className` keeps with `filterType` (absent: 0) at `now`. */
export function itemFilterOf(className: FolderClass, filterType: number | undefined, now: Date): ItemFilter {
  if (filterType === undefined || filterType === 0) return { kind: 'all' };
  if (className === 'Calendar') {
    const window = CALENDAR_WINDOWS[filterType];
    return window === undefined ? { kind: 'all' } : { kind: 'endsAfter', filterType, since: back(now.getTime(), window) };
  }
  if (className === 'Tasks' && filterType === INCOMPLETE_TASKS) return { kind: 'incomplete' };
  return { kind: 'all' };
}

/** Whether two FilterTypes keep the same items of the class (a change between them changes nothing on the phone). */
export function sameFilter(className: FolderClass, a: number | undefined, b: number | undefined): boolean {
  const epoch = new Date(0);
  const fa = itemFilterOf(className, a, epoch);
  const fb = itemFilterOf(className, b, epoch);
  return fa.kind === fb.kind && (fa.kind !== 'endsAfter' || fb.kind !== 'endsAfter' || fa.filterType === fb.filterType);
}

/**
 * Whether the filter can drop an item the phone holds as time passes (a calendar window moves
 * with the clock; "incomplete" changes only when the task does, which is a change of its own).
 */
export const agesOut = (filter: ItemFilter): boolean => filter.kind === 'endsAfter';

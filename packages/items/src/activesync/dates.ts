/**
 * Dates of a day (Birthday, Anniversary): a vCard DATE (`1985-04-12`, `19850412`, a DATE-TIME
 * whose day counts) and an ActiveSync dateTime (MS-ASDTYPE §2.3, `1985-04-12T00:00:00.000Z`).
 *
 * A phone keeps the day as its local midnight and sends that instant in UTC: east of UTC it is the
 * day before, 22:00Z or 23:00Z; west of UTC the day itself, 05:00Z. So a time at or after 12:00Z
 * is read as the next day: the nearest midnight is the day (right from UTC−11 to UTC+12). We send
 * midnight UTC, which reads back as the same day.
 */

/** `YYYY-MM-DD` of a valid day, or null. */
function dayOf(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day after `YYYY-MM-DD`; null past 9999-12-31. */
function nextDay(date: string): string | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (day < daysIn(year, month)) return dayOf(year, month, day + 1);
  if (month < 12) return dayOf(year, month + 1, 1);
  return dayOf(year + 1, 1, 1);
}

/** The day before `YYYY-MM-DD`; null before 0001-01-01. */
function previousDay(date: string): string | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (day > 1) return dayOf(year, month, day - 1);
  if (month > 1) return dayOf(year, month - 1, daysIn(year, month - 1));
  return dayOf(year - 1, 12, 31);
}

/** Extended or basic form, an optional time, an optional `Z` or offset; at most 64 characters. */
const DATE_TIME =
  /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

interface Parsed {
  readonly date: string;
  /** Minutes after the day's midnight UTC; null when the value has no time. */
  readonly minutes: number | null;
}

function parse(value: string): Parsed | null {
  const text = value.trim();
  if (text.length > 64) return null;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const date = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if (date === null) return null;
  if (m[4] === undefined) return { date, minutes: null };
  const hours = Number(m[4]);
  const minutes = Number(m[5]);
  const seconds = Number(m[6] ?? 0);
  if (hours > 24 || minutes > 59 || seconds > 60) return null;
  let offset = 0;
  const zone = m[7];
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    offset = (zone.startsWith('-') ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0));
    if (Math.abs(offset) > 18 * 60) return null;
  }
  return { date, minutes: hours * 60 + minutes - offset };
}

/**
 * The day an ActiveSync dateTime names, `YYYY-MM-DD`: the nearest midnight UTC (a time at or
 * after 12:00Z is the next day). Null for anything that is not a date.
 */
export function dayOfAirSync(value: string): string | null {
  const parsed = parse(value);
  if (!parsed) return null;
  const { date, minutes } = parsed;
  if (minutes === null) return date;
  if (minutes >= 36 * 60) return null;
  if (minutes >= 12 * 60) return nextDay(date);
  if (minutes < -12 * 60) return previousDay(date);
  return date;
}

/**
 * The day a vCard date names, `YYYY-MM-DD`, as written (a DATE-TIME counts by its date). Null for
 * a date without a year (`--0412`) or text: ActiveSync cannot say it.
 */
export function dayOfVCard(value: string): string | null {
  return parse(value)?.date ?? null;
}

/** The ActiveSync dateTime of a day: its midnight UTC. */
export function airSyncDateTime(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/**
 * An instant (LastModifiedDate): an ActiveSync dateTime or a vCalendar DATE-TIME, as UTC in basic
 * form (`20240102T030405Z`). A time without a zone is read as UTC; a date alone is its midnight.
 * Null for anything that is not one.
 */
export function utcInstant(value: string): string | null {
  const text = value.trim();
  if (text.length > 64) return null;
  const m = DATE_TIME.exec(text);
  const parsed = m ? parse(text) : null;
  if (!m || !parsed) return null;
  const seconds = Math.min(59, Number(m[6] ?? 0));
  const [year, month, day] = parsed.date.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(0, parsed.minutes ?? 0, seconds, 0);
  const iso = at.toISOString();
  if (!/^\d{4}-/.test(iso)) return null;
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The ActiveSync dateTime of a UTC instant in basic form. */
export function airSyncInstant(basic: string): string {
  return `${basic.slice(0, 4)}-${basic.slice(4, 6)}-${basic.slice(6, 8)}T${basic.slice(9, 11)}:${basic.slice(11, 13)}:${basic.slice(13, 15)}.000Z`;
}

/**
 * Thunderbird's calIDateTime and calIDuration for the TbSync harness, over ical.js's Time and
 * Duration (as Thunderbird's own are). What TbSync relies on:
 *
 * - `month` counts from 0, `weekday` from Sunday = 0; `timezoneOffset` is seconds east of UTC;
 * - setting `timezone` keeps the wall-clock time (it re-reads the time in the new zone), while
 *   `getInTimezone` converts; a floating time converts to any zone unchanged, and so does a date;
 * - setting `isDate` drops the time of day, clearing it gives midnight;
 * - `icalString` is the basic form, `20250601T080000Z` in UTC, `20250601T100000` in a zone or
 *   floating, `20250601` for a date; `cal.createDateTime` reads the same forms;
 * - `subtractDate` is the time between two instants; `compare` reads a floating time in the
 *   other's zone;
 * - a duration's `inSeconds` is read and written in place (TbSync sets the offset of an alarm it
 *   holds through it).
 */
import ICAL from 'ical.js';
import { CalTimezone, FLOATING_ZONE, UTC_ZONE } from './timezones.js';

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalDuration = InstanceType<typeof ICAL.Duration>;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export class CalDuration {
  #duration: IcalDuration;

  constructor(duration: IcalDuration = ICAL.Duration.fromSeconds(0)) {
    this.#duration = duration;
  }

  static fromSeconds(seconds: number): CalDuration {
    return new CalDuration(ICAL.Duration.fromSeconds(seconds));
  }

  /** `-PT15M`, `P1D`. */
  static fromString(text: string): CalDuration {
    return new CalDuration(ICAL.Duration.fromString(text));
  }

  get inSeconds(): number {
    return this.#duration.toSeconds();
  }
  set inSeconds(seconds: number) {
    this.#duration = ICAL.Duration.fromSeconds(Number(seconds));
  }

  get isNegative(): boolean {
    return this.#duration.isNegative;
  }
  get weeks(): number {
    return this.#duration.weeks;
  }
  get days(): number {
    return this.#duration.days;
  }
  get hours(): number {
    return this.#duration.hours;
  }
  get minutes(): number {
    return this.#duration.minutes;
  }
  get seconds(): number {
    return this.#duration.seconds;
  }

  get icalString(): string {
    return this.#duration.toString();
  }
  set icalString(text: string) {
    this.#duration = ICAL.Duration.fromString(text);
  }

  /** The ical.js duration (a copy). */
  get ical(): IcalDuration {
    return this.#duration.clone();
  }

  clone(): CalDuration {
    return new CalDuration(this.#duration.clone());
  }

  compare(other: CalDuration): number {
    return Math.sign(this.inSeconds - other.inSeconds);
  }

  toString(): string {
    return this.icalString;
  }
}

export class CalDateTime {
  #time: IcalTime;
  #zone: CalTimezone;

  constructor(time?: IcalTime, zone?: CalTimezone) {
    this.#zone = zone ?? UTC_ZONE;
    this.#time = time ?? ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, isDate: false }, this.#zone.ical);
  }

  /** A wall-clock time in a zone (month from 1, as iCalendar writes it). */
  static of(fields: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; isDate?: boolean }, zone: CalTimezone): CalDateTime {
    const isDate = fields.isDate ?? false;
    const time = new ICAL.Time({ year: fields.year, month: fields.month, day: fields.day, hour: isDate ? 0 : (fields.hour ?? 0), minute: isDate ? 0 : (fields.minute ?? 0), second: isDate ? 0 : (fields.second ?? 0), isDate }, zone.ical);
    return new CalDateTime(time, zone);
  }

  /** The instant `ms` (a JS time) in UTC. */
  static fromMillis(ms: number): CalDateTime {
    const time = ICAL.Time.fromJSDate(new Date(Math.floor(ms / 1000) * 1000), true);
    return new CalDateTime(time, UTC_ZONE);
  }

  /** `20250601T080000Z` (UTC), `20250601T100000` (floating, or in `zone`), `20250601` (a date). */
  static fromIcalString(text: string, zone?: CalTimezone): CalDateTime {
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(text.trim());
    if (!match) throw new Error(`not a basic iCalendar date or date-time: "${text}"`);
    const [, year, month, day, hour, minute, second, utc] = match;
    const isDate = hour === undefined;
    const zoneOfTime = utc ? UTC_ZONE : (zone ?? FLOATING_ZONE);
    return CalDateTime.of({ year: Number(year), month: Number(month), day: Number(day), hour: Number(hour ?? 0), minute: Number(minute ?? 0), second: Number(second ?? 0), isDate }, isDate && !zone ? FLOATING_ZONE : zoneOfTime);
  }

  /** The ical.js time (a copy), its zone the ical.js zone of `timezone`. */
  get ical(): IcalTime {
    return this.#time.clone();
  }

  #set(fields: Partial<{ year: number; month: number; day: number; hour: number; minute: number; second: number; isDate: boolean }>, zone = this.#zone): void {
    const t = this.#time;
    const next = { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second, isDate: t.isDate, ...fields };
    if (next.isDate) Object.assign(next, { hour: 0, minute: 0, second: 0 });
    // A new ical.js time: it keeps a cached instant that a changed zone would not clear.
    this.#time = new ICAL.Time({ year: next.year, month: next.month, day: next.day, hour: next.hour, minute: next.minute, second: next.second, isDate: next.isDate }, zone.ical);
    this.#zone = zone;
  }

  get year(): number {
    return this.#time.year;
  }
  set year(value: number) {
    this.#set({ year: Number(value) });
  }
  /** From 0 (January), as Thunderbird counts. */
  get month(): number {
    return this.#time.month - 1;
  }
  set month(value: number) {
    this.#set({ month: Number(value) + 1 });
  }
  get day(): number {
    return this.#time.day;
  }
  set day(value: number) {
    this.#set({ day: Number(value) });
  }
  get hour(): number {
    return this.#time.hour;
  }
  set hour(value: number) {
    this.#set({ hour: Number(value) });
  }
  get minute(): number {
    return this.#time.minute;
  }
  set minute(value: number) {
    this.#set({ minute: Number(value) });
  }
  get second(): number {
    return this.#time.second;
  }
  set second(value: number) {
    this.#set({ second: Number(value) });
  }
  get isDate(): boolean {
    return this.#time.isDate;
  }
  set isDate(value: boolean) {
    this.#set({ isDate: Boolean(value) });
  }
  get isValid(): boolean {
    return true;
  }
  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  get timezone(): CalTimezone {
    return this.#zone;
  }
  /** The same wall-clock time, now read in `zone`. */
  set timezone(zone: CalTimezone) {
    if (!(zone instanceof CalTimezone)) throw new Error('CalDateTime.timezone: not a calITimezone');
    this.#set({}, zone);
  }

  /** Seconds east of UTC at this time (0 floating). */
  get timezoneOffset(): number {
    return this.#time.utcOffset();
  }

  /** Microseconds since 1970 (a floating time read as UTC). */
  get nativeTime(): number {
    return this.#time.toUnixTime() * 1_000_000;
  }

  /** 0 = Sunday. */
  get weekday(): number {
    return this.#time.dayOfWeek() - 1;
  }

  get yearday(): number {
    return this.#time.dayOfYear();
  }

  get icalString(): string {
    const t = this.#time;
    const date = `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}`;
    if (t.isDate) return date;
    return `${date}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}${this.#zone.isUTC ? 'Z' : ''}`;
  }
  set icalString(text: string) {
    const parsed = CalDateTime.fromIcalString(text, this.#zone.isUTC ? undefined : this.#zone);
    this.#time = parsed.#time;
    this.#zone = parsed.#zone;
  }

  /** The instant, as a JS Date (a floating time read as UTC). */
  get jsDate(): Date {
    return new Date(this.#time.toUnixTime() * 1000);
  }

  getInTimezone(zone: CalTimezone): CalDateTime {
    if (!(zone instanceof CalTimezone)) throw new Error('CalDateTime.getInTimezone: not a calITimezone');
    return new CalDateTime(this.#time.convertToZone(zone.ical), zone);
  }

  clone(): CalDateTime {
    return new CalDateTime(this.#time.clone(), this.#zone);
  }

  resetTo(year: number, month: number, day: number, hour: number, minute: number, second: number, zone: CalTimezone): void {
    this.#set({ year, month: month + 1, day, hour, minute, second, isDate: false }, zone);
  }

  addDuration(duration: CalDuration): void {
    const time = this.#time.clone();
    time.addDuration(duration.ical);
    this.#time = time;
  }

  /** The time from `other` to this (negative when `other` is later). */
  subtractDate(other: CalDateTime): CalDuration {
    const [a, b] = CalDateTime.#comparable(this, other);
    return CalDuration.fromSeconds(a.toUnixTime() - b.toUnixTime());
  }

  compare(other: CalDateTime): number {
    const [a, b] = CalDateTime.#comparable(this, other);
    if (a.isDate && b.isDate) return Math.sign(a.compare(b));
    return Math.sign(a.toUnixTime() - b.toUnixTime());
  }

  /** The two as instants: a floating one read in the other's zone. */
  static #comparable(a: CalDateTime, b: CalDateTime): [IcalTime, IcalTime] {
    const inZone = (time: CalDateTime, zone: CalTimezone): IcalTime => {
      const copy = time.clone();
      copy.timezone = zone;
      return copy.#time;
    };
    if (a.#zone.isFloating && !b.#zone.isFloating) return [inZone(a, b.#zone), b.#time];
    if (b.#zone.isFloating && !a.#zone.isFloating) return [a.#time, inZone(b, a.#zone)];
    return [a.#time, b.#time];
  }

  toString(): string {
    return `${this.icalString} ${this.#zone.tzid}`;
  }
}

/**
 * Thunderbird's calendar items for the TbSync harness — calIEvent and calITodo with their alarms
 * (calIAlarm), attendees (calIAttendee) and recurrence (calIRecurrenceInfo, calIRecurrenceRule,
 * calIRecurrenceDate) — written after the calls TbSync's calendarsync.js, tasksync.js and sync.js
 * make, over ical.js, and read from and written to iCalendar as Thunderbird stores them. What
 * TbSync relies on, as Thunderbird does it:
 *
 * - property names are case-blind (`setProperty("X-EAS-MeetingStatus")` is read back by
 *   `hasProperty("X-EAS-MEETINGSTATUS")`); `startDate`, `dueDate`, … are the DTSTART, DUE, …
 *   properties, held by reference: TbSync sets `item.startDate` and then changes it in place;
 * - an alarm's `offset` is null for an absolute alarm and held by reference too;
 * - a rule's BYDAY values are numbers: 1 = Sunday … 7 = Saturday, plus 8 × the week in the
 *   month (negative counted from the end: -1SU is -9);
 * - `recurrenceInfo.getOccurrenceFor(id)` gives a copy of the series for that occurrence (its
 *   start at `id`, its length the series'), which TbSync edits and hands back to
 *   `modifyException`; `removeOccurrenceAt(id)` adds an EXDATE;
 * - a master's UID is its exceptions' UID.
 *
 * Not here: attachments, RDATE/EXRULE expansion, occurrences between two dates (TbSync asks for
 * none of these).
 */
import ICAL from 'ical.js';
import { CalDateTime, CalDuration } from './cal-datetime.js';
import { CalTimezone, FLOATING_ZONE, UTC_ZONE, vtimezoneText, zoneOrFail } from './timezones.js';

type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalProperty = InstanceType<typeof ICAL.Property>;
type IcalRecur = InstanceType<typeof ICAL.Recur>;

/** calIAlarm's constants. */
export const calIAlarm = Object.freeze({ ALARM_RELATED_ABSOLUTE: 0, ALARM_RELATED_START: 1, ALARM_RELATED_END: 2 });

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** Properties whose value is a date or date-time. */
const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'DUE', 'COMPLETED', 'DTSTAMP', 'CREATED', 'LAST-MODIFIED', 'RECURRENCE-ID', 'X-MOZ-LASTACK']);
const INTEGER_PROPERTIES = new Set(['PRIORITY', 'PERCENT-COMPLETE', 'SEQUENCE']);
/** Properties the item holds apart from its property bag. */
const STRUCTURED_PROPERTIES = new Set(['ATTENDEE', 'ORGANIZER', 'CATEGORIES', 'RRULE', 'EXRULE', 'RDATE', 'EXDATE']);

// ---------------------------------------------------------------------------------------------
// Reading and writing dates
// ---------------------------------------------------------------------------------------------

/** A date property's value (`DTSTART;TZID=Europe/Berlin:20250601T100000`, `…Z`, `;VALUE=DATE:20250601`). */
function dateOf(property: IcalProperty, value: unknown = property.getFirstValue()): CalDateTime {
  const text = String(value);
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:T(\d{2}):?(\d{2}):?(\d{2})(Z)?)?$/.exec(text);
  if (!match) throw new Error(`${property.name.toUpperCase()}: not a date or date-time: "${text}"`);
  const [, year, month, day, hour, minute, second, utc] = match;
  const tzid = property.getParameter('tzid');
  const zone = utc ? UTC_ZONE : typeof tzid === 'string' && tzid ? zoneOrFail(tzid) : FLOATING_ZONE;
  const isDate = hour === undefined;
  return CalDateTime.of({ year: Number(year), month: Number(month), day: Number(day), hour: Number(hour ?? 0), minute: Number(minute ?? 0), second: Number(second ?? 0), isDate }, isDate ? FLOATING_ZONE : zone);
}

/** A date property, its TZID named when the zone is neither UTC nor floating. */
function dateProperty(name: string, value: CalDateTime, zones: Set<string>): IcalProperty {
  const property = new ICAL.Property(name.toLowerCase());
  property.setValue(value.ical);
  if (!value.isDate && !value.timezone.isUTC && !value.timezone.isFloating) {
    property.setParameter('tzid', value.timezone.tzid);
    zones.add(value.timezone.tzid);
  }
  return property;
}

// ---------------------------------------------------------------------------------------------
// Alarms, attendees
// ---------------------------------------------------------------------------------------------

export class CalAlarm {
  related: number = calIAlarm.ALARM_RELATED_ABSOLUTE;
  action = 'DISPLAY';
  description: string | null = null;
  summary: string | null = null;
  repeat = 0;
  repeatOffset: CalDuration | null = null;
  #offset: CalDuration | null = null;
  #alarmDate: CalDateTime | null = null;

  /** Before or after the start (or end): null for an absolute alarm. Held by reference. */
  get offset(): CalDuration | null {
    return this.#offset;
  }
  set offset(value: CalDuration | null) {
    if (value !== null && this.related !== calIAlarm.ALARM_RELATED_START && this.related !== calIAlarm.ALARM_RELATED_END) throw new Error('CalAlarm.offset: only a relative alarm has one (set related first)');
    this.#offset = value;
  }

  /** The time of an absolute alarm. */
  get alarmDate(): CalDateTime | null {
    return this.#alarmDate;
  }
  set alarmDate(value: CalDateTime | null) {
    this.#alarmDate = value;
  }

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  clone(): CalAlarm {
    const copy = new CalAlarm();
    copy.related = this.related;
    copy.action = this.action;
    copy.description = this.description;
    copy.summary = this.summary;
    copy.repeat = this.repeat;
    copy.repeatOffset = this.repeatOffset?.clone() ?? null;
    copy.#offset = this.#offset?.clone() ?? null;
    copy.#alarmDate = this.#alarmDate?.clone() ?? null;
    return copy;
  }

  get icalComponent(): IcalComponent {
    const valarm = new ICAL.Component('valarm');
    valarm.addPropertyWithValue('action', this.action);
    const trigger = new ICAL.Property('trigger');
    if (this.related === calIAlarm.ALARM_RELATED_ABSOLUTE && this.#alarmDate) {
      trigger.setValue(this.#alarmDate.getInTimezone(UTC_ZONE).ical);
      trigger.setParameter('value', 'DATE-TIME');
    } else {
      trigger.setValue((this.#offset ?? CalDuration.fromSeconds(0)).ical);
      if (this.related === calIAlarm.ALARM_RELATED_END) trigger.setParameter('related', 'END');
    }
    valarm.addProperty(trigger);
    // Thunderbird's words for an alarm without its own.
    valarm.addPropertyWithValue('description', this.description ?? 'Default Mozilla Description');
    if (this.summary) valarm.addPropertyWithValue('summary', this.summary);
    if (this.repeat) {
      valarm.addPropertyWithValue('repeat', this.repeat);
      if (this.repeatOffset) valarm.addPropertyWithValue('duration', this.repeatOffset.ical);
    }
    return valarm;
  }

  get icalString(): string {
    return this.icalComponent.toString();
  }

  static fromComponent(valarm: IcalComponent): CalAlarm {
    const alarm = new CalAlarm();
    alarm.action = String(valarm.getFirstPropertyValue('action') ?? 'DISPLAY');
    const description = valarm.getFirstPropertyValue('description');
    if (description !== null && description !== 'Default Mozilla Description') alarm.description = String(description);
    const summary = valarm.getFirstPropertyValue('summary');
    if (summary !== null) alarm.summary = String(summary);
    const trigger = valarm.getFirstProperty('trigger');
    if (!trigger) throw new Error('VALARM without TRIGGER');
    const value = trigger.getFirstValue();
    if (value instanceof ICAL.Duration) {
      alarm.related = trigger.getParameter('related') === 'END' ? calIAlarm.ALARM_RELATED_END : calIAlarm.ALARM_RELATED_START;
      alarm.#offset = new CalDuration(value.clone());
    } else {
      alarm.related = calIAlarm.ALARM_RELATED_ABSOLUTE;
      alarm.#alarmDate = dateOf(trigger, value);
    }
    const repeat = valarm.getFirstPropertyValue('repeat');
    if (repeat !== null) alarm.repeat = Number(repeat);
    const duration = valarm.getFirstPropertyValue('duration');
    if (duration instanceof ICAL.Duration) alarm.repeatOffset = new CalDuration(duration.clone());
    return alarm;
  }
}

/** An attendee or the organizer; its parameters (CN, ROLE, PARTSTAT, CUTYPE, RSVP) as Thunderbird names them. */
export class CalAttendee {
  id: string | null = null;
  commonName: string | null = null;
  rsvp: string | null = null;
  role: string | null = null;
  participationStatus: string | null = null;
  userType: string | null = null;
  isOrganizer = false;
  readonly #other = new Map<string, string>();

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  getProperty(name: string): string | null {
    return this.#other.get(name.toUpperCase()) ?? null;
  }
  setProperty(name: string, value: string): void {
    this.#other.set(name.toUpperCase(), String(value));
  }
  deleteProperty(name: string): void {
    this.#other.delete(name.toUpperCase());
  }

  clone(): CalAttendee {
    const copy = new CalAttendee();
    Object.assign(copy, { id: this.id, commonName: this.commonName, rsvp: this.rsvp, role: this.role, participationStatus: this.participationStatus, userType: this.userType, isOrganizer: this.isOrganizer });
    for (const [name, value] of this.#other) copy.#other.set(name, value);
    return copy;
  }

  toString(): string {
    return this.id ?? '';
  }

  get icalProperty(): IcalProperty {
    const property = new ICAL.Property(this.isOrganizer ? 'organizer' : 'attendee');
    property.setValue(this.id ?? '');
    const params: [string, string | null][] = [['cn', this.commonName], ['role', this.role], ['partstat', this.participationStatus], ['cutype', this.userType], ['rsvp', this.rsvp]];
    for (const [name, value] of params) if (value !== null && value !== '') property.setParameter(name, value);
    for (const [name, value] of this.#other) property.setParameter(name.toLowerCase(), value);
    return property;
  }

  get icalString(): string {
    return this.icalProperty.toICALString();
  }

  static fromProperty(property: IcalProperty): CalAttendee {
    const attendee = new CalAttendee();
    attendee.isOrganizer = property.name === 'organizer';
    attendee.id = String(property.getFirstValue() ?? '');
    const param = (name: string): string | null => {
      const value = property.getParameter(name);
      return value === undefined || value === null ? null : String(value);
    };
    attendee.commonName = param('cn');
    attendee.role = param('role');
    attendee.participationStatus = param('partstat');
    attendee.userType = param('cutype');
    attendee.rsvp = param('rsvp');
    for (const [name, value] of Object.entries(property.toJSON()[1] as Record<string, unknown>)) {
      if (!['cn', 'role', 'partstat', 'cutype', 'rsvp'].includes(name)) attendee.#other.set(name.toUpperCase(), String(value));
    }
    return attendee;
  }
}

// ---------------------------------------------------------------------------------------------
// Recurrence
// ---------------------------------------------------------------------------------------------

/** `1SU` → 9, `-1SU` → -9, `TU` → 3. */
function numericDay(day: string): number {
  const match = /^([+-])?(\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/.exec(day.toUpperCase());
  if (!match) throw new Error(`BYDAY: not a weekday: "${day}"`);
  const value = WEEKDAYS.indexOf(match[3] as (typeof WEEKDAYS)[number]) + 1 + 8 * Number(match[2] ?? 0);
  return match[1] === '-' ? -value : value;
}

/** 9 → `1SU`, -9 → `-1SU`, 3 → `TU`. */
function icalDay(value: number): string {
  const magnitude = Math.abs(Number(value));
  const weekday = WEEKDAYS[(magnitude % 8) - 1];
  if (!weekday) throw new Error(`BYDAY: ${value} names no weekday`);
  const week = Math.floor(magnitude / 8);
  return `${value < 0 ? '-' : ''}${week || ''}${weekday}`;
}

/** calIRecurrenceRule, over ICAL.Recur. */
export class CalRecurrenceRule {
  isNegative = false;
  #recur: IcalRecur;
  /** The UNTIL as Thunderbird holds it (UTC, floating, or a date). */
  #until: CalDateTime | null = null;

  constructor(recur?: IcalRecur) {
    this.#recur = recur ?? new ICAL.Recur({ freq: 'DAILY' });
    if (this.#recur.until) this.#until = dateOf(new ICAL.Property('until'), this.#recur.until.toString());
  }

  get type(): string {
    return this.#recur.freq;
  }
  set type(value: string) {
    this.#recur.freq = String(value).toUpperCase() as IcalRecur['freq'];
  }

  get interval(): number {
    return this.#recur.interval || 1;
  }
  set interval(value: number) {
    this.#recur.interval = Number(value);
  }

  get isByCount(): boolean {
    return this.#recur.isByCount();
  }

  get isFinite(): boolean {
    return this.#recur.isFinite();
  }

  /** -1 when the rule does not count. */
  get count(): number {
    return this.#recur.count ?? -1;
  }
  set count(value: number) {
    const count = Number(value);
    this.#recur.count = count > 0 ? count : null;
    if (count > 0) {
      this.#recur.until = null;
      this.#until = null;
    }
  }

  /** A zoned time is kept in UTC, as Thunderbird keeps it. */
  get untilDate(): CalDateTime | null {
    return this.#until?.clone() ?? null;
  }
  set untilDate(value: CalDateTime | null) {
    if (!value) {
      this.#recur.until = null;
      this.#until = null;
      return;
    }
    const until = value.isDate || value.timezone.isFloating || value.timezone.isUTC ? value.clone() : value.getInTimezone(UTC_ZONE);
    this.#until = until;
    this.#recur.until = until.ical;
    this.#recur.count = null;
  }

  /** BYDAY as numbers (see the file's head), the other parts as they are. */
  getComponent(name: string): number[] {
    const values = this.#recur.getComponent(name.toUpperCase()) as unknown[];
    return name.toUpperCase() === 'BYDAY' ? values.map((value) => numericDay(String(value))) : values.map(Number);
  }

  setComponent(name: string, values: readonly unknown[]): void {
    const key = name.toUpperCase();
    const list = [...values].map(Number);
    if (list.length === 0) {
      delete (this.#recur.parts as Record<string, unknown>)[key];
      return;
    }
    this.#recur.setComponent(key, key === 'BYDAY' ? list.map(icalDay) : list);
  }

  /** The ical.js rule (a copy). */
  get ical(): IcalRecur {
    return this.#recur.clone();
  }

  get icalString(): string {
    return `${this.isNegative ? 'EXRULE' : 'RRULE'}:${this.#recur.toString()}`;
  }

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  clone(): CalRecurrenceRule {
    const copy = new CalRecurrenceRule(this.#recur.clone());
    copy.isNegative = this.isNegative;
    copy.#until = this.#until?.clone() ?? null;
    return copy;
  }
}

/** calIRecurrenceDate: an RDATE, or an EXDATE when negative. */
export class CalRecurrenceDate {
  isNegative = false;
  date: CalDateTime | null = null;

  get icalString(): string {
    return `${this.isNegative ? 'EXDATE' : 'RDATE'}:${this.date?.icalString ?? ''}`;
  }

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  clone(): CalRecurrenceDate {
    const copy = new CalRecurrenceDate();
    copy.isNegative = this.isNegative;
    copy.date = this.date?.clone() ?? null;
    return copy;
  }
}

type RecurrenceItem = CalRecurrenceRule | CalRecurrenceDate;

/** An occurrence's key: its date, or its instant (a floating time read as UTC). */
const occurrenceKey = (id: CalDateTime): string => (id.isDate ? id.icalString : String(id.nativeTime));

/** calIRecurrenceInfo: the series' rules and dates, and its changed occurrences (exceptions). */
export class CalRecurrenceInfo {
  #item: CalItemBase | null;
  #items: RecurrenceItem[] = [];
  readonly #exceptions = new Map<string, CalItemBase>();

  constructor(item: CalItemBase | null = null) {
    this.#item = item;
  }

  get item(): CalItemBase | null {
    return this.#item;
  }
  set item(item: CalItemBase | null) {
    this.#item = item;
    for (const exception of this.#exceptions.values()) exception.parentItem = item ?? exception;
  }

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  getRecurrenceItems(): RecurrenceItem[] {
    return [...this.#items];
  }
  setRecurrenceItems(items: readonly RecurrenceItem[]): void {
    this.#items = [...items];
  }
  countRecurrenceItems(): number {
    return this.#items.length;
  }
  getRecurrenceItemAt(index: number): RecurrenceItem | null {
    return this.#items[index] ?? null;
  }
  appendRecurrenceItem(item: RecurrenceItem): void {
    this.#items.push(item);
  }
  insertRecurrenceItemAt(item: RecurrenceItem, index: number): void {
    this.#items.splice(Number(index), 0, item);
  }
  deleteRecurrenceItem(item: RecurrenceItem): void {
    this.#items = this.#items.filter((other) => other !== item);
  }
  deleteRecurrenceItemAt(index: number): void {
    this.#items.splice(Number(index), 1);
  }
  clearRecurrenceItems(): void {
    this.#items = [];
  }

  /** The occurrence at `id` goes: an EXDATE, and no exception for it. */
  removeOccurrenceAt(id: CalDateTime): void {
    const date = new CalRecurrenceDate();
    date.isNegative = true;
    date.date = id.clone();
    this.#items.push(date);
    this.#exceptions.delete(occurrenceKey(id));
  }

  restoreOccurrenceAt(id: CalDateTime): void {
    this.#items = this.#items.filter((item) => !(item instanceof CalRecurrenceDate && item.isNegative && item.date && occurrenceKey(item.date) === occurrenceKey(id)));
  }

  /** The exception at `id`, or a new occurrence: the series' copy starting at `id`. */
  getOccurrenceFor(id: CalDateTime): CalItemBase {
    const exception = this.#exceptions.get(occurrenceKey(id));
    if (exception) return exception;
    if (!this.#item) throw new Error('CalRecurrenceInfo.getOccurrenceFor: no item');
    return this.#item.createProxy(id);
  }

  modifyException(item: CalItemBase, takeOverOwnership = false): void {
    const id = item.recurrenceId;
    if (!id) throw new Error('CalRecurrenceInfo.modifyException: the item has no RECURRENCE-ID');
    const exception = takeOverOwnership ? item : item.clone();
    if (this.#item) {
      exception.parentItem = this.#item;
      exception.id = this.#item.id;
    }
    exception.recurrenceInfo = null;
    this.#exceptions.set(occurrenceKey(id), exception);
  }

  getExceptionFor(id: CalDateTime): CalItemBase | null {
    return this.#exceptions.get(occurrenceKey(id)) ?? null;
  }

  getExceptionIds(): CalDateTime[] {
    return [...this.#exceptions.values()].map((exception) => exception.recurrenceId!.clone());
  }

  removeExceptionFor(id: CalDateTime): void {
    this.#exceptions.delete(occurrenceKey(id));
  }

  /** The exceptions, in the order they were made. */
  exceptions(): CalItemBase[] {
    return [...this.#exceptions.values()];
  }

  /** The series' UID changed (TbSync gives the ServerId): its exceptions follow. */
  onIdChange(id: string | null): void {
    for (const exception of this.#exceptions.values()) exception.id = id;
  }

  clone(item: CalItemBase | null = this.#item): CalRecurrenceInfo {
    const copy = new CalRecurrenceInfo(item);
    copy.#items = this.#items.map((entry) => entry.clone());
    for (const [key, exception] of this.#exceptions) {
      const exceptionCopy = exception.clone();
      exceptionCopy.parentItem = item ?? exceptionCopy;
      copy.#exceptions.set(key, exceptionCopy);
    }
    return copy;
  }
}

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export abstract class CalItemBase {
  abstract readonly componentType: 'VEVENT' | 'VTODO';
  /** The calendar that holds it (set by the store). */
  calendar: unknown = null;
  /** The series, for an occurrence or exception; the item itself otherwise. */
  parentItem: CalItemBase = this;
  readonly #properties = new Map<string, unknown>();
  #alarms: CalAlarm[] = [];
  #attendees: CalAttendee[] = [];
  #organizer: CalAttendee | null = null;
  #categories: string[] = [];
  #recurrenceInfo: CalRecurrenceInfo | null = null;

  constructor() {
    this.setProperty('DTSTAMP', CalDateTime.fromMillis(Date.now()));
  }

  protected abstract create(): CalItemBase;

  get isMutable(): boolean {
    return true;
  }
  makeImmutable(): void {}

  // --- the property bag -----------------------------------------------------------------------

  hasProperty(name: string): boolean {
    return this.#properties.has(name.toUpperCase());
  }
  getProperty(name: string): unknown {
    return this.#properties.get(name.toUpperCase()) ?? null;
  }
  /** null or undefined deletes it. */
  setProperty(name: string, value: unknown): void {
    if (value === null || value === undefined) this.deleteProperty(name);
    else this.#properties.set(name.toUpperCase(), value);
  }
  deleteProperty(name: string): void {
    this.#properties.delete(name.toUpperCase());
  }
  /** Every property of the bag, by its upper-case name. */
  get properties(): [string, unknown][] {
    return [...this.#properties];
  }

  #date(name: string): CalDateTime | null {
    const value = this.getProperty(name);
    return value instanceof CalDateTime ? value : null;
  }
  protected getDate(name: string): CalDateTime | null {
    return this.#date(name);
  }
  protected setDate(name: string, value: CalDateTime | null): void {
    if (value !== null && !(value instanceof CalDateTime)) throw new Error(`${name}: not a calIDateTime`);
    this.setProperty(name, value);
  }

  get id(): string | null {
    const uid = this.getProperty('UID');
    return uid === null ? null : String(uid);
  }
  set id(value: string | null) {
    this.setProperty('UID', value);
    this.#recurrenceInfo?.onIdChange(value);
  }
  get title(): string | null {
    const summary = this.getProperty('SUMMARY');
    return summary === null ? null : String(summary);
  }
  set title(value: string | null) {
    this.setProperty('SUMMARY', value);
  }
  get priority(): number {
    return Number(this.getProperty('PRIORITY') ?? 0);
  }
  set priority(value: number) {
    this.setProperty('PRIORITY', value);
  }
  get privacy(): string | null {
    return (this.getProperty('CLASS') as string | null) ?? null;
  }
  set privacy(value: string | null) {
    this.setProperty('CLASS', value);
  }
  get status(): string | null {
    return (this.getProperty('STATUS') as string | null) ?? null;
  }
  set status(value: string | null) {
    this.setProperty('STATUS', value);
  }
  get stampTime(): CalDateTime | null {
    return this.#date('DTSTAMP');
  }
  set stampTime(value: CalDateTime | null) {
    this.setDate('DTSTAMP', value);
  }
  get recurrenceId(): CalDateTime | null {
    return this.#date('RECURRENCE-ID');
  }
  set recurrenceId(value: CalDateTime | null) {
    this.setDate('RECURRENCE-ID', value);
  }
  /** When the user last dismissed its alarm (X-MOZ-LASTACK). */
  get alarmLastAck(): CalDateTime | null {
    return this.#date('X-MOZ-LASTACK');
  }
  set alarmLastAck(value: CalDateTime | null) {
    this.setDate('X-MOZ-LASTACK', value);
  }

  // --- alarms, attendees, categories, recurrence ----------------------------------------------

  getAlarms(): CalAlarm[] {
    return [...this.#alarms];
  }
  addAlarm(alarm: CalAlarm): void {
    if (!(alarm instanceof CalAlarm)) throw new Error('addAlarm: not a calIAlarm');
    this.#alarms.push(alarm);
  }
  deleteAlarm(alarm: CalAlarm): void {
    this.#alarms = this.#alarms.filter((other) => other !== alarm);
  }
  clearAlarms(): void {
    this.#alarms = [];
  }

  getAttendees(): CalAttendee[] {
    return [...this.#attendees];
  }
  getAttendeeById(id: string): CalAttendee | null {
    return this.#attendees.find((attendee) => attendee.id?.toLowerCase() === String(id).toLowerCase()) ?? null;
  }
  /** One with the same id is replaced. */
  addAttendee(attendee: CalAttendee): void {
    if (!(attendee instanceof CalAttendee)) throw new Error('addAttendee: not a calIAttendee');
    const existing = attendee.id ? this.getAttendeeById(attendee.id) : null;
    if (existing) this.removeAttendee(existing);
    this.#attendees.push(attendee);
  }
  removeAttendee(attendee: CalAttendee): void {
    this.#attendees = this.#attendees.filter((other) => other !== attendee);
  }
  removeAllAttendees(): void {
    this.#attendees = [];
  }
  get organizer(): CalAttendee | null {
    return this.#organizer;
  }
  set organizer(organizer: CalAttendee | null) {
    this.#organizer = organizer;
  }

  getCategories(): string[] {
    return [...this.#categories];
  }
  setCategories(categories: readonly unknown[]): void {
    this.#categories = [...categories].map(String);
  }

  get recurrenceInfo(): CalRecurrenceInfo | null {
    return this.#recurrenceInfo;
  }
  set recurrenceInfo(info: CalRecurrenceInfo | null) {
    this.#recurrenceInfo = info;
    if (info) info.item = this;
  }

  // --- copies ---------------------------------------------------------------------------------

  /** A deep copy: dates, alarms, attendees and the recurrence (exceptions too) are new objects. */
  clone(): CalItemBase {
    const copy = this.#copy();
    copy.#recurrenceInfo = this.#recurrenceInfo?.clone(copy) ?? null;
    copy.parentItem = this.parentItem === this ? copy : this.parentItem;
    copy.calendar = this.calendar;
    return copy;
  }

  #copy(): CalItemBase {
    const copy = this.create();
    copy.#properties.clear();
    for (const [name, value] of this.#properties) copy.#properties.set(name, value instanceof CalDateTime ? value.clone() : value);
    copy.#alarms = this.#alarms.map((alarm) => alarm.clone());
    copy.#attendees = this.#attendees.map((attendee) => attendee.clone());
    copy.#organizer = this.#organizer?.clone() ?? null;
    copy.#categories = [...this.#categories];
    return copy;
  }

  /** The occurrence at `id`: the series' copy without its recurrence, moved to start at `id`. */
  createProxy(id: CalDateTime): CalItemBase {
    const proxy = this.#copy();
    proxy.parentItem = this;
    proxy.calendar = this.calendar;
    proxy.recurrenceId = id.clone();
    proxy.moveTo(id);
    return proxy;
  }

  /** Starts at `start`, as long as before (an event's DTEND, a task's DUE move along). */
  protected abstract moveTo(start: CalDateTime): void;

  // --- iCalendar ------------------------------------------------------------------------------

  /** This item as a VEVENT/VTODO (without its exceptions); the zones its times name are added to `zones`. */
  toComponent(zones: Set<string> = new Set()): IcalComponent {
    const component = new ICAL.Component(this.componentType.toLowerCase());
    const order = ['UID', 'SUMMARY', 'RECURRENCE-ID', 'DTSTART', 'DTEND', 'DUE'];
    const names = [...this.#properties.keys()].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    for (const name of names) {
      const value = this.#properties.get(name);
      if (value instanceof CalDateTime) component.addProperty(dateProperty(name, value, zones));
      else component.addPropertyWithValue(name.toLowerCase(), INTEGER_PROPERTIES.has(name) ? Number(value) : String(value));
    }
    if (this.#categories.length) {
      const categories = new ICAL.Property('categories');
      categories.setValues(this.#categories);
      component.addProperty(categories);
    }
    if (this.#organizer) component.addProperty(this.#organizer.icalProperty);
    for (const attendee of this.#attendees) component.addProperty(attendee.icalProperty);
    for (const entry of this.#recurrenceInfo?.getRecurrenceItems() ?? []) {
      if (entry instanceof CalRecurrenceRule) component.addPropertyWithValue(entry.isNegative ? 'exrule' : 'rrule', entry.ical);
      else if (entry.date) component.addProperty(dateProperty(entry.isNegative ? 'exdate' : 'rdate', entry.date, zones));
    }
    for (const alarm of this.#alarms) component.addSubcomponent(alarm.icalComponent);
    return component;
  }

  /** The VEVENT/VTODO as iCalendar text (what TbSync logs). */
  get icalString(): string {
    return this.toComponent().toString();
  }

  get icalComponent(): IcalComponent {
    return this.toComponent();
  }

  toString(): string {
    return this.icalString;
  }

  /** Reads a VEVENT/VTODO into this item (its exceptions apart: see itemFromVcalendar). */
  readComponent(component: IcalComponent): void {
    for (const property of component.getAllProperties()) {
      const name = property.name.toUpperCase();
      if (STRUCTURED_PROPERTIES.has(name)) continue;
      if (DATE_PROPERTIES.has(name)) this.setProperty(name, dateOf(property));
      else {
        const value = property.getFirstValue();
        this.setProperty(name, INTEGER_PROPERTIES.has(name) ? Number(value) : value === null ? '' : String(value));
      }
    }
    this.#categories = component.getAllProperties('categories').flatMap((property) => property.getValues().map(String));
    const organizer = component.getFirstProperty('organizer');
    this.#organizer = organizer ? CalAttendee.fromProperty(organizer) : null;
    this.#attendees = component.getAllProperties('attendee').map((property) => CalAttendee.fromProperty(property));
    this.#alarms = component.getAllSubcomponents('valarm').map((valarm) => CalAlarm.fromComponent(valarm));
    const entries: RecurrenceItem[] = [];
    for (const property of component.getAllProperties()) {
      const name = property.name.toUpperCase();
      if (name === 'RRULE' || name === 'EXRULE') {
        const rule = new CalRecurrenceRule((property.getFirstValue() as IcalRecur).clone());
        rule.isNegative = name === 'EXRULE';
        entries.push(rule);
      } else if (name === 'RDATE' || name === 'EXDATE') {
        for (const value of property.getValues()) {
          const date = new CalRecurrenceDate();
          date.isNegative = name === 'EXDATE';
          date.date = dateOf(property, value);
          entries.push(date);
        }
      }
    }
    if (entries.length) {
      const info = new CalRecurrenceInfo(this);
      info.setRecurrenceItems(entries);
      this.#recurrenceInfo = info;
    } else this.#recurrenceInfo = null;
  }
}

export class CalEvent extends CalItemBase {
  readonly componentType = 'VEVENT';
  protected create(): CalEvent {
    return new CalEvent();
  }
  get startDate(): CalDateTime | null {
    return this.getDate('DTSTART');
  }
  set startDate(value: CalDateTime | null) {
    this.setDate('DTSTART', value);
  }
  get endDate(): CalDateTime | null {
    return this.getDate('DTEND');
  }
  set endDate(value: CalDateTime | null) {
    this.setDate('DTEND', value);
  }
  get duration(): CalDuration | null {
    const { startDate, endDate } = this;
    return startDate && endDate ? endDate.subtractDate(startDate) : null;
  }
  protected moveTo(start: CalDateTime): void {
    const length = this.duration;
    this.startDate = start.clone();
    if (length) {
      const end = start.clone();
      end.addDuration(length);
      this.endDate = end;
    }
  }
  override clone(): CalEvent {
    return super.clone() as CalEvent;
  }
}

export class CalTodo extends CalItemBase {
  readonly componentType = 'VTODO';
  protected create(): CalTodo {
    return new CalTodo();
  }
  get entryDate(): CalDateTime | null {
    return this.getDate('DTSTART');
  }
  set entryDate(value: CalDateTime | null) {
    this.setDate('DTSTART', value);
  }
  get dueDate(): CalDateTime | null {
    return this.getDate('DUE');
  }
  set dueDate(value: CalDateTime | null) {
    this.setDate('DUE', value);
  }
  get completedDate(): CalDateTime | null {
    return this.getDate('COMPLETED');
  }
  set completedDate(value: CalDateTime | null) {
    this.setDate('COMPLETED', value);
  }
  get percentComplete(): number {
    return Number(this.getProperty('PERCENT-COMPLETE') ?? 0);
  }
  set percentComplete(value: number) {
    this.setProperty('PERCENT-COMPLETE', Number(value) || null);
  }
  /** Done: a COMPLETED date, 100 %, or STATUS:COMPLETED; setting it sets all three (or clears them). */
  get isCompleted(): boolean {
    return this.completedDate !== null || this.percentComplete === 100 || this.status === 'COMPLETED';
  }
  set isCompleted(completed: boolean) {
    if (completed) {
      if (!this.completedDate) this.completedDate = CalDateTime.fromMillis(Date.now());
      this.status = 'COMPLETED';
      this.percentComplete = 100;
    } else {
      this.deleteProperty('COMPLETED');
      this.deleteProperty('STATUS');
      this.deleteProperty('PERCENT-COMPLETE');
    }
  }
  get duration(): CalDuration | null {
    const { entryDate, dueDate } = this;
    return entryDate && dueDate ? dueDate.subtractDate(entryDate) : null;
  }
  protected moveTo(start: CalDateTime): void {
    const length = this.duration;
    this.entryDate = start.clone();
    if (length) {
      const due = start.clone();
      due.addDuration(length);
      this.dueDate = due;
    }
  }
  override clone(): CalTodo {
    return super.clone() as CalTodo;
  }
}

/** `cal.alarms.calculateAlarmDate`: when the alarm goes off (a date is read at midnight in `zone`). */
export function calculateAlarmDate(item: CalItemBase, alarm: CalAlarm, zone: CalTimezone): CalDateTime | null {
  if (alarm.related === calIAlarm.ALARM_RELATED_ABSOLUTE) return alarm.alarmDate?.clone() ?? null;
  const dates = item as unknown as { startDate?: CalDateTime | null; endDate?: CalDateTime | null; entryDate?: CalDateTime | null; dueDate?: CalDateTime | null };
  const base = alarm.related === calIAlarm.ALARM_RELATED_END ? (dates.endDate ?? dates.dueDate) : (dates.startDate ?? dates.entryDate);
  if (!base) return null;
  const date = base.clone();
  if (date.isDate) {
    date.isDate = false;
    date.timezone = zone;
  }
  if (alarm.offset) date.addDuration(alarm.offset);
  return date;
}

// ---------------------------------------------------------------------------------------------
// Whole items as iCalendar: the series and its exceptions, with the zones they name
// ---------------------------------------------------------------------------------------------

/** The item as a VCALENDAR: the VTIMEZONEs its times name, the item, its exceptions. */
export function itemToVcalendar(item: CalItemBase): string {
  const zones = new Set<string>();
  const components = [item.toComponent(zones), ...(item.recurrenceInfo?.exceptions() ?? []).map((exception) => exception.toComponent(zones))];
  const vcalendar = new ICAL.Component('vcalendar');
  vcalendar.addPropertyWithValue('prodid', '-//atomsync//TbSync harness (Thunderbird calendar stand-in)//EN');
  vcalendar.addPropertyWithValue('version', '2.0');
  for (const tzid of [...zones].sort()) vcalendar.addSubcomponent(ICAL.Component.fromString(vtimezoneText(tzid)));
  for (const component of components) vcalendar.addSubcomponent(component);
  return vcalendar.toString();
}

/**
 * An item from iCalendar text (a VCALENDAR, or a bare VEVENT/VTODO): the one without
 * RECURRENCE-ID is the series, the others its exceptions. TZIDs name IANA zones (the text's
 * VTIMEZONEs are not read, as Thunderbird maps them to its own).
 */
export function itemFromVcalendar<T extends CalItemBase>(text: string, make: () => T): T {
  const root = ICAL.Component.fromString(text);
  const kind = make().componentType.toLowerCase();
  const components = root.name === kind ? [root] : root.getAllSubcomponents(kind);
  const master = components.find((component) => !component.hasProperty('recurrence-id'));
  if (!master) throw new Error(`no ${kind.toUpperCase()} without RECURRENCE-ID in the iCalendar text`);
  const item = make();
  item.readComponent(master);
  for (const component of components) {
    if (component === master) continue;
    if (!item.recurrenceInfo) throw new Error(`${kind.toUpperCase()} with RECURRENCE-ID but no recurring ${kind.toUpperCase()}`);
    const exception = make();
    exception.readComponent(component);
    item.recurrenceInfo.modifyException(exception, true);
  }
  return item;
}

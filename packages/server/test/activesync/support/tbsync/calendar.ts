/**
 * Thunderbird's calendar for the TbSync harness, in memory — the `cal` namespace TbSync reaches
 * through `TbSync.lightning.cal` (dates, durations, rules, the time-zone service, the calendar
 * manager, `cal.email`, `cal.alarms`) and storage calendars holding calIEvent/calITodo items —
 * and TbSync's own calendar layer over it (`TbSync.lightning`: AdvancedTargetData, TbCalendar,
 * TbItem, the changelog of the user's changes). Written after the calls TbSync's provider makes
 * (TbSync 4.x, Thunderbird 128), nothing copied:
 *
 * - a calendar stores copies: an item read from it is changed only by `modifyItem`; an item whose
 *   id changed on the way (TbSync gives an added item the server's ServerId as its id) replaces
 *   the one under its old id;
 * - TbSync keys the changelog by the item's id, which for an item of the server is its ServerId;
 * - a change the user makes (`userAddItem`, `userModifyItem`, `userDeleteItem`) lands in the
 *   changelog as TbSync's calendar observer puts it: `added_by_user`, `modified_by_user` (an unsent
 *   add stays an add; an item deleted and put back is modified), `deleted_by_user` (an unsent add
 *   is forgotten). The observer's 1.5 s freeze against the echo of TbSync's own writes has nothing
 *   to do here: the stand-in sends it no echo.
 */
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { ChangeLog, ChangeLogRow } from './addressbook.js';
import { CalDateTime, CalDuration } from './cal-datetime.js';
import { calculateAlarmDate, CalAlarm, CalAttendee, CalEvent, CalItemBase, CalRecurrenceDate, CalRecurrenceInfo, CalRecurrenceRule, CalTodo } from './cal-items.js';
import { createTimezoneService, FLOATING_ZONE, UTC_ZONE, type CalTimezone } from './timezones.js';

// ---------------------------------------------------------------------------------------------
// Storage calendars and the calendar manager (cal.manager)
// ---------------------------------------------------------------------------------------------

/** A local ("storage") calendar: its properties, and its items (copies in and out). */
export class StorageCalendar {
  id = '';
  name = '';
  readonly type = 'storage';
  readonly #properties = new Map<string, unknown>();
  readonly #items = new Map<string, CalItemBase>();

  constructor(readonly uri: { spec: string }) {}

  get wrappedJSObject(): this {
    return this;
  }

  getProperty(name: string): unknown {
    if (name === 'name') return this.name;
    return this.#properties.get(name) ?? null;
  }
  setProperty(name: string, value: unknown): void {
    if (name === 'name') this.name = String(value);
    else this.#properties.set(name, value);
  }
  deleteProperty(name: string): void {
    this.#properties.delete(name);
  }
  startBatch(): void {}
  endBatch(): void {}

  #stored(item: CalItemBase): CalItemBase {
    const copy = item.clone();
    copy.calendar = this;
    return copy;
  }

  /** Every item (copies). */
  items(): CalItemBase[] {
    return [...this.#items.values()].map((item) => this.#stored(item));
  }

  getItem(id: string): CalItemBase | null {
    const item = this.#items.get(id);
    return item ? this.#stored(item) : null;
  }

  adoptItem(item: CalItemBase): CalItemBase {
    if (!item.id) item.id = randomUUID();
    if (this.#items.has(item.id)) throw new Error(`calendar "${this.name}": an item ${item.id} is there already`);
    this.#items.set(item.id, this.#stored(item));
    return this.getItem(item.id)!;
  }

  addItem(item: CalItemBase): CalItemBase {
    return this.adoptItem(item.clone());
  }

  modifyItem(newItem: CalItemBase, oldItem: CalItemBase): CalItemBase {
    if (!oldItem.id || !this.#items.has(oldItem.id)) throw new Error(`calendar "${this.name}": no item ${String(oldItem.id)} to modify`);
    if (!newItem.id) throw new Error(`calendar "${this.name}": the modified item has no id`);
    if (newItem.id !== oldItem.id) this.#items.delete(oldItem.id);
    this.#items.set(newItem.id, this.#stored(newItem));
    return this.getItem(newItem.id)!;
  }

  deleteItem(item: CalItemBase): void {
    if (item.id) this.#items.delete(item.id);
  }
}

export class CalendarManager {
  readonly #calendars = new Map<string, StorageCalendar>();

  createCalendar(type: string, uri: { spec: string }): StorageCalendar {
    if (type !== 'storage') throw new Error(`calendars of type "${type}" are not in this harness (storage only)`);
    return new StorageCalendar(uri);
  }
  registerCalendar(calendar: StorageCalendar): void {
    if (!calendar.id) calendar.id = randomUUID();
    this.#calendars.set(calendar.id, calendar);
  }
  unregisterCalendar(calendar: StorageCalendar): void {
    this.#calendars.delete(calendar.id);
  }
  removeCalendar(calendar: StorageCalendar): void {
    this.#calendars.delete(calendar.id);
  }
  getCalendarById(id: string): StorageCalendar | null {
    return this.#calendars.get(String(id)) ?? null;
  }
  getCalendars(): StorageCalendar[] {
    return [...this.#calendars.values()];
  }
  get calendars(): StorageCalendar[] {
    return this.getCalendars();
  }
  addObserver(): void {}
  removeObserver(): void {}
  addCalendarObserver(): void {}
  removeCalendarObserver(): void {}
}

// ---------------------------------------------------------------------------------------------
// The cal namespace (calUtils)
// ---------------------------------------------------------------------------------------------

/** `cal` as TbSync uses it, Thunderbird's default zone being `defaultTimezone`. */
export function createCal(defaultTimezone: CalTimezone, manager: CalendarManager) {
  const timezoneService = createTimezoneService(defaultTimezone);
  const jsDateToDateTime = (date: Date, zone?: CalTimezone): CalDateTime => {
    const utc = CalDateTime.fromMillis(date.getTime());
    return zone ? utc.getInTimezone(zone) : utc;
  };
  return {
    /** `20250601T080000Z`, `20250601T100000` (floating), `20250601`; now in UTC without one. */
    createDateTime: (text?: string): CalDateTime => (text ? CalDateTime.fromIcalString(text) : CalDateTime.fromMillis(Date.now())),
    createDuration: (text?: string): CalDuration => (text ? CalDuration.fromString(text) : new CalDuration()),
    createRecurrenceRule: (text?: string): CalRecurrenceRule => (text ? new CalRecurrenceRule(ICAL.Recur.fromString(text.replace(/^(RRULE|EXRULE):/i, ''))) : new CalRecurrenceRule()),
    createRecurrenceDate: (): CalRecurrenceDate => new CalRecurrenceDate(),
    createRecurrenceInfo: (item?: CalItemBase): CalRecurrenceInfo => new CalRecurrenceInfo(item ?? null),
    createEvent: (): CalEvent => new CalEvent(),
    createTodo: (): CalTodo => new CalTodo(),
    createAlarm: (): CalAlarm => new CalAlarm(),
    createAttendee: (): CalAttendee => new CalAttendee(),
    getUUID: (): string => randomUUID(),
    dtz: {
      get floating(): CalTimezone {
        return FLOATING_ZONE;
      },
      get UTC(): CalTimezone {
        return UTC_ZONE;
      },
      get defaultTimezone(): CalTimezone {
        return defaultTimezone;
      },
      jsDateToDateTime,
      now: (): CalDateTime => jsDateToDateTime(new Date(), defaultTimezone),
    },
    timezoneService,
    getTimezoneService: () => timezoneService,
    email: {
      prependMailTo: (id: string): string => (/^mailto:/i.test(id) ? id : `mailto:${id}`),
      removeMailTo: (id: string): string => String(id ?? '').replace(/^mailto:/i, ''),
    },
    alarms: {
      calculateAlarmDate: (item: CalItemBase, alarm: CalAlarm): CalDateTime | null => calculateAlarmDate(item, alarm, defaultTimezone),
    },
    manager,
    getCalendarManager: () => manager,
  };
}

export type Cal = ReturnType<typeof createCal>;

// ---------------------------------------------------------------------------------------------
// TbSync's calendar layer (TbSync.lightning)
// ---------------------------------------------------------------------------------------------

/** What the calendar layer uses of TbSync's FolderData (host.ts). */
export interface CalFolderData {
  getFolderProperty(name: string): unknown;
  setFolderProperty(name: string, value: unknown): void;
  resetFolderProperty(name: string): void;
  readonly accountData: { readonly accountID: string; getAccountProperty(name: string): unknown };
  readonly targetData: unknown;
}

/** What TbSync reads of a calendar folder's TargetData (the provider's TargetData_calendar extends ours). */
interface CalTargetDataLike {
  readonly logUserChanges: boolean;
  createCalendar(name: string): Promise<StorageCalendar> | StorageCalendar;
}

/** Thunderbird's colours for a new calendar, in TbSync's order. */
const COLORS = ['#3366CC', '#DC3912', '#FF9900', '#109618', '#990099', '#3B3EAC', '#0099C6', '#DD4477', '#66AA00', '#B82E2E', '#316395', '#994499', '#22AA99', '#AAAA11', '#6633CC', '#E67300', '#8B0707', '#329262', '#5574A6', '#3B3EAC'];

/** `TbSync.lightning`, over this calendar manager and TbSync's changelog. */
export function createTbsyncLightning(cal: Cal, changelog: ChangeLog) {
  const manager = cal.manager;
  const calendarOf = (folderData: CalFolderData): StorageCalendar | null => manager.getCalendarById(String(folderData.getFolderProperty('target') ?? ''));

  class TbItem {
    readonly _tbCalendar: TbCalendar;
    readonly _item: CalItemBase;
    constructor(tbCalendar: TbCalendar, item: CalItemBase) {
      if (!tbCalendar || !item) throw new Error('TbItem: a calendar and an item, please');
      this._tbCalendar = tbCalendar;
      this._item = item;
    }
    get tbCalendar(): TbCalendar {
      return this._tbCalendar;
    }
    get isTodo(): boolean {
      return this._item instanceof CalTodo;
    }
    get isEvent(): boolean {
      return this._item instanceof CalEvent;
    }
    get nativeItem(): CalItemBase {
      return this._item;
    }
    get UID(): string | null {
      return this._item.id;
    }
    /** The item's id (TbSync's calendar target keys by it: the ServerId once the server named it). */
    get primaryKey(): string | null {
      return this._item.id;
    }
    set primaryKey(value: string | null) {
      this._item.id = value;
    }
    clone(): TbItem {
      return new TbItem(this._tbCalendar, this._item.clone());
    }
    toString(): string {
      return this._item.icalString;
    }
    getProperty(property: string, fallback: unknown = ''): unknown {
      return this._item.hasProperty(property) ? this._item.getProperty(property) : fallback;
    }
    setProperty(property: string, value: unknown): void {
      this._item.setProperty(property, value);
    }
    deleteProperty(property: string): void {
      this._item.deleteProperty(property);
    }
    get changelogData(): ChangeLogRow | null {
      return changelog.data(this._tbCalendar.UID, this.primaryKey ?? '');
    }
    get changelogStatus(): string | null {
      return changelog.status(this._tbCalendar.UID, this.primaryKey ?? '');
    }
    set changelogStatus(status: string | null) {
      const key = this.primaryKey;
      if (!key) return;
      if (!status) changelog.remove(this._tbCalendar.UID, key);
      else if (this._tbCalendar.logUserChanges || status.endsWith('_by_server')) changelog.add(this._tbCalendar.UID, key, status);
    }
  }

  class TbCalendar {
    constructor(
      readonly _calendar: StorageCalendar,
      readonly _folderData: CalFolderData,
    ) {}
    get calendar(): StorageCalendar {
      return this._calendar;
    }
    get logUserChanges(): boolean {
      return (this._folderData.targetData as CalTargetDataLike).logUserChanges;
    }
    /** Thunderbird's calendars find items by id only. */
    get primaryKeyField(): null {
      return null;
    }
    get UID(): string {
      return this._calendar.id;
    }
    get id(): string {
      return this._calendar.id;
    }
    createNewEvent(): TbItem {
      return new TbItem(this, cal.createEvent());
    }
    createNewTodo(): TbItem {
      return new TbItem(this, cal.createTodo());
    }
    async addItem(tbItem: TbItem, pretagChangelogWithByServerEntry = true): Promise<CalItemBase> {
      if (pretagChangelogWithByServerEntry) tbItem.changelogStatus = 'added_by_server';
      return this._calendar.adoptItem(tbItem._item);
    }
    async modifyItem(tbNewItem: TbItem, tbOldItem: TbItem, pretagChangelogWithByServerEntry = true): Promise<CalItemBase> {
      const status = tbNewItem.changelogStatus ?? '';
      if (pretagChangelogWithByServerEntry && !status.endsWith('_by_user')) tbNewItem.changelogStatus = 'modified_by_server';
      return this._calendar.modifyItem(tbNewItem._item, tbOldItem._item);
    }
    async deleteItem(tbItem: TbItem, pretagChangelogWithByServerEntry = true): Promise<void> {
      if (pretagChangelogWithByServerEntry) tbItem.changelogStatus = 'deleted_by_server';
      this._calendar.deleteItem(tbItem._item);
    }
    async getItem(searchId: string): Promise<TbItem | null> {
      const item = this._calendar.getItem(String(searchId));
      return item ? new TbItem(this, item) : null;
    }
    async getItemFromProperty(property: string, value: string): Promise<TbItem | null> {
      if (property === 'UID') return this.getItem(value);
      throw new Error('TbSync.lightning: only the UID finds calendar items');
    }
    async getAllItems(): Promise<CalItemBase[]> {
      return this._calendar.items();
    }
    getAddedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'added_by_user').map((row) => row.itemId);
    }
    getModifiedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'modified_by_user').map((row) => row.itemId);
    }
    getDeletedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'deleted_by_user').map((row) => row.itemId);
    }
    getItemsFromChangeLog(max = 0): ChangeLogRow[] {
      return changelog.items(this.UID, max, '_by_user');
    }
    removeItemFromChangeLog(id: string, moveToEndInsteadOfDelete = false): void {
      changelog.remove(this.UID, id, moveToEndInsteadOfDelete);
    }
    clearChangelog(): void {
      changelog.clear(this.UID);
    }
  }

  /** TbSync core's calendar creation: a name and a colour, the provider makes it, TbSync tags and records it. */
  async function prepareAndCreateCalendar(folderData: CalFolderData): Promise<StorageCalendar> {
    const cached = String(folderData.getFolderProperty('targetName') ?? '');
    const name = cached || `${String(folderData.accountData.getAccountProperty('accountname'))} (${String(folderData.getFolderProperty('foldername'))})`;
    if (!folderData.getFolderProperty('targetColor')) {
      const used = manager.getCalendars().map((calendar) => String(calendar.getProperty('color') ?? '').toUpperCase());
      const counts = COLORS.map((color) => used.filter((other) => other === color).length);
      folderData.setFolderProperty('targetColor', COLORS[counts.indexOf(Math.min(...counts))]);
    }
    const calendar = await (folderData.targetData as CalTargetDataLike).createCalendar(name);
    if (!(calendar instanceof StorageCalendar)) throw new Error('notargets');
    calendar.setProperty('tbSyncProvider', String(folderData.accountData.getAccountProperty('provider')));
    calendar.setProperty('tbSyncAccountID', folderData.accountData.accountID);
    folderData.setFolderProperty('target', calendar.id);
    folderData.setFolderProperty('targetName', calendar.name);
    folderData.setFolderProperty('targetColor', calendar.getProperty('color'));
    return calendar;
  }

  class AdvancedTargetData implements CalTargetDataLike {
    _targetObj: TbCalendar | null = null;
    constructor(readonly _folderData: CalFolderData) {}
    hasTarget(): boolean {
      return calendarOf(this._folderData) !== null;
    }
    async getTarget(): Promise<TbCalendar> {
      const calendar = calendarOf(this._folderData) ?? (await prepareAndCreateCalendar(this._folderData));
      if (!this._targetObj || this._targetObj.UID !== calendar.id) this._targetObj = new TbCalendar(calendar, this._folderData);
      return this._targetObj;
    }
    removeTarget(): void {
      const target = String(this._folderData.getFolderProperty('target') ?? '');
      const calendar = calendarOf(this._folderData);
      if (calendar) manager.removeCalendar(calendar);
      changelog.clear(target);
      this._folderData.resetFolderProperty('target');
    }
    disconnectTarget(): void {
      const target = String(this._folderData.getFolderProperty('target') ?? '');
      const calendar = calendarOf(this._folderData);
      if (calendar) {
        if (changelog.items(target, 0, '_by_user').length > 0) calendar.name += ' (*)';
        calendar.setProperty('disabled', true);
        calendar.setProperty('tbSyncProvider', 'orphaned');
        calendar.setProperty('tbSyncAccountID', '');
      }
      changelog.clear(target);
      this._folderData.resetFolderProperty('target');
    }
    get targetName(): string {
      const calendar = calendarOf(this._folderData);
      if (!calendar) throw new Error('notargets');
      return calendar.name;
    }
    set targetName(name: string) {
      const calendar = calendarOf(this._folderData);
      if (!calendar) throw new Error('notargets');
      calendar.name = name;
    }
    setReadOnly(value: boolean): void {
      calendarOf(this._folderData)?.setProperty('readOnly', value);
    }
    get isAdvancedCalendarTargetData(): boolean {
      return true;
    }
    get folderData(): CalFolderData {
      return this._folderData;
    }
    get logUserChanges(): boolean {
      return true;
    }
    calendarObserver(): void {}
    itemObserver(): void {}
    async createCalendar(name: string): Promise<StorageCalendar> {
      const calendar = manager.createCalendar('storage', { spec: 'moz-storage-calendar://' });
      calendar.id = cal.getUUID();
      calendar.name = name;
      return calendar;
    }
  }

  return { AdvancedTargetData, TbCalendar, TbItem, prepareAndCreateCalendar, cal, ICAL, isAvailable: (): boolean => true };
}

export type TbsyncLightning = ReturnType<typeof createTbsyncLightning>;
export type TbCalendar = InstanceType<TbsyncLightning['TbCalendar']>;

// ---------------------------------------------------------------------------------------------
// The user at the calendar (and what TbSync's observer makes of it)
// ---------------------------------------------------------------------------------------------

/** The user creates an item (with a new UID when it has none): `added_by_user`, or `modified_by_user` for one deleted and put back. Returns its id. */
export function userAddItem(target: TbCalendar, changelog: ChangeLog, item: CalItemBase): string {
  if (!item.id) item.id = randomUUID();
  const id = item.id;
  target.calendar.adoptItem(item);
  const status = changelog.status(target.UID, id);
  changelog.add(target.UID, id, status === 'deleted_by_user' ? 'modified_by_user' : 'added_by_user');
  return id;
}

const itemOrFail = (target: TbCalendar, id: string): CalItemBase => {
  const item = target.calendar.getItem(id);
  if (!item) throw new Error(`no item ${id} in the calendar "${target.calendar.name}"`);
  return item;
};

/** The user changes an item (its id stays): `modified_by_user`, unless it waits to go up as an add. */
export function userModifyItem(target: TbCalendar, changelog: ChangeLog, id: string, item: CalItemBase): void {
  const old = itemOrFail(target, id);
  item.id = id;
  target.calendar.modifyItem(item, old);
  if (changelog.status(target.UID, id) !== 'added_by_user') changelog.add(target.UID, id, 'modified_by_user');
}

/** The user deletes an item: `deleted_by_user`, or nothing to send if the server never had it. */
export function userDeleteItem(target: TbCalendar, changelog: ChangeLog, id: string): void {
  target.calendar.deleteItem(itemOrFail(target, id));
  if (changelog.status(target.UID, id) === 'added_by_user') changelog.remove(target.UID, id);
  else changelog.add(target.UID, id, 'deleted_by_user');
}

/**
 * A Thunderbird with TbSync's ActiveSync provider, as a test device: TbSync's own code (Debian's
 * `webext-eas4tbsync`, run from where `.ci/run` unpacked it) over stand-ins of Thunderbird and
 * of TbSync's core (host.ts), an in-memory address book (addressbook.ts), an in-memory calendar
 * over ical.js (calendar.ts, cal-items.ts, cal-datetime.ts, timezones.ts) and an XMLHttpRequest
 * over node:http (xhr.ts). It syncs the server's contact, calendar and task folders.
 *
 * ```ts
 * const device = new TbsyncDevice({ serverUrl: `${base}/Microsoft-Server-ActiveSync`, user: 'alice', password, version: '14.0' });
 * const first = await device.sync();           // OPTIONS, Settings, (Provision ×2 on a 449), FolderSync, Sync…
 * expect(first).toMatchObject({ ok: true, status: 'success' });
 * device.contacts();                            // [{ UID, 'X-EAS-SERVERID', FirstName, LastName, PrimaryEmail, … }]
 * const id = device.addContact({ FirstName: 'Ada', LastName: 'Lovelace', PrimaryEmail: 'ada@example.org' });
 * await device.sync();                          // goes up as a Sync Add with a ClientId
 *
 * device.events();                              // [{ id, icalendar }]: a VCALENDAR per series (VTIMEZONEs, VEVENT, exceptions)
 * const ev = device.addEvent('BEGIN:VEVENT\r\nSUMMARY:Talk\r\nDTSTART;TZID=Europe/Berlin:20250601T100000\r\n…');
 * device.editEvent(ev, (vcalendar) => vcalendar.getFirstSubcomponent('vevent')!.updatePropertyWithValue('summary', 'Talk 2'));
 * device.editEvent(ev, () => {});               // unchanged, but TbSync sends it up again (a Sync Change)
 * device.tasks(); device.addTask(…); device.deleteTask(id);
 * ```
 *
 * An item's id is its UID in Thunderbird, and TbSync's key: the ServerId for an item the server
 * sent or named (TbSync gives an added item the ServerId as its id, and sends that id back as the
 * item's Calendar:UID).
 *
 * `sync()` never hangs (its own timeout, after which the device's requests fail at once) and
 * never throws for what TbSync reports: a refused password is `{ ok: false, status: '401' }`.
 * Nothing TbSync logs is printed unless `ATOMSYNC_TBSYNC_LOG` is set (1: TbSync's log, 2: with
 * the XML exchanged, 3: and its WBXML bytes), and the password never is: every line is redacted.
 */
import ICAL from 'ical.js';
import { createHost, type Host } from './host.js';
import { userAddCard, userDeleteCard, userEditCard, type AbDirectory } from './addressbook.js';
import { CalEvent, CalTodo, itemFromVcalendar, itemToVcalendar, type CalItemBase } from './cal-items.js';
import { userAddItem, userDeleteItem, userModifyItem, type TbCalendar } from './calendar.js';

export interface TbsyncDeviceOptions {
  /** The ActiveSync endpoint, `http://host:port/Microsoft-Server-ActiveSync` (the path is added when missing). */
  readonly serverUrl: string;
  readonly user: string;
  readonly password: string;
  /** The version picked in the account settings (TbSync speaks 2.5 and 14.0; never "auto" here). */
  readonly version: '2.5' | '14.0';
  /** The DeviceId TbSync sends (by default one TbSync makes, `MZTB…`, new on each reset). */
  readonly deviceId?: string;
  /** One sync()'s limit, 30 s by default. */
  readonly syncTimeoutMs?: number;
  /** One request's limit (TbSync's `timeout` pref, 90 s in Thunderbird), 10 s by default. */
  readonly requestTimeoutMs?: number;
  /** TbSync's waits are cut to this (its 2 s after each upload for Exchange's late echo), 20 ms by default. */
  readonly timerCapMs?: number;
  /**
   * Thunderbird's default time zone (an IANA name, or UTC, the default). TbSync reads and sends
   * all-day events at midnight in it, and the times of an exception or a task in it when the
   * server gives no zone that fits better.
   */
  readonly timezone?: string;
  /**
   * The account's calendar period, sent as the calendars' FilterType: '0' all, '4' two weeks,
   * '5' a month, '6' three months, '7' six months (TbSync's default). A server that honours it
   * sends no event that ended before then.
   */
  readonly synclimit?: '0' | '4' | '5' | '6' | '7';
}

/** An event series or a task of the device's calendar: its id (see above) and the VCALENDAR Thunderbird would export. */
export interface CalendarItem {
  readonly id: string;
  /** VCALENDAR with the VTIMEZONEs its times name, the VEVENT/VTODO, and each exception (RECURRENCE-ID). */
  readonly icalendar: string;
}

/** A change to an item: its new iCalendar text, or a function that edits its VCALENDAR in place. */
export type CalendarEdit = string | ((vcalendar: InstanceType<typeof ICAL.Component>) => void);

/** A contact of the device's address book: Thunderbird's card properties (FirstName, PrimaryEmail, …), its `UID` and TbSync's `X-EAS-SERVERID`. */
export type Contact = Readonly<Record<string, string>>;

export interface TbsyncSyncResult {
  /** TbSync's account status is success. */
  readonly ok: boolean;
  /** The account status TbSync sets: `success`, `foldererror`, or its error (`401`, `httperror::500`, `timeout`, …). */
  readonly status: string;
  /** What TbSync reports when it is not ok (for a folder error, each folder's status). */
  readonly error?: string;
  /** TbSync's details of that error (the request and response XML of a bad status, a stack). */
  readonly details?: string;
  /** The commands sent, in order: `OPTIONS`, `Settings`, `Provision`, `FolderSync`, `Sync`, … */
  readonly requests: string[];
}

const LOG_LEVEL = Number(process.env.ATOMSYNC_TBSYNC_LOG ?? 0) || 0;

export class TbsyncDevice {
  readonly #options: TbsyncDeviceOptions;
  #host!: Host;
  #deviceId = '';
  #requests: string[] = [];
  #closed = false;
  readonly #inFlight = new Set<() => void>();
  readonly #log: string[] = [];
  #syncing: Promise<unknown> | null = null;

  constructor(options: TbsyncDeviceOptions) {
    this.#options = options;
    this.reset();
  }

  /** The DeviceId this device sends. */
  get deviceId(): string {
    return this.#deviceId;
  }

  /** What TbSync logged (redacted): its dumps, event log and errors. */
  log(): readonly string[] {
    return this.#log;
  }

  /** One sync run of the account (the folder list, then every contacts folder). After a timeout, reset() before the next. */
  async sync(): Promise<TbsyncSyncResult> {
    if (this.#syncing) throw new Error('TbsyncDevice.sync: a sync is running already');
    if (this.#closed) throw new Error('TbsyncDevice.sync: the last sync timed out (its requests now fail at once); reset() first');
    const requests: string[] = (this.#requests = []);
    const limit = this.#options.syncTimeoutMs ?? 30_000;
    let timer: NodeJS.Timeout | undefined;
    const run = this.#host.syncAccount();
    this.#syncing = run;
    try {
      const outcome = await Promise.race([run, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), limit)))]);
      if (outcome === 'timeout') {
        this.#close();
        return { ok: false, status: 'timeout', error: `TbSync did not finish within ${limit} ms`, requests: [...requests] };
      }
      const ok = outcome.status.split('.')[0] === 'success';
      if (ok) return { ok, status: outcome.status, requests: [...requests] };
      const error = outcome.status === 'foldererror' ? outcome.folders.map(({ name, status }) => `${name}: ${status}`).join('; ') : outcome.message || outcome.status;
      return { ok, status: outcome.status, error: this.#redact(error), ...(outcome.details ? { details: this.#redact(outcome.details) } : {}), requests: [...requests] };
    } finally {
      clearTimeout(timer);
      this.#syncing = null;
    }
  }

  /** The contacts of its address book(s). */
  contacts(): Contact[] {
    return this.#host.contactTargets().flatMap(({ target }) => target._directory.childCards.map((card) => card.properties()));
  }

  /** The user adds a contact (Thunderbird property names); it goes up on the next sync. Returns its UID. */
  addContact(properties: Readonly<Record<string, string>>): string {
    return userAddCard(this.#book(), this.#host.changelog, properties);
  }

  /** The user edits a contact by UID (`''` clears a property). */
  editContact(id: string, properties: Readonly<Record<string, string>>): void {
    userEditCard(this.#bookOf(id), this.#host.changelog, id, properties);
  }

  /** The user deletes a contact by UID. */
  deleteContact(id: string): void {
    userDeleteCard(this.#bookOf(id), this.#host.changelog, id);
  }

  /** The events of its calendar(s), a series with its exceptions as one. */
  events(): CalendarItem[] {
    return this.#calendarItems('events');
  }

  /** The tasks of its task list(s). */
  tasks(): CalendarItem[] {
    return this.#calendarItems('tasks');
  }

  /** The user adds an event (iCalendar: a VCALENDAR, or a VEVENT; TZIDs are IANA names); it goes up on the next sync. Returns its id. */
  addEvent(icalendar: string): string {
    return userAddItem(this.#calendar('events'), this.#host.changelog, itemFromVcalendar(icalendar, () => new CalEvent()));
  }

  /** The user edits an event by id; an edit that changes nothing still sends it up (a Sync Change). */
  editEvent(id: string, edit: CalendarEdit): void {
    this.#edit('events', id, edit);
  }

  /** The user deletes an event (the whole series) by id. */
  deleteEvent(id: string): void {
    userDeleteItem(this.#calendarOf('events', id), this.#host.changelog, id);
  }

  /** The user adds a task (a VCALENDAR, or a VTODO). Returns its id. */
  addTask(icalendar: string): string {
    return userAddItem(this.#calendar('tasks'), this.#host.changelog, itemFromVcalendar(icalendar, () => new CalTodo()));
  }

  editTask(id: string, edit: CalendarEdit): void {
    this.#edit('tasks', id, edit);
  }

  deleteTask(id: string): void {
    userDeleteItem(this.#calendarOf('tasks', id), this.#host.changelog, id);
  }

  /** Forget everything (a user removing the account and adding it again): new DeviceId unless one was given. */
  reset(): void {
    this.#close();
    this.#closed = false;
    this.#host = createHost({
      serverUrl: this.#options.serverUrl,
      user: this.#options.user,
      password: this.#options.password,
      version: this.#options.version,
      ...(this.#options.deviceId ? { deviceId: this.#options.deviceId } : {}),
      timerCapMs: this.#options.timerCapMs ?? 20,
      requestTimeoutMs: this.#options.requestTimeoutMs ?? 10_000,
      timezone: this.#options.timezone ?? 'UTC',
      ...(this.#options.synclimit ? { synclimit: this.#options.synclimit } : {}),
      userDataLevel: LOG_LEVEL,
      xhr: {
        onSend: (command) => this.#requests.push(command),
        closed: () => this.#closed,
        track: (abort) => {
          this.#inFlight.add(abort);
          return () => this.#inFlight.delete(abort);
        },
      },
      log: (line) => {
        const redacted = this.#redact(line);
        this.#log.push(redacted);
        if (LOG_LEVEL > 0) process.stderr.write(`[tbsync ${this.#deviceId || 'starting'}] ${redacted}\n`);
      },
    });
    this.#deviceId = this.#host.deviceId();
  }

  /** Gives up on a running sync: what is in flight is aborted, what follows fails at once. */
  #close(): void {
    this.#closed = true;
    for (const abort of this.#inFlight) abort();
    this.#inFlight.clear();
  }

  /** The password, and the Basic credentials made of it, never reach a log or a result. */
  #redact(text: string): string {
    const { user, password } = this.#options;
    if (!password) return text;
    const basic = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
    return text.split(basic).join('********').split(password).join('********');
  }

  /** The address book new contacts go into: the default Contacts folder's (type 9), else the first. */
  #book(): AbDirectory {
    const targets = this.#host.contactTargets();
    const target = (targets.find(({ type }) => type === '9') ?? targets[0])?.target;
    if (!target) throw new Error('the device has no address book yet: sync() first (the server must offer a Contacts folder)');
    return target;
  }

  #calendarItems(kind: 'events' | 'tasks'): CalendarItem[] {
    return this.#host.calendarTargets(kind).flatMap(({ target }) => target.calendar.items().map((item) => ({ id: item.id!, icalendar: itemToVcalendar(item) })));
  }

  /** The calendar new items go into: the default folder's (8 events, 7 tasks), else the first. */
  #calendar(kind: 'events' | 'tasks'): TbCalendar {
    const targets = this.#host.calendarTargets(kind);
    const target = (targets.find(({ type }) => type === (kind === 'events' ? '8' : '7')) ?? targets[0])?.target;
    if (!target) throw new Error(`the device has no ${kind === 'events' ? 'calendar' : 'task list'} yet: sync() first (the server must offer a ${kind === 'events' ? 'Calendar' : 'Tasks'} folder)`);
    return target;
  }

  #calendarOf(kind: 'events' | 'tasks', id: string): TbCalendar {
    const target = this.#host.calendarTargets(kind).find(({ target: calendar }) => calendar.calendar.getItem(id))?.target;
    if (!target) throw new Error(`the device has no ${kind === 'events' ? 'event' : 'task'} ${id}`);
    return target;
  }

  #edit(kind: 'events' | 'tasks', id: string, edit: CalendarEdit): void {
    const target = this.#calendarOf(kind, id);
    const make = (): CalItemBase => (kind === 'events' ? new CalEvent() : new CalTodo());
    let text: string;
    if (typeof edit === 'string') text = edit;
    else {
      const vcalendar = ICAL.Component.fromString(itemToVcalendar(target.calendar.getItem(id)!));
      edit(vcalendar);
      text = vcalendar.toString();
    }
    userModifyItem(target, this.#host.changelog, id, itemFromVcalendar(text, make));
  }

  #bookOf(id: string): AbDirectory {
    const target = this.#host.contactTargets().find(({ target: book }) => book._directory.card(id))?.target;
    if (!target) throw new Error(`the device has no contact ${id}`);
    return target;
  }
}

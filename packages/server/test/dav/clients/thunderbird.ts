/**
 * Debian's Thunderbird, headless, as a CardDAV and CalDAV client: a fresh profile, the application
 * started with --marionette, and everything done the way Thunderbird's own UI does it, through its
 * own modules in the chrome context (clients/marionette.ts):
 *
 * - an address book: CardDAVUtils.detectAddressBooks (what File > New > CardDAV Address Book runs:
 *   the entered URL, /.well-known/carddav, the principal, the home set) and the found book's
 *   create(), which saves the password and makes the first full sync (PROPFIND Depth 1, multiget);
 *   later syncs are CardDAVDirectory.syncWithServer (sync-collection from the token). Cards are added,
 *   edited (their vCard properties, as the contact editor does) and deleted through the directory,
 *   whose CardDAV subclass PUTs and DELETEs them;
 * - a calendar: cal.provider.detection.detect (File > New > Calendar > On the network) and
 *   cal.manager.registerCalendar of the found CalDAV calendar, uncached (Thunderbird keeps its
 *   items in memory and syncs with sync-collection when the server lists it in
 *   supported-report-set); refresh() and the onLoad that follows; events and tasks made as its
 *   dialogs make them, and addItem, modifyItem, deleteItem.
 *
 * Each operation waits, inside Thunderbird, for what shows it done (the sync notification, the
 * new ETag a write brings back), with a generous limit; when one runs out, the error says what was
 * awaited and carries Thunderbird's recent console errors.
 *
 * Chrome-context scripts need --remote-allow-system-access (Gecko 138 and later).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createWorkDir, type WorkDir } from '../../interop/support/workdir.js';
import { Marionette } from './marionette.js';
import { killGroup } from './process.js';

const THUNDERBIRD = '/usr/lib/thunderbird/thunderbird';

/** The profile's prefs: no first-run dialogs, no update or telemetry traffic, Marionette on a port of its choosing (written to MarionetteActivePort). */
const USER_JS = {
  'marionette.port': 0,
  'mail.shell.checkDefaultClient': false,
  'mail.provider.suppress_dialog_on_startup': true,
  'mail.spotlight.firstRunDone': true,
  'mailnews.start_page.enabled': false,
  'app.update.disabledForTesting': true,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'signon.rememberSignons': true,
  // No background sync between the test's steps: every sync here is one the test asks for.
  'calendar.autorefresh.enabled': false,
  // Their logs go to the console the errors are read from.
  'carddav.setup.loglevel': 'Debug',
  'carddav.sync.loglevel': 'Debug',
  'calendar.debug.log': true,
  'calendar.debug.log.verbose': true,
};

export interface ThunderbirdCard {
  /** The card's UID (the vCard's UID). */
  readonly uid: string;
  readonly href: string;
  readonly etag: string;
  readonly vcard: string;
}

export interface ThunderbirdItem {
  /** The event's or task's UID. */
  readonly uid: string;
  readonly title: string;
}

/** Helpers every script starts with: the modules, and a wait on a condition that fails with what it awaited. */
const PRELUDE = `
const { MailServices } = ChromeUtils.importESModule("resource:///modules/MailServices.sys.mjs");
const { cal } = ChromeUtils.importESModule("resource:///modules/calendar/calUtils.sys.mjs");
const { CardDAVUtils } = ChromeUtils.importESModule("resource:///modules/CardDAVUtils.sys.mjs");
const { VCardUtils } = ChromeUtils.importESModule("resource:///modules/VCardUtils.sys.mjs");
const consoleErrors = () => Services.console.getMessageArray()
  .filter(m => m instanceof Ci.nsIScriptError ? !(m.flags & Ci.nsIScriptError.warningFlag) : /error|fail/i.test(m.message))
  .slice(-15).map(m => m.message ?? String(m));
const fail = (what) => { throw new Error(what + "\\nThunderbird's recent console errors:\\n" + consoleErrors().join("\\n")); };
const until = async (what, test, ms) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() > end) fail("timed out waiting for " + what);
    await new Promise(r => setTimeout(r, 100));
  }
};
const book = (uid) => {
  const dir = MailServices.ab.getDirectoryFromUID(uid);
  if (!dir) fail("no address book " + uid);
  return dir.wrappedJSObject ?? dir;
};
const calendar = (id) => {
  const c = cal.manager.getCalendarById(id);
  if (!c) fail("no calendar " + id);
  return c;
};
const cardOf = (c) => ({ uid: c.UID, href: c.getProperty("_href", ""), etag: c.getProperty("_etag", ""), vcard: c.getProperty("_vCard", "") });
/**
 * Runs start() (a refresh, a registration, which refreshes) and resolves at the calendar's next
 * onLoad (an onError fails). The observer goes on first, and nothing else refreshes meanwhile: two
 * refreshes at once send two requests that both meet the 401 of a new session, and Thunderbird's
 * calendar prompt, asked twice within 60 s, withdraws the saved password and opens a dialog.
 */
const loaded = (c, ms, start) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => { c.removeObserver(observer); try { fail("timed out waiting for the calendar's onLoad"); } catch (e) { reject(e); } }, ms);
  const done = (f) => { clearTimeout(timer); c.removeObserver(observer); f(); };
  const observer = {
    QueryInterface: ChromeUtils.generateQI(["calIObserver"]),
    onStartBatch() {}, onEndBatch() {}, onAddItem() {}, onModifyItem() {}, onDeleteItem() {},
    onPropertyChanged() {}, onPropertyDeleting() {},
    onLoad() { done(resolve); },
    onError(_c, errNo, message) { done(() => reject(new Error("calendar error " + errNo + ": " + message))); },
  };
  c.addObserver(observer);
  start();
});
`;

export interface StartOptions {
  /** How long Thunderbird may take to start and answer Marionette. */
  readonly startTimeoutMs: number;
  /** The limit of each script, and of each wait inside one. */
  readonly stepTimeoutMs: number;
}

export class Thunderbird {
  private constructor(
    private readonly child: ChildProcess,
    private readonly work: WorkDir,
    private readonly marionette: Marionette,
    private readonly stepTimeoutMs: number,
  ) {}

  /** Starts Thunderbird on a fresh profile and opens a Marionette session in its chrome context. */
  static async start(options: StartOptions): Promise<Thunderbird> {
    const work = createWorkDir('thunderbird');
    const profile = work.at('profile');
    mkdirSync(profile);
    await writeFile(`${profile}/user.js`, Object.entries(USER_JS).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`).join(''));
    const log = openSync(work.at('thunderbird.log'), 'w');
    // Its own process group, so stop() (or a failed start) ends its content processes too.
    const child = spawn(THUNDERBIRD, ['--headless', '--marionette', '--remote-allow-system-access', '--no-remote', '--profile', profile], {
      detached: true,
      stdio: ['ignore', log, log],
      env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' },
    });
    closeSync(log);
    try {
      const port = await waitForPort(`${profile}/MarionetteActivePort`, child, options.startTimeoutMs, work);
      const marionette = await Marionette.connect(port);
      const tb = new Thunderbird(child, work, marionette, options.stepTimeoutMs);
      await marionette.send('WebDriver:NewSession', { capabilities: {} });
      await marionette.send('Marionette:SetContext', { value: 'chrome' });
      await marionette.send('WebDriver:SetTimeouts', { script: options.stepTimeoutMs + 30_000 });
      return tb;
    } catch (error) {
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      const output = readFileSync(work.at('thunderbird.log'), 'utf8').slice(-4000);
      work.remove();
      throw new Error(`${(error as Error).message}\n--- Thunderbird's output\n${output}`);
    }
  }

  /** Runs `body` (JavaScript, after the prelude) in the chrome context; `args` are its `args`. */
  private async run<T>(body: string, ...args: unknown[]): Promise<T> {
    const script = `const args = arguments; const STEP_MS = ${this.stepTimeoutMs};\n${PRELUDE}\nreturn (async () => {\n${body}\n})();`;
    const answer = await this.marionette.send<{ value: T }>('WebDriver:ExecuteScript', { script, args });
    return answer.value;
  }

  /**
   * Finds the address book at `bookUrl` from `entryUrl` as Thunderbird's New CardDAV Address Book
   * dialog does, creates it (the password saved) and waits for its first sync. Returns its UID.
   */
  addAddressBook(entryUrl: string, username: string, password: string, bookUrl: string): Promise<string> {
    return this.run(
      `
      const [entry, username, password, bookUrl] = args;
      const found = await CardDAVUtils.detectAddressBooks(username, password, entry, false);
      const wanted = found.find(b => b.url.href === bookUrl);
      if (!wanted) fail("detectAddressBooks found " + JSON.stringify(found.map(b => b.url.href)) + ", not " + bookUrl);
      let synced = false;
      const observer = { observe(subject) { if (subject.QueryInterface(Ci.nsIAbDirectory).getStringValue("carddav.url", "") === bookUrl) synced = true; } };
      Services.obs.addObserver(observer, "addrbook-directory-synced");
      try {
        const dir = wanted.create();
        await until("the first sync of " + bookUrl, () => synced, STEP_MS);
        return dir.UID;
      } finally {
        Services.obs.removeObserver(observer, "addrbook-directory-synced");
      }
      `,
      entryUrl,
      username,
      password,
      bookUrl,
    );
  }

  /** One sync of the address book (Thunderbird's periodic sync, run now). */
  syncAddressBook(bookUid: string): Promise<void> {
    return this.run(`await book(args[0]).syncWithServer(); return null;`, bookUid);
  }

  cards(bookUid: string): Promise<ThunderbirdCard[]> {
    return this.run(`return book(args[0]).childCards.map(cardOf);`, bookUid);
  }

  /**
   * Adds a contact as the address book's editor does (a vCard 4.0 of what was typed, no UID: the
   * directory gives it one, and its href is `<UID>.vcf`), and waits until the server's copy is read
   * back (an href and an ETag).
   */
  addContact(bookUid: string, given: string, family: string, email: string): Promise<ThunderbirdCard> {
    return this.run(
      `
      const [uid, given, family, email] = args;
      const { AddrBookCard } = ChromeUtils.importESModule("resource:///modules/AddrBookCard.sys.mjs");
      const { VCardProperties } = ChromeUtils.importESModule("resource:///modules/VCardUtils.sys.mjs");
      const typed = new VCardProperties("4.0");
      typed.addValue("n", [family, given, "", "", ""]);
      typed.addValue("fn", given + " " + family);
      typed.addValue("email", email);
      const card = new AddrBookCard();
      card.setProperty("_vCard", typed.toVCard());
      const dir = book(uid);
      const added = dir.addCard(card);
      return until("the server's copy of the added card", () => { const c = dir.getCard(added.UID); return c?.getProperty("_etag", "") ? cardOf(c) : null; }, STEP_MS);
      `,
      bookUid,
      given,
      family,
      email,
    );
  }

  /** Renames a card as the contact editor does (its FN and N), and waits for the ETag of the server's new copy. */
  renameCard(bookUid: string, cardUid: string, given: string, family: string): Promise<ThunderbirdCard> {
    return this.run(
      `
      const [uid, cardUid, given, family] = args;
      const dir = book(uid);
      const card = dir.getCard(cardUid) ?? fail("no card " + cardUid);
      const before = card.getProperty("_etag", "");
      const props = card.vCardProperties;
      props.clearValues("fn");
      props.addValue("fn", given + " " + family);
      props.clearValues("n");
      props.addValue("n", [family, given, "", "", ""]);
      dir.modifyCard(card);
      return until("the server's copy of the renamed card", () => { const c = dir.getCard(cardUid); const etag = c?.getProperty("_etag", ""); return etag && etag !== before ? cardOf(c) : null; }, STEP_MS);
      `,
      bookUid,
      cardUid,
      given,
      family,
    );
  }

  /** Deletes a card; Thunderbird sends the DELETE in the background (the caller waits on the server). */
  deleteCard(bookUid: string, cardUid: string): Promise<void> {
    return this.run(
      `
      const dir = book(args[0]);
      dir.deleteCards([dir.getCard(args[1]) ?? fail("no card " + args[1])]);
      return null;
      `,
      bookUid,
      cardUid,
    );
  }

  /**
   * Finds the calendar at `calendarUrl` from `entryUrl` as Thunderbird's New Calendar dialog does,
   * subscribes to it and waits for its first load. Returns its id.
   */
  addCalendar(entryUrl: string, username: string, password: string, calendarUrl: string): Promise<string> {
    return this.run(
      `
      const [entry, username, password, calendarUrl] = args;
      const found = await cal.provider.detection.detect(username, password, entry, true, [], {});
      const calendars = [...found.values()].flat();
      const wanted = calendars.find(c => c.type === "caldav" && c.uri.spec === calendarUrl);
      if (!wanted) fail("calendar detection found " + JSON.stringify(calendars.map(c => c.type + " " + c.uri.spec)) + ", not " + calendarUrl);
      await loaded(wanted, STEP_MS, () => cal.manager.registerCalendar(wanted));
      return wanted.id;
      `,
      entryUrl,
      username,
      password,
      calendarUrl,
    );
  }

  /** One refresh of the calendar (what its refresh interval or the Synchronize button runs). */
  refreshCalendar(calendarId: string): Promise<void> {
    return this.run(`const c = calendar(args[0]); await loaded(c, STEP_MS, () => c.refresh()); return null;`, calendarId);
  }

  events(calendarId: string): Promise<ThunderbirdItem[]> {
    return this.items(calendarId, 'ITEM_FILTER_TYPE_EVENT');
  }

  /** The calendar's tasks, done or not. */
  tasks(calendarId: string): Promise<ThunderbirdItem[]> {
    return this.items(calendarId, 'ITEM_FILTER_TYPE_TODO');
  }

  private items(calendarId: string, type: 'ITEM_FILTER_TYPE_EVENT' | 'ITEM_FILTER_TYPE_TODO'): Promise<ThunderbirdItem[]> {
    return this.run(
      `
      const filter = Ci.calICalendar[args[1]] | Ci.calICalendar.ITEM_FILTER_COMPLETED_ALL;
      const items = await calendar(args[0]).getItemsAsArray(filter, 0, null, null);
      return items.map(i => ({ uid: i.id, title: i.title }));
      `,
      calendarId,
      type,
    );
  }

  /**
   * Adds an event as the event dialog does: a title, a start and an end in a time zone (written with
   * its TZID and VTIMEZONE), no UID (the calendar gives it one, and its href is `<UID>.ics`).
   * Resolves with the UID when the server has taken it.
   */
  addEvent(calendarId: string, title: string, start: string, end: string, zone: string): Promise<string> {
    return this.run(
      `
      const [id, title, start, end, zone] = args;
      const { CalEvent } = ChromeUtils.importESModule("resource:///modules/CalEvent.sys.mjs");
      const tz = cal.timezoneService.getTimezone(zone) ?? fail("no time zone " + zone);
      const at = (text) => { const d = cal.createDateTime(text); d.timezone = tz; return d; };
      const event = new CalEvent();
      event.title = title;
      event.startDate = at(start);
      event.endDate = at(end);
      const added = await calendar(id).addItem(event);
      return added.id;
      `,
      calendarId,
      title,
      start,
      end,
      zone,
    );
  }

  /**
   * Adds a task as the task dialog does: a title and a due date in a time zone, no UID (the
   * calendar gives it one). Resolves with the UID when the server has taken it.
   */
  addTask(calendarId: string, title: string, due: string, zone: string): Promise<string> {
    return this.run(
      `
      const [id, title, due, zone] = args;
      const { CalTodo } = ChromeUtils.importESModule("resource:///modules/CalTodo.sys.mjs");
      const tz = cal.timezoneService.getTimezone(zone) ?? fail("no time zone " + zone);
      const task = new CalTodo();
      task.title = title;
      const d = cal.createDateTime(due);
      d.timezone = tz;
      task.dueDate = d;
      const added = await calendar(id).addItem(task);
      return added.id;
      `,
      calendarId,
      title,
      due,
      zone,
    );
  }

  /** Gives an event or a task a new title, as their dialogs do; resolves when the server has taken it. */
  retitleItem(calendarId: string, uid: string, title: string): Promise<void> {
    return this.run(
      `
      const [id, uid, title] = args;
      const c = calendar(id);
      const old = (await c.getItem(uid)) ?? fail("no item " + uid);
      const changed = old.clone();
      changed.title = title;
      await c.modifyItem(changed, old);
      return null;
      `,
      calendarId,
      uid,
      title,
    );
  }

  /** Deletes an event or a task; resolves when the server has taken the DELETE. */
  deleteItem(calendarId: string, uid: string): Promise<void> {
    return this.run(
      `
      const c = calendar(args[0]);
      await c.deleteItem((await c.getItem(args[1])) ?? fail("no item " + args[1]));
      return null;
      `,
      calendarId,
      uid,
    );
  }

  /**
   * What Thunderbird's address book and calendar code logged as errors or warnings since it started:
   * its sync code reports a failed request or an unreadable answer there (console.error, its
   * loggers' error and warn) and goes on, so a test must look.
   */
  davErrors(): Promise<string[]> {
    return this.run(`
      const dav = /carddav|caldav|calendar|addrbook|vcard|ical/i;
      const text = (a) => { try { return typeof a === "string" ? a : a instanceof Error || a?.message ? String(a.message ?? a) : JSON.stringify(a); } catch { return String(a); } };
      const api = Cc["@mozilla.org/consoleAPI-storage;1"].getService(Ci.nsIConsoleAPIStorage).getEvents()
        .filter(e => e.level === "error" || e.level === "warn")
        .map(e => (e.prefix || e.filename) + ": " + e.arguments.map(text).join(" ") + " [" + e.filename + ":" + e.lineNumber + "]")
        .filter(line => dav.test(line));
      const script = Services.console.getMessageArray()
        .filter(m => m instanceof Ci.nsIScriptError && !(m.flags & Ci.nsIScriptError.infoFlag))
        .map(m => m.sourceName + ":" + m.lineNumber + ": " + m.errorMessage)
        .filter(line => dav.test(line));
      return [...api, ...script];
    `);
  }

  /** The sync-collection token the address book holds (its next sync is a delta from it), or ''. */
  bookSyncToken(bookUid: string): Promise<string> {
    return this.run(`return book(args[0]).getStringValue("carddav.token", "");`, bookUid);
  }

  /** Whether the calendar syncs with sync-collection (the server listed it in supported-report-set), and the token it holds. */
  calendarSync(calendarId: string): Promise<{ readonly webdavSync: boolean; readonly token: string }> {
    return this.run(`const c = calendar(args[0]).wrappedJSObject; return { webdavSync: Boolean(c.mHasWebdavSyncSupport), token: c.mWebdavSyncToken ?? "" };`, calendarId);
  }

  /** Quits Thunderbird (killing it if it does not go) and removes its profile. */
  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    await this.marionette.send('Marionette:Quit', { flags: ['eForceQuit'] }).catch(() => undefined);
    this.marionette.close();
    const timer = setTimeout(() => killGroup(this.child.pid!, 'SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
    // Whatever it left running in its group.
    killGroup(this.child.pid!, 'SIGKILL');
    this.work.remove();
  }
}

/** The port Marionette chose, once it writes it; fails early if Thunderbird exits first. */
async function waitForPort(file: string, child: ChildProcess, timeoutMs: number, work: WorkDir): Promise<number> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Thunderbird exited (${child.exitCode ?? child.signalCode}) before Marionette listened`);
    const text = await readFile(file, 'utf8').catch(() => '');
    const port = Number(text.trim());
    if (text.trim() !== '' && Number.isInteger(port) && port > 0) return port;
    if (Date.now() > end) throw new Error(`Marionette did not listen within ${timeoutMs} ms (profile in ${work.path})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

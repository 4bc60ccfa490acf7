/**
 * Stand-ins for what TbSync's ActiveSync provider calls outside its own files: TbSync's core
 * (`TbSync.*`: StatusData, ProviderData, AccountData, FolderData, SyncData, the event log, the
 * password manager, prefs, the core's account sync loop; its address-book and calendar layers in
 * addressbook.ts and calendar.ts) and Thunderbird's (`Services`, `ChromeUtils`, `Components`,
 * `MailServices`, the calendar, timers, the provider's own files read through `NetUtil`).
 * Written for this harness after the calls the provider makes (TbSync 4.x's API, Thunderbird
 * 128); nothing of either project is copied.
 *
 * One host is one Thunderbird profile with one TbSync EAS account. Nothing it logs is printed:
 * lines go to `options.log`, which the device redacts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { tbsyncFile } from '../../../../../../test/support/tbsync-dir.js';
import { AddrBookCard, AddressBooks, ChangeLog, createTbsyncAddressbook, Directory, VCardProperties, VCardPropertyEntry, type AbFolderData } from './addressbook.js';
import { calIAlarm, CalAlarm, CalAttendee, CalEvent, CalRecurrenceInfo, CalTodo } from './cal-items.js';
import { CalendarManager, createCal, createTbsyncLightning } from './calendar.js';
import { createSubScriptLoader, loadProvider } from './load.js';
import { zoneOrFail } from './timezones.js';
import { createXhrClass, type XhrHooks } from './xhr.js';

export interface HostOptions {
  /** The ActiveSync URL (…/Microsoft-Server-ActiveSync; the path is added when missing). */
  readonly serverUrl: string;
  readonly user: string;
  readonly password: string;
  /** `asversionselected`: the version the user picked instead of "auto". */
  readonly version: '2.5' | '14.0';
  /** TbSync makes one (`MZTB…`) when none is given. */
  readonly deviceId?: string;
  /** Upper bound of the provider's waits (nsITimer: 2 s after an upload; the core's 5 s before an account rerun). */
  readonly timerCapMs: number;
  /** The provider's `timeout` pref (90 s by default): one request's limit. */
  readonly requestTimeoutMs: number;
  /** Thunderbird's default time zone (`calendar.timezone.local`): an IANA name, or UTC. */
  readonly timezone: string;
  /** The account's calendar period (`synclimit`, the FilterType TbSync sends for calendars); TbSync's default when absent. */
  readonly synclimit?: string;
  /** TbSync's `log.userdatalevel`: 0 logs no content, 2 the XML, 3 the WBXML bytes too. */
  readonly userDataLevel: number;
  readonly xhr: XhrHooks;
  log(line: string): void;
}

/** What TbSync reports at the end of an account sync. */
export interface AccountSyncOutcome {
  /** The account's status as TbSync sets it: `success`, `foldererror`, or the error (`401`, `httperror::500`, …). */
  readonly status: string;
  /** The StatusData the sync ended with (its type, message and details). */
  readonly type: string;
  readonly message: string;
  readonly details: string;
  /** Each selected folder's status (`success`, `Sync.4`, `aborted`, …). */
  readonly folders: readonly { readonly name: string; readonly status: string }[];
}

type Props = Record<string, unknown>;
interface FolderRow extends Props {
  folderID: string;
}

// ---------------------------------------------------------------------------------------------
// Prefs (Services.prefs): a user and a default value per name
// ---------------------------------------------------------------------------------------------

class Prefs {
  readonly #user = new Map<string, unknown>();
  readonly #defaults = new Map<string, unknown>();

  branch(prefix: string, defaults = false) {
    const values = defaults ? this.#defaults : this.#user;
    const get = (name: string, fallback?: unknown): unknown => {
      const key = prefix + name;
      const value = this.#user.has(key) ? this.#user.get(key) : this.#defaults.get(key);
      if (value !== undefined) return value;
      if (fallback !== undefined) return fallback;
      throw new Error(`no pref ${key}`);
    };
    const set = (name: string, value: unknown): void => void values.set(prefix + name, value);
    return {
      getIntPref: (name: string, fallback?: number) => Number(get(name, fallback)),
      getCharPref: (name: string, fallback?: string) => String(get(name, fallback)),
      getBoolPref: (name: string, fallback?: boolean) => Boolean(get(name, fallback)),
      setIntPref: set,
      setCharPref: set,
      setBoolPref: set,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The host
// ---------------------------------------------------------------------------------------------

export function createHost(options: HostOptions) {
  const log = options.log;
  const cap = (ms: number): number => Math.min(Math.max(0, Number(ms) || 0), options.timerCapMs);
  const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));

  const prefs = new Prefs();
  prefs.branch('extensions.tbsync.', true).setIntPref('log.userdatalevel', options.userDataLevel);
  prefs.branch('extensions.tbsync.', true).setBoolPref('log.toconsole', false);

  const eas: Props = {};
  const books = new AddressBooks();
  const changelog = new ChangeLog();
  const addressbook = createTbsyncAddressbook(books, changelog);
  const calendars = new CalendarManager();
  const lightning = createTbsyncLightning(createCal(zoneOrFail(options.timezone), calendars), changelog);

  // --- TbSync's data classes ------------------------------------------------------------------

  class StatusData {
    static get SUCCESS() { return 'success'; }
    static get ERROR() { return 'error'; }
    static get WARNING() { return 'warning'; }
    static get INFO() { return 'info'; }
    static get ACCOUNT_RERUN() { return 'account_rerun'; }
    static get FOLDER_RERUN() { return 'folder_rerun'; }
    constructor(
      readonly type = 'success',
      readonly message = '',
      readonly details = '',
    ) {}
  }

  class EventLogInfo {
    constructor(
      readonly provider: string,
      readonly accountname = '',
      readonly accountID = '',
      readonly foldername = '',
    ) {}
  }

  class ProgressData {
    todo = 0;
    done = 0;
    reset(done = 0, todo = 0): void {
      this.done = done;
      this.todo = Number(todo) || 0;
    }
    inc(value = 1): void {
      this.done += value;
    }
  }

  const account: { props: Props; folders: Map<string, FolderRow> } = { props: {}, folders: new Map() };
  const accountID = '1';
  const base = (): { getDefaultAccountEntries(): Props; getDefaultFolderEntries(): Props; onEnableAccount(a: AccountData): void; syncFolderList(...a: unknown[]): Promise<StatusData>; syncFolder(...a: unknown[]): Promise<StatusData>; getSortedFolders(a: AccountData): FolderData[]; load(): Promise<void> } => eas.Base as never;
  const accountDefaults = (): Props => ({ ...base().getDefaultAccountEntries(), provider: 'eas', accountID: '', lastsynctime: 0, status: 'disabled', autosync: 0, noAutosyncUntil: 0, accountname: '' });
  const folderDefaults = (): Props => ({ ...base().getDefaultFolderEntries(), accountID, targetType: '', cached: false, selected: false, lastsynctime: 0, status: '', foldername: '', downloadonly: false });

  class ProviderData {
    constructor(readonly provider: string) {}
    getFolders(criteria: Props = {}): FolderData[] {
      return new AccountData(accountID).getAllFolders().filter((folder) => Object.entries(criteria).every(([name, value]) => [value].flat().includes(folder.getFolderProperty(name))));
    }
    getDefaultAccountEntries(): Props {
      return accountDefaults();
    }
  }

  class AccountData {
    constructor(readonly accountID: string) {}
    get eventLogInfo(): EventLogInfo {
      return new EventLogInfo('eas', String(this.getAccountProperty('accountname')), this.accountID);
    }
    get providerData(): ProviderData {
      return new ProviderData('eas');
    }
    #folders(cached: boolean | null): FolderData[] {
      return [...account.folders.values()].filter((row) => cached === null || Boolean(row.cached) === cached).map((row) => new FolderData(this, row.folderID));
    }
    getAllFolders(): FolderData[] {
      return this.#folders(false);
    }
    getAllFoldersIncludingCache(): FolderData[] {
      return this.#folders(null);
    }
    getFolder(setting: string, value: unknown): FolderData | null {
      return this.#folders(false).find((folder) => folder.getFolderProperty(setting) === value) ?? null;
    }
    getFolderFromCache(setting: string, value: unknown): FolderData | null {
      return this.#folders(true).find((folder) => folder.getFolderProperty(setting) === value) ?? null;
    }
    createNewFolder(): FolderData {
      const folderID = randomUUID();
      account.folders.set(folderID, { ...folderDefaults(), folderID });
      return new FolderData(this, folderID);
    }
    isSyncing(): boolean {
      return this.getAccountProperty('status') === 'syncing';
    }
    isEnabled(): boolean {
      return this.getAccountProperty('status') !== 'disabled';
    }
    isConnected(): boolean {
      return this.isEnabled() && this.getAllFolders().length > 0;
    }
    getAccountProperty(name: string): unknown {
      return name in account.props ? account.props[name] : accountDefaults()[name];
    }
    setAccountProperty(name: string, value: unknown): void {
      account.props[name] = value;
    }
    resetAccountProperty(name: string): void {
      account.props[name] = accountDefaults()[name];
    }
  }

  class FolderData implements AbFolderData {
    #target: unknown = null;
    constructor(
      readonly accountData: AccountData,
      readonly folderID: string,
    ) {
      if (!account.folders.has(folderID)) throw new Error(`A folder with ID <${folderID}> does not exist`);
    }
    get accountID(): string {
      return this.accountData.accountID;
    }
    get eventLogInfo(): EventLogInfo {
      return new EventLogInfo('eas', String(this.accountData.getAccountProperty('accountname')), this.accountID, String(this.getFolderProperty('foldername')));
    }
    #row(): FolderRow {
      const row = account.folders.get(this.folderID);
      if (!row) throw new Error(`Unknown folder <${this.folderID}>`);
      return row;
    }
    getFolderProperty(name: string): unknown {
      const row = this.#row();
      return name in row ? row[name] : (folderDefaults()[name] ?? '');
    }
    setFolderProperty(name: string, value: unknown): void {
      this.#row()[name] = value;
    }
    resetFolderProperty(name: string): void {
      this.#row()[name] = folderDefaults()[name] ?? '';
    }
    isSyncing(): boolean {
      return current?.currentFolderData?.folderID === this.folderID;
    }
    get targetData(): never {
      if (!this.#target) {
        const type = String(this.getFolderProperty('targetType'));
        const TargetData = eas[`TargetData_${type}`] as (new (folder: FolderData) => unknown) | undefined;
        if (!type || !TargetData) throw new Error(`Provider <eas> has no TargetData for <${type}>`);
        this.#target = new TargetData(this);
      }
      return this.#target as never;
    }
    /** Removes the folder (it stays as "cached" until the next folder list) and its target. */
    remove(keepStaleTargetSuffix = ''): void {
      try {
        const target = this.targetData as { hasTarget(): boolean; targetName: string; disconnectTarget(): void; removeTarget(): void };
        if (target.hasTarget()) {
          if (keepStaleTargetSuffix) {
            target.targetName = `Orphaned: ${target.targetName} ${keepStaleTargetSuffix}`;
            target.disconnectTarget();
          } else target.removeTarget();
        }
      } catch (error) {
        log(`reportError: ${errorText(error)}`);
      }
      this.setFolderProperty('cached', true);
    }
  }

  class SyncData {
    #state = { state: 'accountdone', timestamp: Date.now() };
    readonly #accountData: AccountData;
    readonly #progress = new ProgressData();
    #folder: FolderData | null = null;
    constructor(id: string) {
      this.#accountData = new AccountData(id);
    }
    get eventLogInfo(): EventLogInfo {
      return new EventLogInfo('eas', String(this.#accountData.getAccountProperty('accountname')), this.#accountData.accountID, this.#folder ? String(this.#folder.getFolderProperty('foldername')) : '');
    }
    get accountData(): AccountData {
      return this.#accountData;
    }
    get currentFolderData(): FolderData | null {
      return this.#folder;
    }
    get progressData(): ProgressData {
      return this.#progress;
    }
    _setCurrentFolderData(folder: FolderData): void {
      this.#folder = folder;
    }
    _clearCurrentFolderData(): void {
      this.#folder = null;
    }
    setSyncState(state: string): void {
      this.#state = { state, timestamp: Date.now() };
      log(`[setSyncState] ${state}${this.#folder ? ` (${String(this.#folder.getFolderProperty('foldername'))})` : ''}`);
    }
    getSyncState(): { state: string; timestamp: number } {
      return this.#state;
    }
  }
  let current: SyncData | null = null;

  // --- The rest of TbSync ---------------------------------------------------------------------

  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, cap(ms)));
  const logins = new Map<string, string>();
  const loginKey = (host: string, realm: string, user: string): string => JSON.stringify([host, realm, user]);

  const TbSync = {
    providers: { eas, loadedProviders: { eas: { version: '4.11' } } },
    prefs: prefs.branch('extensions.tbsync.'),
    dump: (what: string, message: unknown): void => log(`[${what}] ${String(message)}`),
    eventlog: {
      add: (type: string, _info: unknown, message: unknown, details?: unknown): void => log(`[eventlog ${type}] ${String(message)}${details ? `\n${String(details)}` : ''}`),
    },
    EventLogInfo,
    StatusData,
    ProgressData,
    ProviderData,
    AccountData,
    FolderData,
    SyncData,
    addressbook,
    lightning,
    passwordManager: {
      getLoginInfo: (host: string, realm: string, user: string): string | null => logins.get(loginKey(host, realm, user)) ?? null,
      updateLoginInfo: async (host: string, realm: string, oldUser: string, newUser: string, password: string): Promise<void> => {
        logins.delete(loginKey(host, realm, oldUser));
        logins.set(loginKey(host, realm, newUser), password);
      },
      removeLoginInfos: (host: string, realm: string): void => {
        for (const key of logins.keys()) if (key.startsWith(JSON.stringify([host, realm]).slice(0, -1))) logins.delete(key);
      },
      /** No one is there to type a password: the prompt is cancelled. */
      asyncPasswordPrompt: async (): Promise<null> => null,
    },
    network: {
      createTCPErrorFromFailedXHR: (xhr: { channel?: { errorCode?: string } }): string | null => (xhr.channel?.errorCode ? `network::${xhr.channel.errorCode}` : null),
    },
    tools: {
      sleep,
      b64encode: (text: string): string => Buffer.from(text, 'utf8').toString('base64'),
    },
    generateUUID: (): string => randomUUID(),
    getString: (key: string): string => key,
    window: { setTimeout: (callback: () => void, ms: number) => setTimeout(callback, cap(ms)) },
    core: { setTargetModified: (): void => {} },
  };

  // --- Thunderbird ----------------------------------------------------------------------------

  const nsITimer = { TYPE_ONE_SHOT: 0, TYPE_REPEATING_SLACK: 1 };
  const Components = {
    utils: {
      reportError: (error: unknown): void => log(`[reportError] ${errorText(error)}`),
      /** The sandbox network.js makes per server: it only takes its XMLHttpRequest. */
      Sandbox: () => ({ XMLHttpRequest: createXhrClass(options.xhr) }),
    },
    classes: {
      '@mozilla.org/timer;1': {
        createInstance: () => ({
          initWithCallback(event: { notify(timer: unknown): void }, delay: number) {
            setTimeout(() => event.notify(this), cap(delay));
          },
          cancel() {},
        }),
      },
    },
    interfaces: { nsITimer, nsIAbDirectory: Directory, nsIAbCard: AddrBookCard, nsIRequest: {}, nsILoadInfo: {}, nsIContentPolicy: {}, calIAlarm, calIEvent: CalEvent, calITodo: CalTodo },
    isSuccessCode: (status: number): boolean => status === 0,
  };

  const MailServices = {
    ab: books,
    headerParser: {
      /** `Name <address>` or a bare address, as [{ name, email }]. */
      makeFromDisplayAddress(value: string): { name: string; email: string }[] {
        const angled = /^\s*(.*?)\s*<([^>]*)>\s*$/.exec(value);
        if (angled) return [{ name: angled[1]!.replace(/^"(.*)"$/, '$1'), email: angled[2]!.trim() }];
        return value.trim() ? [{ name: '', email: value.trim() }] : [];
      },
    },
    accounts: { accounts: [] as unknown[] },
  };

  /**
   * NetUtil over the provider's own files: `eas.tools.fetchFile` reads its Windows time-zone
   * tables (content/timezonedata/*.csv) through `Services.io.newChannelFromURI` and this.
   */
  const NetUtil = {
    asyncFetch(channel: { URI: { spec: string } }, callback: (stream: { available(): number; text: string } | null, status: number) => void): void {
      let stream: { available(): number; text: string } | null = null;
      try {
        const text = readFileSync(tbsyncFile(channel.URI.spec.replace(/^chrome:\/\/eas4tbsync\//, '')), 'latin1');
        stream = { available: () => text.length, text };
      } catch (error) {
        log(`[NetUtil] ${errorText(error)}`);
      }
      setImmediate(() => callback(stream, stream ? 0 : 0x80520012));
    },
    readInputStreamToString: (stream: { text: string }, count: number): string => stream.text.slice(0, count),
  };

  const notInHarness = (what: string) => () => {
    throw new Error(`${what} is not in this harness`);
  };
  const modules: Record<string, Props> = {
    'chrome://tbsync/content/tbsync.jsm': { TbSync },
    'resource:///modules/MailServices.jsm': { MailServices },
    'resource:///modules/OAuth2.jsm': { OAuth2: class { constructor() { notInHarness('OAuth2 (Office 365 accounts)')(); } } },
    'resource://gre/modules/NetUtil.sys.mjs': { NetUtil },
    'resource:///modules/AddrBookUtils.jsm': { newUID: () => randomUUID() },
    'resource:///modules/AddrBookCard.jsm': { AddrBookCard },
    'resource:///modules/VCardUtils.jsm': { VCardProperties, VCardPropertyEntry, VCardUtils: {}, BANISHED_PROPERTIES: [] },
    'resource:///modules/CalAlarm.jsm': { CalAlarm },
    'resource:///modules/CalAttachment.jsm': { CalAttachment: class { constructor() { notInHarness('calendar attachments')(); } } },
    'resource:///modules/CalAttendee.jsm': { CalAttendee },
    'resource:///modules/CalEvent.jsm': { CalEvent },
    'resource:///modules/CalTodo.jsm': { CalTodo },
    'resource:///modules/CalRecurrenceInfo.jsm': { CalRecurrenceInfo },
  };
  const moduleOf = (url: string): Props => {
    const module = modules[url];
    if (!module) throw new Error(`${url} is not in this harness`);
    return module;
  };
  const XPCOMUtils = {
    /** Getters resolved on first use: the calendar's modules are never asked for on a contacts sync. */
    defineLazyModuleGetters(target: object, names: Record<string, string>): void {
      for (const [name, url] of Object.entries(names)) {
        Object.defineProperty(target, name, { configurable: true, enumerable: true, get: () => moduleOf(url)[name] });
      }
    },
  };
  modules['resource://gre/modules/XPCOMUtils.jsm'] = { XPCOMUtils };

  const globals: Props = {
    ChromeUtils: { import: moduleOf, importESModule: moduleOf, defineESModuleGetters: XPCOMUtils.defineLazyModuleGetters },
    Components,
    Ci: Components.interfaces,
    DOMParser,
    console: { log: (...parts: unknown[]) => log(`[console] ${parts.map(String).join(' ')}`), warn: (...parts: unknown[]) => log(`[console] ${parts.map(String).join(' ')}`), error: (...parts: unknown[]) => log(`[console] ${parts.map(String).join(' ')}`), info: () => {}, debug: () => {} },
  };
  const loadSubScript = createSubScriptLoader(globals);
  globals.Services = {
    prefs: { getBranch: (prefix: string) => prefs.branch(prefix), getDefaultBranch: (prefix: string) => prefs.branch(prefix, true) },
    scriptloader: { loadSubScript: (url: string, target: object) => loadSubScript(url, target) },
    io: {
      newURI: (spec: string) => {
        const url = new URL(spec);
        return { spec: url.href, scheme: url.protocol.slice(0, -1), host: url.hostname, hostPort: url.host };
      },
      newChannelFromURI: (uri: { spec: string }) => ({ URI: uri }),
    },
    appinfo: { OS: 'Linux', platformVersion: '128.0' },
    vc: { compare: (a: string, b: string) => (a === b ? 0 : Number.parseFloat(a) < Number.parseFloat(b) ? -1 : 1) },
    obs: { notifyObservers: () => {}, addObserver: () => {}, removeObserver: () => {} },
    scriptSecurityManager: { createContentPrincipal: () => ({}), getSystemPrincipal: () => ({}) },
    clearData: { deleteDataFromOriginAttributesPattern: () => {} },
    console: { logStringMessage: (message: string) => log(`[console] ${message}`) },
  };

  // --- The provider, the account ----------------------------------------------------------------

  loadProvider(eas, loadSubScript);
  // TbSync loads the provider; its load() sets the prefs' defaults and reads the default time
  // zone and its Windows zone tables (asynchronously: a sync waits for it).
  const loaded = base().load();
  // The user's about:config: the request timeout.
  prefs.branch('extensions.eas4tbsync.').setIntPref('timeout', options.requestTimeoutMs);

  // The new-account dialog (servertype "custom", a URL, the password into the password
  // manager), then the account enabled.
  const network = eas.network as { stripAutodiscoverUrl(url: string): string; getAuthData(a: AccountData): { host: string } };
  const url = options.serverUrl;
  account.props = { ...accountDefaults(), accountID, accountname: 'atomsync', user: options.user, servertype: 'custom', host: network.stripAutodiscoverUrl(url), https: url.startsWith('https'), asversionselected: options.version, ...(options.deviceId ? { deviceId: options.deviceId } : {}), ...(options.synclimit ? { synclimit: options.synclimit } : {}) };
  const accountData = new AccountData(accountID);
  logins.set(loginKey(network.getAuthData(accountData).host, 'TbSync/EAS', options.user), options.password);
  base().onEnableAccount(accountData);
  accountData.setAccountProperty('status', 'notsyncronized');
  accountData.resetAccountProperty('lastsynctime');

  /** Folder types the user ticks when they show up (the default folder and the user's): contacts, calendars, tasks. */
  const CONTACT_TYPES = ['9', '14'];
  const CALENDAR_TYPES = ['8', '13'];
  const TASK_TYPES = ['7', '15'];
  const SELECTED_TYPES = [...CONTACT_TYPES, ...CALENDAR_TYPES, ...TASK_TYPES];

  /**
   * TbSync core's syncAccount: the folder list (rerun up to twice when the provider asks), then
   * each selected folder (rerun up to twice), ending with the account's status. The user ticks
   * the contact, calendar and task folders the first time they appear, so the first sync goes
   * all the way.
   */
  async function syncAccount(): Promise<AccountSyncOutcome> {
    await loaded;
    const syncData = (current = new SyncData(accountID));
    const accountData = syncData.accountData;
    accountData.setAccountProperty('status', 'syncing');
    const maxReruns = 2;
    let overall = new StatusData();
    let syncList = true;
    let accountRuns = 0;
    let accountRerun: boolean;
    const guard = async (run: () => Promise<StatusData>): Promise<StatusData> => {
      try {
        const status = await run();
        return status instanceof StatusData ? status : new StatusData('error', 'apiError', 'the provider did not return a StatusData');
      } catch (error) {
        return new StatusData('warning', 'JavaScriptError', errorText(error));
      }
    };

    do {
      accountRerun = false;
      if (accountRuns > maxReruns) {
        overall = new StatusData('error', 'resync-loop');
        break;
      }
      accountRuns++;

      if (syncList) {
        const listStatus = await guard(() => base().syncFolderList(syncData, 'sync', accountRuns));
        if (listStatus.type !== 'success') {
          overall = listStatus;
          accountRerun = listStatus.type === 'account_rerun';
          TbSync.eventlog.add(listStatus.type, null, listStatus.message, listStatus.details);
          await sleep(5000);
          continue;
        }
        overall = new StatusData();
        for (const folder of accountData.getAllFoldersIncludingCache()) {
          if (folder.getFolderProperty('cached')) account.folders.delete(folder.folderID);
          else folder.setFolderProperty('cached', false);
        }
        for (const folder of accountData.getAllFolders()) {
          if (SELECTED_TYPES.includes(String(folder.getFolderProperty('type'))) && folder.getFolderProperty('selected') !== true) folder.setFolderProperty('selected', true);
        }
      }

      for (const folder of accountData.getAllFolders()) if (folder.getFolderProperty('selected')) folder.setFolderProperty('status', 'pending');
      if (!accountData.isConnected()) {
        overall = new StatusData('error', 'no-folders-found-on-server');
        break;
      }
      let folderRuns = 1;
      for (;;) {
        if (folderRuns > maxReruns) {
          overall = new StatusData('error', 'resync-loop');
          break;
        }
        const next = base().getSortedFolders(accountData).find((folder) => folder.getFolderProperty('status') === 'pending');
        if (!next) break;
        syncData._setCurrentFolderData(next);
        const folderStatus = await guard(() => base().syncFolder(syncData, 'sync', folderRuns));
        if (folderStatus.type === 'folder_rerun') {
          TbSync.eventlog.add(folderStatus.type, null, folderStatus.message, folderStatus.details);
          folderRuns++;
          continue;
        }
        folderRuns = 1;
        if (folderStatus.type !== 'success') TbSync.eventlog.add(folderStatus.type, null, folderStatus.message, folderStatus.details);
        next.setFolderProperty('status', folderStatus.type === 'success' || folderStatus.message === '' ? folderStatus.type + (folderStatus.message ? `.${folderStatus.message}` : '') : folderStatus.message);
        next.setFolderProperty('lastsynctime', Date.now());
        syncData._clearCurrentFolderData();
        if (folderStatus.type === 'error') break;
        if (folderStatus.type === 'account_rerun') {
          syncList = true;
          accountRerun = true;
          break;
        }
      }
    } while (accountRerun);

    const selected = accountData.getAllFolders().filter((folder) => folder.getFolderProperty('selected'));
    for (const folder of selected) if (folder.getFolderProperty('status') === 'pending') folder.setFolderProperty('status', 'aborted');
    let status = overall.type === 'success' || overall.message === '' ? overall.type + (overall.message ? `.${overall.message}` : '') : overall.message;
    const folders = selected.map((folder) => ({ name: String(folder.getFolderProperty('foldername')), status: String(folder.getFolderProperty('status')) }));
    if (overall.type === 'success' && folders.some(({ status: folderStatus }) => !['', 'success', 'aborted'].includes(folderStatus.split('.')[0]!))) status = 'foldererror';
    accountData.setAccountProperty('lastsynctime', Date.now());
    accountData.setAccountProperty('status', status);
    current = null;
    return { status, type: overall.type, message: overall.message, details: overall.details, folders };
  }

  /** The selected contact folders that have an address book, with TbSync's view of it. */
  function contactTargets() {
    const targets = [];
    for (const folder of accountData.getAllFolders()) {
      if (!CONTACT_TYPES.includes(String(folder.getFolderProperty('type'))) || !folder.getFolderProperty('selected')) continue;
      const directory = books.byUID(String(folder.getFolderProperty('target')));
      if (directory) targets.push({ type: String(folder.getFolderProperty('type')), folder: String(folder.getFolderProperty('foldername')), target: new addressbook.AbDirectory(directory, folder) });
    }
    return targets;
  }

  /** The selected calendar (`events`) or task (`tasks`) folders that have a calendar, with TbSync's view of it. */
  function calendarTargets(kind: 'events' | 'tasks') {
    const types = kind === 'events' ? CALENDAR_TYPES : TASK_TYPES;
    const targets = [];
    for (const folder of accountData.getAllFolders()) {
      if (!types.includes(String(folder.getFolderProperty('type'))) || !folder.getFolderProperty('selected')) continue;
      const calendar = calendars.getCalendarById(String(folder.getFolderProperty('target')));
      if (calendar) targets.push({ type: String(folder.getFolderProperty('type')), folder: String(folder.getFolderProperty('foldername')), target: new lightning.TbCalendar(calendar, folder) });
    }
    return targets;
  }

  return { syncAccount, contactTargets, calendarTargets, changelog, eas, TbSync, deviceId: (): string => String(accountData.getAccountProperty('deviceId')) };
}

export type Host = ReturnType<typeof createHost>;

/**
 * TbSync's DAV provider (Debian's `webext-dav4tbsync`, 4.x) run under Node, the way the ActiveSync
 * tests run its ActiveSync sibling: its own files, from where `.ci/run` unpacked them, loaded as
 * Thunderbird loads them (activesync/support/tbsync/load.ts), against stand-ins for the few
 * Thunderbird and TbSync objects they reach.
 *
 * What runs is the provider's discovery, `sync.folderList`: current-user-principal on the server
 * URL the user typed, the home sets on the principal, each home at Depth 1 with displayname,
 * calendar-color, supported-calendar-component-set and current-user-privilege-set, each found
 * collection recorded as a TbSync folder — through the provider's own network.js and tools.js.
 * Syncing itself the 4.x provider leaves to Thunderbird (`folder()` marks folders "managed by
 * Thunderbird": its CardDAVDirectory.jsm and calendar provider, not in the package), so that is
 * not run here.
 *
 * Loaded are the three includes provider.js loads (sync.js, tools.js, network.js) into the
 * provider object; provider.js itself is the Thunderbird-facing part (address book and calendar
 * targets, the account UI) and is not loaded: of it, folderList reaches only
 * `Base.getConnectionTimeout`, which reads the timeout pref provider.js sets by default (kept here
 * with its value). The stand-ins:
 * - `HttpRequest` (TbSync's HttpRequest.jsm, an XMLHttpRequest with auth and redirects) on fetch:
 *   redirects followed (the method and body kept, as its own do for 301/308), the credentials sent
 *   when the server challenges for Basic, as it does;
 * - an account's and folders' properties kept in maps (TbSync's AccountData / FolderData), the
 *   password from the account as TbSync's password manager would give it;
 * - the event log kept, for the test to read what went wrong.
 */
import { DOMParser } from '@xmldom/xmldom';
import { dav4tbsyncFile } from '../../../../../test/support/tbsync-dir.js';
import { createSubScriptLoader } from '../../activesync/support/tbsync/load.js';

/** A collection the provider found, as it recorded the folder. */
export interface FoundFolder {
  readonly href: string;
  readonly type: string;
  readonly name: string;
  readonly color: string | undefined;
  readonly components: readonly string[];
  readonly acl: string;
  readonly shared: boolean;
}

export interface FolderListResult {
  readonly folders: FoundFolder[];
  /** The principal it stored (absolute URL), by job. */
  readonly principals: { readonly cal: string | null; readonly card: string | null };
  /** TbSync's event log: [type, message, details]. */
  readonly eventlog: [string, string, string][];
}

type Props = Map<string, unknown>;

/** The provider's default prefs (provider.js Base.onStartup), as folderList reads them. */
const DEFAULT_PREFS: Record<string, string | number> = { timeout: 90000, 'clientID.useragent': 'Thunderbird CalDAV/CardDAV' };

/** TbSync's HttpRequest.jsm as network.js uses it, on fetch. */
class HttpRequest {
  timeout = 0;
  mozBackgroundRequest = false;
  responseAsBase64 = false;
  status = 0;
  statusText = '';
  responseText = '';
  responseURL = '';
  permanentlyRedirectedUrl: string | null = null;
  onload: () => void = () => {};
  onerror: () => void = () => {};
  ontimeout: () => void = () => {};
  onredirect: (flags: number, uri: unknown) => void = () => {};
  realmCallback: (username: string, realm: string, host: string) => void = () => {};
  private method = 'GET';
  private url = '';
  private username = '';
  private password = '';
  private readonly headers = new Map<string, string>();
  private responseHeaders = new Headers();

  open(method: string, url: string, _async: boolean, username: string, password: string): void {
    [this.method, this.url, this.username, this.password] = [method, url, username, password];
  }
  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }
  setContainerRealm(): void {}
  clearContainerCache(): void {}
  getResponseHeader(name: string): string | null {
    return this.responseHeaders.get(name);
  }

  send(body: string): void {
    void this.exchange(body).then(
      () => this.onload(),
      () => this.onerror(),
    );
  }

  private async exchange(body: string): Promise<void> {
    const request = (authorization?: string) =>
      fetch(this.url, { method: this.method, body, headers: { ...Object.fromEntries(this.headers), ...(authorization ? { authorization } : {}) }, redirect: 'follow' });
    let res = await request();
    const challenge = res.headers.get('www-authenticate') ?? '';
    if (res.status === 401 && /^basic\b/i.test(challenge)) {
      await res.arrayBuffer();
      this.realmCallback(this.username, /realm="([^"]*)"/i.exec(challenge)?.[1] ?? '', new URL(this.url).host);
      res = await request(`Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`);
    }
    if (res.redirected) {
      const uri = { spec: res.url, scheme: new URL(res.url).protocol.slice(0, -1), hostPort: new URL(res.url).host };
      this.onredirect(0, uri);
      this.permanentlyRedirectedUrl = res.url;
    }
    this.status = res.status;
    this.statusText = res.statusText;
    this.responseURL = res.url;
    this.responseHeaders = res.headers;
    this.responseText = await res.text();
  }
}

/** Runs the provider's folderList for an account with these server URLs and credentials. */
export async function davFolderList(account: { server: string; username: string; password: string }): Promise<FolderListResult> {
  const eventlog: [string, string, string][] = [];
  const modules: Record<string, object> = {
    'chrome://tbsync/content/HttpRequest.jsm': { HttpRequest },
    // Used by the parts that are Thunderbird's (sync, OAuth accounts, RFC 6764 SRV look-ups), never by discovery of an http URL.
    'resource:///modules/CardDAVDirectory.jsm': {},
    'resource:///modules/OAuth2.jsm': {},
    'resource:///modules/DNS.jsm': {},
  };
  const importModule = (url: string) => {
    const module = modules[url];
    if (module === undefined) throw new Error(`ChromeUtils.import: ${url} has no stand-in in this harness`);
    return module;
  };

  class EventLogInfo {
    constructor(
      readonly provider: string,
      readonly accountname: string,
      readonly accountID: string,
      readonly foldername: string,
    ) {}
  }
  class StatusData {
    constructor(
      readonly type: string,
      readonly message: string,
      readonly details: string,
    ) {}
    static SUCCESS = 'success';
    static INFO = 'info';
    static ERROR = 'error';
    static WARNING = 'warning';
    static ACCOUNT_RERUN = 'account_rerun';
    static FOLDER_RERUN = 'folder_rerun';
  }
  const accountProps: Props = new Map<string, unknown>([
    ['provider', 'dav'],
    ['accountname', 'atomsync'],
    ['user', account.username],
    ['calDavHost', account.server],
    ['cardDavHost', account.server],
    ['calDavPrincipal', null],
    ['cardDavPrincipal', null],
    ['calDavOptions', []],
    ['cardDavOptions', []],
  ]);
  class FolderData {
    readonly props: Props = new Map();
    constructor(readonly accountData: AccountData) {}
    getFolderProperty(name: string): unknown {
      return this.props.get(name) ?? null;
    }
    setFolderProperty(name: string, value: unknown): void {
      this.props.set(name, value);
    }
    resetFolderProperty(name: string): void {
      this.props.delete(name);
    }
    remove(): void {
      this.accountData.folders.splice(this.accountData.folders.indexOf(this), 1);
    }
  }
  class AccountData {
    readonly accountID = 'account1';
    readonly folders: FolderData[] = [];
    syncData!: SyncData;
    getAccountProperty(name: string): unknown {
      return accountProps.has(name) ? accountProps.get(name) : null;
    }
    setAccountProperty(name: string, value: unknown): void {
      accountProps.set(name, value);
    }
    resetAccountProperty(name: string): void {
      accountProps.set(name, name.endsWith('Principal') ? null : undefined);
    }
    getAllFolders(): FolderData[] {
      return [...this.folders];
    }
    getFolder(name: string, value: unknown): FolderData | null {
      return this.folders.find((f) => f.getFolderProperty(name) === value) ?? null;
    }
    getFolderFromCache(): null {
      return null;
    }
    createNewFolder(): FolderData {
      const folder = new FolderData(this);
      this.folders.push(folder);
      return folder;
    }
    isConnected(): boolean {
      return true;
    }
  }
  class SyncData {
    readonly eventLogInfo = new EventLogInfo('dav', 'atomsync', 'account1', '');
    currentFolderData: FolderData | null = null;
    connectionData: unknown = null;
    private state = { state: '' };
    constructor(readonly accountData: AccountData) {}
    setSyncState(state: string): void {
      this.state = { state };
    }
    getSyncState(): { state: string } {
      return this.state;
    }
  }

  const provider: Record<string, unknown> = {};
  const TbSync = {
    providers: { dav: provider },
    SyncData,
    FolderData,
    AccountData,
    EventLogInfo,
    StatusData,
    eventlog: { add: (type: string, _info: unknown, message: string, details = '') => eventlog.push([type, String(message), String(details)]) },
    network: { resetContainerForUser: () => {}, createTCPErrorFromFailedXHR: () => null },
    passwordManager: { getLoginInfo: (_host: string, _origin: string, user: string) => (user === account.username ? account.password : null) },
    prefs: { getIntPref: () => 0 },
    getString: (key: string) => key,
    dump: () => {},
  };
  const branch = {
    getCharPref: (name: string) => String(DEFAULT_PREFS[name]),
    getIntPref: (name: string) => Number(DEFAULT_PREFS[name]),
  };
  const globals: Record<string, unknown> = {
    ChromeUtils: { import: importModule },
    DOMParser,
    TbSync,
    // provider.js's `const dav = TbSync.providers.dav`, which the includes share with it.
    dav: provider,
    console: { log: () => {} },
    Components: { utils: { reportError: () => {} } },
  };
  const loadSubScript = createSubScriptLoader(globals, { prefix: 'chrome://dav4tbsync/', file: dav4tbsyncFile });
  globals.Services = {
    prefs: { getBranch: () => branch },
    io: {
      newURI: (spec: string) => {
        const url = new URL(spec);
        return { spec: url.href, scheme: url.protocol.slice(0, -1), host: url.hostname, hostPort: url.host };
      },
    },
    scriptloader: { loadSubScript },
  };
  for (const script of ['sync.js', 'tools.js', 'network.js']) loadSubScript(`chrome://dav4tbsync/content/includes/${script}`, provider);
  // provider.js's Base.getConnectionTimeout, as it reads the pref.
  provider.Base = { getConnectionTimeout: () => branch.getIntPref('timeout') };

  const accountData = new AccountData();
  const syncData = new SyncData(accountData);
  accountData.syncData = syncData;
  const sync = provider.sync as { folderList(syncData: SyncData): Promise<void> };
  await sync.folderList(syncData);

  return {
    folders: accountData.folders.map((f) => ({
      href: String(f.getFolderProperty('href')),
      type: String(f.getFolderProperty('type')),
      name: String(f.getFolderProperty('foldername')),
      color: (f.getFolderProperty('targetColor') as string | null) ?? undefined,
      components: (f.getFolderProperty('supportedCalComponent') as string[] | null) ?? [],
      acl: String(f.getFolderProperty('acl')),
      shared: f.getFolderProperty('shared') === true,
    })),
    principals: { cal: accountData.getAccountProperty('calDavPrincipal') as string | null, card: accountData.getAccountProperty('cardDavPrincipal') as string | null },
    eventlog,
  };
}

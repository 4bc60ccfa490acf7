/**
 * A real SyncML phone for tests: Debian's SyncEvolution command-line client (`syncevolution
 * --daemon=no`) as an HTTP SyncML client, its data one file per item in plain directories (the
 * `file` backend), everything it keeps in a private HOME under `dir`, no D-Bus, no keyring.
 *
 * Every run has a hard time limit: a client that hangs is killed (its whole process group) and
 * the result says so, so no test can hang on it.
 *
 * Facts this relies on (SyncEvolution 2.0.0 on Debian 12, observed):
 * - without the curl shim (shim.ts) every HTTP sync segfaults before the first POST;
 * - `clientAuthType` only takes effect on a client's first sync (later it keeps what worked);
 * - the client never sends vCard UIDs and rewrites items (empty properties, PRODID/REV, COUNT
 *   as UNTIL), so compare item sets with compare.ts, never by text;
 * - `maxMsgSize` below 10240 is silently raised to 10240 by libsynthesis;
 * - the file backend detects changes by file mtime (nanoseconds).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { curlShim } from './shim.js';

export type Datastore = 'contacts' | 'calendar' | 'tasks' | 'notes';

export type SyncMode = 'slow' | 'two-way' | 'refresh-from-server' | 'refresh-from-client' | 'one-way-from-server' | 'one-way-from-client';

/** Media types the file backend stores (and, unless `wireFormat` says otherwise, prefers on the wire). */
export type ItemFormat = 'text/vcard' | 'text/x-vcard' | 'text/calendar' | 'text/x-vcalendar' | 'text/plain';

export interface DatastoreOptions {
  /** The server's datastore URI the phone alerts (Alert/Item/Target/LocURI), e.g. `contacts`. */
  readonly uri: string;
  /** How items are kept in the phone's files; by default vCard 3.0, iCalendar 2.0, plain text. */
  readonly format?: ItemFormat;
  /** The only format offered on the wire (e.g. `text/x-vcard` for vCard 2.1); default: whatever the client negotiates. */
  readonly wireFormat?: ItemFormat;
}

export interface PhoneOptions {
  /** Where the phone keeps everything: `data/<datastore>/` (its items) and `state/` (SyncEvolution's HOME). */
  readonly dir: string;
  /** The DevID (SyncHdr/Source/LocURI). */
  readonly deviceId: string;
  readonly serverUrl: string;
  readonly username: string;
  readonly password: string;
  /** `syncml:auth-md5` (SyncEvolution's default) or `syncml:auth-basic`; only honoured on the first sync. */
  readonly auth?: 'md5' | 'basic';
  /** application/vnd.syncml+wbxml (default, as SyncEvolution) or application/vnd.syncml+xml. */
  readonly wbxml?: boolean;
  /** The largest message the phone accepts, in bytes (default 150000; at least 10240, SyncEvolution's floor). */
  readonly maxMsgSize?: number;
  /** The largest item the phone accepts (default 4000000). */
  readonly maxObjSize?: number;
  /** Empty: 1.2 with fallback; or pin 1.0, 1.1, 1.2. */
  readonly syncmlVersion?: '' | '1.0' | '1.1' | '1.2';
  /**
   * refresh-from-server as SyncML's own refresh (Alert 205), the default here; false: SyncEvolution's
   * default, wiping the local items and then running a slow sync.
   */
  readonly refreshSync?: boolean;
  readonly datastores: Partial<Record<Datastore, DatastoreOptions>>;
  /** Hard limit per SyncEvolution run (default 180 s): the client is killed and the result says `timedOut`. */
  readonly timeoutMs?: number;
  /**
   * How long the client itself waits for a reply before giving up with an error of its own
   * (SyncEvolution's RetryDuration; default: 10 s less than timeoutMs, at least 5 s).
   */
  readonly replyTimeoutMs?: number;
  /** Keep every raw message in the session log (loglevel 5), so `SyncResult.messages` has their sizes. Slower. */
  readonly dumpMessages?: boolean;
}

export interface SideChanges {
  readonly added: number;
  readonly updated: number;
  readonly removed: number;
  /** Changes this side refused (SyncEvolution's `reject` counts). */
  readonly rejected: number;
}

export interface DatastoreReport {
  readonly datastore: Datastore;
  /** The mode the sync ran in (`slow` when the server or a lost anchor forced one); '' if it never started. */
  readonly mode: SyncMode | 'disabled' | '';
  /** SyncEvolution's status for this datastore: 0 or 200 when it went well. */
  readonly status: number;
  readonly first: boolean;
  readonly resume: boolean;
  /** Changes applied to the phone's items (received from the server). */
  readonly client: SideChanges;
  /** Changes the phone sent and the server applied (in a slow sync every item sent counts as added). */
  readonly server: SideChanges;
  readonly conflicts: { readonly serverWon: number; readonly clientWon: number; readonly duplicated: number };
  /** Items the slow sync matched as already present. */
  readonly matched: number;
  readonly bytesSent: number;
  readonly bytesReceived: number;
}

/** One SyncML message as it crossed the wire (XML text or WBXML bytes). */
export interface Message {
  readonly direction: 'sent' | 'received';
  readonly body: Buffer;
}

export interface SyncResult {
  /** Exit code 0, overall status 200 and the datastore's status 0/200. */
  readonly ok: boolean;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  /**
   * The session's overall status: 200, a SyncML status the server sent (401, 407, 404 …), or one of
   * SyncEvolution's own: 10000 + a status the client raised itself, 20000+ (20043: transport
   * failure, the server's HTTP answer was not a SyncML reply). 0 if no session report was written.
   */
  readonly status: number;
  readonly report: DatastoreReport;
  /** The first error SyncEvolution reported, if any. */
  readonly error: string | undefined;
  /** SyncEvolution's console output. */
  readonly output: string;
  /** This session's log directory (status.ini, syncevolution-log.html, message dumps). */
  readonly sessionDir: string | undefined;
  /** Every message of the session in order, with `dumpMessages`. */
  readonly messages: readonly Message[] | undefined;
}

/** SyncEvolution's names: its source per datastore, its sync modes. */
const SOURCE: Record<Datastore, string> = { contacts: 'addressbook', calendar: 'calendar', tasks: 'todo', notes: 'memo' };
const DEFAULT_FORMAT: Record<Datastore, ItemFormat> = { contacts: 'text/vcard', calendar: 'text/calendar', tasks: 'text/calendar', notes: 'text/plain' };
const EXTENSION: Record<ItemFormat, string> = { 'text/vcard': 'vcf', 'text/x-vcard': 'vcf', 'text/calendar': 'ics', 'text/x-vcalendar': 'vcs', 'text/plain': 'txt' };
const SE_MODE: Record<SyncMode, string> = {
  slow: 'slow',
  'two-way': 'two-way',
  'refresh-from-server': 'refresh-from-remote',
  'refresh-from-client': 'refresh-from-local',
  'one-way-from-server': 'one-way-from-remote',
  'one-way-from-client': 'one-way-from-local',
};
/** status.ini's mode names (SyncEvolution's, and the server/client forms it also writes) → ours. */
const MODE_OF: Record<string, SyncMode | 'disabled'> = {
  ...Object.fromEntries(Object.entries(SE_MODE).map(([ours, theirs]) => [theirs, ours as SyncMode])),
  'refresh-from-server': 'refresh-from-server',
  'refresh-from-client': 'refresh-from-client',
  'one-way-from-server': 'one-way-from-server',
  'one-way-from-client': 'one-way-from-client',
  disabled: 'disabled',
};

/** The peer config's name inside the phone's private SyncEvolution home. */
const PEER = 'atomsync';
/** libsynthesis raises any smaller maxMsgSize to this. */
export const MIN_MAX_MSG_SIZE = 10_240;

let installed: boolean | undefined;

/**
 * Throws, with what to do, when SyncEvolution is not installed. Every phone checks on
 * construction, inside the test that makes it: interop tests fail, not skip, on a machine
 * without it.
 */
export function requireSyncEvolution(): void {
  installed ??= spawnSync('syncevolution', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!installed) throw new Error(missing('the `syncevolution` command'));
}

/** The message for a missing part of SyncEvolution. */
export function missing(what: string): string {
  return (
    `SyncEvolution is not installed (${what} is missing). The SyncML interop tests drive it as the phone: ` +
    'run .ci/run, which installs it (apt-get install syncevolution syncevolution-http python3-twisted gcc libc6-dev).'
  );
}

export class SyncEvolutionPhone {
  readonly options: PhoneOptions;
  readonly dir: string;
  private configured = false;

  constructor(options: PhoneOptions) {
    requireSyncEvolution();
    if ((options.maxMsgSize ?? MIN_MAX_MSG_SIZE) < MIN_MAX_MSG_SIZE) {
      throw new Error(`maxMsgSize ${options.maxMsgSize} is below SyncEvolution's floor of ${MIN_MAX_MSG_SIZE} bytes: it would send ${MIN_MAX_MSG_SIZE} instead`);
    }
    if (Object.keys(options.datastores).length === 0) throw new Error('a phone needs at least one datastore');
    this.options = options;
    this.dir = resolve(options.dir);
  }

  /** The directory holding this datastore's items, one file each. */
  dataDir(datastore: Datastore): string {
    return join(this.dir, 'data', datastore);
  }

  private get home(): string {
    return join(this.dir, 'state', 'home');
  }

  private get logDir(): string {
    return join(this.dir, 'state', 'logs');
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 180_000;
  }

  private datastore(datastore: Datastore): DatastoreOptions {
    const options = this.options.datastores[datastore];
    if (options === undefined) throw new Error(`this phone has no ${datastore} datastore`);
    return options;
  }

  /** Runs one sync of one datastore in `mode`. Never throws for a failed sync: read `ok`, `status`, `error`. */
  async sync(datastore: Datastore, mode: SyncMode): Promise<SyncResult> {
    this.datastore(datastore);
    await this.configure();
    const before = new Set(await listDir(this.logDir));
    const run = await this.run(['--sync', SE_MODE[mode], PEER, SOURCE[datastore]]);
    const created = (await listDir(this.logDir)).filter((d) => !before.has(d)).sort();
    const sessionDir = created.length > 0 ? join(this.logDir, created[created.length - 1]!) : undefined;
    const status = sessionDir === undefined ? new Map<string, string>() : await readStatusIni(join(sessionDir, 'status.ini'));
    const report = reportOf(datastore, status);
    const overall = Number(status.get('status') ?? 0);
    const ok = run.exitCode === 0 && !run.timedOut && overall === 200 && (report.status === 0 || report.status === 200);
    return {
      ok,
      exitCode: run.exitCode,
      signal: run.signal,
      timedOut: run.timedOut,
      status: overall,
      report,
      error: ok ? undefined : errorOf(run, status),
      output: run.output,
      sessionDir,
      messages: this.options.dumpMessages && sessionDir !== undefined ? await readMessages(sessionDir) : undefined,
    };
  }

  /** Forgets every sync: SyncEvolution's config, anchors and change tracking go, the items stay. The next sync is a first (slow) one. */
  async reset(): Promise<void> {
    await rm(join(this.dir, 'state'), { recursive: true, force: true });
    this.configured = false;
  }

  /** The phone's items of a datastore: file name → text. */
  async items(datastore: Datastore): Promise<Map<string, string>> {
    const dir = this.dataDir(datastore);
    const names = (await listDir(dir)).sort();
    const texts = await Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
    return new Map(names.map((name, i) => [name, texts[i]!]));
  }

  /** Writes new items as `<prefix>-00001.<ext>` …; returns their file names. */
  async addItems(datastore: Datastore, texts: readonly string[], prefix = 'item'): Promise<string[]> {
    const ext = EXTENSION[this.datastore(datastore).format ?? DEFAULT_FORMAT[datastore]];
    const existing = new Set(await listDir(this.dataDir(datastore)));
    const names: string[] = [];
    for (let n = 1; names.length < texts.length; n++) {
      const name = `${prefix}-${String(n).padStart(5, '0')}.${ext}`;
      if (!existing.has(name)) names.push(name);
    }
    await mkdir(this.dataDir(datastore), { recursive: true });
    await Promise.all(names.map((name, i) => writeFile(join(this.dataDir(datastore), name), texts[i]!)));
    return names;
  }

  /**
   * Writes one item (new or changed). A changed file always gets a new mtime, even when the clock
   * stands still or jumps back: the file backend sees changes only by mtime.
   */
  async writeItem(datastore: Datastore, name: string, text: string): Promise<void> {
    const file = join(this.dataDir(datastore), name);
    await mkdir(this.dataDir(datastore), { recursive: true });
    const before = await stat(file, { bigint: true }).catch(() => undefined);
    await writeFile(file, text);
    if (before === undefined) return;
    const after = await stat(file, { bigint: true });
    if (after.mtimeNs <= before.mtimeNs) {
      const later = Number(before.mtimeNs / 1_000_000n) / 1000 + 1;
      await utimes(file, later, later);
    }
  }

  async removeItem(datastore: Datastore, name: string): Promise<void> {
    await rm(join(this.dataDir(datastore), name));
  }

  /** (Re)writes the peer config once per phone (and after reset); keeps anchors and change tracking. */
  private async configure(): Promise<void> {
    if (this.configured) return;
    const o = this.options;
    await mkdir(this.home, { recursive: true });
    await mkdir(this.logDir, { recursive: true });
    const args = [
      '--configure',
      '--template',
      'SyncEvolution',
      'keyring=no',
      `syncURL=${o.serverUrl}`,
      `username=${o.username}`,
      `password=${o.password}`,
      `deviceId=${o.deviceId}`,
      `enableWBXML=${o.wbxml === false ? 0 : 1}`,
      `clientAuthType=${o.auth ?? 'md5'}`,
      `maxMsgSize=${o.maxMsgSize ?? 150_000}`,
      `maxObjSize=${o.maxObjSize ?? 4_000_000}`,
      `SyncMLVersion=${o.syncmlVersion ?? ''}`,
      `enableRefreshSync=${o.refreshSync === false ? 0 : 1}`,
      // Let the server ask for a slow sync: SyncEvolution's default refuses (and skips the datastore).
      'preventSlowSync=0',
      // One try per message: a resend would hide a server that answers late or not at all.
      'RetryInterval=0',
      `RetryDuration=${Math.ceil((o.replyTimeoutMs ?? Math.max(5_000, this.timeoutMs - 10_000)) / 1000)}`,
      `logdir=${this.logDir}`,
      'maxlogdirs=10',
      // ATOMSYNC_SYNCEVOLUTION_LOGLEVEL=3 keeps libsynthesis' own account of a session, to read after a failure.
      `loglevel=${o.dumpMessages ? 5 : Number(process.env.ATOMSYNC_SYNCEVOLUTION_LOGLEVEL ?? 0)}`,
      'printChanges=0',
      'dumpData=0',
    ];
    const sources: string[] = [];
    for (const [datastore, ds] of Object.entries(o.datastores) as [Datastore, DatastoreOptions][]) {
      const source = SOURCE[datastore];
      await mkdir(this.dataDir(datastore), { recursive: true });
      sources.push(source);
      args.push(
        `${source}/backend=file`,
        `${source}/databaseFormat=${ds.format ?? DEFAULT_FORMAT[datastore]}`,
        `${source}/database=file://${this.dataDir(datastore)}`,
        `${source}/uri=${ds.uri}`,
        `${source}/sync=two-way`,
      );
      if (ds.wireFormat !== undefined) args.push(`${source}/syncFormat=${ds.wireFormat}`, `${source}/forceSyncFormat=1`);
    }
    const run = await this.run([...args, PEER, ...sources]);
    if (run.exitCode !== 0) throw new Error(`syncevolution --configure failed (${run.timedOut ? 'timed out' : `exit ${run.exitCode}`}):\n${run.output}`);
    this.configured = true;
  }

  /** One `syncevolution --daemon=no …` in the phone's private environment, killed at the time limit. */
  private async run(args: readonly string[]): Promise<ProcessRun> {
    const shim = await curlShim();
    const home = this.home;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      LD_PRELOAD: [shim, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    };
    // No session bus, no desktop: the CLI must not try to reach syncevo-dbus-server or a keyring.
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    return runProcess('syncevolution', ['--daemon=no', ...args], env, this.timeoutMs);
  }
}

export interface ProcessRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  output: string;
}

/** Runs a command in a process group of its own, so the time limit kills whatever it started too. */
function runProcess(command: string, args: readonly string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ProcessRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const output = Buffer.concat(chunks).toString('utf8');
      resolvePromise({ exitCode, signal, timedOut, output: timedOut ? `${output}\n[killed after ${timeoutMs} ms]` : output });
    });
  });
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/** SyncEvolution's session report: `key = value` lines. */
export async function readStatusIni(file: string): Promise<Map<string, string>> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) entries.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  return entries;
}

export function reportOf(datastore: Datastore, status: Map<string, string>): DatastoreReport {
  const prefix = `source-${SOURCE[datastore]}-`;
  // stat-<local|remote>-<added|updated|removed|any>-<total|reject|match|sent|received|conflict_…>
  const count = (location: 'local' | 'remote', state: string, result: string) => Number(status.get(`${prefix}stat-${location}-${state}-${result}`) ?? 0);
  const side = (location: 'local' | 'remote'): SideChanges => ({
    added: count(location, 'added', 'total'),
    updated: count(location, 'updated', 'total'),
    removed: count(location, 'removed', 'total'),
    rejected: ['added', 'updated', 'removed', 'any'].reduce((sum, state) => sum + count(location, state, 'reject'), 0),
  });
  const both = (result: string) => count('local', 'any', result) + count('remote', 'any', result);
  const mode = status.get(`${prefix}mode`) ?? '';
  return {
    datastore,
    mode: MODE_OF[mode] ?? '',
    status: Number(status.get(`${prefix}status`) ?? -1),
    first: status.get(`${prefix}first`) === 'true',
    resume: status.get(`${prefix}resume`) === 'true',
    client: side('local'),
    server: side('remote'),
    conflicts: { serverWon: both('conflict_server_won'), clientWon: both('conflict_client_won'), duplicated: both('conflict_duplicated') },
    matched: both('match'),
    bytesSent: count('local', 'any', 'sent'),
    bytesReceived: count('local', 'any', 'received'),
  };
}

/**
 * What went wrong, as SyncEvolution put it: its "First ERROR" line, else the session's result line
 * of its summary table (`| authorization failed (remote, status 401) |`), else its first [ERROR].
 */
export function errorOf(run: ProcessRun, status: Map<string, string>): string {
  const lines = run.output.split('\n');
  const first = lines.find((l) => l.startsWith('First ERROR encountered:'));
  if (first !== undefined) return first.slice('First ERROR encountered:'.length).trim();
  const results = lines.map((l) => /^\|\s+(.*\((?:local|remote), status \d+\))\s+\|$/.exec(l)?.[1]).filter((l) => l !== undefined);
  if (results.length > 0) return results.at(-1)!;
  const error = lines.find((l) => l.startsWith('[ERROR'));
  if (error !== undefined) return error;
  if (run.timedOut) return 'timed out';
  return `syncevolution exit ${run.exitCode ?? run.signal}, status ${status.get('status') ?? 'none'}`;
}

/** The raw messages libsynthesis dumps at loglevel 5 (`…_msgNNN_SEQ_outgoing.xml|wbxml`), in order. */
async function readMessages(sessionDir: string): Promise<Message[]> {
  const dumps = (await listDir(sessionDir))
    .map((name) => /_msg\d+_(\d+)_(incoming|outgoing)\.(?:xml|wbxml)$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return Promise.all(
    dumps.map(async (m) => ({ direction: m[2] === 'outgoing' ? ('sent' as const) : ('received' as const), body: await readFile(join(sessionDir, m.input)) })),
  );
}

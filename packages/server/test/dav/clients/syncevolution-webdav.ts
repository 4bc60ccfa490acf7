/**
 * SyncEvolution's WebDAV backend (Debian's `syncevolution`, its CardDAV source) as a DAV client:
 * a local sync between a `file` datastore (one vCard per file in a plain directory) and the
 * server's address book, configured as SyncEvolution's documentation does it —
 *
 *   --configure --template WebDAV syncURL=<server root> username=… password=… target-config@atomsync addressbook
 *   --configure --template SyncEvolution_Client syncURL=local://@atomsync addressbook/backend=file … peer addressbook
 *
 * — with the address book found by SyncEvolution's own discovery from the server's root (or
 * given as `database`). Everything it keeps lives in a private HOME under `dir`; no D-Bus, no
 * keyring (keyring=no keeps the password in its config). The WebDAV backend speaks HTTP with
 * neon, not curl, so the SyncML tests' curl shim is not needed here.
 *
 * The session report is the client's (its status.ini): `client` counts the changes made to the
 * files, `server` those made to the address book.
 */
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { errorOf, readStatusIni, reportOf, requireSyncEvolution, type DatastoreReport, type SyncMode } from '../../interop/support/syncevolution.js';
import { runClient } from './process.js';
import type { DavTarget } from './target.js';

const TARGET = 'target-config@atomsync';
const PEER = 'atomsync-dav';
const SOURCE = 'addressbook';

const SE_MODE: Record<SyncMode, string> = {
  slow: 'slow',
  'two-way': 'two-way',
  'refresh-from-server': 'refresh-from-remote',
  'refresh-from-client': 'refresh-from-local',
  'one-way-from-server': 'one-way-from-remote',
  'one-way-from-client': 'one-way-from-local',
};

export interface WebdavSyncResult {
  /** Exit code 0, overall status 200 and the source's status 0/200. */
  readonly ok: boolean;
  readonly status: number;
  readonly report: DatastoreReport;
  readonly error: string | undefined;
  readonly output: string;
}

export interface WebdavContactsOptions {
  readonly target: DavTarget;
  /** Where it keeps everything: `data/` (the vCards) and `state/` (SyncEvolution's HOME and logs). */
  readonly dir: string;
  /** The address book's URL; by default SyncEvolution finds it from the server's root. */
  readonly database?: string;
  /** Hard limit per run (default 120 s). */
  readonly timeoutMs?: number;
}

export class WebdavContacts {
  readonly dir: string;
  #configured = false;

  constructor(private readonly options: WebdavContactsOptions) {
    requireSyncEvolution();
    this.dir = resolve(options.dir);
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  get #home(): string {
    return join(this.dir, 'state', 'home');
  }

  get #logDir(): string {
    return join(this.dir, 'state', 'logs');
  }

  async sync(mode: SyncMode): Promise<WebdavSyncResult> {
    await this.#configure();
    const before = new Set(await listDir(this.#logDir));
    const run = await this.#run(['--sync', SE_MODE[mode], PEER, SOURCE]);
    const created = (await listDir(this.#logDir)).filter((d) => !before.has(d)).sort();
    const status = created.length === 0 ? new Map<string, string>() : await readStatusIni(join(this.#logDir, created.at(-1)!, 'status.ini'));
    const report = reportOf('contacts', status);
    const overall = Number(status.get('status') ?? 0);
    const ok = run.exitCode === 0 && !run.timedOut && overall === 200 && (report.status === 0 || report.status === 200);
    return { ok, status: overall, report, error: ok ? undefined : errorOf(run, status), output: run.output };
  }

  /** The vCards: file name → text. */
  async items(): Promise<Map<string, string>> {
    const names = (await listDir(this.dataDir)).sort();
    const texts = await Promise.all(names.map((name) => readFile(join(this.dataDir, name), 'utf8')));
    return new Map(names.map((name, i) => [name, texts[i]!]));
  }

  /** Writes one item, new or changed; a changed file always gets a later mtime (the file backend sees changes by mtime only). */
  async writeItem(name: string, text: string): Promise<void> {
    const file = join(this.dataDir, name);
    await mkdir(this.dataDir, { recursive: true });
    const before = await stat(file, { bigint: true }).catch(() => undefined);
    await writeFile(file, text);
    if (before === undefined) return;
    const after = await stat(file, { bigint: true });
    if (after.mtimeNs <= before.mtimeNs) {
      const later = Number(before.mtimeNs / 1_000_000n) / 1000 + 1;
      await utimes(file, later, later);
    }
  }

  async removeItem(name: string): Promise<void> {
    await rm(join(this.dataDir, name));
  }

  async #configure(): Promise<void> {
    if (this.#configured) return;
    const { target, database } = this.options;
    await mkdir(this.#home, { recursive: true });
    await mkdir(this.#logDir, { recursive: true });
    await mkdir(this.dataDir, { recursive: true });
    const common = ['keyring=no', 'maxlogdirs=10', 'printChanges=0', 'dumpData=0', `loglevel=${Number(process.env.ATOMSYNC_SYNCEVOLUTION_LOGLEVEL ?? 0)}`];
    // The target side logs in its own place (under HOME): logDir holds only the client's sessions,
    // whose status.ini is the report read (in the target's, local and remote are the other way round).
    await this.#configureOne([
      '--template', 'WebDAV', ...common, `syncURL=${target.url}/`, `username=${target.username}`, `password=${target.password}`,
      ...(database === undefined ? [] : [`${SOURCE}/database=${database}`]),
      TARGET, SOURCE,
    ]);
    await this.#configureOne([
      '--template', 'SyncEvolution_Client', ...common, `logdir=${this.#logDir}`, `syncURL=local://@${TARGET.split('@')[1]}`, 'username=', 'password=',
      // Let the first two-way run slow rather than refuse (SyncEvolution's default refuses).
      'preventSlowSync=0',
      `${SOURCE}/backend=file`, `${SOURCE}/databaseFormat=text/vcard`, `${SOURCE}/database=file://${this.dataDir}`, `${SOURCE}/sync=two-way`,
      PEER, SOURCE,
    ]);
    this.#configured = true;
  }

  async #configureOne(args: readonly string[]): Promise<void> {
    const run = await this.#run(['--configure', ...args]);
    if (run.exitCode !== 0) throw new Error(`syncevolution --configure failed (${run.timedOut ? 'timed out' : `exit ${run.exitCode}`}):\n${run.output}`);
  }

  async #run(args: readonly string[]) {
    const home = this.#home;
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache'), XDG_DATA_HOME: join(home, '.local', 'share') };
    // No session bus, no desktop: the CLI must not try to reach syncevo-dbus-server or a keyring.
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const run = await runClient('syncevolution', ['--daemon=no', ...args], { env, timeoutMs: this.options.timeoutMs ?? 120_000 });
    return { exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, output: `${run.stdout}${run.stderr}` };
  }
}

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

/**
 * Debian's own SyncML server as a reference peer: `syncevo-http-server` (package
 * syncevolution-http) in front of `syncevo-dbus-server`, on a private session bus, storing its
 * datastores `contacts` (vCard 3.0) and `calendar` (iCalendar 2.0) as one file per item. Used to
 * prove the phone driver works and as the baseline of the SyncML benchmark.
 *
 * Facts this relies on (observed): the script's shebang is literally `#!@PYTHON@`, so it runs under
 * /usr/bin/python3 (which has python3-dbus/-gi/-twisted); it needs a session bus
 * (dbus-run-session gives one and auto-activates syncevo-dbus-server); it listens on 0.0.0.0
 * whatever host the URL names; it only accepts clients whose DevID is some peer config's
 * `remoteDeviceId` (any other gets HTTP 500, which the client reports as 20043); all registered
 * devices share the server's data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { missing, requireSyncEvolution } from './syncevolution.js';

/** Debian's path: the script must be run by /usr/bin/python3 (its shebang is a placeholder). */
const HTTP_SERVER = '/usr/bin/syncevo-http-server';

export type PeerDatastore = 'contacts' | 'calendar';

export interface PeerOptions {
  /** Everything the peer keeps: `home/` (its configs), `data/<datastore>/`, `http.log`. */
  readonly dir: string;
  /** Default: a free port on 127.0.0.1. */
  readonly port?: number;
  readonly username?: string;
  readonly password?: string;
  /** DevIDs allowed to sync (more with addDevice). */
  readonly deviceIds?: readonly string[];
  /** How long to wait for it to listen (default 30 s). */
  readonly startTimeoutMs?: number;
}

export class PeerServer {
  readonly dir: string;
  readonly port: number;
  readonly username: string;
  readonly password: string;
  private readonly process: ChildProcess;

  private constructor(dir: string, port: number, username: string, password: string, process: ChildProcess) {
    this.dir = dir;
    this.port = port;
    this.username = username;
    this.password = password;
    this.process = process;
  }

  /** The sync URL phones post to. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/syncevolution`;
  }

  /** The server process's pid (the head of its process group). */
  get pid(): number {
    return this.process.pid!;
  }

  static async start(options: PeerOptions): Promise<PeerServer> {
    requireSyncEvolution();
    if (!existsSync(HTTP_SERVER)) throw new Error(missing(HTTP_SERVER));
    const dir = resolve(options.dir);
    const username = options.username ?? 'test';
    const password = options.password ?? 'secret';
    const port = options.port ?? (await freePort());
    await mkdir(join(dir, 'home'), { recursive: true });
    for (const ds of ['contacts', 'calendar'] as const) await mkdir(join(dir, 'data', ds), { recursive: true });
    await configure(dir, [
      '--template',
      'none',
      'keyring=no',
      ...(['contacts', 'calendar'] as const).flatMap((ds) => [
        `${ds}/backend=file`,
        `${ds}/databaseFormat=${ds === 'contacts' ? 'text/vcard' : 'text/calendar'}`,
        `${ds}/database=file://${join(dir, 'data', ds)}`,
      ]),
      '@server',
      'contacts',
      'calendar',
    ]);
    const log = openSync(join(dir, 'http.log'), 'w');
    const env = peerEnv(dir);
    // A process group of its own (detached), so stop() ends the bus and the D-Bus server with it.
    const child = spawn('dbus-run-session', ['--', '/usr/bin/python3', HTTP_SERVER, `http://127.0.0.1:${port}/syncevolution`], {
      env,
      detached: true,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    const peer = new PeerServer(dir, port, username, password, child);
    try {
      for (const id of options.deviceIds ?? []) await peer.addDevice(id);
      await peer.waitListening(options.startTimeoutMs ?? 30_000);
    } catch (error) {
      await peer.stop();
      throw error;
    }
    return peer;
  }

  /** Lets a phone with this DevID sync (with the peer's username and password); works while running. */
  async addDevice(deviceId: string): Promise<void> {
    const name = `peer-${deviceId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    await configure(this.dir, [
      '--template',
      'none',
      'PeerIsClient=1',
      'keyring=no',
      `username=${this.username}`,
      `password=${this.password}`,
      `remoteDeviceId=${deviceId}`,
      'contacts/sync=two-way',
      'contacts/uri=contacts',
      'calendar/sync=two-way',
      'calendar/uri=calendar',
      `${name}@server`,
      'contacts',
      'calendar',
    ]);
  }

  /** The server's items of a datastore: file name → text. */
  async items(datastore: PeerDatastore): Promise<Map<string, string>> {
    const dir = join(this.dir, 'data', datastore);
    const names = (await readdir(dir)).sort();
    return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), 'utf8')] as const)));
  }

  /** Ends the server's whole process group (bus, HTTP server, D-Bus server). */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise<void>((r) => this.process.once('exit', () => r()));
    signalGroup(this.pid, 'SIGTERM');
    const killed = setTimeout(() => signalGroup(this.pid, 'SIGKILL'), 2_000);
    await exited;
    clearTimeout(killed);
    // The group's other members (syncevo-dbus-server) may outlive the head by a moment.
    signalGroup(this.pid, 'SIGKILL');
  }

  private async waitListening(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const log = await readFile(join(this.dir, 'http.log'), 'utf8').catch(() => '');
      if (log.includes('listening on port')) return;
      if (this.process.exitCode !== null || this.process.signalCode !== null) throw new Error(`syncevo-http-server exited before listening:\n${log}`);
      if (Date.now() > deadline) throw new Error(`syncevo-http-server did not listen within ${timeoutMs} ms:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

function peerEnv(dir: string): NodeJS.ProcessEnv {
  const home = join(dir, 'home');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  return env;
}

/** `syncevolution --daemon=no --configure …` in the peer's home. */
function configure(dir: string, args: readonly string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('syncevolution', ['--daemon=no', '--configure', ...args], { env: peerEnv(dir), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`syncevolution --configure ${args.at(-3) ?? ''} failed (exit ${code}):\n${Buffer.concat(out).toString()}`)),
    );
  });
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

/**
 * A server killed (SIGKILL) in the middle of a synchronization run (issue 27), on both stores: the
 * run holds its binding's lease when its process dies, so the binding is busy until that lease
 * runs out (ATOMSYNC_RUN_LEASE_SECONDS, short here); a run request meanwhile is refused at once
 * with 409 and Retry-After; once the lease has run out the next run completes, and the killed run
 * shows in the sync log as failed, interrupted.
 *
 * The run is held mid-way deterministically: its far side is an extdata datastore on a feed this
 * test serves, which holds the run's GET unanswered until the process is killed (the run takes the
 * lease before it reads either side). The test waits as Retry-After says, and asserts no duration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AtomSyncError, basicAuth, createClient, type AtomSyncClient, type SyncLogEntry } from '@atomsync/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestSchema, storeKinds, type StoreKind } from '../support/stores.js';
import { expectFailed } from './fixtures.js';

const ADMIN = { username: 'admin', password: 'crash-admin-pw' };
const KEY = Buffer.alloc(32, 9).toString('base64');
/** The lease of both processes: the killed one's is what runs out. */
const LEASE_SECONDS = 2;

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  readonly client: AtomSyncClient;
}

/** `atomsync serve` on port 0 with `env`: resolves once it logs "listening". */
async function serve(env: Record<string, string>): Promise<Instance> {
  const base: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG };
  for (const name of Object.keys(base)) if (name.startsWith('ATOMSYNC_') || name === 'DATABASE_URL') delete base[name];
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', '--port', '0'], {
    env: {
      ...base,
      ATOMSYNC_ADMIN_USER: ADMIN.username,
      ATOMSYNC_ADMIN_PASSWORD: ADMIN.password,
      ATOMSYNC_SECRET_KEY: KEY,
      ATOMSYNC_RUN_LEASE_SECONDS: String(LEASE_SECONDS),
      ATOMSYNC_LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const found = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`atomsync serve exited ${code} before listening: ${err.trim() || out.trim()}`)));
  });
  const client = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password), retry: false });
  cleanups.push(() => client.close());
  return { url, child, client };
}

/**
 * A contents feed the extdata side reads: empty; while `hold` is set, a GET is left unanswered
 * (and `reached` resolves), as a remote that is slow to answer.
 */
class Feed {
  hold = true;
  readonly reached: Promise<void>;
  #reach!: () => void;
  readonly #held: ServerResponse[] = [];
  readonly #server: Server;

  constructor() {
    this.reached = new Promise((resolve) => (this.#reach = resolve));
    this.#server = createServer((req, res) => this.#answer(req, res));
  }

  async listen(): Promise<string> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    cleanups.push(async () => {
      for (const res of this.#held) res.destroy();
      this.#server.closeAllConnections();
      await new Promise((resolve) => this.#server.close(resolve));
    });
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/feed/`;
  }

  #answer(req: IncomingMessage, res: ServerResponse): void {
    if (req.method === 'GET' && this.hold) {
      this.#held.push(res);
      this.#reach();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/atom+xml', date: new Date().toUTCString() });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><id>urn:uuid:feed</id><title>Contents</title><updated>2026-01-01T00:00:00Z</updated></feed>`);
  }
}

/** The store each kind of run uses, as `atomsync serve` is told it. */
async function storeEnv(kind: StoreKind): Promise<Record<string, string>> {
  if (kind === 'postgres') {
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    return { DATABASE_URL: schema.url };
  }
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { ATOMSYNC_DATA_DIR: dir };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(storeKinds)('a server killed mid-run (%s)', (kind) => {
  it("blocks its binding until its lease runs out, then the next run completes and the killed run is logged as failed, interrupted", async () => {
    const env = await storeEnv(kind);
    const feed = new Feed();
    const href = await feed.listen();

    const first = await serve(env);
    const near = (await first.client.datastore.create({ userId: 'crash-near' })).client.uuid!;
    const datastores = [{ dataclass: 'Contacts' as const, href, token: { tokenType: 2 as const, key: 'consumer-key', secret: 'consumer-secret', scopes: [href] } }];
    const far = (await first.client.extdata.create({ userId: 'crash@remote.example', datastores })).client.uuid!;
    const binding = Number((await first.client.syncengine.create({ source: { syncSource: 'datastore', uuid: near }, target: { syncSource: 'extdata', uuid: far } })).title);

    // The run reaches the remote holding the lease; its process dies there.
    const killedRun = first.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' }).catch((e: unknown) => e);
    await feed.reached;
    const exited = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await exited;
    expect(await killedRun).toBeInstanceOf(Error);
    feed.hold = false;

    const second = await serve(env);
    let done: SyncLogEntry | undefined;
    let refusals = 0;
    for (let attempt = 0; attempt < 20 && done === undefined; attempt++) {
      try {
        done = await second.client.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });
      } catch (error) {
        // Busy while the killed run's lease lives: refused at once, told when to come back.
        expect(error).toBeInstanceOf(AtomSyncError);
        expect([(error as AtomSyncError).status, (error as AtomSyncError).code]).toEqual([409, 'conflict']);
        const seconds = Number((error as AtomSyncError).response.headers.get('retry-after'));
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(LEASE_SECONDS);
        refusals++;
        await pause(seconds * 1000);
      }
    }
    expect(done?.result).toBe('completed');
    expect(refusals).toBeLessThan(20);

    // The sync log (GET /v2/syncengine/synchronization/), newest first: the run, then the killed one.
    const log = (await second.client.syncengine.log()).entries;
    expect(log.map((e) => e.result)).toEqual(['completed', 'failed']);
    const reason = expectFailed(log[1]!, 201);
    expect(reason).toMatch(/^interrupted: /);
    expect(log[1]!.dataclass).toBe('Contacts');
  });
});

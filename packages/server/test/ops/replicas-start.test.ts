/**
 * Replicas started together (issue 14): instances that start at the same moment on one fresh
 * database, each with the same ATOMSYNC_ADMIN_USER/PASSWORD, all start and all serve, and one
 * admin account exists.
 *
 * In process, deterministically: two stores opened at once on one fresh PostgreSQL schema (two
 * pools, as two instances; the migrations meet under their advisory lock) run `bootstrap` at
 * once: both read "no such account" before either inserts, which is the race. On SQLite the same
 * for the admin itself (two connections to one file; the catalogue's transaction would wait on
 * a lock its own thread holds, which two processes never do). As processes: two `atomsync serve`
 * spawned together on a fresh schema and on one data directory, both listening and answering
 * the admin.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap.js';
import { createLogger } from '../../src/log.js';
import { SecretBox } from '../../src/secrets/box.js';
import { ensureAdmin } from '../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { createTestSchema, type TestSchema } from '../support/stores.js';

const ADMIN = { username: 'admin', password: 'replica-admin-pw' };
const KEY = Buffer.alloc(32, 7);
const logger = createLogger('silent');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshSchema(): Promise<TestSchema> {
  const schema = await createTestSchema();
  cleanups.push(() => schema.drop());
  return schema;
}

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-replicas-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function opened(stores: Promise<Store>[]): Promise<Store[]> {
  const all = await Promise.all(stores);
  cleanups.push(async () => void (await Promise.all(all.map((s) => s.close()))));
  return all;
}

describe('bootstrap run by replicas at the same moment', () => {
  it('on a fresh PostgreSQL schema: every replica migrates and bootstraps, one admin exists', async () => {
    for (let round = 0; round < 3; round++) {
      const { url } = await freshSchema();
      const stores = await opened([0, 1, 2].map(() => openStore({ kind: 'postgres', url })));
      const secrets = new SecretBox(KEY);
      const results = await Promise.allSettled(stores.map((store) => bootstrap(store, secrets, { admin: ADMIN }, { logger })));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const accounts = await stores[0]!.accounts.list();
      expect(accounts.map((a) => [a.username, a.admin])).toEqual([['admin', true]]);
      expect(await stores[0]!.catalogue.isEmpty()).toBe(false);
    }
  });

  it('on one SQLite file: every replica ensures the admin, one admin exists', async () => {
    const file = join(scratch(), 'atomsync.sqlite');
    const stores = await opened([openStore({ kind: 'sqlite', file })]);
    stores.push(...(await opened([openStore({ kind: 'sqlite', file })])));
    const secrets = new SecretBox(KEY);
    const results = await Promise.all(stores.map((store) => ensureAdmin({ store, secrets }, ADMIN.username, ADMIN.password)));
    expect(results.map((r) => r.action).sort()).toEqual(['created', 'unchanged']);
    expect(new Set(results.map((r) => r.account.id)).size).toBe(1);
    expect((await stores[1]!.accounts.list()).map((a) => [a.username, a.admin])).toEqual([['admin', true]]);
  });

  it('two replicas configured with different passwords both start; the admin has one of them', async () => {
    const { url } = await freshSchema();
    const stores = await opened([openStore({ kind: 'postgres', url }), openStore({ kind: 'postgres', url })]);
    const secrets = new SecretBox(KEY);
    const results = await Promise.all([
      ensureAdmin({ store: stores[0]!, secrets }, ADMIN.username, 'first-password'),
      ensureAdmin({ store: stores[1]!, secrets }, ADMIN.username, 'second-password'),
    ]);
    expect(results.map((r) => r.action).sort()).toEqual(['created', 'updated']);
    expect(await stores[0]!.accounts.list()).toHaveLength(1);
  });
});

// ---- as processes --------------------------------------------------------------------------

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

interface Replica {
  readonly url: string;
  /** Its "listening" line, as logged. */
  readonly listening: Record<string, unknown>;
}

/** `atomsync serve` on port 0: resolves with its URL once it logs "listening", rejects if it exits first. */
function serve(env: Record<string, string>): Promise<Replica> {
  const base: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG };
  for (const name of Object.keys(base)) if (name.startsWith('ATOMSYNC_') || name === 'DATABASE_URL') delete base[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, CLI, 'serve', '--port', '0'], {
    env: { ...base, ATOMSYNC_ADMIN_USER: ADMIN.username, ATOMSYNC_ADMIN_PASSWORD: ADMIN.password, ATOMSYNC_LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.includes('"msg":"listening on '));
      if (line === undefined) return;
      const listening = JSON.parse(line) as Record<string, unknown>;
      resolve({ url: String(listening.url), listening });
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`atomsync serve exited ${code} before listening: ${err.trim() || out.trim()}`)));
  });
}

async function asAdmin(replica: Replica): Promise<number> {
  const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  return (await fetch(`${replica.url}/v2/syncengine/`, { headers: { authorization: auth } })).status;
}

describe('atomsync serve started twice at the same moment', () => {
  it('on a fresh PostgreSQL schema: both listen and let the admin in, one admin exists', async () => {
    const { url } = await freshSchema();
    const env = { DATABASE_URL: url, ATOMSYNC_SECRET_KEY: KEY.toString('base64') };
    const replicas = await Promise.all([serve(env), serve(env)]);
    expect(await Promise.all(replicas.map(asAdmin))).toEqual([200, 200]);
    // The start line names the store it uses, not a data directory it does not.
    for (const { listening } of replicas) {
      expect(listening.store).toBe('postgres');
      expect(listening).not.toHaveProperty('dataDir');
    }
    const [store] = await opened([openStore({ kind: 'postgres', url })]);
    expect((await store!.accounts.list()).map((a) => [a.username, a.admin])).toEqual([['admin', true]]);
  });

  it('on one SQLite data directory: both listen and let the admin in, one admin exists', async () => {
    const dir = scratch();
    const env = { ATOMSYNC_DATA_DIR: dir, ATOMSYNC_SECRET_KEY: KEY.toString('base64') };
    const replicas = await Promise.all([serve(env), serve(env)]);
    expect(await Promise.all(replicas.map(asAdmin))).toEqual([200, 200]);
    for (const { listening } of replicas) expect(listening).toMatchObject({ store: 'sqlite', dataDir: dir });
    const [store] = await opened([openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') })]);
    expect((await store!.accounts.list()).map((a) => [a.username, a.admin])).toEqual([['admin', true]]);
  });
});

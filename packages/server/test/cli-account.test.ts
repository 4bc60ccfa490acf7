/**
 * `atomsync account …` as a real process on a temporary data directory: each command's effect is
 * read back from the same store (and key file) the command wrote, through the same opener serve uses.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.js';
import { openConfiguredStore, type OpenedStore } from '../src/bootstrap.js';
import { tokenDigest } from '../src/services/accounts.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-account-'));

function atomsync(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', TSX, CLI, 'account', ...args, '--data', dataDir], {
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ATOMSYNC_DATA_DIR: '' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let opened: OpenedStore | undefined;
async function store(): Promise<OpenedStore> {
  opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
  return opened;
}
afterEach(async () => {
  await opened?.store.close();
  opened = undefined;
});

describe('atomsync account', () => {
  it('add: with --password, and --admin', async () => {
    const run = atomsync('add', 'ops', '--admin', '--password', 'ops secret pw');
    expect([run.status, run.stdout, run.stderr]).toEqual([0, 'created admin account ops\n', '']);
    const { store: s, secrets } = await store();
    const ops = (await s.accounts.byUsername('ops'))!;
    expect(ops.admin).toBe(true);
    expect(await verifyPassword('ops secret pw', ops.passwordHash)).toBe(true);
    // guide/protocol.md#syncml-authentication: B64(MD5(user:password)), sealed.
    expect(secrets.open(ops.syncmlDigest!)).toBe(createHash('md5').update('ops:ops secret pw').digest('base64'));
  });

  it('add: without --password, generates one and prints it once', async () => {
    const run = atomsync('add', 'kim');
    expect(run.status).toBe(0);
    const password = /^password: (\S+)$/m.exec(run.stdout)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const kim = (await (await store()).store.accounts.byUsername('kim'))!;
    expect(kim.admin).toBe(false);
    expect(await verifyPassword(password, kim.passwordHash)).toBe(true);
  });

  it('add: refuses a taken name and a bad one, exit 1, the reason on stderr', () => {
    expect(atomsync('add', 'kim', '--password', 'kim-secret-pw')).toMatchObject({ status: 1, stdout: '', stderr: expect.stringMatching(/account "kim" exists/) });
    expect(atomsync('add', 'no/slash', '--password', 'slash-secret-pw')).toMatchObject({ status: 1, stderr: expect.stringMatching(/username must be 1 to 64 characters/) });
  });

  it('add and passwd: refuse a password under 8 characters, exit 1, the rule on stderr, nothing changed', async () => {
    expect(atomsync('add', 'short', '--password', 'seven-7')).toMatchObject({ status: 1, stdout: '', stderr: expect.stringMatching(/password must be at least 8 characters/) });
    expect(atomsync('passwd', 'kim', '--password', 'seven-7')).toMatchObject({ status: 1, stdout: '', stderr: expect.stringMatching(/password must be at least 8 characters/) });
    const { store: s } = await store();
    expect(await s.accounts.byUsername('short')).toBeUndefined();
    expect(await verifyPassword('seven-7', (await s.accounts.byUsername('kim'))!.passwordHash)).toBe(false);
  });

  it('list: every account with its admin flag', () => {
    const run = atomsync('list');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^USERNAME\s+ADMIN\s+CREATED\n/);
    expect(run.stdout).toMatch(/^ops\s+yes\s+\d{4}-/m);
    expect(run.stdout).toMatch(/^kim\s+no\s+\d{4}-/m);
  });

  it('passwd: the new password works, the old one no longer does', async () => {
    expect(atomsync('passwd', 'ops', '--password', 'rotated-pw')).toMatchObject({ status: 0, stdout: 'changed the password of ops\n' });
    const ops = (await (await store()).store.accounts.byUsername('ops'))!;
    expect(await verifyPassword('rotated-pw', ops.passwordHash)).toBe(true);
    expect(await verifyPassword('ops secret pw', ops.passwordHash)).toBe(false);
    expect(ops.admin).toBe(true);
  });

  it('token: printed once, kept as its digest', async () => {
    const run = atomsync('token', 'kim');
    expect(run.status).toBe(0);
    const token = /^token: (ast_\S+)$/m.exec(run.stdout)![1]!;
    const { store: s } = await store();
    const record = await s.tokens.byDigest(tokenDigest(token));
    expect(record?.accountId).toBe((await s.accounts.byUsername('kim'))!.id);
  });

  it('consumer: key and secret printed once, the secret kept sealed with the data directory key', async () => {
    const run = atomsync('consumer', 'kim');
    expect(run.status).toBe(0);
    const key = /^key: (\S+)$/m.exec(run.stdout)![1]!;
    const secret = /^secret: (\S+)$/m.exec(run.stdout)![1]!;
    const { store: s, secrets } = await store();
    const consumer = (await s.consumers.byKey(key))!;
    expect(consumer.sealedSecret).not.toContain(secret);
    expect(secrets.open(consumer.sealedSecret)).toBe(secret);
  });

  it('delete: the account is gone; deleting it again is 404-like, exit 1', async () => {
    expect(atomsync('delete', 'kim', '--yes')).toMatchObject({ status: 0, stdout: 'deleted account kim\n' });
    expect(await (await store()).store.accounts.byUsername('kim')).toBeUndefined();
    expect(atomsync('delete', 'kim', '--yes')).toMatchObject({ status: 1, stderr: expect.stringMatching(/no account "kim"/) });
  });

  it('refuses DATABASE_URL without ATOMSYNC_SECRET_KEY, exit 2', () => {
    const run = spawnSync(process.execPath, ['--import', TSX, CLI, 'account', 'list'], {
      env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: 'postgres://127.0.0.1:1/none', ATOMSYNC_SECRET_KEY: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/DATABASE_URL needs ATOMSYNC_SECRET_KEY/);
  });
});

/**
 * `atomsync account app-password add|list|revoke` as a real process on a temporary data directory:
 * the password is printed once and signs a device in (auth/device-sign-in.ts) on the same store;
 * list never prints it; revoke stops it; a taken name and an unknown uuid fail with exit code 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceAuthenticator } from '../src/auth/device-sign-in.js';
import { openConfiguredStore, type OpenedStore } from '../src/bootstrap.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-app-password-'));

function atomsync(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', TSX, CLI, 'account', ...args, '--data', dataDir], {
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ATOMSYNC_DATA_DIR: '' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let opened: OpenedStore | undefined;
afterEach(async () => {
  await opened?.store.close();
  opened = undefined;
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function signIn(password: string): Promise<number> {
  opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
  try {
    await createDeviceAuthenticator(opened.store).authenticate(basic('kim', password), '192.0.2.1');
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  } finally {
    await opened.store.close();
    opened = undefined;
  }
}

describe('atomsync account app-password', () => {
  let password = '';
  let uuid = '';

  it('add: prints the password once, and it signs a device in', async () => {
    expect(atomsync('add', 'kim', '--password', 'kim account pw').status).toBe(0);
    const run = atomsync('app-password', 'add', 'kim', 'Mac Contacts');
    expect([run.status, run.stderr]).toEqual([0, '']);
    uuid = /^created app password (\S+) \(Mac Contacts\) for kim$/m.exec(run.stdout)![1]!;
    password = /^password: (\S+)$/m.exec(run.stdout)![1]!;
    expect(password).toMatch(/^(\w{4}-){5}\w{4}$/);
    expect(await signIn(password)).toBe(200);
  });

  it('add: a name the account has fails with exit code 1', () => {
    const run = atomsync('app-password', 'add', 'kim', 'Mac Contacts');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Mac Contacts');
  });

  it('list: uuid, creation, last use and name; never the password', () => {
    const run = atomsync('app-password', 'list', 'kim');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${uuid}  \\S+Z  \\S+Z\\s+Mac Contacts$`, 'm'));
    expect(run.stdout).not.toContain(password);
    expect(run.stdout).not.toContain(password.replace(/-/g, ''));
  });

  it('revoke: the password signs in no more; an unknown uuid fails with exit code 1', async () => {
    const run = atomsync('app-password', 'revoke', 'kim', uuid);
    expect([run.status, run.stdout]).toEqual([0, `revoked app password ${uuid} of kim\n`]);
    expect(await signIn(password)).toBe(401);
    expect(atomsync('app-password', 'revoke', 'kim', uuid).status).toBe(1);
  });
});

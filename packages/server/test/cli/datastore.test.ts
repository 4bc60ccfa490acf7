/**
 * The CLI a newcomer meets (issue 26), as real processes on a temporary data directory: the
 * datastore clients an import names (add, list, by uuid or name, made by --create), every client
 * of an account, a wrong name answered with the command that lists them, `export | head` ending
 * quietly, colour and a progress bar only on a terminal, and `account delete` asking and keeping
 * the last admin.
 * A terminal is a real pseudo-terminal: util-linux's `script`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredStore } from '../../src/bootstrap.js';
import { createAccount } from '../../src/services/accounts.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const dir = mkdtempSync(join(tmpdir(), 'atomsync-datastore-'));
const dataDir = join(dir, 'data');
/** No colour variable from the caller's environment: each test sets the ones it is about. */
const ENV = { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ATOMSYNC_DATA_DIR: '', NO_COLOR: '', FORCE_COLOR: '' };
const ESC = '\u001b[';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function atomsync(args: string[], env: Record<string, string> = {}, input?: string): Run {
  const run = spawnSync(process.execPath, ['--import', TSX, CLI, ...args, '--data', dataDir], { env: { ...ENV, ...env }, encoding: 'utf8', input });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const quoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
const commandLine = (args: string[]) => [process.execPath, '--import', TSX, CLI, ...args, '--data', dataDir].map(quoted).join(' ');

/** The command through a shell pipeline: `| head -n 2` and the like. */
function piped(args: string[], tail: string): Run & { pipeStatus: string } {
  const run = spawnSync('bash', ['-c', `${commandLine(args)} | ${tail}; echo "status \${PIPESTATUS[0]}" >&2`], { env: ENV, encoding: 'utf8' });
  const pipeStatus = /status (\d+)\n$/.exec(run.stderr)?.[1] ?? '';
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.replace(/status \d+\n$/, ''), pipeStatus };
}

/** The command on a pseudo-terminal (stdin, stdout and stderr), typing `input`; what the terminal showed. */
function onTerminal(args: string[], env: Record<string, string> = {}, input = ''): Run {
  const run = spawnSync('script', ['-qec', commandLine(args), '/dev/null'], { env: { ...ENV, ...env }, encoding: 'utf8', input });
  return { status: run.status, stdout: run.stdout.replace(/\r\n/g, '\n'), stderr: run.stderr };
}

beforeAll(async () => {
  const opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
  await createAccount(opened, { username: 'alice', password: 'alice pw 1', admin: false });
  await createAccount(opened, { username: 'root', password: 'root pw 12', admin: true });
  await opened.store.close();
});

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CARDS = Array.from({ length: 3000 }, (_, i) => `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Person ${i}\r\nEMAIL:p${i}@example.org\r\nEND:VCARD\r\n`).join('');

describe('datastore clients from the command line', () => {
  let work = '';

  it('datastore add prints the new uuid; list shows it with its items; a taken name is refused', () => {
    const add = atomsync(['datastore', 'add', 'Work', '--user', 'alice']);
    expect(add.stderr).toBe('');
    expect(add.status).toBe(0);
    work = new RegExp(`^created datastore client (${UUID}) \\(Work\\) for alice\\n$`).exec(add.stdout)![1]!;
    expect(atomsync(['datastore', 'add', 'Work', '--user', 'alice'])).toMatchObject({ status: 1, stderr: 'atomsync: this account already has a datastore client with user_id "Work"\n' });
    const list = atomsync(['datastore', 'list', '--user', 'alice']);
    expect([list.status, list.stdout]).toEqual([0, `UUID                                  ITEMS  NAME\n${work}  0      Work\n`]);
  });

  it('import --create makes a client named after the file; --datastore takes its name; export reads it back', () => {
    const path = join(dir, 'team.vcf');
    writeFileSync(path, CARDS);
    const run = atomsync(['import', path, '--user', 'alice', '--create']);
    expect(run.stderr).toBe('');
    const made = new RegExp(`^created datastore client (${UUID}) \\(team\\) for alice\\nimported ${path}: 3,000 added, 0 twins skipped, 0 refused\\n$`).exec(run.stdout);
    expect(made).not.toBeNull();
    // --create with a name that exists imports into it (a script may run it again).
    expect(atomsync(['import', path, '--user', 'alice', '--datastore', 'team', '--create']).stdout).toBe(`imported ${path}: 0 added, 3,000 twins skipped, 0 refused\n`);
    const named = atomsync(['import', path, '--user', 'alice', '--datastore', 'Travel', '--create']);
    expect(named.stdout).toMatch(new RegExp(`^created datastore client ${UUID} \\(Travel\\) for alice\\nimported .*: 3,000 added`));
    const list = atomsync(['datastore', 'list', '--user', 'alice']);
    expect(list.stdout).toContain(`${made![1]}  3000   team\n`);
    expect(list.stdout.split('\n').filter((l) => / Travel$/.test(l))).toEqual([expect.stringMatching(new RegExp(`^${UUID}  3000   Travel$`))]);
    const exported = atomsync(['export', '--user', 'alice', '--datastore', 'team', '--dataclass', 'Contacts']);
    expect(exported.stdout.match(/BEGIN:VCARD/g)).toHaveLength(3000);
  });

  it('import without --datastore or --create says how to name one, exit 2', () => {
    const run = atomsync(['import', join(dir, 'team.vcf'), '--user', 'alice']);
    expect([run.status, run.stderr]).toEqual([2, 'atomsync: name the datastore client with --datastore (its uuid or name; `atomsync datastore list --user U` lists them), or make one with --create\n']);
  });

  it('a datastore or account that does not exist is answered with the command that lists them', () => {
    const hint = '`atomsync datastore list --user alice` lists its datastore clients, `atomsync datastore add NAME --user alice` makes one (or import with --create)';
    for (const args of [['import', join(dir, 'team.vcf'), '--user', 'alice', '--datastore', 'nope'], ['export', '--user', 'alice', '--datastore', 'nope', '--dataclass', 'Contacts']]) {
      expect(atomsync(args)).toEqual({ status: 1, stdout: '', stderr: `atomsync: alice has no datastore client "nope": ${hint}\n` });
    }
    // Another account's client is no client of alice's either: the same answer.
    const roots = /created datastore client (\S+)/.exec(atomsync(['datastore', 'add', 'Admin things', '--user', 'root']).stdout)![1]!;
    expect(atomsync(['export', '--user', 'alice', '--datastore', roots, '--dataclass', 'Contacts']).stderr).toBe(`atomsync: alice has no datastore client "${roots}": ${hint}\n`);
    expect(atomsync(['datastore', 'list', '--user', 'bob'])).toMatchObject({ status: 1, stderr: 'atomsync: no account "bob" (`atomsync account list` lists the accounts)\n' });
  });

  it('clients list shows every client of the account, and no other account\'s', () => {
    const run = atomsync(['clients', 'list', '--user', 'alice']);
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^KIND\s+UUID\s+NAME$/);
    expect(lines.slice(1).map((l) => l.replace(new RegExp(UUID), 'U').replace(/ +/g, ' ')).sort()).toEqual(['datastore U Travel', 'datastore U Work', 'datastore U team']);
  });
});

describe('output', () => {
  it('export | head: the reader closing the pipe ends the command quietly', () => {
    const run = piped(['export', '--user', 'alice', '--datastore', 'team', '--dataclass', 'Contacts'], 'head -n 2');
    expect(run.stdout).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\n');
    expect(run.stderr).toBe('');
    expect(run.pipeStatus).toBe('0');
  });

  it('a long import shows its progress on a terminal, and none through a pipe', () => {
    const path = join(dir, 'progress.vcf');
    writeFileSync(path, CARDS);
    const shown = onTerminal(['import', path, '--user', 'alice', '--datastore', 'Progress', '--create']);
    // The bar (drawn at the start, then as batches of 1,000 go in, at most 10 times a second), then the summary.
    expect(shown.stdout).toMatch(/progress\.vcf \[.*\] \d+% \| [\d,]+ added, [\d,]+ twins, [\d,]+ refused/);
    expect(shown.stdout).toContain(`imported ${path}: 3,000 added, 0 twins skipped, 0 refused\n`);
    const piped = atomsync(['import', path, '--user', 'alice', '--datastore', 'Progress']);
    expect([piped.stdout, piped.stderr]).toEqual([`imported ${path}: 0 added, 3,000 twins skipped, 0 refused\n`, '']);
  });

  it('--help has no colour through a pipe, colour on a terminal, and none there with NO_COLOR; FORCE_COLOR forces it', () => {
    const piped = atomsync(['import', '--help']);
    expect(piped.stdout).toMatch(/^USAGE atomsync import /m);
    expect(piped.stdout).not.toContain(ESC);
    expect(onTerminal(['import', '--help']).stdout).toContain(`${ESC}36matomsync import`);
    const noColour = onTerminal(['import', '--help'], { NO_COLOR: '1' });
    expect(noColour.stdout).toMatch(/^USAGE atomsync import /m);
    expect(noColour.stdout).not.toContain(ESC);
    // Forced even where citty alone would not colour (CI, TEST set).
    expect(atomsync(['import', '--help'], { FORCE_COLOR: '1', CI: 'true', TEST: 'true' }).stdout).toContain(`${ESC}36matomsync import`);
    expect(onTerminal(['import', '--help'], { FORCE_COLOR: '0' }).stdout).not.toContain(ESC);
  });
});

describe('account delete', () => {
  it('needs --yes when nobody can be asked, and deletes nothing without it', () => {
    expect(atomsync(['account', 'delete', 'alice'])).toEqual({ status: 2, stdout: '', stderr: 'atomsync: deleting alice and everything it owns needs --yes when not run at a terminal: `atomsync account delete alice --yes`\n' });
    expect(atomsync(['account', 'list']).stdout).toMatch(/^alice /m);
  });

  it('asks at a terminal: no keeps the account', () => {
    const run = onTerminal(['account', 'delete', 'alice'], {}, 'n\n');
    expect(run.stdout).toContain('Delete the account alice and everything it owns (clients, items, bindings, tokens)? [y/N]');
    expect(run.stdout).toContain('kept account alice\n');
    expect(atomsync(['account', 'list']).stdout).toMatch(/^alice /m);
  });

  it('refuses to delete the only administrator, even with --yes', () => {
    expect(atomsync(['account', 'delete', 'root', '--yes'])).toEqual({ status: 1, stdout: '', stderr: 'atomsync: root is the only administrator: make another first (`atomsync account add NAME --admin`), then delete it\n' });
    expect(atomsync(['account', 'list']).stdout).toMatch(/^root +yes /m);
  });

  it('yes at the terminal deletes; with a second administrator the first may go', () => {
    const run = onTerminal(['account', 'delete', 'alice'], {}, 'y\n');
    expect(run.stdout).toContain('deleted account alice\n');
    expect(atomsync(['account', 'list']).stdout).not.toMatch(/^alice /m);
    expect(atomsync(['account', 'add', 'ops', '--admin', '--password', 'ops pw 123']).status).toBe(0);
    expect(atomsync(['account', 'delete', 'root', '--yes'])).toEqual({ status: 0, stdout: 'deleted account root\n', stderr: '' });
  });
});

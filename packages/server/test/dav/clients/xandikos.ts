/**
 * Debian's Xandikos (0.2.8) as a second known DAV server beside Radicale: a child process on
 * 127.0.0.1 and a free port, started with `--defaults` in a temp directory, which gives the
 * principal /user/ an address book /user/contacts/addressbook/ and a calendar
 * /user/calendars/calendar/. Xandikos has no sign-in of its own (it expects a proxy in front):
 * the account's credentials are sent and ignored.
 *
 * Facts this relies on (Xandikos 0.2.8, observed): each collection is a git repository with a work
 * tree (`<collection>/.git`, `<collection>/.xandikos` naming its type), and Xandikos serves what is
 * committed, so items can be loaded by writing their files and committing them (`loadItems`);
 * /.well-known/carddav and /caldav redirect to `/`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../../interop/support/peer.js';
import { createWorkDir } from '../../interop/support/workdir.js';
import { killGroup } from './process.js';
import type { DavTarget } from './target.js';

const XANDIKOS = '/usr/bin/xandikos';

export interface XandikosTarget extends DavTarget {
  /** The default address book's URL, with its trailing slash. */
  readonly addressBookUrl: string;
  /** Its directory: a git work tree. */
  readonly addressBookDir: string;
  /** The default calendar's URL (--defaults makes one, for any component), with its trailing slash. */
  readonly calendarUrl: string;
  /** Its directory: a git work tree. */
  readonly calendarDir: string;
}

export async function startXandikos(options: { readonly startTimeoutMs?: number } = {}): Promise<XandikosTarget> {
  const work = createWorkDir('xandikos');
  const port = await freePort();
  const log = openSync(work.at('xandikos.log'), 'w');
  const child = spawn(XANDIKOS, ['-d', work.at('root'), '--defaults', '-l', '127.0.0.1', '-p', String(port)], { detached: true, stdio: ['ignore', log, log] });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  const target: XandikosTarget = {
    name: 'Xandikos',
    url,
    username: 'user',
    password: 'unused-xandikos-has-no-sign-in',
    addressBookUrl: `${url}/user/contacts/addressbook/`,
    addressBookDir: work.at('root', 'user', 'contacts', 'addressbook'),
    calendarUrl: `${url}/user/calendars/calendar/`,
    calendarDir: work.at('root', 'user', 'calendars', 'calendar'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        killGroup(child.pid!, 'SIGTERM');
        const killed = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 2_000);
        await exited;
        clearTimeout(killed);
      }
      work.remove();
    },
  };
  try {
    const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
    for (;;) {
      // Answered once --defaults has created the collections (they exist before it listens).
      const status = await fetch(target.addressBookUrl, { method: 'PROPFIND', headers: { depth: '0' } }).then((r) => r.arrayBuffer().then(() => r.status), () => 0);
      if (status === 207) break;
      if (child.exitCode !== null) throw new Error(`xandikos exited before answering:\n${await readFile(work.at('xandikos.log'), 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`xandikos did not answer:\n${await readFile(work.at('xandikos.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await target.stop();
    throw error;
  }
  return target;
}

/**
 * Items written straight into a collection's git work tree and committed in one commit, as
 * Xandikos would have stored them one PUT (one commit) at a time: each under its name.
 */
export async function loadItems(collectionDir: string, items: readonly { readonly name: string; readonly text: string }[]): Promise<void> {
  for (const item of items) await writeFile(join(collectionDir, item.name), item.text);
  const git = (...args: string[]) => {
    const run = spawnSync('git', ['-c', 'user.name=atomsync', '-c', 'user.email=atomsync@example.invalid', ...args], { cwd: collectionDir, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')} in ${collectionDir}: ${run.status}\n${run.stderr}`);
  };
  git('add', '--all');
  git('commit', '--quiet', '-m', `load ${items.length} items`);
}

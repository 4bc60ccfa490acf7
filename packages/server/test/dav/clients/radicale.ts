/**
 * Debian's Radicale 3 as a known-good DAV server, to prove the client harnesses before they judge
 * ours: a child process on 127.0.0.1 and a free port, its collections in a temp directory, htpasswd
 * sign-in (plain text: a throwaway test account). It is given what one atomsync datastore client is
 * over DAV: an address book `contacts`, a VEVENT calendar `events`, a VTODO calendar `tasks`.
 *
 * Facts this relies on (Radicale 3.1.8, observed): owner_only rights refuse a plain MKCOL below the
 * principal (403), which litmus needs for its `litmus/` collection, so the rights file gives the
 * account full rights (RrWw) on its own tree; Radicale creates the principal collection on the
 * account's first request; it redirects /.well-known/carddav and /caldav to `/`.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { freePort } from '../../interop/support/peer.js';
import { createWorkDir } from '../../interop/support/workdir.js';
import { killGroup } from './process.js';
import { basicHeader, type DavTarget } from './target.js';

const RADICALE = '/usr/bin/radicale';
const CARDDAV = 'urn:ietf:params:xml:ns:carddav';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';

export interface RadicaleTarget extends DavTarget {
  /**
   * The account's address book `contacts` on disk: one file per item, named as its href (Radicale's
   * storage format), so a benchmark can load thousands of items without thousands of PUTs.
   */
  readonly addressBookDir: string;
  /** The account's home on disk (`<dir>/contacts`, `events`, `tasks`, each with its `.Radicale.cache`). */
  readonly homeDir: string;
  /** Radicale's log (level info: one line per request, with the seconds it took to answer). */
  readonly logFile: string;
  /** Its htpasswd file (plain: `user:password` lines), read at each sign-in: rewritten, the password changes at once. */
  readonly usersFile: string;
  /**
   * Stops Radicale, runs `whileDown` (e.g. removes its caches, which forgets every sync token; or
   * hides a collection's files), and starts it again on the same port and storage.
   */
  restart(whileDown?: () => void | Promise<void>): Promise<void>;
}

export async function startRadicale(options: { readonly startTimeoutMs?: number; /** A port chosen beforehand (a remote registered before it runs); default a free one. */ readonly port?: number } = {}): Promise<RadicaleTarget> {
  const work = createWorkDir('radicale');
  const port = options.port ?? (await freePort());
  const username = 'harness';
  const password = 'harness-secret';
  await writeFile(work.at('users'), `${username}:${password}\n`);
  await writeFile(
    work.at('rights'),
    [
      '[own-tree]', 'user: .+', 'collection: {user}(/.*)?', 'permissions: RrWw',
      '[root]', 'user: .+', 'collection:', 'permissions: R', '',
    ].join('\n'),
  );
  await writeFile(
    work.at('config'),
    [
      '[server]', `hosts = 127.0.0.1:${port}`,
      '[auth]', 'type = htpasswd', `htpasswd_filename = ${work.at('users')}`, 'htpasswd_encryption = plain',
      // The 1 s default delay after a failed sign-in only slows a test that checks one.
      'delay = 0',
      '[rights]', 'type = from_file', `file = ${work.at('rights')}`,
      '[storage]', `filesystem_folder = ${work.at('collections')}`,
      '[web]', 'type = none',
      '[logging]', 'level = info', 'mask_passwords = True', '',
    ].join('\n'),
  );
  const launch = () => {
    const log = openSync(work.at('radicale.log'), 'a');
    const started = spawn(RADICALE, ['--config', work.at('config')], { detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    return started;
  };
  let child = launch();
  const url = `http://127.0.0.1:${port}`;
  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      killGroup(child.pid!, 'SIGTERM');
      const killed = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 2_000);
      await exited;
      clearTimeout(killed);
    }
  };
  const ready = (timeoutMs: number) => waitReady(url, timeoutMs, () => child.exitCode !== null, () => readFile(work.at('radicale.log'), 'utf8'));
  const target: RadicaleTarget = {
    name: 'Radicale',
    url,
    username,
    password,
    addressBookDir: work.at('collections', 'collection-root', username, 'contacts'),
    homeDir: work.at('collections', 'collection-root', username),
    logFile: work.at('radicale.log'),
    usersFile: work.at('users'),
    async restart(whileDown) {
      await halt();
      await whileDown?.();
      child = launch();
      await ready(options.startTimeoutMs ?? 20_000);
    },
    async stop() {
      await halt();
      work.remove();
    },
  };
  try {
    await ready(options.startTimeoutMs ?? 20_000);
    const home = `${url}/${username}`;
    await request(target, 'MKCOL', `${home}/contacts/`,
      `<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:card="${CARDDAV}"><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype><d:displayname>Contacts</d:displayname></d:prop></d:set></d:mkcol>`);
    for (const [name, component] of [['events', 'VEVENT'], ['tasks', 'VTODO']] as const) {
      await request(target, 'MKCALENDAR', `${home}/${name}/`,
        `<?xml version="1.0" encoding="utf-8"?><cal:mkcalendar xmlns:d="DAV:" xmlns:cal="${CALDAV}"><d:set><d:prop><d:displayname>${name}</d:displayname><cal:supported-calendar-component-set><cal:comp name="${component}"/></cal:supported-calendar-component-set></d:prop></d:set></cal:mkcalendar>`);
    }
  } catch (error) {
    await target.stop();
    throw error;
  }
  return target;
}

async function request(target: DavTarget, method: string, url: string, body: string): Promise<void> {
  const response = await fetch(url, { method, headers: { authorization: basicHeader(target), 'content-type': 'application/xml; charset=utf-8' }, body });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`${method} ${url}: ${response.status}\n${text}`);
}

/** Polls until Radicale answers HTTP (any status), or fails with its log. */
async function waitReady(url: string, timeoutMs: number, exited: () => boolean, log: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(`${url}/`, { method: 'OPTIONS' }).then((r) => r.arrayBuffer().then(() => true), () => false);
    if (answered) return;
    if (exited()) throw new Error(`radicale exited before answering:\n${await log()}`);
    if (Date.now() > deadline) throw new Error(`radicale did not answer within ${timeoutMs} ms:\n${await log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

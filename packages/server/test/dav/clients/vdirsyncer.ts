/**
 * Debian's vdirsyncer (0.19) syncing a local vdir with a DAV target: one config per local side,
 * two pairs — `contacts` (filesystem ↔ carddav) and `events` (filesystem ↔ caldav) — each naming
 * the server's collection explicitly (found by discovery.ts), so a server with more calendars (the
 * tasks calendar) is not synced into the events vdir and nothing is created on the server.
 *
 * Conflicts: `conflict_resolution = "a wins"`, a being the local vdir. An item changed both
 * locally and on the server since the last sync ends as the local copy, uploaded with If-Match
 * over the server's; the other side's edit of that item is replaced (documented, asserted), never
 * doubled, and no other item is touched.
 */
import { mkdir } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runClient, type RunResult } from './process.js';
import type { DavTarget } from './target.js';

const VDIRSYNCER = '/usr/bin/vdirsyncer';

export const CONTACT_EXT = '.vcf';
export const EVENT_EXT = '.ics';
export const CONFLICT_RESOLUTION = 'a wins';

export interface VdirsyncerSide {
  /** Everything this side keeps: `config`, `status/`, `vdir/<pair>/<collection>/`. */
  readonly dir: string;
  readonly config: string;
  /** The local collection directories vdirsyncer syncs. */
  readonly contactsDir: string;
  readonly eventsDir: string;
}

export interface SideOptions {
  readonly dir: string;
  readonly target: DavTarget;
  /** The server's collection names (last path segment) for the address book and the events calendar. */
  readonly addressBook: string;
  readonly calendar: string;
}

/** vdirsyncer's config values are JSON. */
const json = (value: unknown): string => JSON.stringify(value);

export async function createSide(options: SideOptions): Promise<VdirsyncerSide> {
  const { dir, target, addressBook, calendar } = options;
  await mkdir(join(dir, 'status'), { recursive: true });
  const pair = (name: string, collection: string, kind: 'carddav' | 'caldav', ext: string) => [
    `[pair ${name}]`,
    `a = ${json(`${name}_local`)}`,
    `b = ${json(`${name}_remote`)}`,
    `collections = ${json([collection])}`,
    `conflict_resolution = ${json(CONFLICT_RESOLUTION)}`,
    '',
    `[storage ${name}_local]`,
    'type = "filesystem"',
    `path = ${json(join(dir, 'vdir', name))}`,
    `fileext = ${json(ext)}`,
    '',
    `[storage ${name}_remote]`,
    `type = ${json(kind)}`,
    `url = ${json(`${target.url}/`)}`,
    `username = ${json(target.username)}`,
    `password = ${json(target.password)}`,
    '',
  ];
  const config = join(dir, 'config');
  await writeFile(
    config,
    [
      '[general]',
      `status_path = ${json(join(dir, 'status'))}`,
      '',
      ...pair('contacts', addressBook, 'carddav', CONTACT_EXT),
      ...pair('events', calendar, 'caldav', EVENT_EXT),
    ].join('\n'),
  );
  return { dir, config, contactsDir: join(dir, 'vdir', 'contacts', addressBook), eventsDir: join(dir, 'vdir', 'events', calendar) };
}

/**
 * `yes | vdirsyncer discover`: finds the collections and answers yes to creating the missing
 * local directories (the server's collections exist already).
 */
export function discoverSide(side: VdirsyncerSide, timeoutMs: number): Promise<RunResult> {
  return runClient(VDIRSYNCER, ['-c', side.config, 'discover'], { input: 'y\n'.repeat(20), timeoutMs });
}

export function syncSide(side: VdirsyncerSide, timeoutMs: number): Promise<RunResult> {
  return runClient(VDIRSYNCER, ['-c', side.config, 'sync'], { timeoutMs });
}

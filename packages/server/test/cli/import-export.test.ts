/**
 * `atomsync import` / `atomsync export` as real processes on a temporary data directory: a mixed
 * 2.1 / 3.0 / 4.0 .vcf (QP soft breaks, folding), an .ics with zones and several events and tasks,
 * twins skipped, a broken card refused with its reason while the rest import, and an export
 * imported into a fresh datastore giving the same fingerprints item for item.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeItem } from '@atomsync/items';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredStore, type OpenedStore } from '../../src/bootstrap.js';
import { createAccount } from '../../src/services/accounts.js';
import { createClient } from '../../src/services/datastore-clients.js';
import type { ClientKey } from '@atomsync/store';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const dir = mkdtempSync(join(tmpdir(), 'atomsync-import-'));
const dataDir = join(dir, 'data');

function atomsync(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', TSX, CLI, ...args, '--data', dataDir], {
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ATOMSYNC_DATA_DIR: '' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const VCF = crlf(
  'BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=', '=C3=BCrgen', 'TEL;CELL:+49 170 1', 'END:VCARD',
  'BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada', 'FN:Ada Lovelace', 'NOTE:a long note folded', '  over two lines', 'EMAIL:ada@example.org', 'END:VCARD',
  'BEGIN:VCARD', 'VERSION:4.0', 'FN:Grace Hopper', 'EMAIL:grace@example.org', 'END:VCARD',
  'BEGIN:VCARD', 'VERSION:3.0', 'FN:Broken, never ended', 'EMAIL:broken@example.org',
  'BEGIN:VCARD', 'VERSION:3.0', 'N:Lovelace;Ada', 'FN:Ada Lovelace', 'EMAIL:ada@example.org', 'END:VCARD',
  'BEGIN:VCARD', 'VERSION:3.0', 'FN:Alan Turing', 'TEL:+44 20 1', 'END:VCARD',
);

const ZONE = (tzid: string, offset: string) => ['BEGIN:VTIMEZONE', `TZID:${tzid}`, 'BEGIN:STANDARD', 'DTSTART:19701025T030000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD', 'END:VTIMEZONE'];
const ICS = crlf(
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
  ...ZONE('Office/Berlin', '+0100'), ...ZONE('Office/Tokyo', '+0900'),
  'BEGIN:VEVENT', 'UID:e1', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Office/Berlin:20240105T090000', 'DTEND;TZID=Office/Berlin:20240105T093000', 'SUMMARY:Stand-up', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:e2', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Office/Tokyo:20240106T090000', 'SUMMARY:Tokyo call', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:e3', 'DTSTAMP:20240101T000000Z', 'DTSTART:20240107T120000Z', 'SUMMARY:Lunch', 'END:VEVENT',
  'BEGIN:VTODO', 'UID:t1', 'DTSTAMP:20240101T000000Z', 'DUE;TZID=Office/Berlin:20240110T170000', 'SUMMARY:Report', 'END:VTODO',
  'BEGIN:VTODO', 'UID:t2', 'DTSTAMP:20240101T000000Z', 'SUMMARY:Taxes', 'END:VTODO',
  'END:VCALENDAR',
);

let opened: OpenedStore;
const clients: Record<string, ClientKey> = {};

beforeAll(async () => {
  opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
  const account = await createAccount(opened, { username: 'alice', password: 'alice pw', admin: false });
  for (const name of ['contacts', 'calendar', 'contacts2', 'calendar2']) clients[name] = await createClient(opened.store, account.id, name);
  await opened.store.close();
});

async function fingerprints(client: ClientKey): Promise<{ dataclass: string; fingerprint: string }[]> {
  const o = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
  try {
    const items = await o.store.contents.list(client);
    return items.map((i) => ({ dataclass: i.dataclass, fingerprint: describeItem(i).fingerprint })).sort((a, b) => a.fingerprint.localeCompare(b.fingerprint));
  } finally {
    await o.store.close();
  }
}

afterAll(() => undefined);

describe('atomsync import / export', () => {
  it('imports a mixed .vcf: twins skipped, the broken card refused with its reason', async () => {
    const run = atomsync('import', file('contacts.vcf', VCF), '--user', 'alice', '--datastore', clients.contacts!.uuid);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`imported ${join(dir, 'contacts.vcf')}: 4 added, 1 twin skipped, 1 refused\n  line 20: the VCARD has no END:VCARD before the next BEGIN:VCARD (line 24)\n`);
    const o = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    const items = await o.store.contents.list(clients.contacts!);
    await o.store.close();
    expect(items.map((i) => [i.dataclass, i.type, i.title]).sort()).toEqual([
      ['Contacts', 'text/vcard', 'Ada Lovelace'], ['Contacts', 'text/vcard', 'Alan Turing'], ['Contacts', 'text/vcard', 'Grace Hopper'], ['Contacts', 'text/x-vcard', 'Jürgen Müller'],
    ].sort());
    // Again: every card is now a twin of one in the datastore.
    const again = atomsync('import', join(dir, 'contacts.vcf'), '--user', 'alice', '--datastore', clients.contacts!.uuid);
    expect(again.stdout.split('\n')[0]).toBe(`imported ${join(dir, 'contacts.vcf')}: 0 added, 5 twins skipped, 1 refused`);
  });

  it('imports an .ics with zones: one item per event or task, carrying the zones it uses', async () => {
    const run = atomsync('import', file('calendar.ics', ICS), '--user', 'alice', '--datastore', clients.calendar!.uuid);
    expect([run.status, run.stdout.split('\n')[0]]).toEqual([0, `imported ${join(dir, 'calendar.ics')}: 5 added, 0 twins skipped, 0 refused`]);
    const o = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    const items = await o.store.contents.list(clients.calendar!);
    await o.store.close();
    const byTitle = new Map(items.map((i) => [i.title, i]));
    expect(items.map((i) => i.dataclass).sort()).toEqual(['Events', 'Events', 'Events', 'Tasks', 'Tasks']);
    expect(byTitle.get('Stand-up')!.body).toContain('TZID:Office/Berlin');
    expect(byTitle.get('Stand-up')!.body).not.toContain('Office/Tokyo');
    expect(byTitle.get('Lunch')!.body).not.toContain('VTIMEZONE');
  });

  it('exports and imports into a fresh datastore with the same fingerprints, item for item', async () => {
    const vcf = atomsync('export', '--user', 'alice', '--datastore', clients.contacts!.uuid, '--dataclass', 'Contacts');
    expect(vcf.status).toBe(0);
    expect(vcf.stdout.match(/BEGIN:VCARD/g)).toHaveLength(4);
    const ics = join(dir, 'out.ics');
    const run = atomsync('export', '--user', 'alice', '--datastore', clients.calendar!.uuid, '-o', ics);
    expect([run.status, run.stderr]).toEqual([0, `exported 5 items to ${ics}\n`]);
    const text = readFileSync(ics, 'utf8');
    expect(text.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(text.match(/TZID:Office\/Berlin/g)).toHaveLength(1);

    expect(atomsync('import', file('out.vcf', vcf.stdout), '--user', 'alice', '--datastore', clients.contacts2!.uuid).status).toBe(0);
    expect(atomsync('import', ics, '--user', 'alice', '--datastore', clients.calendar2!.uuid).status).toBe(0);
    expect(await fingerprints(clients.contacts2!)).toEqual(await fingerprints(clients.contacts!));
    expect(await fingerprints(clients.calendar2!)).toEqual(await fingerprints(clients.calendar!));
  });

  it('fails when the file cannot be read or holds nothing, or the client is not the user\'s', () => {
    const missing = atomsync('import', join(dir, 'nope.vcf'), '--user', 'alice', '--datastore', clients.contacts!.uuid);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^atomsync: cannot read .*nope\.vcf: ENOENT/);
    const empty = atomsync('import', file('empty.vcf', 'hello\n'), '--user', 'alice', '--datastore', clients.contacts!.uuid);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/holds no vCard, VEVENT or VTODO/);
    const other = atomsync('import', join(dir, 'contacts.vcf'), '--user', 'bob', '--datastore', clients.contacts!.uuid);
    expect([other.status, other.stderr]).toEqual([1, 'atomsync: no account "bob" (`atomsync account list` lists the accounts)\n']);
    const stdout = atomsync('export', '--user', 'alice', '--datastore', clients.contacts!.uuid);
    expect(stdout.status).toBe(2);
  });
});

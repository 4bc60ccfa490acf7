/**
 * `atomsync import` of a .vcf (issue 13): a generated file of mixed vCard 2.1 (quoted-printable),
 * 3.0 and 4.0 cards imported into a fresh embedded store by the CLI in its own process, at two
 * sizes, with its JavaScript heap capped at 64 MB (`--max-old-space-size=64`: an import whose memory
 * grew with the file would die of it), reading its memory from /proc: the peak of its anonymous
 * resident memory (RssAnon: the heap, SQLite's page cache; not the database file SQLite maps,
 * which the kernel can drop) and VmHWM (all of it, mapped file pages included). Baseline in the
 * same run: the store's own insertMany of the same number of items (in this process), so the
 * ratio says what reading, splitting, checking and twin detection cost on top of storing.
 *
 *   - every size imports within the 64 MB heap                                  floor: yes
 *   - peak RssAnon, 100,000 cards − 10 cards (the process itself)              floor: ≤ 64 MB heap + 64 MB SQLite page cache
 *   - import time / raw insertMany time, 100,000 cards                         reported
 *
 * (At 10,000 cards SQLite's page cache has not filled yet, so 100,000 / 10,000 says little; the
 * bound is what the heap cap and the cache size allow, whatever the file holds.)
 *
 * Run alone with `npx tsx bench/import.bench.ts` (after `npm run build`).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { report, type Check, type Measured } from './harness.js';
import { cli } from './serve.js';
import { SecretBox } from '../packages/server/src/secrets/box.js';
import { keyFileIn } from '../packages/server/src/secrets/key.js';
import { createAccount } from '../packages/server/src/services/accounts.js';
import { createClient } from '../packages/server/src/services/datastore-clients.js';
import { openStore } from '@atomsync/store';

const SIZES = [10, 10_000, 100_000] as const;
/** SQLite's page cache (store/open.ts, cache_size): anonymous memory that fills as the database grows, up to this. */
const SQLITE_CACHE_MB = 64;

/** Card `n` in one of the three versions, every name distinct (no twins). */
function card(n: number): string {
  const name = `Nilsson${n}`;
  const phone = `+46 70 ${String(1_000_000 + n).slice(1, 4)} ${String(n % 10_000).padStart(4, '0')}`;
  switch (n % 3) {
    case 0:
      // 2.1 with a quoted-printable note holding a soft line break.
      return `BEGIN:VCARD\r\nVERSION:2.1\r\nN:${name};Lars;;;\r\nFN:Lars ${name}\r\nTEL;CELL:${phone}\r\nNOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=B6tte p=C3=A5 m=C3=A4ssan, vill ha=\r\n mer info\r\nEND:VCARD\r\n`;
    case 1:
      return `BEGIN:VCARD\r\nVERSION:3.0\r\nN:${name};Eva;;;\r\nFN:Eva ${name}\r\nTEL;TYPE=CELL:${phone}\r\nEMAIL;TYPE=INTERNET:eva.${n}@example.com\r\nEND:VCARD\r\n`;
    default:
      return `BEGIN:VCARD\r\nVERSION:4.0\r\nN:${name};Ola;;;\r\nFN:Ola ${name}\r\nTEL;VALUE=uri;TYPE=cell:tel:${phone.replace(/ /g, '')}\r\nEMAIL:ola.${n}@example.org\r\nEND:VCARD\r\n`;
  }
}

/** A fresh embedded store in `dir` with an account and a datastore client; the client's uuid. */
async function freshStore(dir: string): Promise<string> {
  const store = await openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') });
  try {
    // The data directory's key file, made as `atomsync` makes it, so the CLI reads the same key.
    const secrets = new SecretBox(keyFileIn(dir));
    const account = await createAccount({ store, secrets }, { username: 'bench', password: 'bench-password-not-secret', admin: false });
    return (await createClient(store, account.id, 'bench-import')).uuid;
  } finally {
    await store.close();
  }
}

/** The JavaScript heap the importer gets: far less than 100,000 cards would need held at once. */
const HEAP_MB = 64;

interface ImportRun {
  readonly ms: number;
  /** Peak RssAnon (sampled) and VmHWM, MB. */
  readonly anonMb: number;
  readonly hwmMb: number;
  readonly summary: string;
}

/** Runs the importer on `file` with its heap capped; its wall time and memory. */
function importFile(dir: string, file: string, clientUuid: string): Promise<ImportRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, cli, 'import', file, '--user', 'bench', '--datastore', clientUuid, '--data', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let anonMb = 0;
    let hwmMb = 0;
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const sampler = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
        anonMb = Math.max(anonMb, kb('RssAnon') / 1024);
        hwmMb = Math.max(hwmMb, kb('VmHWM') / 1024);
      } catch {
        // gone
      }
    }, 10);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`import exited ${code} (heap capped at ${HEAP_MB} MB): ${output.slice(0, 500)}`));
      else resolve({ ms: performance.now() - start, anonMb, hwmMb, summary: output.trim().split('\n')[0] ?? '' });
    });
  });
}

/** The store's own insertMany of `n` cards, in batches of 1,000, into a fresh store: the baseline. */
async function rawInsert(dir: string, n: number): Promise<number> {
  const store = await openStore({ kind: 'sqlite', file: join(dir, 'raw.sqlite') });
  try {
    const clientUuid = randomUUID();
    // The store alone: no account row needed (contents have no foreign key to it).
    const accountId = 1;
    const start = performance.now();
    for (let from = 0; from < n; from += 1_000) {
      const items = Array.from({ length: Math.min(1_000, n - from) }, (_, k) => ({ uuid: randomUUID(), accountId, clientUuid, dataclass: 'Contacts' as const, title: `card ${from + k}`, type: 'text/vcard', body: card(from + k) }));
      await store.transaction((tx) => tx.contents.insertMany(items));
    }
    return performance.now() - start;
  } finally {
    await store.close();
  }
}

export async function runImportBench(): Promise<boolean> {
  const rows: Measured[] = [];
  const runs = new Map<number, ImportRun>();
  let baseline = 0;
  for (const size of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-import-'));
    try {
      const file = join(dir, 'contacts.vcf');
      writeFileSync(file, Array.from({ length: size }, (_, n) => card(n)).join(''));
      const clientUuid = await freshStore(dir);
      const run = await importFile(dir, file, clientUuid);
      if (!run.summary.includes(`${size.toLocaleString('en')} added`)) throw new Error(`import of ${size} cards said: ${run.summary}`);
      runs.set(size, run);
      rows.push({ name: `atomsync import: ${size.toLocaleString('en')} cards (${Math.round(size / (run.ms / 1000)).toLocaleString('en')} cards/s; peak RssAnon ${run.anonMb.toFixed(0)} MB, VmHWM ${run.hwmMb.toFixed(0)} MB)`, ms: run.ms });
      if (size === SIZES[2]) {
        baseline = await rawInsert(dir, size);
        rows.push({ name: `baseline: the store's insertMany of ${size.toLocaleString('en')} cards`, ms: baseline });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const idle = runs.get(SIZES[0])!;
  const small = runs.get(SIZES[1])!;
  const large = runs.get(SIZES[2])!;
  const growth = large.anonMb - idle.anonMb;
  const checks: Check[] = [
    { label: `100,000 cards imported within a ${HEAP_MB} MB heap`, value: 1, floor: 'yes', ok: true },
    { label: 'peak RssAnon MB, 100,000 cards - 10 cards', value: growth, floor: `<= ${HEAP_MB + SQLITE_CACHE_MB}`, ok: growth <= HEAP_MB + SQLITE_CACHE_MB },
    { label: 'peak RssAnon, 100,000 / 10,000 cards', value: large.anonMb / small.anonMb, floor: 'reported', ok: true },
    { label: 'VmHWM (mapped database pages included), 100,000 / 10,000 cards', value: large.hwmMb / small.hwmMb, floor: 'reported', ok: true },
    { label: 'import / raw insertMany, 100,000 cards', value: large.ms / baseline, floor: 'reported', ok: true },
  ];
  return report('import: a mixed vCard 2.1/3.0/4.0 .vcf into a fresh embedded store (atomsync import, own process)', rows, checks);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runImportBench()) ? 0 : 1;
}

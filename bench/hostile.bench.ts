/**
 * Hostile bodies (issue 11): how long our decoders take to refuse a deep run of unclosed elements
 * and other nesting attacks, each against the same baseline measured in the same run: raw saxes
 * (no handlers, default options) parsing a flat, valid document of the same byte size. Before the
 * fix a 40,000-deep Atom body blocked the process 13 s (the error path re-parsed in saxes'
 * namespace mode, quadratic in depth); a refusal now stops at the depth cap.
 *
 *   - time to refuse / baseline, per body       floor: ≤ 1
 *   - time to refuse, per body                  floor: ≤ 250 ms
 *
 * Run alone with `npx tsx bench/hostile.bench.ts`.
 */
import { pathToFileURL } from 'node:url';
import { SaxesParser } from 'saxes';
import { AtomDecodeError, ATOM_NS, decodeContentEntry } from '@atomsync/atom';
import { decodeMessage, SyncmlDecodeError, type SyncmlEncoding } from '@atomsync/syncml';
import { measure, report, type Check, type Measured } from './harness.js';

const DEPTH = 1_000_000;
const MAX_MS = 250;

/** A well-formed document of exactly `bytes` ASCII bytes: a root holding a flat run of empty elements. */
function flatDocument(bytes: number): string {
  const head = `<entry xmlns="${ATOM_NS}">`;
  const tail = '</entry>';
  const room = bytes - head.length - tail.length;
  return head + '<a/>'.repeat(Math.floor(room / 4)) + ' '.repeat(room % 4) + tail;
}

/** Throws unless `decode` refuses `body` with the error class the server maps to 400. */
function refuses(name: string, decode: () => unknown, errorClass: new (...args: never[]) => Error): void {
  try {
    decode();
  } catch (err) {
    if (err instanceof errorClass) return;
    throw err;
  }
  throw new Error(`${name}: decoded instead of refused`);
}

interface Case {
  name: string;
  bytes: number;
  decode: () => unknown;
  errorClass: new (...args: never[]) => Error;
}

export function runHostileBench(): boolean {
  const atomHead = `<entry xmlns="${ATOM_NS}">`;
  const atomDeep = atomHead + '<a>'.repeat(DEPTH);
  const atomWrongCloses = atomDeep + '</b>'.repeat(DEPTH);
  const syncmlDeep = new TextEncoder().encode(`<SyncML xmlns="SYNCML:SYNCML1.2">${'<a>'.repeat(DEPTH)}`);
  // WBXML 1.2, public id 1, UTF-8, no string table, then SyncML-with-content tokens: one byte a level.
  const wbxmlDeep = new Uint8Array(4 + DEPTH).fill(0x6d);
  wbxmlDeep.set([0x02, 0x01, 0x6a, 0x00]);
  // A 100,000-byte string-table entry without terminator, then a million two-byte references to it.
  const tableLength = 100_000;
  const wbxmlTable = new Uint8Array(7 + tableLength + 1 + 2 * DEPTH + 1);
  wbxmlTable.set([0x02, 0x01, 0x6a, 0x86, 0x8d, 0x20]);
  wbxmlTable.fill(0x41, 6, 6 + tableLength);
  wbxmlTable[6 + tableLength] = 0x6d;
  for (let i = 0; i < DEPTH; i++) wbxmlTable.set([0x83, 0x00], 7 + tableLength + 2 * i);
  wbxmlTable[wbxmlTable.length - 1] = 0x01;
  const atomShallowWrongCloses = atomHead + '<a>'.repeat(50) + '</b>'.repeat(DEPTH);
  const syncml = (body: Uint8Array, encoding: SyncmlEncoding) => () => decodeMessage(body, encoding);

  const cases: Case[] = [
    { name: `Atom: entry + <a> x ${DEPTH.toLocaleString('en')}, unclosed`, bytes: atomDeep.length, decode: () => decodeContentEntry(atomDeep), errorClass: AtomDecodeError },
    { name: `Atom: the same + </b> x ${DEPTH.toLocaleString('en')}`, bytes: atomWrongCloses.length, decode: () => decodeContentEntry(atomWrongCloses), errorClass: AtomDecodeError },
    { name: `Atom: <a> x 50 + </b> x ${DEPTH.toLocaleString('en')}`, bytes: atomShallowWrongCloses.length, decode: () => decodeContentEntry(atomShallowWrongCloses), errorClass: AtomDecodeError },
    { name: `SyncML XML: SyncML + <a> x ${DEPTH.toLocaleString('en')}`, bytes: syncmlDeep.length, decode: syncml(syncmlDeep, 'xml'), errorClass: SyncmlDecodeError },
    { name: `SyncML WBXML: ${DEPTH.toLocaleString('en')} nested SyncML tokens`, bytes: wbxmlDeep.length, decode: syncml(wbxmlDeep, 'wbxml'), errorClass: SyncmlDecodeError },
    { name: `SyncML WBXML: ${DEPTH.toLocaleString('en')} refs to a 100 kB table string`, bytes: wbxmlTable.length, decode: syncml(wbxmlTable, 'wbxml'), errorClass: SyncmlDecodeError },
  ];

  const rows: Measured[] = [];
  const checks: Check[] = [];
  // One baseline per size (to 0.1 MB: a few bytes more or less change nothing).
  const baselines = new Map<number, Measured>();
  for (const c of cases) {
    refuses(c.name, c.decode, c.errorClass);
    const size = Math.round(c.bytes / 1e5);
    let baseline = baselines.get(size);
    if (baseline === undefined) {
      const flat = flatDocument(c.bytes);
      baseline = measure(`baseline: raw saxes, flat ${(c.bytes / 1e6).toFixed(1)} MB document`, () => new SaxesParser().write(flat).close(), { rounds: 7, minMs: 200 });
      baselines.set(size, baseline);
      rows.push(baseline);
    }
    const ours = measure(`refuse ${c.name}`, () => refuses(c.name, c.decode, c.errorClass), { rounds: 7, minMs: 100 });
    rows.push(ours);
    checks.push({ label: `${c.name}: refusal / baseline`, value: ours.ms / baseline.ms, floor: '<= 1.00', ok: ours.ms / baseline.ms <= 1 });
    checks.push({ label: `${c.name}: refusal ms`, value: ours.ms, floor: `<= ${MAX_MS}`, ok: ours.ms <= MAX_MS });
  }
  return report('hostile bodies: refusal time vs raw saxes parsing a flat valid document of the same size', rows, checks);
}


/**
 * The same attack over HTTP, against `atomsync serve` in its own process: a 1,000,000-deep
 * unclosed Atom body POSTed as an authenticated account, while a second client polls /healthz.
 * Baseline, same run: the same bytes POSTed with a media type the server refuses before reading
 * XML (415), which costs what sending 3 MB and answering costs.
 *
 *   - refusal (400) / baseline (415), median of 7                     floor: ≤ 3
 *   - refusal, median                                                  floor: ≤ 500 ms
 *   - slowest /healthz while refusals run / while the baseline runs    floor: ≤ 3
 */
export async function runHostileHttpBench(): Promise<boolean> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { serve } = await import('./serve.js');
  const admin = { username: 'bench', password: 'bench-password-not-secret' };
  const authorization = `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-hostile-'));
  const server = await serve(dataDir, admin);
  try {
    const body = `<entry xmlns="${ATOM_NS}">${'<a>'.repeat(DEPTH)}`;
    const post = async (contentType: string, expected: number): Promise<number> => {
      const start = performance.now();
      const response = await fetch(`${server.url}/v2/services/datastore/`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body });
      await response.arrayBuffer();
      if (response.status !== expected) throw new Error(`expected ${expected}, answered ${response.status}`);
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    await post('text/plain', 415);
    await post('application/atom+xml', 400);
    /** Runs `rounds` POSTs while a second client polls /healthz back to back; their times and the polls'. */
    const underPolling = async (contentType: string, expected: number) => {
      let running = true;
      const health: number[] = [];
      const poller = (async () => {
        while (running) {
          const start = performance.now();
          const response = await fetch(`${server.url}/healthz`);
          await response.arrayBuffer();
          health.push(performance.now() - start);
        }
      })();
      const posts: number[] = [];
      for (let i = 0; i < 7; i++) posts.push(await post(contentType, expected));
      running = false;
      await poller;
      return { post: median(posts), health: Math.max(...health), polls: health.length };
    };
    const baseline = await underPolling('text/plain', 415);
    const refusal = await underPolling('application/atom+xml', 400);
    const rows: Measured[] = [
      { name: 'baseline: POST the 3 MB body as text/plain (415)', ms: baseline.post },
      { name: `POST entry + <a> x ${DEPTH.toLocaleString('en')} as application/atom+xml (400 invalid_xml)`, ms: refusal.post },
      { name: `GET /healthz during the baseline: slowest of ${baseline.polls}`, ms: baseline.health },
      { name: `GET /healthz during the refusals: slowest of ${refusal.polls}`, ms: refusal.health },
    ];
    const checks: Check[] = [
      { label: 'refusal / baseline', value: refusal.post / baseline.post, floor: '<= 3.00', ok: refusal.post / baseline.post <= 3 },
      { label: 'refusal ms', value: refusal.post, floor: '<= 500', ok: refusal.post <= 500 },
      { label: '/healthz slowest, refusals / baseline', value: refusal.health / baseline.health, floor: '<= 3.00', ok: refusal.health / baseline.health <= 3 },
    ];
    return report('hostile body over HTTP: a 1,000,000-deep Atom body refused while /healthz answers', rows, checks);
  } finally {
    server.process.kill('SIGTERM');
    await new Promise((r) => server.process.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = [runHostileBench(), await runHostileHttpBench()].every(Boolean);
  process.exitCode = ok ? 0 : 1;
}

/**
 * A before/after of the DAV hot paths, not a benchmark (no floors, no peers): two builds of
 * `atomsync serve` side by side, each on its own copy of one address book of N cards and one
 * calendar of N events (loaded through the store, hrefs `<UID>.vcf` and `<UID>.ics` as vdirsyncer
 * names them), asked the same requests in turn —
 * a block of A, a block of B, A, B … — so that the machine's drift falls on both alike. Per kind of
 * request: each build's server CPU per request (/proc schedstat: time on a CPU, all threads; the median of its blocks) and
 * the ratio B/A of the blocks pair by pair (median, min–max), and beside them the wall time per
 * request (the client's whole wait, what the benchmark times) and its ratio. On a shared machine,
 * the ratio is the figure to quote.
 *   A=<cli.js> B=<cli.js> N=5000 BLOCKS=6 npx tsx bench/dav-ab.ts
 * A defaults to packages/server/dist-base/cli.js, a copy of the build before the change (`cp -r
 * packages/server/dist packages/server/dist-base`; when the change is in @atomsync/dav too, copy
 * packages/dav's package.json and dist/ into dist-base/node_modules/@atomsync/dav, which that
 * build then resolves first), B to the current build. ONLY=<regex>: the kinds whose label matches.
 * PROF=<dir>: B's server runs with --cpu-prof into <dir> (summarise with bench/cpu-profile.ts).
 * COLD=1: first, the wall time of each kind's first 60 requests on the fresh servers (how they warm up).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { contacts, events } from '../packages/server/test/dav/clients/items.js';
import { newItemUuid } from '../packages/server/src/services/item-uuid.js';
import { openStore } from '@atomsync/store';
import { addressbookMultiget, closeConnections, PROPFIND_ETAGS, syncCollection, timedRequest, type Answer } from './dav-requests.js';
import { cli, runMs, serve, stop } from './serve.js';

const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
const N = Number(process.env.N ?? 5000);
const BLOCKS = Number(process.env.BLOCKS ?? 6);
const only = process.env.ONLY === undefined ? undefined : new RegExp(process.env.ONLY);
const builds = { A: process.env.A ?? cli.replace(/dist\/cli\.js$/, 'dist-base/cli.js'), B: process.env.B ?? cli };

/** A calendar-multiget of these paths, asking what vdirsyncer asks (getetag, calendar-data). */
const calendarMultiget = (paths: readonly string[]): string =>
  `<?xml version="1.0" encoding="utf-8"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>${paths.map((p) => `<D:href>${p}</D:href>`).join('')}</C:calendar-multiget>`;

const expect = (status: number) => (a: Answer) => {
  if (a.status !== status) throw new Error(`${a.status}, expected ${status}\n${a.text.slice(0, 500)}`);
};
/** A multiget's answer: 207 with every href found (a fast answer of 404s is not the thing measured). */
const found = (hrefs: number) => (a: Answer) => {
  expect(207)(a);
  if (a.responses !== hrefs || a.notFound !== 0) throw new Error(`${a.responses} responses, ${a.notFound} not found; expected ${hrefs} found\n${a.text.slice(0, 500)}`);
};

const dataA = mkdtempSync(join(tmpdir(), 'atomsync-dav-ab-'));
const first = await serve(dataA, ADMIN, { cli: builds.A });
const sdk = createClient({ baseUrl: first.url, auth: basicAuth(ADMIN.username, ADMIN.password) });
const uuid = (await sdk.datastore.create({ userId: 'ab' })).client.uuid!;
await sdk.close();
await stop(first.process);
const items = contacts(N + 20_000);
const eventItems = events(N);
{
  const store = await openStore({ kind: 'sqlite', file: join(dataA, 'atomsync.sqlite') });
  const accountId = (await store.accounts.byUsername(ADMIN.username))!.id;
  const batch = items.slice(0, N).map((item) => ({ accountId, clientUuid: uuid, uuid: newItemUuid(), dataclass: 'Contacts' as const, title: item.uid, type: 'text/vcard', body: item.text, href: `${item.uid}.vcf` }));
  for (let i = 0; i < batch.length; i += 1000) await store.contents.insertMany(batch.slice(i, i + 1000));
  // The same datastore's calendar: N events as a CalDAV client PUT them (`<UID>.ics`, half with their VTIMEZONE).
  const calendar = eventItems.map((item) => ({ accountId, clientUuid: uuid, uuid: newItemUuid(), dataclass: 'Events' as const, title: item.uid, type: 'text/calendar', body: item.text, href: `${item.uid}.ics` }));
  for (let i = 0; i < calendar.length; i += 1000) await store.contents.insertMany(calendar.slice(i, i + 1000));
  await store.close();
}
const dataB = mkdtempSync(join(tmpdir(), 'atomsync-dav-ab-'));
cpSync(dataA, dataB, { recursive: true });
const servers = { A: await serve(dataA, ADMIN, { cli: builds.A }), B: await serve(dataB, ADMIN, { cli: builds.B, nodeArgs: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [] }) };

try {
  const urlOf = (side: 'A' | 'B') => `${servers[side].url}/dav/addressbooks/${ADMIN.username}/${uuid}/`;
  const path = new URL(urlOf('A')).pathname;
  const step = Math.floor(N / 100);
  const paths = Array.from({ length: 100 }, (_, i) => `${path}${items[i * step]!.uid}.vcf`);
  const calendarOf = (side: 'A' | 'B') => `${servers[side].url}/dav/calendars/${ADMIN.username}/${uuid}/`;
  // Every other one an odd event: those name Europe/Berlin with its VTIMEZONE (most clients write local times so).
  const eventPaths = Array.from({ length: 100 }, (_, i) => `${new URL(calendarOf('A')).pathname}${eventItems[i * step + (i % 2)]!.uid}.ics`);
  // Cards not loaded, one series per side: each PUT creates one. Each DELETE removes a loaded card,
  // from the last down (none the multiget asks for: that one runs before).
  const next = { A: N, B: N };
  const last = { A: N, B: N };
  const toDelete = (s: 'A' | 'B') => {
    do last[s]--;
    while (last[s] % step === 0);
    return `${items[last[s]]!.uid}.vcf`;
  };
  const kinds: { label: string; times: number; send: (side: 'A' | 'B') => Promise<unknown> }[] = [
    { label: 'PROPFIND Depth 1 (getetag)', times: 5, send: (s) => timedRequest(ADMIN, 'PROPFIND', urlOf(s), { depth: '1' }, PROPFIND_ETAGS).then(expect(207)) },
    { label: 'sync-collection initial', times: 5, send: (s) => timedRequest(ADMIN, 'REPORT', urlOf(s), { depth: '0' }, syncCollection('')).then(expect(207)) },
    { label: 'addressbook-multiget of 100', times: 30, send: (s) => timedRequest(ADMIN, 'REPORT', urlOf(s), {}, addressbookMultiget(paths)).then(found(100)) },
    { label: 'calendar-multiget of 100', times: 30, send: (s) => timedRequest(ADMIN, 'REPORT', calendarOf(s), {}, calendarMultiget(eventPaths)).then(found(100)) },
    { label: 'PROPFIND Depth 0', times: 100, send: (s) => timedRequest(ADMIN, 'PROPFIND', urlOf(s), { depth: '0' }, PROPFIND_ETAGS).then(expect(207)) },
    {
      label: 'PUT new (If-None-Match: *)',
      times: 150,
      send: (s) => {
        const item = items[next[s]++]!;
        return timedRequest(ADMIN, 'PUT', `${urlOf(s)}${item.uid}.vcf`, { 'content-type': 'text/vcard', 'if-none-match': '*' }, item.text).then(expect(201));
      },
    },
    { label: 'DELETE', times: 100, send: (s) => timedRequest(ADMIN, 'DELETE', `${urlOf(s)}${toDelete(s)}`, {}).then(expect(204)) },
  ];
  // Only the kinds measured: a profile (PROF) then holds their requests, not other kinds' warm-ups.
  const measured = kinds.filter((kind) => only === undefined || only.test(kind.label));
  if (process.env.COLD !== undefined) {
    // How a fresh server warms up: the benchmark times a request after one warm-up (medianOf), when
    // V8 has not optimised the code it runs yet; here the first 60 of each kind, A and B in turn.
    const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
    for (const kind of measured) {
      if (kind.label.startsWith('DELETE')) continue;
      const ms = { A: [] as number[], B: [] as number[] };
      for (let i = 0; i < 60; i++) {
        for (const side of ['A', 'B'] as const) {
          const started = performance.now();
          await kind.send(side);
          ms[side].push(performance.now() - started);
        }
      }
      for (const side of ['A', 'B'] as const) {
        const xs = ms[side];
        console.log(`${kind.label.padEnd(30)} cold ${side}: 1st ${xs[0]!.toFixed(1)} ms, median of 2nd–8th ${median(xs.slice(1, 8))}, 9th–20th ${median(xs.slice(8, 20))}, 21st–60th ${median(xs.slice(20))}`);
      }
    }
  }
  // Warm both: the credential verified once (scrypt), the statements prepared, the code compiled.
  for (const side of ['A', 'B'] as const) for (const kind of measured) if (!kind.label.startsWith('DELETE')) await kind.send(side);
  console.log(`A ${builds.A}\nB ${builds.B}\n${N} cards, ${BLOCKS} blocks of each kind per build, A and B in turn`);
  for (const kind of measured) {
    const cpu = { A: [] as number[], B: [] as number[] };
    const wall = { A: [] as number[], B: [] as number[] };
    for (let block = 0; block < BLOCKS; block++) {
      for (const side of block % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        const pid = servers[side].process.pid!;
        const before = runMs(pid);
        const started = performance.now();
        for (let i = 0; i < kind.times; i++) await kind.send(side);
        wall[side].push((performance.now() - started) / kind.times);
        cpu[side].push((runMs(pid) - before) / kind.times);
      }
    }
    const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratios = cpu.B.map((b, i) => b / cpu.A[i]!);
    const wallRatios = wall.B.map((b, i) => b / wall.A[i]!);
    console.log(
      `${kind.label.padEnd(30)} server cpu per request: A ${median(cpu.A).toFixed(3).padStart(7)} ms  B ${median(cpu.B).toFixed(3).padStart(7)} ms  B/A ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})` +
        `  | wall: A ${median(wall.A).toFixed(3)} ms  B ${median(wall.B).toFixed(3)} ms  B/A ${median(wallRatios).toFixed(2)}`,
    );
  }
} finally {
  closeConnections();
  await stop(servers.A.process);
  await stop(servers.B.process);
  rmSync(dataA, { recursive: true, force: true });
  rmSync(dataB, { recursive: true, force: true });
}

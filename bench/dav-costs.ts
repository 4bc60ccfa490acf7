/**
 * What each kind of DAV request costs the server, not a benchmark (no floors, no peers): `atomsync
 * serve` (its own process, embedded store), N requests of each kind one after another over one
 * kept-alive connection, the wall time and the server's own CPU (/proc, user + sys) per request.
 * /healthz and OPTIONS are the floor any request pays (HTTP, routing, sign-in); on a shared
 * machine the CPU is the figure to compare.
 *   N=2000 npx tsx bench/dav-costs.ts                (after a build: it serves dist/cli.js)
 * CLI=<path of another build's cli.js>: that build instead (a before/after of one change).
 * ONLY=<regex>: only the kinds whose label matches (the PUT warm-up runs unless excluded).
 * PROF=<dir>: the server runs with --cpu-prof into <dir> (summarise with bench/cpu-profile.ts).
 * GAP_MS=<ms>: the client spins this long between requests, as vdirsyncer computes between its PUTs
 * (the server idles between requests, and its caches go cold: how much a request's CPU grows by it).
 * NODE_ARGS=<flags>: more flags for the server's node, split at spaces (e.g. `--log-deopt --logfile=<file>
 * --no-logfile-per-isolate`: which functions V8 deoptimises while the server warms up).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { contacts } from '../packages/server/test/dav/clients/items.js';
import { closeConnections, PROPFIND_ETAGS, timedRequest, type Answer } from './dav-requests.js';
import { cpuSplit, serve, stop } from './serve.js';

const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
const N = Number(process.env.N ?? 2000);
const GAP_MS = Number(process.env.GAP_MS ?? 0);
const only = process.env.ONLY === undefined ? undefined : new RegExp(process.env.ONLY);
const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-dav-costs-'));
const nodeArgs = [...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : []), ...(process.env.NODE_ARGS?.split(' ').filter((a) => a !== '') ?? [])];
const server = await serve(dataDir, ADMIN, { nodeArgs, cli: process.env.CLI });
const pid = server.process.pid!;

/** A request's answer must be the one expected: a fast error never passes for a fast answer. */
function expect(status: number): (a: Answer) => Answer {
  return (a) => {
    if (a.status !== status) throw new Error(`${a.status}, expected ${status}\n${a.text.slice(0, 500)}`);
    return a;
  };
}

try {
  const sdk = createClient({ baseUrl: server.url, auth: basicAuth(ADMIN.username, ADMIN.password) });
  const books: string[] = [];
  for (let i = 0; i < 4; i++) books.push(`${server.url}/dav/addressbooks/${ADMIN.username}/${(await sdk.datastore.create({ userId: `costs-${i}` })).client.uuid!}/`);
  await sdk.close();
  const items = contacts(N);
  const phase = async (label: string, send: (i: number) => Promise<unknown>) => {
    if (only !== undefined && !only.test(label)) return;
    const cpu0 = cpuSplit(pid);
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      await send(i);
      for (const end = performance.now() + GAP_MS; performance.now() < end; );
    }
    const ms = performance.now() - t0;
    const cpu1 = cpuSplit(pid);
    const perRequest = (seconds: number) => ((seconds * 1000) / N).toFixed(3).padStart(7);
    console.log(
      `${label.padEnd(34)} wall ${(ms / N).toFixed(3).padStart(7)} ms  server cpu ${perRequest(cpu1.user + cpu1.system - cpu0.user - cpu0.system)} ms (user ${perRequest(cpu1.user - cpu0.user)}, system ${perRequest(cpu1.system - cpu0.system)})`,
    );
  };
  const put = (book: string) => (i: number) =>
    timedRequest(ADMIN, 'PUT', `${book}${items[i]!.uid}.vcf`, { 'content-type': 'text/vcard', 'if-none-match': '*' }, items[i]!.text).then(expect(201));
  await phase('PUT warm-up', put(books[0]!));
  await phase('GET /healthz', () => timedRequest(ADMIN, 'GET', `${server.url}/healthz`, {}).then(expect(200)));
  await phase('OPTIONS collection', () => timedRequest(ADMIN, 'OPTIONS', books[1]!, {}).then(expect(200)));
  await phase('PROPFIND depth 0', () => timedRequest(ADMIN, 'PROPFIND', books[1]!, { depth: '0' }, PROPFIND_ETAGS).then(expect(207)));
  await phase('PUT new', put(books[1]!));
  await phase('PUT new (again)', put(books[2]!));
  await phase('GET item', (i) => timedRequest(ADMIN, 'GET', `${books[1]}${items[i]!.uid}.vcf`, {}).then(expect(200)));
  await phase('PUT replace (no If-Match)', (i) =>
    timedRequest(ADMIN, 'PUT', `${books[2]}${items[i]!.uid}.vcf`, { 'content-type': 'text/vcard' }, items[i]!.text.replace('END:VCARD', 'NOTE:changed\r\nEND:VCARD')).then(expect(204)),
  );
} finally {
  closeConnections();
  await stop(server.process);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * An extdata client over CardDAV (issue 22, "Benchmark"): atomsync's binding of a datastore to a
 * Radicale address book, against vdirsyncer doing the same with the same Radicale in the same run
 * (the machine is shared and noisy: every figure is a ratio to vdirsyncer's of this run).
 *
 *  1. 1,000 contacts up: from a datastore into an empty address book (our binding's first run),
 *     from a local vdir into another empty one (vdirsyncer's first sync), twice each in the
 *     order vdirsyncer, us, us, vdirsyncer; the ratio of the means               floor: ≤ 1.0
 *     Radicale is the limit here: each PUT, under its write lock, reads every member to check the
     UID is not taken, so the 1,000th costs far more than the first; both clients wait on it. The
     request logs (printed) show both send the same requests (ours: a PROPFIND Depth 0 and one
     sync-collection on the empty book, then the 1,000 PUTs; vdirsyncer: a PROPFIND, the PUTs), and
     our time outside Radicale's answers is a few seconds where vdirsyncer's is ~15 s; what is left
     is Radicale's time for the same PUTs, which differs by ±10% between two runs of the same
     bytes on this machine — so this floor is met or missed by that noise, not by our client.
 *  2. 5,000 contacts down: from an address book the bench fills by writing the cards into Radicale's
 *     storage folder as files (5,000 PUTs take ~20 min), into an empty datastore / an empty
 *     local vdir                                                                 floor: ≤ 0.5
 *  3. a run with nothing changed on those 5,000 (ours: sync-collection from our token; vdirsyncer:
 *     its full listing), the median of 3 each                                   floor: ≤ 0.2
 *
 * Our runs are timed as the API's synchronize call takes them (`atomsync serve` in its own process,
 * embedded store); each is checked for the work it is timed for (its statistics, the remote's or
 * the datastore's count). Before 2, Radicale reads the 5,000 once (a listing, every card, and a
 * first sync-collection, for which it builds its history of each item), so neither side pays for
 * building Radicale's caches.
 * Run alone with `ATOMSYNC_BENCH=extdata-dav npm run bench`, or `npx tsx bench/extdata-dav.bench.ts` after a build;
 * `ATOMSYNC_BENCH_EXTDATA_DAV=up` runs step 1 alone, `=down` steps 2 and 3 (3 needs 2's 5,000);
 * `ATOMSYNC_BENCH_EXTDATA_DAV_CLI=<path to another build's cli.js>` runs that build's server instead
 * (a before/after: alternate runs with and without it).
 * Each step prints where Radicale spent its time in each side's run, by method, from its log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { contacts, type VdirItem } from '../packages/server/test/dav/clients/items.js';
import { startRadicale, type RadicaleTarget } from '../packages/server/test/dav/clients/radicale.js';
import { basicHeader } from '../packages/server/test/dav/clients/target.js';
import { readVdir, writeItems } from '../packages/server/test/dav/clients/vdir.js';
import { CONTACT_EXT, createSide } from '../packages/server/test/dav/clients/vdirsyncer.js';
import { createWorkDir, type WorkDir } from '../packages/server/test/interop/support/workdir.js';
import { closeConnections, syncCollection, timedVdirsyncer, timedRequest, PROPFIND_ETAGS, type VdirsyncerRun } from './dav-requests.js';
import type { Check } from './harness.js';
import { cpuSeconds, pidWith } from './extdata-dav-cpu.js';
import { putsBesideAnother } from './extdata-dav-overlap.js';
import { describeTimes, logMark, timesSince } from './radicale-log.js';
import { serve, stop } from './serve.js';

const UP = 1_000;
const DOWN = 5_000;
const NO_CHANGE_ROUNDS = 3;
const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
/** Per vdirsyncer run: Radicale's 1,000 up took ~2 min in the trials. */
const VDIRSYNCER_TIMEOUT_MS = 20 * 60_000;
const FLOOR = { up: 1.0, down: 0.5, noChange: 0.2 };

type Step = 'up' | 'down';
/** ATOMSYNC_BENCH_EXTDATA_DAV=up|down narrows the bench to a step (down: 2 and 3); unset, both. */
function stepsAsked(): Set<Step> {
  const asked = process.env.ATOMSYNC_BENCH_EXTDATA_DAV?.split(',').map((v) => v.trim()).filter((v) => v !== '') ?? [];
  const unknown = asked.filter((v) => v !== 'up' && v !== 'down');
  if (unknown.length > 0) throw new Error(`ATOMSYNC_BENCH_EXTDATA_DAV names no step ${unknown.join(', ')}; there are up, down`);
  return new Set<Step>(asked.length === 0 ? ['up', 'down'] : (asked as Step[]));
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A new, empty address book `name` in the account's home. */
async function addressBook(radicale: RadicaleTarget, name: string): Promise<string> {
  const url = `${radicale.url}/${radicale.username}/${name}/`;
  const response = await fetch(url, {
    method: 'MKCOL',
    headers: { authorization: basicHeader(radicale), 'content-type': 'application/xml; charset=utf-8' },
    body: `<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype></d:prop></d:set></d:mkcol>`,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`MKCOL ${url}: ${response.status} ${text}`);
  return url;
}

/** A datastore client holding `items` (one batch request), its uuid. */
async function datastoreWith(sdk: AtomSyncClient, baseUrl: string, userId: string, items: readonly VdirItem[]): Promise<string> {
  const uuid = (await sdk.datastore.create({ userId })).client.uuid!;
  if (items.length === 0) return uuid;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const entries = items.map(
    (item, i) =>
      `<entry><title>c${i}</title><s:content dataclass="Contacts" type="text/vcard">${escape(item.text)}</s:content><batch:operation type="insert"/><batch:id>b${i}</batch:id></entry>`,
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync" xmlns:batch="http://schemas.google.com/gdata/batch"><title>bench</title>${entries.join('')}</feed>`;
  const response = await fetch(`${baseUrl}/v2/services/datastore/${uuid}/contents/batch`, {
    method: 'POST',
    headers: { authorization: basicHeader(ADMIN), 'content-type': 'application/atom+xml' },
    body,
  });
  const text = await response.text();
  if (!response.ok || text.includes('code="4') || text.includes('code="5')) throw new Error(`batch insert into ${uuid}: ${response.status}\n${text.slice(0, 1500)}`);
  return uuid;
}

/** A binding of datastore `uuid` (source) to an extdata client of the address book at `href`: its id. */
async function bindTo(sdk: AtomSyncClient, radicale: RadicaleTarget, uuid: string, href: string, userId: string): Promise<number> {
  const ext = (await sdk.extdata.create({ userId, datastores: [{ dataclass: 'Contacts', href, token: { tokenType: 2, key: radicale.username, secret: radicale.password } }] })).client.uuid!;
  return Number((await sdk.syncengine.create({ source: { syncSource: 'datastore', uuid }, target: { syncSource: 'extdata', uuid: ext } })).title);
}

type Counts = Partial<Record<'addsIn' | 'addsOut' | 'replacesIn' | 'replacesOut' | 'deletesIn' | 'deletesOut', number>>;

/** One synchronize call, timed; throws unless it completed in `mode` with exactly these statistics per side. */
async function timedRun(sdk: AtomSyncClient, binding: number, mode: 200 | 201, source: Counts, target: Counts): Promise<number> {
  // The client's connection and the account's sign-in made first: the run alone is timed.
  await sdk.syncengine.list();
  const started = performance.now();
  const entry = await sdk.syncengine.synchronize(binding, { syncMode: 200, dataclass: 'Contacts' });
  const ms = performance.now() - started;
  const full = (counts: Counts) => ({ addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0, ...counts });
  const expected = JSON.stringify({ source: full(source), target: full(target) });
  const got = JSON.stringify({ source: full(entry.syncStats.source.statistics), target: full(entry.syncStats.target.statistics) });
  if (entry.result !== 'completed' || entry.syncMode !== mode || got !== expected) {
    throw new Error(`binding ${binding}: expected a completed ${mode} with ${expected}, got ${JSON.stringify({ result: entry.result, reason: entry.reason, mode: entry.syncMode })} ${got}`);
  }
  return ms;
}

async function vdirsyncerSide(work: WorkDir, radicale: RadicaleTarget, name: string, book: string, items: readonly VdirItem[]) {
  const side = await createSide({ dir: work.at(name), target: radicale, addressBook: book, calendar: 'events' });
  await writeItems(side.contactsDir, items, CONTACT_EXT);
  await timedVdirsyncer(side, 'discover', VDIRSYNCER_TIMEOUT_MS);
  return side;
}

/**
 * Whether Radicale lists `count` members in the address book (PROPFIND Depth 1 over node:http: the
 * SDK loads undici 7 as fetch's dispatcher, whose parser asserts when Radicale ends the connection
 * while a large answer is read — dav-requests.ts).
 */
async function expectListed(radicale: RadicaleTarget, url: string, count: number, who: string): Promise<void> {
  const listed = await timedRequest(radicale, 'PROPFIND', url, { depth: '1' }, PROPFIND_ETAGS);
  // The collection itself is one of the responses.
  if (listed.status !== 207 || listed.responses !== count + 1) throw new Error(`${who}: Radicale answers ${listed.status} with ${listed.responses - 1} members in ${url}, expected ${count}`);
}

export async function runExtdataDavBench(): Promise<boolean> {
  console.log(`\n## extdata-dav (a datastore bound to a Radicale address book, against vdirsyncer with the same Radicale)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-extdata-dav-'));
  const work = createWorkDir('extdata-dav-bench');
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  let radicale: RadicaleTarget | undefined;
  const checks: Check[] = [];
  const row = (label: string, ours: string, theirs: string) => console.log(`  ${label.padEnd(44)} ${ours.padStart(12)} ${theirs.padStart(12)}`);
  try {
    // ATOMSYNC_BENCH_EXTDATA_DAV_CLI: another build's cli.js, for a before/after (runs alternated by hand: A B A B).
    const cli = process.env.ATOMSYNC_BENCH_EXTDATA_DAV_CLI;
    if (cli !== undefined) console.log(`  (our server from ${cli})`);
    // PROF=<dir>: our server runs with --cpu-prof into <dir> (as dav-probe.ts), summed by cpu-profile.ts.
    const nodeArgs = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
    [server, radicale] = await Promise.all([serve(dataDir, ADMIN, { nodeArgs, ...(cli === undefined ? {} : { cli }) }), startRadicale()]);
    const url = server.url;
    /**
     * An SDK client for one step, closed after it (none left idle through minutes of vdirsyncer).
     * Long runs (1,000 PUTs to Radicale) are one synchronize call: no client-side time limit.
     */
    const withSdk = async <T>(step: (sdk: AtomSyncClient) => Promise<T>): Promise<T> => {
      const sdk = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password), timeout: false });
      try {
        return await step(sdk);
      } finally {
        await sdk.close();
      }
    };
    const radicaleTarget = radicale;

    const steps = stepsAsked();
    const radicalePid = pidWith(join(dirname(radicale.logFile), 'config'));
    const serverPid = server.process.pid!;
    /**
     * Radicale's time by method while `run` runs (from its log: time summed over requests, waits
     * on its write lock included), the CPU seconds Radicale and our server used meanwhile, the
     * machine's load when it began (on a shared machine CPU says what a run cost, wall time also
     * what everyone else did), and how many PUTs came in beside another (each costs Radicale more).
     */
    const radicaleDuring = async <T>(run: () => Promise<T>): Promise<{ result: T; radicale: string; radicaleCpu: number; serverCpu: number; load: number; beside: number }> => {
      const mark = await logMark(radicaleTarget.logFile);
      const [radicaleBefore, serverBefore, load] = [cpuSeconds(radicalePid ?? -1), cpuSeconds(serverPid), loadavg()[0]!];
      const result = await run();
      const [radicaleCpu, serverCpu] = [cpuSeconds(radicalePid ?? -1) - radicaleBefore, cpuSeconds(serverPid) - serverBefore];
      return { result, radicale: describeTimes(await timesSince(radicaleTarget.logFile, mark)), radicaleCpu, serverCpu, load, beside: await putsBesideAnother(radicaleTarget.logFile, mark) };
    };
    let upRatio: number | undefined;
    let oursUp = 0;
    let vdirsyncerUpMs = 0;
    if (steps.has('up')) {
      // 1. Up: 1,000 contacts into an empty address book each, in the order vdirsyncer, us, us,
      // vdirsyncer (ABBA: on a shared machine a load that rises or falls through the step weighs on
      // both sides alike); the ratio is of the sums.
      const up = contacts(UP);
      const oursUpRuns: number[] = [];
      const theirUpRuns: number[] = [];
      for (const [round, side] of [[0, 'vdirsyncer'], [0, 'atomsync'], [1, 'atomsync'], [1, 'vdirsyncer']] as const) {
        const name = `up-${side}-${round}`;
        const book = await addressBook(radicale, name);
        if (side === 'vdirsyncer') {
          const theirUp = await vdirsyncerSide(work, radicale, name, name, up);
          const run = await radicaleDuring(() => timedVdirsyncer(theirUp, 'sync', VDIRSYNCER_TIMEOUT_MS));
          await expectListed(radicale, book, UP, 'vdirsyncer up');
          theirUpRuns.push(run.result.wallMs);
          console.log(`  up, vdirsyncer ${round + 1}: ${s(run.result.wallMs)} (its own CPU ${s(run.result.cpuMs)})`);
          console.log(`    Radicale meanwhile: ${run.radicale}; its CPU ${run.radicaleCpu.toFixed(2)} s; PUTs beside another ${run.beside}; load ${run.load.toFixed(1)}`);
        } else {
          const binding = await withSdk(async (sdk) => bindTo(sdk, radicaleTarget, await datastoreWith(sdk, url, name, up), book, `${name}@radicale`));
          const run = await radicaleDuring(() => withSdk((sdk) => timedRun(sdk, binding, 201, { addsOut: UP }, { addsIn: UP })));
          await expectListed(radicale, book, UP, 'atomsync up');
          oursUpRuns.push(run.result);
          console.log(`  up, atomsync ${round + 1}:   ${s(run.result)} (our server's CPU ${run.serverCpu.toFixed(2)} s)`);
          console.log(`    Radicale meanwhile: ${run.radicale}; its CPU ${run.radicaleCpu.toFixed(2)} s; PUTs beside another ${run.beside}; load ${run.load.toFixed(1)}`);
        }
      }
      const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
      oursUp = sum(oursUpRuns) / oursUpRuns.length;
      vdirsyncerUpMs = sum(theirUpRuns) / theirUpRuns.length;
      upRatio = oursUp / vdirsyncerUpMs;
      console.log(`  up: atomsync ${oursUpRuns.map(s).join(', ')}; vdirsyncer ${theirUpRuns.map(s).join(', ')}; each round's ratio ${oursUpRuns.map((o, i) => (o / theirUpRuns[i]!).toFixed(2)).join(', ')}`);
      checks.push({ label: `${UP.toLocaleString('en')} up / vdirsyncer's (mean of 2, ABBA)`, value: upRatio, floor: `≤ ${FLOOR.up}`, ok: upRatio <= FLOOR.up });
    }
    if (steps.has('down')) {
      // 2. Down: 5,000 contacts written into Radicale's storage, read once by Radicale, then synced down.
      const down = contacts(DOWN);
      for (const item of down) await writeFile(join(radicale.addressBookDir, `${item.uid}${CONTACT_EXT}`), item.text);
      const downBook = `${radicale.url}/${radicale.username}/contacts/`;
      await expectListed(radicale, downBook, DOWN, 'warm-up');
      const warm = await timedRequest(radicale, 'REPORT', downBook, { depth: '1', 'content-type': 'application/xml' },
        '<?xml version="1.0"?><c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop></c:addressbook-query>');
      if (warm.status !== 207 || warm.responses !== DOWN) throw new Error(`warm-up addressbook-query: ${warm.status} with ${warm.responses} responses`);
      // And its history of the items, which it builds to answer a first sync-collection (once per collection).
      const history = await timedRequest(radicale, 'REPORT', downBook, { depth: '0', 'content-type': 'application/xml' }, syncCollection(''));
      if (history.status !== 207 || history.responses !== DOWN) throw new Error(`warm-up sync-collection: ${history.status} with ${history.responses} responses`);

      const theirDown = await vdirsyncerSide(work, radicale, 'down', 'contacts', []);
      const vdirsyncerDownRun = await radicaleDuring(() => timedVdirsyncer(theirDown, 'sync', VDIRSYNCER_TIMEOUT_MS));
      const vdirsyncerDown = vdirsyncerDownRun.result;
      const pulled = (await readVdir(theirDown.contactsDir, CONTACT_EXT)).size;
      if (pulled !== DOWN) throw new Error(`vdirsyncer down: ${pulled} contacts in its vdir, expected ${DOWN}`);
      const downBinding = await withSdk(async (sdk) => bindTo(sdk, radicaleTarget, await datastoreWith(sdk, url, 'down', []), downBook, 'down@radicale'));
      const ourDown = await radicaleDuring(() => withSdk((sdk) => timedRun(sdk, downBinding, 201, { addsIn: DOWN }, { addsOut: DOWN })));
      const oursDown = ourDown.result;
      console.log(`  down: atomsync ${s(oursDown)}, vdirsyncer ${s(vdirsyncerDown.wallMs)} (Radicale's warm-up: reading every card ${s(warm.ms)}, building its sync history ${s(history.ms)})`);
      console.log(`    Radicale during atomsync's run:   ${ourDown.radicale}`);
      console.log(`    Radicale during vdirsyncer's run: ${vdirsyncerDownRun.radicale}`);

      // 3. Nothing changed.
      const vdirsyncerAgain: VdirsyncerRun[] = [];
      const oursAgain: number[] = [];
      for (let i = 0; i < NO_CHANGE_ROUNDS; i++) {
        vdirsyncerAgain.push(await timedVdirsyncer(theirDown, 'sync', VDIRSYNCER_TIMEOUT_MS));
        oursAgain.push(await withSdk((sdk) => timedRun(sdk, downBinding, 200, {}, {})));
    }
    const theirNoChange = median(vdirsyncerAgain.map((r) => r.wallMs));
    const ourNoChange = median(oursAgain);

    console.log('');
    row('', 'atomsync', 'vdirsyncer');
    row(`${DOWN.toLocaleString('en')} contacts down into an empty store`, s(oursDown), s(vdirsyncerDown.wallMs));
    row(`no-change run on ${DOWN.toLocaleString('en')} (median of ${NO_CHANGE_ROUNDS})`, s(ourNoChange), s(theirNoChange));
    console.log(`    vdirsyncer's own CPU: down ${s(vdirsyncerDown.cpuMs)}, no-change ${s(median(vdirsyncerAgain.map((r) => r.cpuMs)))}`);
    checks.push(
      { label: `${DOWN.toLocaleString('en')} down / vdirsyncer's`, value: oursDown / vdirsyncerDown.wallMs, floor: `≤ ${FLOOR.down}`, ok: oursDown / vdirsyncerDown.wallMs <= FLOOR.down },
      { label: `no-change on ${DOWN.toLocaleString('en')} / vdirsyncer's`, value: ourNoChange / theirNoChange, floor: `≤ ${FLOOR.noChange}`, ok: ourNoChange / theirNoChange <= FLOOR.noChange },
    );
    }
    if (upRatio !== undefined) {
      console.log('');
      row(`${UP.toLocaleString('en')} contacts up into an empty address book`, s(oursUp), s(vdirsyncerUpMs));
    }
    console.log('');
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    closeConnections();
    if (server !== undefined) await stop(server.process);
    await radicale?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    work.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runExtdataDavBench()) ? 0 : 1;
}

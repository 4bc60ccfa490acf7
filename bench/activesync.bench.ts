/**
 * ActiveSync (issue 15), against `atomsync serve` on the embedded store in a process of its own,
 * so the server's memory is read from /proc without the bench's own.
 *
 * 1. A phone's first sync: 5,000 contacts in a datastore, an ActiveSync client bound to it, and our
 *    scripted phone (14.0) running Provision, FolderSync 0, Sync 0 and Sync with GetChanges until
 *    the collection has no MoreAvailable, with WindowSize 100 and 512. Baseline in the same run: a
 *    SyncML slow sync of the same 5,000 contacts in the same direction (SyncEvolution, empty, slow-
 *    syncs with a server holding them: every contact comes down). Each run has a fresh server; the
 *    rounds of the three interleave, and each figure is the median of its rounds. Wall time is the
 *    phone's whole session; requests are the server's own count (/metrics); peak memory is the
 *    server's VmHWM, reset (/proc/<pid>/clear_refs) once the contacts are loaded.
 *
 *      - wall time ActiveSync / SyncML, per WindowSize                       floor: ≤ 1.0
 *      - every contact reaches the phone, for each protocol                  checked
 *
 * 2. 1,000 idle Pings held by one instance: 1,000 ActiveSync clients (one phone each), all bound to
 *    one datastore of PING_CONTACTS contacts, each provisioned and synced (its first Sync brings
 *    them in one window of the default WindowSize, as for a phone with an address book of that
 *    size), then each sends Ping (Contacts, heartbeat PING_HEARTBEAT s). Memory per held Ping is
 *    (server memory with all held − before) / 1,000, each read after a full garbage collection in
 *    the server (GC_ON_SIGNAL: what is held, not what the collector has not reached yet), as the
 *    larger of two readings: RssAnon (heap, stacks, malloc; as import.bench reads it, since VmRSS
 *    also counts the pages of the database file SQLite maps, which the kernel can drop and no Ping
 *    holds) and the JavaScript heap in use (/metrics; exact, where RssAnon can hide growth in heap
 *    pages the server had already). VmRSS is printed beside them. Then a contact is added through
 *    the API, which wakes all 1,000 at once; the time from sending the add to each phone's answer
 *    (its head, as it arrives) is a change's latency, over CHANGES changes (the phones sync and
 *    ping again between them).
 *
 *      - memory per held Ping                                                floor: ≤ 50 KB
 *      - a change reaches every pinging phone (max over phones and changes)  floor: ≤ 1 s
 *
 * Run alone with `ATOMSYNC_BENCH=activesync npm run bench`, or `npx tsx bench/activesync.bench.ts`
 * (after `npm run build`). `ATOMSYNC_BENCH_ACTIVESYNC=first-sync` runs part 1 alone, `=ping` part 2
 * (a before/after of a change to the Sync path needs only part 1; part 2 sets up 1,000 phones).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeRequest, el, encodeResponse, type AsElement } from '@atomsync/activesync';
import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
import { WATCH_INTERVAL_MS } from '../packages/server/src/activesync/watch.js';
import { SecretBox } from '../packages/server/src/secrets/box.js';
import { keyFileIn } from '../packages/server/src/secrets/key.js';
import { createAccount } from '../packages/server/src/services/accounts.js';
import { createClient as createDatastoreClient } from '../packages/server/src/services/datastore-clients.js';
import { openStore } from '@atomsync/store';
import { childrenAt, ScriptedPhone, textAt, textOf } from '../packages/server/test/activesync/support/scripted.js';
import { bindPhone, syncEvolutionModel } from '../packages/server/test/interop/support/atomsync.js';
import { contacts, vcard30 } from '../packages/server/test/interop/support/items.js';
import { SyncEvolutionPhone } from '../packages/server/test/interop/support/syncevolution.js';
import { createWorkDir, type WorkDir } from '../packages/server/test/interop/support/workdir.js';
import type { Check } from './harness.js';
import { cli, collectGarbage, cpuSeconds, GC_ON_SIGNAL, memoryMb, resetPeakMemory, serve, settled, stop } from './serve.js';

const CONTACTS = 5_000;
const WINDOW_SIZES = [100, 512] as const;
const ROUNDS = 3;
const RATIO_FLOOR = 1.0;

const PHONES = 1_000;
/** The contacts of the pinging phones' datastore: their first Sync brings them in one default window (100). */
const PING_CONTACTS = 100;
/** Seconds: inside Ping's bounds (60–3540 by default), and long enough that no Ping expires during the bench. */
const PING_HEARTBEAT = 120;
const CHANGES = 5;
const PING_KB_FLOOR = 50;
const LATENCY_FLOOR_MS = 1_000;
/** Requests in flight at once while setting the phones up. */
const SETUP_CONCURRENCY = 16;

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-not-secret' };
const OWNER = { username: 'bench-owner', password: 'bench-owner-password-not-secret' };
const PHONE_PASSWORD = 'bench-phone-password-not-secret';

/** A catalogue entry for the SyncML phone with no quirks, so our server sends it what it stores. */
const CATALOGUE = {
  format: 1,
  vendors: [{ name: 'SyncEvolution', series: [{ name: 'Linux desktop', syncml_version: '1.2', dataclasses: ['Contacts', 'Calendar'], models: ['SyncEvolution 2.0'] }] }],
};

// ---------------------------------------------------------------------------------------------
// The server process

interface Server {
  readonly url: string;
  readonly process: ChildProcess;
  readonly owner: AtomSyncClient;
  stop(): Promise<void>;
}

/** `atomsync serve` on a fresh data directory (with the quirk-free SyncEvolution model), and an account for the bench. */
async function startServer(work: WorkDir, name: string): Promise<Server> {
  const data = work.at(`${name}-data`);
  const catalogue = work.at(`${name}-catalogue.json`);
  writeFileSync(catalogue, JSON.stringify(CATALOGUE));
  execFileSync(process.execPath, [cli, 'catalogue', 'import', catalogue, '--data', data], { stdio: ['ignore', 'ignore', 'inherit'] });
  const { url, process: child } = await serve(data, ADMIN);
  const admin = createClient({ baseUrl: url, auth: basicAuth(ADMIN.username, ADMIN.password) });
  await admin.admin.createAccount({ ...OWNER, admin: false });
  await admin.close();
  const owner = createClient({ baseUrl: url, auth: basicAuth(OWNER.username, OWNER.password) });
  return {
    url,
    process: child,
    owner,
    async stop() {
      await owner.close();
      await stop(child);
    },
  };
}

/** Requests the server has answered (its /metrics), excluding the operator's endpoints. */
async function requestsAnswered(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let total = 0;
  for (const m of text.matchAll(/^atomsync_http_requests_total\{([^}]*)\} (\d+)/gm)) {
    if (!/operation="(metrics|healthz|livez|readyz)"/.test(m[1]!)) total += Number(m[2]);
  }
  return total;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Loads `cards` into datastore client `uuid` with the content batch endpoint, 1,000 per request. */
async function loadContacts(url: string, uuid: string, cards: readonly string[]): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${OWNER.username}:${OWNER.password}`).toString('base64')}`;
  for (let from = 0; from < cards.length; from += 1_000) {
    const entries = cards
      .slice(from, from + 1_000)
      .map(
        (card, k) =>
          `<entry><title>Contact ${from + k}</title><s:content dataclass="Contacts" type="text/vcard">${escapeXml(card)}</s:content><batch:operation type="insert"/><batch:id>b${from + k}</batch:id></entry>`,
      );
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync" xmlns:batch="http://schemas.google.com/gdata/batch"><title>bench</title>${entries.join('')}</feed>`;
    const response = await fetch(`${url}/v2/services/datastore/${uuid}/contents/batch`, { method: 'POST', headers: { authorization, 'content-type': 'application/atom+xml' }, body });
    const text = await response.text();
    if (!response.ok || /<batch:status code="[45]/.test(text)) throw new Error(`loading contacts: ${response.status} ${text.slice(0, 500)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// ActiveSync request trees, as the endpoint tests build them

const folderSync = (key: string) => el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', key)]);
const sync = (key: string, extra: AsElement[] = []) =>
  el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
const getChanges = (windowSize?: number) => [el('AirSync:GetChanges'), ...(windowSize === undefined ? [] : [el('AirSync:WindowSize', String(windowSize))])];
const ping = (heartbeat: number) =>
  el('Ping:Ping', [el('Ping:HeartbeatInterval', String(heartbeat)), el('Ping:Folders', [el('Ping:Folder', [el('Ping:Id', 'contacts'), el('Ping:Class', 'Contacts')])])]);
const collectionOf = (tree: AsElement | null) => childrenAt(tree, ['AirSync:Collections'], 'AirSync:Collection')[0];

/** One Sync of the contacts folder; fails loudly on anything but HTTP 200 and Status 1. */
async function syncStep(phone: ScriptedPhone, key: string, extra: AsElement[] = []): Promise<{ key: string; adds: number; more: boolean }> {
  const answer = await phone.send('Sync', sync(key, extra));
  const collection = collectionOf(answer.tree);
  const status = textOf(collection, 'AirSync:Status');
  if (answer.status !== 200 || status !== '1') throw new Error(`Sync answered HTTP ${answer.status}, Status ${status}`);
  const adds = childrenAt(answer.tree, ['AirSync:Collections', 'AirSync:Collection', 'AirSync:Commands'], 'AirSync:Add').length;
  return { key: textOf(collection, 'AirSync:SyncKey')!, adds, more: collection?.children?.some((c) => c.tag === 'MoreAvailable') === true };
}

/** Provision, FolderSync 0, Sync 0, then Sync with GetChanges until nothing more is available; the contacts that came down and the last key. */
async function firstSync(phone: ScriptedPhone, windowSize?: number): Promise<{ key: string; adds: number }> {
  await phone.provision();
  const folders = await phone.send('FolderSync', folderSync('0'));
  if (textAt(folders.tree, 'FolderHierarchy:Status') !== '1') throw new Error(`FolderSync answered ${JSON.stringify(folders.tree)}`);
  let step = await syncStep(phone, '0');
  let adds = 0;
  do {
    step = await syncStep(phone, step.key, getChanges(windowSize));
    adds += step.adds;
  } while (step.more);
  return { key: step.key, adds };
}

/** Runs `fn` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---------------------------------------------------------------------------------------------
// 1. The first sync

interface FirstSyncRun {
  readonly ms: number;
  readonly requests: number;
  /** The server's RSS when the phone starts (the contacts loaded), and its peak during the sync. */
  readonly startMb: number;
  readonly peakMb: number;
}

/** A fresh server holding `cards` in a datastore bound to an ActiveSync client; one scripted phone's first sync. */
async function activesyncRound(work: WorkDir, name: string, cards: readonly string[], windowSize: number): Promise<FirstSyncRun> {
  const server = await startServer(work, name);
  try {
    const datastore = (await server.owner.datastore.create({ userId: `${name}-user` })).client.uuid!;
    await loadContacts(server.url, datastore, cards);
    const username = `${name}-phone`;
    const client = (await server.owner.activesync.create({ username, password: PHONE_PASSWORD })).client.uuid!;
    await server.owner.syncengine.create({ source: { syncSource: 'activesync', uuid: client }, target: { syncSource: 'datastore', uuid: datastore } });
    const phone = new ScriptedPhone({ url: server.url, username, password: PHONE_PASSWORD, version: '14.0', deviceId: `bench${name.replace(/[^a-z0-9]/gi, '')}` });
    const before = await requestsAnswered(server.url);
    resetPeakMemory(server.process.pid!);
    const startMb = memoryMb(server.process.pid!, 'VmRSS');
    const start = performance.now();
    const { adds } = await firstSync(phone, windowSize);
    const ms = performance.now() - start;
    const peakMb = memoryMb(server.process.pid!, 'VmHWM');
    const requests = (await requestsAnswered(server.url)) - before;
    if (adds !== cards.length) throw new Error(`ActiveSync (WindowSize ${windowSize}) brought ${adds} of ${cards.length} contacts down`);
    return { ms, requests, startMb, peakMb };
  } finally {
    await server.stop();
  }
}

/** A fresh server holding `cards` for a SyncML phone; SyncEvolution, empty, slow-syncs them down. */
async function syncmlRound(work: WorkDir, name: string, cards: readonly string[]): Promise<FirstSyncRun> {
  const server = await startServer(work, name);
  try {
    const binding = await bindPhone(server.owner, `${name}-user`, await syncEvolutionModel(server.owner));
    await loadContacts(server.url, binding.datastoreClient, cards);
    const phone = new SyncEvolutionPhone({
      dir: work.at(`${name}-phone`),
      deviceId: `bench-${name}`,
      serverUrl: `${server.url}/syncml`,
      username: OWNER.username,
      password: OWNER.password,
      datastores: { contacts: { uri: 'contacts' } },
      timeoutMs: 900_000,
    });
    const before = await requestsAnswered(server.url);
    resetPeakMemory(server.process.pid!);
    const startMb = memoryMb(server.process.pid!, 'VmRSS');
    const start = performance.now();
    const result = await phone.sync('contacts', 'slow');
    const ms = performance.now() - start;
    const peakMb = memoryMb(server.process.pid!, 'VmHWM');
    const requests = (await requestsAnswered(server.url)) - before;
    if (!result.ok || result.report.client.added !== cards.length) {
      throw new Error(`SyncML slow sync brought ${result.report.client.added} of ${cards.length} contacts down: ${result.error ?? ''} (status ${result.status})\n${result.output.slice(-3000)}`);
    }
    return { ms, requests, startMb, peakMb };
  } finally {
    await server.stop();
  }
}

async function firstSyncBench(work: WorkDir): Promise<Check[]> {
  const cards = contacts(CONTACTS, 5).map((c) => vcard30(c));
  const runs = new Map<string, FirstSyncRun[]>();
  const add = (key: string, run: FirstSyncRun) => runs.set(key, [...(runs.get(key) ?? []), run]);
  // Interleaved, so a noisy minute of the shared machine falls on all three alike.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const w of WINDOW_SIZES) add(`as-${w}`, await activesyncRound(work, `as-${w}-${round}`, cards, w));
    add('syncml', await syncmlRound(work, `syncml-${round}`, cards));
  }
  const summary = (key: string) => {
    const rs = runs.get(key)!;
    return { ms: median(rs.map((r) => r.ms)), requests: median(rs.map((r) => r.requests)), startMb: median(rs.map((r) => r.startMb)), peakMb: Math.max(...rs.map((r) => r.peakMb)) };
  };
  const syncml = summary('syncml');
  const line = (label: string, s: ReturnType<typeof summary>) =>
    console.log(`  ${label.padEnd(52)} ${(s.ms / 1000).toFixed(2).padStart(7)} s  ${String(s.requests).padStart(4)} requests  server RSS ${s.startMb.toFixed(0)} MB → peak ${s.peakMb.toFixed(0)} MB`);
  const checks: Check[] = [];
  for (const w of WINDOW_SIZES) {
    const s = summary(`as-${w}`);
    line(`ActiveSync first sync, WindowSize ${w}`, s);
    const ratio = s.ms / syncml.ms;
    checks.push({ label: `first sync, WindowSize ${w}: ActiveSync / SyncML time`, value: ratio, floor: `≤ ${RATIO_FLOOR.toFixed(1)}`, ok: ratio <= RATIO_FLOOR });
  }
  line('baseline: SyncML slow sync down (SyncEvolution)', syncml);
  return checks;
}

// ---------------------------------------------------------------------------------------------
// 2. Held Pings

interface Answered {
  /** Ping's Status, or the HTTP status of an answer without a body. */
  readonly status: string;
  /** When the answer's head arrived (performance.now()). */
  readonly at: number;
}

/**
 * The Ping of `phone`, over node:http with `agent` (a socket per held Ping) rather than fetch:
 * the time is taken when the answer's head arrives, before the body is read and decoded, so
 * 1,000 answers arriving together are timed as they reach this process, not as it gets round to them.
 */
function sendPing(phone: ScriptedPhone, agent: Agent, body: Uint8Array): Promise<Answered> {
  const { url, username, password, version } = phone.options;
  const query = new URLSearchParams({ Cmd: 'Ping', User: username, DeviceId: phone.deviceId, DeviceType: 'ScriptedPhone' });
  const headers = {
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    'ms-asprotocolversion': version,
    'content-type': 'application/vnd.ms-sync.wbxml',
    'x-ms-policykey': phone.policyKey ?? '',
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}/Microsoft-Server-ActiveSync?${query}`, { method: 'POST', agent, headers }, (res) => {
      const at = performance.now();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        resolve({ status: data.length === 0 ? `HTTP ${res.statusCode}` : textAt(decodeRequest(data), 'Ping:Status'), at });
      });
    });
    req.on('error', reject);
    req.setTimeout((PING_HEARTBEAT + 30) * 1000, () => req.destroy(new Error(`a Ping was not answered within its heartbeat (${PING_HEARTBEAT} s) and 30 s`)));
    req.end(body);
  });
}

const phoneName = (i: number) => `ping-phone-${i}`;

/**
 * The data directory of the Ping server, written through the store before the server starts: an
 * account, one datastore client, and PHONES ActiveSync clients each bound to it. Their password
 * hash is scrypt at N = 2^10 (the stored hash names its cost; the server verifies each phone's
 * first request at that cost): at the server's own cost (N = 2^15, ~250 ms here) creating and
 * then first verifying 1,000 clients would take minutes of the bench for nothing it measures.
 */
async function pingDataDir(dir: string): Promise<string> {
  const store = await openStore({ kind: 'sqlite', file: join(dir, 'atomsync.sqlite') });
  try {
    const secrets = new SecretBox(keyFileIn(dir));
    const account = await createAccount({ store, secrets }, { ...OWNER, admin: false });
    const datastore = (await createDatastoreClient(store, account.id, 'ping-user')).uuid;
    const salt = randomBytes(16);
    const hash = scryptSync(PHONE_PASSWORD, salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const passwordHash = `scrypt$10$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    await store.transaction(async (tx) => {
      for (let i = 0; i < PHONES; i++) {
        const client = await tx.activesync.create({ uuid: randomUUID(), accountId: account.id, userId: OWNER.username, username: phoneName(i), passwordHash, phoneNumber: '', modelUuid: '' });
        await tx.bindings.create({ accountId: account.id, source: { kind: 'activesync', uuid: client.uuid }, target: { kind: 'datastore', uuid: datastore }, conflictWinner: 'source' });
      }
    });
    return datastore;
  } finally {
    await store.close();
  }
}

async function pingBench(work: WorkDir): Promise<Check[]> {
  const dir = work.at('ping-data');
  mkdirSync(dir);
  const datastore = await pingDataDir(dir);
  const { url, process: child } = await serve(dir, ADMIN, { nodeArgs: GC_ON_SIGNAL });
  const owner = createClient({ baseUrl: url, auth: basicAuth(OWNER.username, OWNER.password) });
  // A connection per Ping, as many at once as there are phones. Not kept alive: a socket reused
  // for the next round just as the server closes it idle (5 s) would fail that Ping (ECONNRESET).
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const pid = child.pid!;
  try {
    const setupStart = performance.now();
    await loadContacts(url, datastore, contacts(PING_CONTACTS, 7).map((c) => vcard30(c)));
    const pingBody = encodeResponse(ping(PING_HEARTBEAT));
    const phones = await pool(
      Array.from({ length: PHONES }, (_, i) => i),
      SETUP_CONCURRENCY,
      async (i) => {
        const phone = new ScriptedPhone({ url, username: phoneName(i), password: PHONE_PASSWORD, version: '14.0', deviceId: `benchping${i}` });
        const { key, adds } = await firstSync(phone);
        if (adds !== PING_CONTACTS) throw new Error(`a pinging phone's first sync brought ${adds} of ${PING_CONTACTS} contacts`);
        return { phone, key };
      },
    );
    console.log(`  (setup: ${PHONES.toLocaleString('en')} ActiveSync clients bound to one datastore of ${PING_CONTACTS} contacts, provisioned and synced, in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);

    /** Pings answered so far. */
    let answered = 0;
    /** Every phone sends its Ping; one promise per phone, of its answer's status and time. */
    const pingAll = () =>
      phones.map(async ({ phone }): Promise<Answered> => {
        const answer = await sendPing(phone, agent, pingBody);
        answered++;
        return answer;
      });
    /** Fails loudly when a Ping was answered while nothing had changed: it was not held. */
    const noneAnswered = async () => {
      await sleep(0);
      if (answered > 0) throw new Error(`${answered} Pings were answered before anything changed: ${JSON.stringify(await Promise.race(held))}`);
    };

    /** The server's memory, in MB, after a full garbage collection: RssAnon, VmRSS, and its JavaScript heap in use (/metrics). */
    const memoryAfterGc = async () => {
      await collectGarbage(pid);
      const metrics = await (await fetch(`${url}/metrics`)).text();
      const heap = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(metrics)?.[1]) / 1024 / 1024;
      return { anon: memoryMb(pid, 'RssAnon'), rss: memoryMb(pid, 'VmRSS'), heap };
    };
    await settled(pid);
    const before = await memoryAfterGc();
    let held = pingAll();
    await settled(pid);
    const withHeld = await memoryAfterGc();
    await noneAnswered();
    const perPingKb = (field: keyof typeof before) => ((withHeld[field] - before[field]) * 1024) / PHONES;
    const mb = (field: keyof typeof before) => `${before[field].toFixed(1)} → ${withHeld[field].toFixed(1)} MB: ${perPingKb(field).toFixed(1)} KB per Ping`;
    console.log(`  server with ${PHONES.toLocaleString('en')} Pings held, after a full GC: RssAnon ${mb('anon')}; JS heap in use ${mb('heap')}; VmRSS ${mb('rss')}`);
    const memoryPerPing = Math.max(perPingKb('anon'), perPingKb('heap'));

    const latencies: number[] = [];
    const perChange: string[] = [];
    let resyncMs = 0;
    /** The server's CPU time from the change to the last answer: the add, the watch's reads, 1,000 answers. */
    const wakeCpuMs: number[] = [];
    for (let change = 1; change <= CHANGES; change++) {
      if (change > 1) {
        // Each phone syncs the change it was told of, then pings again.
        const resync = performance.now();
        await pool(phones, SETUP_CONCURRENCY, async (p) => {
          const step = await syncStep(p.phone, p.key, getChanges());
          if (step.adds !== 1) throw new Error(`a phone's Sync after change ${change - 1} brought ${step.adds} contacts, not 1`);
          p.key = step.key;
        });
        resyncMs += performance.now() - resync;
        answered = 0;
        held = pingAll();
        await settled(pid);
        await noneAnswered();
      }
      const cpu0 = cpuSeconds(pid);
      const t0 = performance.now();
      await owner.datastore.contents(datastore).create({ title: `change ${change}`, content: { type: 'text/vcard', value: vcard30(contacts(1, 100 + change)[0]!) } });
      const answers = await Promise.all(held);
      wakeCpuMs.push((cpuSeconds(pid) - cpu0) * 1000);
      const bad = answers.filter((a) => a.status !== '2');
      if (bad.length > 0) throw new Error(`${bad.length} Pings answered ${bad[0]!.status}, not 2 (changes)`);
      const ms = answers.map((a) => a.at - t0).sort((a, b) => a - b);
      latencies.push(...ms);
      perChange.push(`${ms[0]!.toFixed(0)}/${median(ms).toFixed(0)}/${ms.at(-1)!.toFixed(0)}`);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const max = sorted.at(-1)!;
    console.log(`  a change reaching ${PHONES.toLocaleString('en')} pinging phones (first/median/last phone, ms): ${perChange.join(', ')}`);
    console.log(`  server CPU from the change to the last answer, per change: ${wakeCpuMs.map((ms) => ms.toFixed(0)).join(', ')} ms (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)`);
    console.log(
      `  over ${CHANGES} changes × ${PHONES.toLocaleString('en')} phones: median ${median(latencies).toFixed(0)} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(0)} ms, max ${max.toFixed(0)} ms` +
        ` (the watch reads every ${WATCH_INTERVAL_MS} ms; between changes all phones Sync, ${(resyncMs / 1000 / Math.max(1, CHANGES - 1)).toFixed(1)} s per round)`,
    );
    return [
      { label: `memory per held Ping, ${PHONES} held (KB)`, value: memoryPerPing, floor: `≤ ${PING_KB_FLOOR}`, ok: memoryPerPing <= PING_KB_FLOOR },
      { label: 'a change reaches every pinging phone, max (s)', value: max / 1000, floor: `≤ ${LATENCY_FLOOR_MS / 1000}`, ok: max <= LATENCY_FLOOR_MS },
    ];
  } finally {
    agent.destroy();
    await owner.close();
    await stop(child);
  }
}

type Part = 'first-sync' | 'ping';
/** ATOMSYNC_BENCH_ACTIVESYNC=first-sync|ping narrows the bench to a part; unset, both. */
function partsAsked(): Set<Part> {
  const asked = process.env.ATOMSYNC_BENCH_ACTIVESYNC?.split(',').map((v) => v.trim()).filter((v) => v !== '') ?? [];
  const unknown = asked.filter((v) => v !== 'first-sync' && v !== 'ping');
  if (unknown.length > 0) throw new Error(`ATOMSYNC_BENCH_ACTIVESYNC names no part ${unknown.join(', ')}; there are first-sync, ping`);
  return new Set<Part>(asked.length === 0 ? ['first-sync', 'ping'] : (asked as Part[]));
}

export async function runActivesyncBench(): Promise<boolean> {
  console.log(`\n## ActiveSync: first sync of ${CONTACTS.toLocaleString('en')} contacts vs a SyncML slow sync; ${PHONES.toLocaleString('en')} held Pings (atomsync serve, embedded store, own process)`);
  const work = createWorkDir('activesync-bench');
  try {
    const parts = partsAsked();
    const checks = [...(parts.has('first-sync') ? await firstSyncBench(work) : []), ...(parts.has('ping') ? await pingBench(work) : [])];
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.label.padEnd(52)} ${c.value.toFixed(2).padStart(7)}  (floor ${c.floor})`);
    return checks.every((c) => c.ok);
  } finally {
    work.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await runActivesyncBench()) ? 0 : 1;
}

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
import { decodeMessage, SyncmlDecodeError, type SyncmlEncoding, type SyncmlMessage } from '@atomsync/syncml';
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
  const ok = [runHostileBench(), await runHostileHttpBench(), await runWideBodiesHttpBench()].every(Boolean);
  process.exitCode = ok ? 0 : 1;
}

// ---------------------------------------------------------------------------------------------
// Wide bodies over HTTP (issue 20)

/**
 * Wide bodies (issue 20): for each endpoint an anonymous caller (or, for ActiveSync and
 * Autodiscover, a signed-in phone) can make decode, a hostile ~10 MiB body of a flat run of empty
 * elements (each 1 to 4 bytes), next to the same endpoint's legitimate ~10 MiB message, against
 * `atomsync serve` in its own process (started with GC on a signal, so memory is read after a
 * full collection). Each body is posted three times in a row while a second client polls
 * /healthz; per body: the median time to the answer, the server's peak RSS growth over its
 * collected state before (VmHWM − VmRSS, the peak reset first), what it holds after a full
 * collection (RssAnon after − before), and the slowest /healthz.
 *
 *   POST /syncml, XML      legit: a Sync of ~9,000 vCard Adds (no Cred: decoded whole, then challenged)
 *                          hostile: <SyncML> + <a/> × 2.6 million
 *   POST /syncml, WBXML    legit: the same message in WBXML; hostile: 02 A4 01 6A 00 6D 12×10,485,696 01
 *   ActiveSync Sync        legit: a full window (512) of contact Adds with ~19 KB notes, signed in
 *                          hostile: a Sync of ten million empty Syncs, signed in
 *   Autodiscover           legit: the request a phone sends; hostile: 64 KiB of <a/> (the most the
 *                          endpoint reads; 413 past it) and a 10 MiB one (413 on its declared length)
 *   Atom batch POST        legit: 1,000 ~10 KB notes inserted; hostile: an entry of <a/> × 2.6 million,
 *                          and 1,000 entries of ~1,700 foreign elements each (many under many)
 *
 *   - hostile / legit, time                     floor: ≤ 1 (Autodiscover: hostile ≤ 50 ms; none for a
 *                                                413, whose time is the client's upload)
 *   - hostile peak RSS growth / legit's          floor: ≤ 1 (legit's at least 16 MB: below, noise)
 *
 * ATOMSYNC_BENCH_CLI=<path to an atomsync cli.js> measures another build (e.g. 8761df4's) alike.
 */
export async function runWideBodiesHttpBench(): Promise<boolean> {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { basicAuth, createClient } = await import('@atomsync/sdk');
  const { el, encodeResponse } = await import('@atomsync/activesync');
  const { encodeMessage } = await import('@atomsync/syncml');
  const { ScriptedPhone, childrenAt, textOf } = await import('../packages/server/test/activesync/support/scripted.js');
  const { cli, collectGarbage, freePort, GC_ON_SIGNAL, memoryMb, resetPeakMemory, stop, waitHealthy } = await import('./serve.js');

  const MiB = 1024 * 1024;
  const LIMIT = 10 * MiB;
  const ROUNDS = 3;
  const admin = { username: 'bench', password: 'bench-password-not-secret' };
  const owner = { username: 'bench-owner', password: 'bench-owner-password-not-secret' };
  const phoneLogin = { username: 'bench-phone', password: 'bench-phone-password-not-secret' };
  const basic = (u: { username: string; password: string }) => `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
  const serverCli = process.env.ATOMSYNC_BENCH_CLI ?? cli;

  const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-wide-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...GC_ON_SIGNAL, serverCli, 'serve', '--port', String(port), '--data', dataDir], {
    env: { ...process.env, ATOMSYNC_ADMIN_USER: admin.username, ATOMSYNC_ADMIN_PASSWORD: admin.password, ATOMSYNC_LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid!;
  try {
    await waitHealthy(url, child);
    // An account with a datastore, and an ActiveSync phone bound to it, signed in and synced once.
    const adminClient = createClient({ baseUrl: url, auth: basicAuth(admin.username, admin.password) });
    await adminClient.admin.createAccount({ ...owner, admin: false });
    await adminClient.close();
    const ownerClient = createClient({ baseUrl: url, auth: basicAuth(owner.username, owner.password) });
    const datastore = (await ownerClient.datastore.create({ userId: 'wide-user' })).client.uuid!;
    const phoneClient = (await ownerClient.activesync.create(phoneLogin)).client.uuid!;
    await ownerClient.syncengine.create({ source: { syncSource: 'activesync', uuid: phoneClient }, target: { syncSource: 'datastore', uuid: datastore } });
    await ownerClient.close();
    const phone = new ScriptedPhone({ url, ...phoneLogin, version: '14.0', deviceId: 'benchwide' });
    await phone.provision();
    await phone.send('FolderSync', el('FolderHierarchy:FolderSync', [el('FolderHierarchy:SyncKey', '0')]));
    const syncOf = (key: string, extra: ReturnType<typeof el>[] = []) =>
      el('AirSync:Sync', [el('AirSync:Collections', [el('AirSync:Collection', [el('AirSync:SyncKey', key), el('AirSync:CollectionId', 'contacts'), ...extra])])]);
    const keyOf = (answer: Awaited<ReturnType<typeof phone.send>>) => textOf(childrenAt(answer.tree, ['AirSync:Collections'], 'AirSync:Collection')[0], 'AirSync:SyncKey');
    let syncKey = keyOf(await phone.send('Sync', syncOf('0')));
    if (syncKey === undefined) throw new Error('the phone got no SyncKey');

    // The bodies.
    const syncmlMessage = (items: number): SyncmlMessage => {
      const note = 'x'.repeat(900);
      const adds = Array.from({ length: items }, (_, i) => ({
        kind: 'Add' as const,
        cmdId: `${i + 3}`,
        meta: { type: 'text/x-vcard' },
        items: [{ source: { locUri: `${i}` }, data: `BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jo${i}\r\nTEL;CELL:+4915112345${i}\r\nNOTE:${note}\r\nEND:VCARD\r\n` }],
      }));
      return {
        header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: `${url}/syncml` }, source: { locUri: 'IMEI:490154203237518' } },
        commands: [{ kind: 'Sync' as const, cmdId: '2', target: { locUri: 'contacts' }, source: { locUri: './contacts' }, commands: adds }],
        final: true,
      };
    };
    /** The largest `make(n)` under `limit` bytes, n found from the size of one and of a hundred. */
    const fill = (make: (n: number) => Uint8Array, limit: number): Uint8Array => {
      const one = make(1).length;
      const per = (make(101).length - one) / 100;
      let n = Math.floor((limit - one) / per);
      let body = make(n);
      while (body.length > limit) body = make(--n);
      return body;
    };
    const encoder = new TextEncoder();
    const syncmlXml = fill((n) => encodeMessage(syncmlMessage(n), 'xml'), LIMIT - 4096);
    const syncmlWbxml = fill((n) => encodeMessage(syncmlMessage(n), 'wbxml'), LIMIT - 4096);
    const flatXml = (head: string, tail: string) => encoder.encode(head + '<a/>'.repeat(Math.floor((LIMIT - head.length - tail.length) / 4)) + tail);
    const hostileSyncmlXml = flatXml('<SyncML xmlns="SYNCML:SYNCML1.2">', '</SyncML>');
    const hostileSyncmlWbxml = new Uint8Array(6 + 10_485_696 + 1).fill(0x12);
    hostileSyncmlWbxml.set([0x02, 0xa4, 0x01, 0x6a, 0x00, 0x6d]);
    hostileSyncmlWbxml[hostileSyncmlWbxml.length - 1] = 0x01;

    const asAdds = (n: number, note: string) =>
      Array.from({ length: n }, (_, i) =>
        el('AirSync:Add', [
          el('AirSync:ClientId', `c${i}`),
          el('AirSync:ApplicationData', [el('Contacts:FirstName', `Jo${i}`), el('Contacts:LastName', 'Wide'), el('AirSyncBase:Body', [el('AirSyncBase:Type', '1'), el('AirSyncBase:Data', note)])]),
        ]),
      );
    const noteLength = Math.floor((LIMIT - 64 * 1024) / 512) - 80;
    const legitSync = () => encodeResponse(syncOf(syncKey!, [el('AirSync:Commands', asAdds(512, 'n'.repeat(noteLength)))]));
    const hostileSync = new Uint8Array(LIMIT).fill(0x05);
    hostileSync.set([0x03, 0x01, 0x6a, 0x00, 0x45]);
    hostileSync[hostileSync.length - 1] = 0x01;

    const autodiscoverNs = 'http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006';
    const autodiscoverRequest = (inner: string) =>
      `<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="${autodiscoverNs}"><Request><EMailAddress>ada@example.org</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006</AcceptableResponseSchema>${inner}</Request></Autodiscover>`;
    const legitAutodiscover = encoder.encode(autodiscoverRequest(''));
    const hostileAutodiscover = encoder.encode(autodiscoverRequest('<a/>'.repeat(Math.floor((64 * 1024 - legitAutodiscover.length) / 4))));
    const hostileAutodiscover10 = encoder.encode(autodiscoverRequest('<a/>'.repeat(Math.floor((LIMIT - legitAutodiscover.length) / 4))));

    const feedHead = '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync" xmlns:batch="http://schemas.google.com/gdata/batch" xmlns:x="urn:x"><title>bench</title>';
    let batchRound = 0;
    const legitBatch = () => {
      const round = batchRound++;
      const text = 'n'.repeat(Math.floor(LIMIT / 1000) - 400);
      const entries = Array.from({ length: 1000 }, (_, i) => `<entry><title>Note ${round}-${i}</title><s:content dataclass="Notes" type="text/plain">${text}</s:content><batch:operation type="insert"/><batch:id>b${i}</batch:id></entry>`);
      return encoder.encode(`${feedHead}${entries.join('')}</feed>`);
    };
    const hostileBatchFlat = flatXml(`${feedHead}<entry><title>t</title>`, '</entry></feed>');
    const perEntry = Math.floor((LIMIT - feedHead.length) / 1000);
    const spreadEntry = `<entry><title>t</title>${'<x:a/>'.repeat(Math.floor((perEntry - 40) / 6))}</entry>`;
    const hostileBatchSpread = encoder.encode(`${feedHead}${spreadEntry.repeat(1000)}</feed>`);

    // The requests.
    const post = async (path: string, headers: Record<string, string>, body: Uint8Array): Promise<number> => {
      const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: Buffer.from(body) }).catch((error: unknown) => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server died (${child.exitCode ?? child.signalCode}) on POST ${path}`);
        throw error;
      });
      await response.arrayBuffer();
      return response.status;
    };
    const syncml = (encoding: 'xml' | 'wbxml') => (body: Uint8Array) => post('/syncml', { 'content-type': `application/vnd.syncml+${encoding}` }, body);
    const autodiscover = (body: Uint8Array) => post('/autodiscover/autodiscover.xml', { authorization: basic(phoneLogin), 'content-type': 'text/xml' }, body);
    const batch = (body: Uint8Array) => post(`/v2/services/datastore/${datastore}/contents/batch`, { authorization: basic(owner), 'content-type': 'application/atom+xml' }, body);
    const activesync = async (body: Uint8Array): Promise<number> => {
      const answer = await phone.send('Sync', body);
      const key = answer.status === 200 ? keyOf(answer) : undefined;
      if (key !== undefined) syncKey = key;
      return answer.status;
    };

    interface Phase {
      name: string;
      bytes: number;
      status: number;
      ms: number;
      peakMb: number;
      heldMb: number;
      healthMs: number;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    /** ROUNDS posts of `body()` while /healthz is polled; time, memory and the slowest poll. */
    const phase = async (name: string, send: (body: Uint8Array) => Promise<number>, body: () => Uint8Array, expect: (status: number) => boolean): Promise<Phase> => {
      const bodies = Array.from({ length: ROUNDS }, body);
      await collectGarbage(pid);
      const heldBefore = memoryMb(pid, 'RssAnon');
      resetPeakMemory(pid);
      const rssBefore = memoryMb(pid, 'VmRSS');
      let running = true;
      const health: number[] = [];
      const poller = (async () => {
        while (running) {
          const start = performance.now();
          try {
            await (await fetch(`${url}/healthz`)).arrayBuffer();
          } catch {
            // A kept-alive connection the server closed as it woke from a long block: the
            // wait still counts, and the next poll opens another.
          }
          health.push(performance.now() - start);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const times: number[] = [];
      let status = 0;
      for (const b of bodies) {
        const start = performance.now();
        status = await send(b);
        times.push(performance.now() - start);
        // Another build (ATOMSYNC_BENCH_CLI) may answer a hostile body otherwise; only a 5xx stops it.
        if (serverCli === cli ? !expect(status) : status >= 500) throw new Error(`${name}: answered ${status}`);
      }
      running = false;
      await poller;
      const peakMb = memoryMb(pid, 'VmHWM') - rssBefore;
      await collectGarbage(pid);
      const heldMb = memoryMb(pid, 'RssAnon') - heldBefore;
      return { name, bytes: bodies[0]!.length, status, ms: median(times), peakMb, heldMb, healthMs: Math.max(...health) };
    };
    const ok = (s: number) => s === 200;
    const refused = (s: number) => s >= 400 && s < 500;

    const pairs: { endpoint: string; legit: Phase; hostile: Phase[] }[] = [];
    pairs.push({
      endpoint: 'POST /syncml (XML)',
      legit: await phase(`legit: Sync of vCard Adds`, syncml('xml'), () => syncmlXml, (s) => s < 500),
      hostile: [await phase('hostile: <SyncML> + <a/> × 2.6M', syncml('xml'), () => hostileSyncmlXml, refused)],
    });
    pairs.push({
      endpoint: 'POST /syncml (WBXML)',
      legit: await phase('legit: the same in WBXML', syncml('wbxml'), () => syncmlWbxml, (s) => s < 500),
      hostile: [await phase('hostile: SyncML + 10,485,696 × <Final/>', syncml('wbxml'), () => hostileSyncmlWbxml, refused)],
    });
    pairs.push({
      endpoint: 'ActiveSync Sync (signed in)',
      legit: await phase('legit: 512 contact Adds with notes', activesync, legitSync, ok),
      hostile: [await phase('hostile: Sync + 10M empty Syncs', activesync, () => hostileSync, refused)],
    });
    pairs.push({
      endpoint: 'Autodiscover (signed in)',
      legit: await phase('legit: the request a phone sends', autodiscover, () => legitAutodiscover, ok),
      hostile: [
        await phase('hostile: 64 KiB of <a/> in Request', autodiscover, () => hostileAutodiscover, (s) => s < 500),
        await phase('hostile: 10 MiB of <a/> in Request', autodiscover, () => hostileAutodiscover10, (s) => s === 413),
      ],
    });
    pairs.push({
      endpoint: 'Atom batch POST',
      legit: await phase('legit: 1,000 notes of ~10 KB inserted', batch, legitBatch, ok),
      hostile: [
        await phase('hostile: an entry of <a/> × 2.6M', batch, () => hostileBatchFlat, refused),
        await phase('hostile: 1,000 entries × 1,700 foreign', batch, () => hostileBatchSpread, refused),
      ],
    });

    console.log(`\n## wide bodies over HTTP: hostile ~10 MiB bodies next to each endpoint's legitimate one (${serverCli === cli ? 'this build' : serverCli}; median of ${ROUNDS})`);
    console.log(`  ${'endpoint / body'.padEnd(58)} ${'MB'.padStart(5)} ${'status'.padStart(6)} ${'ms'.padStart(8)} ${'peak +MB'.padStart(9)} ${'held +MB'.padStart(9)} ${'/healthz max ms'.padStart(16)}`);
    const checks: Check[] = [];
    for (const { endpoint, legit, hostile } of pairs) {
      console.log(`  ${endpoint}`);
      for (const p of [legit, ...hostile]) {
        console.log(`    ${p.name.padEnd(56)} ${(p.bytes / MiB).toFixed(2).padStart(5)} ${String(p.status).padStart(6)} ${p.ms.toFixed(0).padStart(8)} ${p.peakMb.toFixed(0).padStart(9)} ${p.heldMb.toFixed(0).padStart(9)} ${p.healthMs.toFixed(0).padStart(16)}`);
      }
      for (const h of hostile) {
        if (h.status === 413) {
          // Refused on its declared length: what time it takes is the client's upload, which the
          // server discards unread (listen.ts); only its memory is the server's.
        } else if (endpoint.startsWith('Autodiscover')) {
          checks.push({ label: `${endpoint}, ${h.name.slice(9)}: ms`, value: h.ms, floor: '<= 50', ok: h.ms <= 50 });
        } else {
          checks.push({ label: `${endpoint}, ${h.name.slice(9, 40)}: time / legit`, value: h.ms / legit.ms, floor: '<= 1.00', ok: h.ms <= legit.ms });
        }
        const legitPeak = Math.max(legit.peakMb, 16);
        checks.push({ label: `${endpoint}, ${h.name.slice(9, 40)}: peak / legit`, value: h.peakMb / legitPeak, floor: '<= 1.00 (legit >= 16 MB)', ok: h.peakMb <= legitPeak });
      }
    }
    return report('wide bodies: the floors', [], checks);
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

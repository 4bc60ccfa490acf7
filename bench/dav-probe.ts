/**
 * A probe of the DAV hot paths, not a benchmark (no floors, no peers): `atomsync serve` on an
 * address book of N cards loaded through the store (href `<UID>.vcf`, as vdirsyncer names them),
 * then PROPFIND Depth 1, an initial sync-collection, a multiget of 100 and PROPFIND Depth 0, each
 * ROUNDS times, then PUTS more cards one PUT at a time: the wall time and the server's own CPU
 * (/proc, user + sys) per request. On a shared machine the CPU is the figure to compare.
 *   N=5000 PUTS=1000 ROUNDS=20 npx tsx bench/dav-probe.ts        (after a build: it serves dist/cli.js)
 * PROF=<dir>: the server runs with --cpu-prof into <dir>. READS=after: the reads after the PUTs;
 * READS=none: no reads. LOAD=0: nothing loaded (the PUTs fill the book). KEEP=1: the data kept.
 * ONLY=<regex>: only the reads whose label matches (a profile of one kind of request).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, createClient } from '@atomsync/sdk';
import { contacts } from '../packages/server/test/dav/clients/items.js';
import { addressbookMultiget, closeConnections, PROPFIND_ETAGS, syncCollection, timedRequest } from './dav-requests.js';
import { cpuSeconds, serve, stop } from './serve.js';
import { openStore } from '@atomsync/store';
import { newItemUuid } from '../packages/server/src/services/item-uuid.js';

const ADMIN = { username: 'bench', password: 'bench-password-not-secret' };
const N = Number(process.env.N ?? 5000);
const dataDir = mkdtempSync(join(tmpdir(), 'atomsync-dav-probe-'));
const nodeArgs = process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [];
const first = await serve(dataDir, ADMIN);
const sdk = createClient({ baseUrl: first.url, auth: basicAuth(ADMIN.username, ADMIN.password) });
const uuid = (await sdk.datastore.create({ userId: 'probe' })).client.uuid!;
await sdk.close();
await stop(first.process);
const items = contacts(N + Number(process.env.PUTS ?? 1000));
const LOADED = process.env.LOAD === '0' ? 0 : N;
{
  const store = await openStore({ kind: 'sqlite', file: join(dataDir, 'atomsync.sqlite') });
  const accountId = (await store.accounts.byUsername(ADMIN.username))!.id;
  const batch = items.slice(0, LOADED).map((item) => ({ accountId, clientUuid: uuid, uuid: newItemUuid(), dataclass: 'Contacts' as const, title: item.uid, type: 'text/vcard', body: item.text, href: `${item.uid}.vcf` }));
  for (let i = 0; i < batch.length; i += 1000) await store.contents.insertMany(batch.slice(i, i + 1000));
  await store.close();
}
const server = await serve(dataDir, ADMIN, { nodeArgs });
const pid = server.process.pid!;
try {
  const url = `${server.url}/dav/addressbooks/${ADMIN.username}/${uuid}/`;
  const only = process.env.ONLY === undefined ? undefined : new RegExp(process.env.ONLY);
  const phase = async (label: string, times: number, f: (i: number) => Promise<unknown>) => {
    if (only !== undefined && !only.test(label)) return;
    const cpu0 = cpuSeconds(pid);
    const t0 = performance.now();
    for (let i = 0; i < times; i++) await f(i);
    const ms = performance.now() - t0;
    const cpu = (cpuSeconds(pid) - cpu0) * 1000;
    console.log(`${label.padEnd(40)} wall ${(ms / times).toFixed(2).padStart(8)} ms  server cpu ${(cpu / times).toFixed(2).padStart(8)} ms  (×${times})`);
  };
  await timedRequest(ADMIN, 'PROPFIND', url, { depth: '0' }, PROPFIND_ETAGS);
  const reads = async () => {
  const rounds = Number(process.env.ROUNDS ?? 20);
  await phase('PROPFIND Depth 1', rounds, () => timedRequest(ADMIN, 'PROPFIND', url, { depth: '1' }, PROPFIND_ETAGS));
  const vdirProps = '<?xml version="1.0" encoding="utf-8" ?><propfind xmlns="DAV:"><prop><resourcetype/><getcontenttype/><getetag/></prop></propfind>';
  await phase('PROPFIND Depth 1 (vdirsyncer)', rounds, () => timedRequest(ADMIN, 'PROPFIND', url, { depth: '1' }, vdirProps));
  await phase('sync-collection initial', rounds, () => timedRequest(ADMIN, 'REPORT', url, { depth: '0' }, syncCollection('')));
  const stepM = Math.floor(LOADED > 0 ? LOADED / 100 : items.length / 100);
  const paths = Array.from({ length: 100 }, (_, i) => `${new URL(url).pathname}${items[i * stepM]!.uid}.vcf`);
  await phase('multiget 100', rounds * 5, () => timedRequest(ADMIN, 'REPORT', url, {}, addressbookMultiget(paths)));
  await phase('PROPFIND Depth 0', rounds * 5, () => timedRequest(ADMIN, 'PROPFIND', url, { depth: '0' }, PROPFIND_ETAGS));
  };
  if (process.env.READS === undefined) await reads();
  const step = Number(process.env.STEP ?? 1000);
  for (let from = LOADED; from < items.length; from += step) {
    await phase(`PUT ${from}..${from + step}`, step, async (i) => {
      const item = items[from + i]!;
      const a = await timedRequest(ADMIN, 'PUT', `${url}${item.uid}.vcf`, { 'content-type': 'text/vcard', 'if-none-match': '*' }, item.text);
      if (a.status !== 201) throw new Error(`PUT ${a.status} ${a.text}`);
    });
  }
  if (process.env.READS === 'after') await reads();
  const one = await timedRequest(ADMIN, 'PROPFIND', url, { depth: '1' }, PROPFIND_ETAGS);
  console.log(`PROPFIND body ${one.bytes} bytes, ${one.responses} responses`);
} finally {
  closeConnections();
  await stop(server.process);
  if (process.env.KEEP) console.log('kept', dataDir);
  else rmSync(dataDir, { recursive: true, force: true });
}

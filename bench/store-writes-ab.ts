/**
 * The store's side of a 10k-vs-10k slow sync alone, schema against schema: the 14,000 copies
 * (insertMany, described, with UID and ETag given, as the sync writes them) and the 20,000 rows it
 * reads first (listDescribed), in one transaction, on a fresh embedded store each round. Variant
 * B runs the DDL of `B_DDL` (statements separated by ';') after the migrations; A runs as
 * migrated. Rounds alternate A B A B…, so a shared machine's load falls on both alike; printed:
 * the median CPU ms of each, and B/A. For choosing indexes by measurement, not by guess:
 *   B_DDL='drop index contents_changes' ROUNDS=15 npx tsx bench/store-writes-ab.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describeItem, uidOf } from '@atomsync/items';
import { openStore } from '@atomsync/store';
import { slowSyncSides } from './sync-data.js';

const ROUNDS = Number(process.env.ROUNDS ?? 11);
const ddl = (process.env.B_DDL ?? '').split(';').map((s) => s.trim()).filter((s) => s !== '');
const sides = slowSyncSides(10_000, 0.3);
const copies = { source: sides.target.slice(0, 7_000), target: sides.source.slice(0, 7_000) };
const described = (c: { title: string; body: string }) => ({ ...c, description: describeItem({ dataclass: 'Contacts', type: 'text/vcard', title: c.title, body: c.body }), uid: uidOf(c.body), etag: randomUUID() });
const rows = { source: sides.source.map(described), target: sides.target.map(described) };
const copyRows = { source: copies.source.map(described), target: copies.target.map(described) };

async function round(variant: 'A' | 'B'): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'atomsync-writes-ab-'));
  try {
    const file = join(dir, 'ab.sqlite');
    const store = await openStore({ kind: 'sqlite', file });
    if (variant === 'B' && ddl.length > 0) {
      const db = new SQLite(file);
      for (const statement of ddl) db.exec(statement);
      db.close();
    }
    const account = (await store.accounts.create({ username: 'ab', passwordHash: 'unused', syncmlDigest: null, admin: false }))!;
    const clients = { source: randomUUID(), target: randomUUID() };
    for (const [side, uuid] of Object.entries(clients)) await store.datastores.create({ uuid, accountId: account.id, userId: side });
    const toNew = (side: 'source' | 'target', list: typeof rows.source) =>
      list.map((c) => ({ uuid: randomUUID(), accountId: account.id, clientUuid: clients[side], dataclass: 'Contacts' as const, title: c.title, type: 'text/vcard', body: c.body, description: c.description, uid: c.uid, etag: c.etag }));
    for (const side of ['source', 'target'] as const) await store.transaction(() => store.contents.insertMany(toNew(side, rows[side])));
    const work = { source: toNew('source', copyRows.source), target: toNew('target', copyRows.target) };
    global.gc?.();
    const start = process.cpuUsage();
    await store.contents.listDescribed({ accountId: account.id, uuid: clients.source }, ['Contacts']);
    await store.contents.listDescribed({ accountId: account.id, uuid: clients.target }, ['Contacts']);
    await store.transaction(async () => {
      await store.contents.insertMany(work.source);
      await store.contents.insertMany(work.target);
    });
    const used = process.cpuUsage(start);
    await store.close();
    return (used.user + used.system) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
await round('A');
await round('B');
for (let i = 0; i < ROUNDS; i++) for (const v of ['A', 'B'] as const) times[v].push(await round(v));
const [a, b] = [median(times.A), median(times.B)];
console.log(JSON.stringify({ ddl, rounds: ROUNDS, aMs: Math.round(a), bMs: Math.round(b), ratio: Number((b / a).toFixed(3)), a: times.A.map(Math.round), b: times.B.map(Math.round) }));

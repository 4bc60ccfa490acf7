/**
 * Helpers of the synchronization suites: vCards that differ in what the duplicate key sees (name,
 * phone), datastore↔datastore bindings with contents created through the SDK's datastore API, and
 * the items of a side as their bodies.
 */
import type { ConflictWinner, Dataclass, SyncMode, Statistics } from '@atomsync/atom';
import type { AtomSyncClient, SyncLogEntry } from '@atomsync/sdk';
import { expect } from 'vitest';
import type { TestAccount } from '../support/server.js';

/** A vCard 3.0 of `name`, with a phone number of its own (so no two are twins unless asked). */
export function card(name: string, tel = phoneOf(name), note?: string): string {
  const [given, family = ''] = name.split(' ');
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${family};${given};;;`, `FN:${name}`, `TEL;TYPE=CELL:${tel}`];
  if (note !== undefined) lines.push(`NOTE:${note}`);
  return [...lines, 'END:VCARD'].join('\r\n');
}

/** A stable, distinct Swedish mobile number per name. */
function phoneOf(name: string): string {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 10_000_000;
  return `+4670${String(h).padStart(7, '0')}`;
}

export const NOTE_TYPE = 'text/plain';

export interface Side {
  readonly uuid: string;
  /** Adds a contact; its content uuid. */
  add(name: string, body?: string): Promise<string>;
  /** Adds a note; its content uuid. */
  addNote(text: string): Promise<string>;
  edit(contentUuid: string, name: string, body: string): Promise<void>;
  remove(contentUuid: string): Promise<void>;
  /** Live item bodies, sorted (a side's content as a multiset). */
  bodies(): Promise<string[]>;
  /** Live items: content uuid → body. */
  items(): Promise<Map<string, string>>;
}

let userIds = 0;

/** A fresh datastore client of `who`, with helpers over its contents. */
export async function datastoreSide(who: TestAccount): Promise<Side> {
  const uuid = (await who.client.datastore.create({ userId: `sync-user-${process.pid}-${++userIds}` })).client.uuid!;
  return sideOf(who.client, uuid);
}

export function sideOf(client: AtomSyncClient, uuid: string): Side {
  const contents = client.datastore.contents(uuid);
  const idOf = (id: string | undefined) => id!.slice('urn:uuid:'.length);
  const items = async () => {
    const feed = await contents.list();
    return new Map(feed.entries.map((e) => [idOf(e.id), e.content?.value ?? ''] as const));
  };
  return {
    uuid,
    async add(name, body = card(name)) {
      return idOf((await contents.create({ title: name, content: { type: 'text/x-vcard', value: body } })).id);
    },
    async addNote(text) {
      return idOf((await contents.create({ title: text.slice(0, 20), content: { type: NOTE_TYPE, value: text } })).id);
    },
    async edit(contentUuid, name, body) {
      await contents.update(contentUuid, { title: name, content: { type: 'text/x-vcard', value: body } });
    },
    async remove(contentUuid) {
      await contents.delete(contentUuid);
    },
    items,
    async bodies() {
      return [...(await items()).values()].sort();
    },
  };
}

export interface Pair {
  readonly id: number;
  readonly source: Side;
  readonly target: Side;
  run(syncMode: SyncMode, dataclass?: Dataclass): Promise<SyncLogEntry>;
}

/** Two fresh datastore clients of `who`, bound source → target. */
export async function datastorePair(who: TestAccount, conflictWinner: ConflictWinner = 'source'): Promise<Pair> {
  const source = await datastoreSide(who);
  const target = await datastoreSide(who);
  const entry = await who.client.syncengine.create({
    source: { syncSource: 'datastore', uuid: source.uuid },
    target: { syncSource: 'datastore', uuid: target.uuid },
    conflictWinner,
  });
  const id = Number(entry.title);
  return { id, source, target, run: (syncMode, dataclass = 'Contacts') => who.client.syncengine.synchronize(id, { syncMode, dataclass }) };
}

const ZERO: Statistics = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };

/** Statistics with the given counts, the rest 0. */
export function stats(counts: Partial<Statistics> = {}): Statistics {
  return { ...ZERO, ...counts };
}

/** A completed run's mode, per-side statistics and counters, checked whole. */
export function expectRun(
  entry: SyncLogEntry,
  mode: SyncMode,
  source: Partial<Statistics>,
  target: Partial<Statistics>,
  counters: { duplicatesDetected?: number; duplicatesRemoved?: number; conflictsDetected?: number } = {},
): void {
  expect([entry.result, entry.reason]).toEqual(['completed', undefined]);
  expect(entry.syncMode).toBe(mode);
  expect(entry.syncStats.source.statistics).toEqual(stats(source));
  expect(entry.syncStats.target.statistics).toEqual(stats(target));
  expect({
    duplicatesDetected: entry.syncStats.duplicatesDetected,
    duplicatesRemoved: entry.syncStats.duplicatesRemoved,
    conflictsDetected: entry.syncStats.conflictsDetected,
  }).toEqual({ duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0, ...counters });
}

/** A failed run: its mode, zero statistics, a reason. */
export function expectFailed(entry: SyncLogEntry, mode: SyncMode): string {
  expect(entry.result).toBe('failed');
  expect(entry.syncMode).toBe(mode);
  expect(entry.syncStats.source.statistics).toEqual(ZERO);
  expect(entry.syncStats.target.statistics).toEqual(ZERO);
  expect([entry.syncStats.duplicatesDetected, entry.syncStats.duplicatesRemoved, entry.syncStats.conflictsDetected]).toEqual([0, 0, 0]);
  expect(entry.reason).toEqual(expect.any(String));
  expect(entry.reason!.length).toBeGreaterThan(0);
  return entry.reason!;
}

/** The log id a log entry's URL id names. */
export const logIdOf = (entry: SyncLogEntry): number => Number(entry.id!.split('/').pop());

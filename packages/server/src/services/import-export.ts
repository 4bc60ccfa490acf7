/**
 * Import and export of .vcf / .ics files into and out of a datastore client (`atomsync import`,
 * `atomsync export`, guide/operators.md#import-and-export).
 *
 * Import streams: @atomsync/items' splitItems cuts the file into items as it is read, and every
 * 1,000 of them go through applyBatch (content-batch.ts), the API's batch, in one transaction
 * each, so an item is checked and stored exactly as a posted one. An item whose duplicate key
 * (describeItem) equals one already in the datastore, or one earlier in the file, is a twin and is
 * not added again. Memory holds one batch and a 16-byte digest per duplicate key.
 *
 * Export writes the items of a class as one file: vCards one after another, events and tasks as
 * one VCALENDAR with each VTIMEZONE once (CalendarWriter). Items are read a page of 1,000 at a
 * time (ContentRepo.page), and the file is written as it goes, waiting for the output to drain:
 * memory is bounded by a page, whatever the datastore holds.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Dataclass } from '@atomsync/atom';
import { CalendarWriter, cardText, describeItem, splitItems, titleOf, type ItemDataclass, type SplitItem } from '@atomsync/items';
import { ServiceError } from '../errors.js';
import { quote } from '../http/safe-text.js';
import type { ContentRecord } from '../store/records.js';
import type { ClientKey, Store } from '../store/store.js';
import { applyBatch, type BatchRequest } from './content-batch.js';
import { classesOfFilter } from './dataclass.js';
import { ownedClient } from './datastore-clients.js';

export const IMPORT_BATCH = 1000;

export interface ImportRefusal {
  /** The line of the file the item begins on. */
  readonly line: number;
  readonly reason: string;
}

export interface ImportSummary {
  added: number;
  twins: number;
  refused: ImportRefusal[];
  /** Refusals beyond the first 100 are counted, not kept. */
  refusedCount: number;
  /** Items the file held (added + twins + refused by the batch). */
  items: number;
}

export interface ImportOptions {
  /** The class of every item (refused when its body says otherwise); default: from the body. */
  readonly dataclass?: Dataclass | undefined;
  /** Called after each batch with the summary so far. */
  readonly progress?: ((summary: Readonly<ImportSummary>) => void) | undefined;
  readonly batchSize?: number;
}

const KEPT_REFUSALS = 100;

/** The datastore client `clientUuid` of account `username`; 404 ServiceError otherwise. */
export async function clientOf(store: Store, username: string, clientUuid: string): Promise<ClientKey> {
  const account = await store.accounts.byUsername(username);
  if (account === undefined) throw new ServiceError(404, 'not_found', `no account ${quote(username)}`);
  const { accountId, uuid } = await ownedClient(store, account.id, clientUuid);
  return { accountId, uuid };
}

function classOf(item: SplitItem): ItemDataclass {
  return item.component === 'VCARD' ? 'Contacts' : item.component === 'VTODO' ? 'Tasks' : 'Events';
}

function mediaTypeOf(item: SplitItem): string {
  if (item.component === 'VCARD') return item.version === '2.1' ? 'text/x-vcard' : 'text/vcard';
  return item.version === '1.0' ? 'text/x-vcalendar' : 'text/calendar';
}

const digest = (key: string) => createHash('sha256').update(key).digest('base64').slice(0, 22);

/** Imports the items of `source` (a .vcf or .ics as text or bytes) into the client. */
export async function importItems(store: Store, client: ClientKey, source: AsyncIterable<string | Uint8Array>, options: ImportOptions = {}): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? IMPORT_BATCH;
  const summary: ImportSummary = { added: 0, twins: 0, refused: [], refusedCount: 0, items: 0 };
  const refuse = (line: number, reason: string) => {
    summary.refusedCount++;
    if (summary.refused.length < KEPT_REFUSALS) summary.refused.push({ line, reason });
  };

  const keys = new Set<string>();
  for await (const item of liveItems(store, client)) {
    const key = describeItem(item).key;
    if (key !== null) keys.add(digest(key));
  }

  let batch: { line: number; key: string | null; request: BatchRequest }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const outcomes = await applyBatch(store, client, batch.map((b) => b.request), options.dataclass);
    outcomes.forEach((outcome, i) => {
      const { line, key } = batch[i]!;
      if (outcome.code === 201) {
        summary.added++;
      } else {
        refuse(line, outcome.reason.replace(/^Bad Request: /, ''));
        if (key !== null) keys.delete(key);
      }
    });
    batch = [];
    options.progress?.(summary);
  };

  for await (const entry of splitItems(source)) {
    if (!entry.ok) {
      refuse(entry.line, entry.reason);
      continue;
    }
    summary.items++;
    const dataclass = options.dataclass === undefined || options.dataclass === 'Calendar' ? classOf(entry) : options.dataclass;
    const type = mediaTypeOf(entry);
    const key0 = describeItem({ dataclass, type, title: '', body: entry.text }).key;
    const key = key0 === null ? null : digest(key0);
    if (key !== null && keys.has(key)) {
      summary.twins++;
      continue;
    }
    if (key !== null) keys.add(key);
    batch.push({ line: entry.line, key, request: { operation: 'insert', id: undefined, content: { title: titleOf(dataclass, entry.text), body: entry.text, type, dataclass: options.dataclass } } });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return summary;
}

/** The file format of an export of `dataclass`. */
export function exportFormat(dataclass: Dataclass): 'vcf' | 'ics' {
  if (dataclass === 'Contacts') return 'vcf';
  if (dataclass === 'Events' || dataclass === 'Tasks' || dataclass === 'Calendar') return 'ics';
  throw new ServiceError(400, 'validation_failed', `${dataclass} has no file format to export to (Contacts: .vcf; Events, Tasks, Calendar: .ics)`);
}

/** How many stored items are read at once: what bounds an export's memory. */
const PAGE = 1_000;

/** Every live item of a client (of some item classes), read a page at a time. */
async function* liveItems(store: Store, client: ClientKey, dataclasses?: readonly ItemDataclass[]): AsyncGenerator<ContentRecord> {
  let after: string | undefined;
  for (;;) {
    const page = await store.contents.page(client, after, PAGE, dataclasses);
    yield* page;
    if (page.length < PAGE) return;
    after = page.at(-1)!.uuid;
  }
}

async function write(out: Writable, text: string): Promise<void> {
  if (text !== '' && !out.write(text)) await once(out, 'drain');
}

/** Writes the client's items of `dataclass` to `out` as one .vcf or .ics; the number written. */
export async function exportItems(store: Store, client: ClientKey, dataclass: Dataclass, out: Writable): Promise<number> {
  const format = exportFormat(dataclass);
  const items = liveItems(store, client, classesOfFilter(dataclass));
  let written = 0;
  if (format === 'vcf') {
    for await (const item of items) {
      if (!/^\s*BEGIN:VCARD/i.test(item.body)) continue;
      await write(out, cardText(item.body));
      written++;
    }
    return written;
  }
  const calendar = new CalendarWriter();
  for await (const item of items) {
    const text = calendar.add(item.body);
    if (text !== '') written++;
    await write(out, text);
  }
  await write(out, calendar.end());
  return written;
}

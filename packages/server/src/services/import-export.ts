/**
 * Import and export of .vcf / .ics files into and out of a datastore client (`atomsync import`,
 * `atomsync export`, guide/operators.md#import-and-export).
 *
 * Import streams: @atomsync/items' splitItems cuts the file into items as it is read, and every
 * 1,000 of them go through the API's batch (content-batch.ts), in one transaction each, so an
 * item is checked and stored exactly as a posted one. An item whose duplicate key (describeItem)
 * equals one already in the datastore, or one earlier in the file, is a twin and is not added
 * again: each batch asks the store for its own keys (keysPresent), so memory holds one batch,
 * whatever the file and the datastore hold; it asks in the transaction that stores the batch, with
 * the datastore's write turn held, so two imports racing add an item once. The API's import (importPart) is one such batch: a
 * part of a file, posted by a browser a part at a time.
 *
 * Export writes the items of a class as one file: vCards one after another, events and tasks as
 * one VCALENDAR with each VTIMEZONE once (CalendarWriter). Items are read a page of 1,000 at a
 * time (ContentRepo.page), and the file is written as it goes, waiting for the output to drain:
 * memory is bounded by a page, whatever the datastore holds.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Dataclass } from '@atomsync/atom';
import { CalendarWriter, cardText, describeItem, splitItems, titleOf, type ItemDataclass, type SplitEntry, type SplitItem } from '@atomsync/items';
import { ServiceError } from '../errors.js';
import { codePointName, quote, unwritableIn } from '../http/safe-text.js';
import type { ContentRecord } from '@atomsync/store';
import type { ClientKey, Store } from '@atomsync/store';
import { planBatch, writePlan, type BatchPlan, type BatchRequest } from './content-batch.js';
import { classesOfFilter } from './dataclass.js';
import { ownedClient } from './datastore-clients.js';

export const IMPORT_BATCH = 1000;

export interface ImportRefusal {
  /** The line of the file the item begins on. */
  readonly line: number;
  readonly reason: string;
  /** The item's name (a card's FN, an event's SUMMARY), when it could be read that far. */
  readonly title?: string | undefined;
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
  /** The line of the whole file the source's first line is (an API import of a part): refusals are numbered from it. */
  readonly firstLine?: number | undefined;
  /**
   * Runs a batch's writes (the twin check and the inserts, one transaction): a server's line of writers
   * (RequestContext.inWriterTurn); by default, at once.
   */
  readonly inTurn?: (<T>(write: () => Promise<T>) => Promise<T>) | undefined;
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

/** An item of the file on its way into a batch. */
interface Pending {
  readonly line: number;
  /** Its name, for a refusal. */
  readonly title: string;
  /** Its duplicate key (describeItem's), null when it has none: never a twin. */
  readonly key: string | null;
  readonly request: BatchRequest;
}

/**
 * The items of a file (splitItems' entries) into a datastore client, a batch at a time: each
 * batch's twins are looked up in the store (keysPresent: the items of the datastore, and those of
 * the file's earlier batches, stored by then) and among its own items, and the rest go through the
 * API's batch (planBatch, writePlan), in the same transaction as the look-up.
 */
async function importEntries(store: Store, client: ClientKey, entries: AsyncIterable<SplitEntry> | Iterable<SplitEntry>, options: ImportOptions): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? IMPORT_BATCH;
  const offset = (options.firstLine ?? 1) - 1;
  const inTurn = options.inTurn ?? (<T>(write: () => Promise<T>) => write());
  const summary: ImportSummary = { added: 0, twins: 0, refused: [], refusedCount: 0, items: 0 };
  const refuse = (line: number, reason: string, title?: string) => {
    summary.refusedCount++;
    if (summary.refused.length < KEPT_REFUSALS) summary.refused.push({ line: line + offset, reason, ...(title === undefined || title === '' ? {} : { title }) });
  };

  let batch: Pending[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const pending = batch;
    batch = [];
    const plan = await planBatch(client, pending.map((p) => p.request), options.dataclass);
    const keys = [...new Set(pending.flatMap((p) => (p.key === null ? [] : [p.key])))];
    const outcomes = await inTurn(() =>
      // The twin check and the inserts are one transaction holding the datastore's write turn
      // (lockClient: its change counter's row on PostgreSQL, the file's write lock on SQLite), so
      // two imports of one file at once, on any instances, add its items once: the second one's
      // check waits for the first one's commit and finds its items. Run again whole if cut (issue 27).
      store.transaction(async (tx) => {
        await tx.contents.lockClient(client);
        const present = await tx.contents.keysPresent(client, keys);
        // A twin of the store, or of an item earlier in this batch, is left out of the plan.
        const seen = new Set<string>();
        const twins = new Set<number>();
        pending.forEach((p, i) => {
          // A key counts once its item is stored: one refused already (planned 400) makes no twin.
          if (p.key === null || plan.outcomes[i] !== undefined) return;
          if (present.has(p.key) || seen.has(p.key)) twins.add(i);
          else seen.add(p.key);
        });
        return { outcomes: await writePlan(tx, client, withoutEntries(plan, twins)), twins };
      }, { retry: true }),
    );
    pending.forEach((p, i) => {
      if (outcomes.twins.has(i)) summary.twins++;
      else if (outcomes.outcomes[i]!.code === 201) summary.added++;
      else refuse(p.line, outcomes.outcomes[i]!.reason.replace(/^Bad Request: /, ''), p.title);
    });
    options.progress?.(summary);
  };

  for await (const entry of entries) {
    if (!entry.ok) {
      refuse(entry.line, entry.reason);
      continue;
    }
    summary.items++;
    const dataclass = options.dataclass === undefined || options.dataclass === 'Calendar' ? classOf(entry) : options.dataclass;
    const type = mediaTypeOf(entry);
    const title = titleOf(dataclass, entry.text);
    // A refusal names the item as what it is (a card asked to be an event is still named by its FN).
    const name = dataclass === classOf(entry) ? title : titleOf(classOf(entry), entry.text);
    // What no answer could carry (a C0 control in a NOTE) is refused here, as an Atom entry holding it would be.
    const unwritable = unwritableIn(entry.text);
    if (unwritable !== undefined) {
      refuse(entry.line, `it holds ${codePointName(unwritable)}, a character XML cannot carry`, name);
      continue;
    }
    const key = describeItem({ dataclass, type, title: '', body: entry.text }).key;
    batch.push({ line: entry.line, title: name, key, request: { operation: 'insert', id: undefined, content: { title, body: entry.text, type, dataclass: options.dataclass } } });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return summary;
}

/**
 * The plan without the inserts at `indexes` (twins found in the writer's turn): their outcomes
 * are left unset, the caller counts them. Planned before the turn, so the items are described
 * off the writer's time; leaving some out needs no new description.
 */
function withoutEntries(plan: BatchPlan, indexes: ReadonlySet<number>): BatchPlan {
  if (indexes.size === 0) return plan;
  return { ...plan, outcomes: [...plan.outcomes], inserts: plan.inserts.filter((insert) => !indexes.has(insert.index)) };
}

/** Imports the items of `source` (a .vcf or .ics as text or bytes) into the client, a batch (IMPORT_BATCH) and a transaction at a time. */
export async function importItems(store: Store, client: ClientKey, source: AsyncIterable<string | Uint8Array>, options: ImportOptions = {}): Promise<ImportSummary> {
  return importEntries(store, client, splitItems(source), options);
}

/**
 * Imports a part of a file (the API's import: POST …/contents/import) in one transaction: at most
 * IMPORT_BATCH items (413 past), and something that reads as a card, an event or a task (400
 * otherwise: the wrong file, not a file with bad items).
 */
export async function importPart(store: Store, client: ClientKey, text: string, options: Omit<ImportOptions, 'batchSize' | 'progress'> = {}): Promise<ImportSummary> {
  const entries: SplitEntry[] = [];
  let items = 0;
  for await (const entry of splitItems([text])) {
    if (entry.ok && ++items > IMPORT_BATCH) {
      throw new ServiceError(413, 'payload_too_large', `the body holds more than ${IMPORT_BATCH.toLocaleString('en-US')} items: post the file in parts of at most ${IMPORT_BATCH.toLocaleString('en-US')}, cut between items (first-line numbers each part's lines)`);
    }
    entries.push(entry);
  }
  if (entries.length === 0) throw new ServiceError(400, 'validation_failed', 'the body holds no vCard, VEVENT or VTODO: post a .vcf or an .ics');
  return importEntries(store, client, entries, { ...options, batchSize: IMPORT_BATCH });
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

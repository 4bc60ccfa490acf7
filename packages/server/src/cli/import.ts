/**
 * `atomsync import FILE --user U --datastore CLIENT [--create]`: the cards of a .vcf or the events
 * and tasks of an .ics into a datastore client (named by uuid or name; --create makes it when
 * missing), on the configured store directly (--data / DATABASE_URL, as
 * `account`), through services/import-export.ts: batches of 1,000 through the API's batch service,
 * one transaction each, twins (an item whose duplicate key one in the datastore or earlier in the
 * file has) skipped. A progress bar on stderr when it is a terminal; a summary line at the end:
 * `imported contacts.vcf: 99,812 added, 188 twins skipped, 0 refused`, then each refusal (line and
 * reason). Exit 1 when the file cannot be read or holds no item at all; 2 for configuration.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { DATACLASS_VALUES, type Dataclass } from '@atomsync/atom';
import cliProgress from 'cli-progress';
import { defineCommand } from 'citty';
import type { OpenedStore } from '../bootstrap.js';
import { STORE_ENVIRONMENT } from '../config.js';
import { ServiceError } from '../errors.js';
import { createClient, createClientNamed } from '../services/datastore-clients.js';
import { importItems, type ImportSummary } from '../services/import-export.js';
import type { ClientKey } from '@atomsync/store';
import { fail, openStoreOrFail } from './failure.js';
import { accountNamed, datastoreNamed, findDatastore } from './owned.js';
import { documentEnvironment } from './usage.js';

export const dataArg = { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' } as const;
export const userArg = { type: 'string', description: 'The account that owns the datastore client', required: true, valueHint: 'USERNAME' } as const;
export const datastoreArg = { type: 'string', description: 'The datastore client: its uuid or its name (`atomsync datastore list --user U`)', required: true, valueHint: 'CLIENT' } as const;

/** A --dataclass value, or exit 2. */
export function dataclassArg(value: string | undefined): Dataclass | undefined {
  if (value === undefined || value === '') return undefined;
  const found = DATACLASS_VALUES.find((d) => d.toLowerCase() === value.toLowerCase());
  if (found === undefined) fail(`--dataclass: ${JSON.stringify(value)} is none of ${DATACLASS_VALUES.join(', ')}`, 2);
  return found;
}

/** How a command finds its datastore client: by uuid or name, or, with `create`, makes it when missing. */
export interface ClientChoice {
  readonly user: string;
  /** A uuid or a name; with `create`, the name of the client to make when the account has none by it. */
  readonly datastore: string | undefined;
  readonly create?: { readonly defaultName: string } | undefined;
}

/**
 * Opens the configured store and the client `choice` names, runs `work`, closes the store. A made
 * client is said on stdout (its uuid is what later commands take).
 */
export async function withClient<T>(data: string | undefined, choice: ClientChoice, work: (opened: OpenedStore, client: ClientKey) => Promise<T>): Promise<T> {
  const opened = await openStoreOrFail(data);
  try {
    const { store } = opened;
    const account = await accountNamed(store, choice.user);
    let client = choice.create === undefined || choice.datastore === undefined ? undefined : await findDatastore(store, account, choice.datastore);
    if (client === undefined && choice.create !== undefined) {
      client = choice.datastore === undefined ? await createClientNamed(store, account.id, choice.create.defaultName) : await createClient(store, account.id, choice.datastore);
      process.stdout.write(`created datastore client ${client.uuid} (${client.userId}) for ${account.username}\n`);
    }
    client ??= await datastoreNamed(store, account, choice.datastore!);
    return await work(opened, { accountId: client.accountId, uuid: client.uuid });
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    await opened.store.close();
    fail(err.message, 1);
  } finally {
    await opened.store.close().catch(() => undefined);
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** The summary line, and a line per kept refusal. */
export function summaryText(file: string, summary: ImportSummary): string {
  const lines = [`imported ${file}: ${count(summary.added)} added, ${count(summary.twins)} twin${summary.twins === 1 ? '' : 's'} skipped, ${count(summary.refusedCount)} refused`];
  for (const r of summary.refused) lines.push(`  line ${r.line}: ${r.reason}`);
  if (summary.refusedCount > summary.refused.length) lines.push(`  … and ${count(summary.refusedCount - summary.refused.length)} more refused`);
  return `${lines.join('\n')}\n`;
}

export const importCommand = defineCommand({
  meta: { name: 'import', description: 'Import the cards of a .vcf or the events and tasks of an .ics into a datastore client' },
  args: {
    file: { type: 'positional', description: 'The .vcf or .ics file (vCard 2.1–4.0, iCalendar 2.0, vCalendar 1.0)', required: true },
    user: userArg,
    datastore: { ...datastoreArg, required: false },
    create: { type: 'boolean', description: 'Make the datastore client when the account has none named --datastore (default name: the file\'s, without extension)', default: false },
    dataclass: { type: 'string', description: 'The class of every item (default: from each item: Contacts, Events, Tasks)', valueHint: 'Contacts|Events|Tasks|Calendar' },
    data: dataArg,
  },
  async run({ args }) {
    const dataclass = dataclassArg(args.dataclass);
    if (args.datastore === undefined && !args.create) fail('name the datastore client with --datastore (its uuid or name; `atomsync datastore list --user U` lists them), or make one with --create', 2);
    let size: number;
    try {
      const info = await stat(args.file);
      if (!info.isFile()) fail(`cannot read ${args.file}: not a file`, 1);
      size = info.size;
    } catch (err) {
      fail(`cannot read ${args.file}: ${(err as Error).message}`, 1);
    }
    const create = args.create ? { defaultName: basename(args.file, extname(args.file)) } : undefined;
    const summary = await withClient(args.data, { user: args.user, datastore: args.datastore, create }, async ({ store }, client) => {
      const bar = process.stderr.isTTY === true
        ? new cliProgress.SingleBar({ stream: process.stderr, format: `${basename(args.file)} [{bar}] {percentage}% | {added} added, {twins} twins, {refused} refused`, hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic)
        : undefined;
      let read = 0;
      const stream = createReadStream(args.file);
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          read += chunk.length;
          yield chunk;
        }
      }
      bar?.start(Math.max(size, 1), 0, { added: 0, twins: 0, refused: 0 });
      try {
        return await importItems(store, client, counted(), {
          dataclass,
          progress: (s) => bar?.update(read, { added: count(s.added), twins: count(s.twins), refused: count(s.refusedCount) }),
        });
      } catch (err) {
        bar?.stop();
        if ((err as NodeJS.ErrnoException).syscall !== undefined) fail(`cannot read ${args.file}: ${(err as Error).message}`, 1);
        throw err;
      } finally {
        bar?.stop();
      }
    });
    process.stdout.write(summaryText(args.file, summary));
    if (summary.items === 0) fail(`${args.file} holds no vCard, VEVENT or VTODO that could be read`, 1);
  },
});

documentEnvironment(importCommand, STORE_ENVIRONMENT);

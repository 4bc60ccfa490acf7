/**
 * `atomsync export --user U --datastore CLIENT [--dataclass …] [-o FILE]`: a datastore client's
 * contacts as one .vcf, or its events and tasks as one .ics (one VCALENDAR, each VTIMEZONE once),
 * to stdout or FILE (services/import-export.ts). Without --dataclass, FILE's extension decides
 * (.vcf: Contacts, .ics: Calendar); on stdout it must be named.
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { extname } from 'node:path';
import type { Writable } from 'node:stream';
import type { Dataclass } from '@atomsync/atom';
import { defineCommand } from 'citty';
import { STORE_ENVIRONMENT } from '../config.js';
import { exportFormat, exportItems } from '../services/import-export.js';
import { fail } from './failure.js';
import { dataArg, dataclassArg, datastoreArg, userArg, withClient } from './import.js';
import { documentEnvironment } from './usage.js';

export const exportCommand = defineCommand({
  meta: { name: 'export', description: 'Export a datastore client\'s contacts as one .vcf, or its events and tasks as one .ics' },
  args: {
    user: userArg,
    datastore: datastoreArg,
    dataclass: { type: 'string', description: 'Contacts (.vcf), or Events, Tasks, Calendar (.ics); default: from -o\'s extension', valueHint: 'Contacts|Events|Tasks|Calendar' },
    output: { type: 'string', alias: 'o', description: 'The file to write (default: stdout)', valueHint: 'FILE' },
    data: dataArg,
  },
  async run({ args }) {
    let dataclass: Dataclass | undefined = dataclassArg(args.dataclass);
    const extension = args.output === undefined ? '' : extname(args.output).toLowerCase();
    if (dataclass === undefined) {
      if (extension === '.vcf') dataclass = 'Contacts';
      else if (extension === '.ics') dataclass = 'Calendar';
      else fail('name the items to export with --dataclass (Contacts, Events, Tasks, Calendar), or write to a .vcf or .ics file', 2);
    }
    try {
      exportFormat(dataclass);
    } catch (err) {
      fail(`--dataclass: ${(err as Error).message}`, 2);
    }
    const written = await withClient(args.data, { user: args.user, datastore: args.datastore }, async ({ store }, client) => {
      let out: Writable = process.stdout;
      if (args.output !== undefined) {
        out = createWriteStream(args.output);
        await new Promise<void>((resolve, reject) => {
          out.once('open', () => resolve());
          out.once('error', reject);
        }).catch((err: unknown) => fail(`cannot write ${args.output}: ${(err as Error).message}`, 1));
      }
      const n = await exportItems(store, client, dataclass, out);
      if (out !== process.stdout) {
        out.end();
        await finished(out);
      }
      return n;
    });
    if (args.output !== undefined) process.stderr.write(`exported ${written.toLocaleString('en-US')} items to ${args.output}\n`);
  },
});

documentEnvironment(exportCommand, STORE_ENVIRONMENT);

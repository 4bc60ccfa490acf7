/**
 * `atomsync catalogue …`: the phone catalogue (guide/operators.md#accounts).
 *
 * `import FILE` reads a catalogue file (the format of the shipped phones.json, catalogue/schema.ts),
 * validates all of it before touching the store (every bad record named on stderr, exit 1,
 * nothing written), then upserts its vendors and models in one transaction. Uuids derive from the
 * names, so importing a file twice, or one that repeats shipped phones, updates instead of adding.
 */
import { readFile } from 'node:fs/promises';
import { defineCommand } from 'citty';
import { CatalogueError, readCatalogue, type Catalogue } from '../catalogue/dataset.js';
import { importCatalogue } from '../catalogue/seed.js';
import { STORE_ENVIRONMENT } from '../config.js';
import { fail, openStoreOrFail } from './failure.js';
import { documentEnvironment } from './usage.js';

/** Reads and validates FILE; a CatalogueError or an unreadable/unparsable file is a message. */
export async function loadCatalogueFile(file: string): Promise<Catalogue> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CatalogueError([`cannot read ${file}: ${(err as Error).message}`]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new CatalogueError([`${file} is not JSON: ${(err as Error).message}`]);
  }
  return readCatalogue(data);
}

const importCommand = defineCommand({
  meta: { name: 'import', description: 'Add or update phone vendors and models from a catalogue file (JSON)' },
  args: {
    file: { type: 'positional', description: 'The catalogue file (the format of the shipped phones.json)', required: true },
    data: { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' },
  },
  async run({ args }) {
    let catalogue: Catalogue;
    try {
      catalogue = await loadCatalogueFile(args.file);
    } catch (err) {
      if (err instanceof CatalogueError) fail(`${args.file}: ${err.message}`, 1);
      throw err;
    }
    const opened = await openStoreOrFail(args.data);
    try {
      await importCatalogue(opened.store, catalogue);
    } finally {
      await opened.store.close();
    }
    process.stdout.write(`imported ${catalogue.vendors.length} vendors and ${catalogue.models.length} phone models from ${args.file}\n`);
  },
});

export const catalogueCommand = defineCommand({
  meta: { name: 'catalogue', description: 'Manage the phone catalogue' },
  subCommands: { import: importCommand },
});

documentEnvironment(importCommand, STORE_ENVIRONMENT);

/** `atomsync catalogue import` as a real process on a temporary data directory. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openConfiguredStore, type OpenedStore } from '../../src/bootstrap.js';
import { modelUuid } from '../../src/catalogue/uuid.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const dir = mkdtempSync(join(tmpdir(), 'atomsync-catalogue-'));
const dataDir = join(dir, 'data');

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function atomsync(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', TSX, CLI, 'catalogue', ...args, '--data', dataDir], {
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, DATABASE_URL: '', ATOMSYNC_SECRET_KEY: '', ATOMSYNC_DATA_DIR: '' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let opened: OpenedStore | undefined;
afterEach(async () => {
  await opened?.store.close();
  opened = undefined;
});

const good = {
  format: 1,
  vendors: [
    { name: 'Nokia', series: [{ name: 'S60 3rd Edition', syncml_version: '1.2', dataclasses: ['Contacts', 'Calendar'], models: ['E71', { name: 'E90 Communicator', image_url: 'https://example.com/e90.png' }] }] },
    { name: 'Palm', series: [{ name: 'Treo', syncml_version: null, dataclasses: [], models: ['Treo 650'] }] },
  ],
};

describe('atomsync catalogue import', () => {
  it('refuses an invalid file naming the bad records, exit 1, nothing written', async () => {
    const bad = structuredClone(good) as { vendors: { series: { dataclasses: string[]; models: unknown[] }[] }[] };
    bad.vendors[1]!.series[0]!.dataclasses = ['Mail'];
    bad.vendors[0]!.series[0]!.models.push('');
    const run = atomsync('import', file('bad.json', bad));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('vendor #2 ("Palm") › series #1 ("Treo") › dataclasses › 0: must be equal to one of the allowed values');
    expect(run.stderr).toContain('vendor #1 ("Nokia") › series #1 ("S60 3rd Edition") › model #3 ("")');
    opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    expect(await opened.store.catalogue.isEmpty()).toBe(true);
  });

  it('refuses a file that is not JSON, or missing', () => {
    expect(atomsync('import', file('broken.json', '{"format": 1,')).stderr).toMatch(/is not JSON/);
    const missing = atomsync('import', join(dir, 'nope.json'));
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringMatching(/cannot read/)]);
  });

  it('imports a valid file in one go, printing counts, and importing again adds nothing', async () => {
    const path = file('good.json', good);
    for (let k = 0; k < 2; k++) {
      const run = atomsync('import', path);
      expect([run.status, run.stdout, run.stderr]).toEqual([0, `imported 2 vendors and 3 phone models from ${path}\n`, '']);
    }
    opened = await openConfiguredStore({ dataDir, databaseUrl: undefined, secretKey: undefined });
    const models = await opened.store.catalogue.listModels();
    expect(models.map((m) => m.name).sort()).toEqual(['Nokia E71', 'Nokia E90 Communicator', 'Palm Treo 650']);
    expect(await opened.store.catalogue.getModel(modelUuid('Nokia', 'E90 Communicator'))).toMatchObject({ imageUrl: 'https://example.com/e90.png', syncmlVersion: '1.2' });
  });
});

/**
 * The packages as a consumer gets them: `npm pack` of every publishable package, the tarballs
 * installed into a fresh project outside the workspace, and there each package imported as ESM,
 * required as CommonJS, type-checked from TypeScript (an ES module and a CommonJS module, both
 * `nodenext`), and the `atomsync` bin run. What it catches: a file missing from `files`, an
 * `exports` condition pointing nowhere, a dependency the code uses but package.json does not
 * declare (the project has only what the tarballs declare), declarations that do not resolve.
 *
 * It packs the built dist/ of each package: `npm test` builds first; alone, run
 * `npx turbo run build` before (the test refuses a dist/ older than its src/). How the project
 * installs offline is in support.ts; consumers.test.ts installs the SDK, the server and the mocks
 * each alone and runs them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, installProject, nameOf, node, packAll, PACKAGES, typeCheck, type Packed } from './support.js';

let work: string;
let project: string;
let packed: Map<string, Packed>;
const seconds: Record<string, number> = {};

async function timed<T>(what: string, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await task();
  } finally {
    seconds[what] = Math.round((performance.now() - started) / 100) / 10;
  }
}

beforeAll(async () => {
  assertBuilt();
  work = mkdtempSync(join(tmpdir(), 'atomsync-pack-'));
  const tarballs = join(work, 'tarballs');
  project = join(work, 'project');
  mkdirSync(tarballs);
  mkdirSync(project);

  packed = await timed('pack', () => packAll(tarballs));
  const files = PACKAGES.map((dir) => join(tarballs, packed.get(nameOf(dir))!.filename));
  await timed('install', () => installProject(project, files));
}, 240_000);

afterAll(() => {
  console.info(`packaging: ${Object.entries(seconds).map(([what, s]) => `${what} ${s} s`).join(', ')}`);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the tarballs', () => {
  it.each(PACKAGES)('@atomsync/%s ships its LICENSE, README, both builds and declarations', (dir) => {
    const pack = packed.get(nameOf(dir))!;
    const paths = pack.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts']));
    const license = readFileSync(join(project, 'node_modules', nameOf(dir), 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} atomsync contributors\n/);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', nameOf(dir), 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      license: 'MIT',
      repository: { type: 'git', url: 'git+https://github.com/atomsync/atomsync.git', directory: `packages/${dir}` },
      homepage: expect.stringMatching(/^https:\/\/github\.com\/atomsync\/atomsync/),
      bugs: { url: 'https://github.com/atomsync/atomsync/issues' },
    });
  });

  it('@atomsync/server ships the server once: the CLI imports the chunks index.js imports', () => {
    const files = new Map(packed.get('@atomsync/server')!.files.map((f) => [f.path, f]));
    const cli = files.get('dist/cli.js')!;
    expect(cli.mode & 0o111).not.toBe(0);
    // The whole server is ~300 kB; the CLI on its own is its commands, a few kB.
    expect(cli.size).toBeLessThan(files.get('dist/index.cjs')!.size / 10);
    const source = readFileSync(join(project, 'node_modules/@atomsync/server/dist/cli.js'), 'utf8');
    expect(source.startsWith('#!/usr/bin/env node\n')).toBe(true);
    // cli.ts loads its commands dynamically (citty reads the colour variables as it loads): the
    // commands' module imports the very chunks index.js imports, so the server is shipped once.
    const commands = /import\("\.\/(main-[\w-]+\.js)"\)/.exec(source)?.[1];
    expect(commands).toBeDefined();
    const dist = join(project, 'node_modules/@atomsync/server/dist');
    const chunksOf = (file: string) => new Set([...readFileSync(join(dist, file), 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.js)"/g)].map((m) => m[1]));
    const shared = [...chunksOf(commands!)].filter((chunk) => chunksOf('index.js').has(chunk));
    expect(shared.length).toBeGreaterThan(0);
  });
});

describe('installed in a fresh project', () => {
  // One script per module system, each exercising every package: the server answering on an
  // in-memory store (native better-sqlite3), the mock's msw handlers answering an unknown path.
  const exercise = `
    const store = await server.openStore({ kind: 'sqlite', file: ':memory:' });
    const app = server.createServer({ store, secrets: server.SecretBox.ephemeral(), logger: server.createLogger('silent') });
    const health = await app.fetch(new Request('http://127.0.0.1/healthz'));
    const mock = await mswMock.createMockServer({ catalogue: false, logLevel: 'silent' });
    const unknown = await msw.getResponse(mock.handlers(), new Request('https://sync.example.test/v2/nothing-here'));
    const client = sdk.createClient({ baseUrl: 'https://sync.example.test', auth: sdk.basicAuth('demo', 'demo') });
    const message = new TextEncoder().encode('<SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto><SessionID>1</SessionID><MsgID>1</MsgID><Target><LocURI>http://x/syncml</LocURI></Target><Source><LocURI>IMEI:1</LocURI></Source></SyncHdr><SyncBody><Final/></SyncBody></SyncML>');
    const out = {
      atom: atom.entryCodecs.DatastoreClientEntry.decodeEntry(atom.entryCodecs.DatastoreClientEntry.encodeEntry({ client: { userId: 'alice' } })).client.userId,
      engine: typeof engine.synchronize,
      syncml: syncml.decodeMessage(message, 'xml').header.source.locUri,
      sdk: typeof client.datastore.list,
      server: [health.status, await health.text()],
      msw: [unknown && unknown.status, unknown && atom.decodeServiceError(await unknown.text()).code],
    };
    await client.close();
    await mock.close();
    await store.close();
    console.log(JSON.stringify(out));
  `;
  const expected = {
    atom: 'alice',
    engine: 'function',
    syncml: 'IMEI:1',
    sdk: 'function',
    server: [200, 'ok'],
    msw: [404, 'not_found'],
  };

  it('imports every package as ESM', async () => {
    const script = `
      import * as atom from '@atomsync/atom';
      import * as engine from '@atomsync/engine';
      import * as syncml from '@atomsync/syncml';
      import * as sdk from '@atomsync/sdk';
      import * as server from '@atomsync/server';
      import * as mswMock from '@atomsync/msw';
      import * as msw from 'msw';
      for (const name of ${JSON.stringify(PACKAGES.map(nameOf))}) {
        if (Object.keys(await import(name)).length === 0) throw new Error(name + ' exports nothing');
      }
      ${exercise}
    `;
    writeFileSync(join(project, 'check.mjs'), script);
    const { stdout } = await timed('esm', () => node(['check.mjs'], project));
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('requires every package as CommonJS', async () => {
    const script = `
      const atom = require('@atomsync/atom');
      const engine = require('@atomsync/engine');
      const syncml = require('@atomsync/syncml');
      const sdk = require('@atomsync/sdk');
      const server = require('@atomsync/server');
      const mswMock = require('@atomsync/msw');
      const msw = require('msw');
      // Each resolved to its CommonJS build, and exports something.
      for (const name of ${JSON.stringify(PACKAGES.map(nameOf))}) {
        if (!require.resolve(name).endsWith('.cjs')) throw new Error(name + ' did not resolve to its CommonJS build');
        if (Object.keys(require(name)).length === 0) throw new Error(name + ' exports nothing');
      }
      (async () => { ${exercise} })().catch((error) => { console.error(error); process.exitCode = 1; });
    `;
    writeFileSync(join(project, 'check.cjs'), script);
    const { stdout } = await timed('cjs', () => node(['check.cjs'], project));
    expect(JSON.parse(stdout)).toEqual(expected);
  });

  it('type-checks a TypeScript consumer, as an ES module and as CommonJS (nodenext)', async () => {
    const uses = `
      const entry: DatastoreClientEntry = entryCodecs.DatastoreClientEntry.decodeEntry('<entry/>');
      const side: Connector | undefined = undefined;
      const decode = (body: Uint8Array): SyncmlMessage => decodeMessage(body, 'xml');
      const client: AtomSyncClient = createClient({ baseUrl: 'https://sync.example.test', auth: basicAuth('demo', 'demo') });
      const store: Store = await openStore({ kind: 'sqlite', file: ':memory:' });
      const app = createServer({ store, secrets: SecretBox.ephemeral() });
      const mock: MockServer = await createMockServer();
      const handlers: HttpHandler[] = mock.handlers();
      const refusal: Response = errorResponse({ status: 401 });
      void [entry, side, decode, client, app, handlers, refusal, synchronize];
    `;
    // Every package's declarations, the ones not used above included.
    const all = `export type All = [${PACKAGES.map((dir) => `keyof typeof all_${dir.replace(/\W/g, '_')}`).join(', ')}];`;
    const imports = `
      import { entryCodecs, type DatastoreClientEntry } from '@atomsync/atom';
      import { synchronize, type Connector } from '@atomsync/engine';
      import { decodeMessage, type SyncmlMessage } from '@atomsync/syncml';
      import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';
      import { createServer, openStore, SecretBox, type Store } from '@atomsync/server';
      import { createMockServer, errorResponse, type MockServer } from '@atomsync/msw';
      import type { HttpHandler } from 'msw';
      ${PACKAGES.map((dir) => `import type * as all_${dir.replace(/\W/g, '_')} from '${nameOf(dir)}';`).join('\n')}
    `;
    writeFileSync(join(project, 'check-esm.mts'), `${imports}\n${uses}\n${all}\n`);
    writeFileSync(join(project, 'check-cjs.cts'), `${imports}\nexport async function main(): Promise<void> {\n${uses}\n}\n${all}\n`);
    // skipLibCheck off: our declarations and everything they reach must be clean, as they are
    // in a consumer's strict project.
    expect(await timed('tsc', () => typeCheck(project, ['check-esm.mts', 'check-cjs.cts']))).toEqual([]);
  }, 180_000);

  it('runs the atomsync bin', async () => {
    const { stdout } = await node([join(project, 'node_modules/.bin/atomsync'), '--help'], project);
    expect(stdout).toMatch(/atomsync serve\|account\|catalogue/);
  });
});

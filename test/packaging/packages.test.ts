/**
 * The packages as a consumer gets them: `npm pack` of every publishable package, the tarballs
 * installed into a fresh project outside the workspace, and there each package imported as ESM,
 * required as CommonJS, type-checked from TypeScript (an ES module and a CommonJS module, both
 * `nodenext`), and the `atomsync` bin run. What it catches: a file missing from `files`, an
 * `exports` condition pointing nowhere, a dependency the code uses but package.json does not
 * declare (the project has only what the tarballs declare), declarations that do not resolve.
 *
 * It packs the built dist/ of each package: `npm test` builds first; alone, run
 * `npx turbo run build` before (the test refuses a dist/ older than its src/).
 *
 * Offline, and no native compile:
 * - npm 11 resolves a range it has no lockfile entry for with the *full* packument, while the
 *   workspace's install left only the abbreviated ones in the cache, so a bare
 *   `npm install --offline <tarballs>` fails with ENOTCACHED (and `--prefer-offline` would go to
 *   the network). The project therefore starts with a lockfile seeded from the workspace's
 *   package-lock.json: every registry package at the version the workspace uses. npm still checks
 *   each range the tarballs declare against it (a range it does not satisfy would need the
 *   registry and fail here), and prunes whatever the tarballs do not reach.
 * - `--ignore-scripts`: better-sqlite3's install script would look for a prebuilt binary online
 *   and, offline, compile SQLite from source (minutes on two cores). Instead the workspace's
 *   binary, built for this same Node.js, is copied into the installed better-sqlite3 once its
 *   version is checked to be the workspace's. (NODE_PATH would not do: ES modules ignore it.) The
 *   only other install script skipped is msw's postinstall, which copies its browser worker into
 *   a configured public folder: there is none here.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Every publishable package: the workspaces under packages/ that are not private. */
const PACKAGES: readonly string[] = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
  .filter((workspace) => workspace.startsWith('packages/'))
  .map((workspace) => workspace.slice('packages/'.length))
  .filter((dir) => !(JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as { private?: boolean }).private);
const nameOf = (dir: string) => `@atomsync/${dir}`;
const workspaceRequire = createRequire(join(ROOT, 'package.json'));

/** The environment of the child npm: without what an outer `npm test -w …` would hand down. */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(workspaces?|include_workspace_root|local_prefix|prefix|global|dry_run|call|omit|include|offline|prefer_online|ignore_scripts)$/i.test(key)) delete env[key];
  }
  return env;
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, env: npmEnv(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

async function node(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
}

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Every package built, and not before its last source change. */
function assertBuilt(): void {
  for (const dir of PACKAGES) {
    const pkg = join(ROOT, 'packages', dir);
    const outputs = ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'].map((file) => join(pkg, file));
    let built: number;
    try {
      built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
    } catch {
      throw new Error(`packages/${dir} is not built: run \`npx turbo run build\` (npm test does) before this test`);
    }
    if (newestIn(join(pkg, 'src')) > built) throw new Error(`packages/${dir}/dist is older than its src/: run \`npx turbo run build\` first`);
  }
}

interface PackedFile {
  path: string;
  size: number;
  mode: number;
}
interface Packed {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

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

  const report = await timed('pack', () => npm(['pack', '--json', '--pack-destination', tarballs, ...PACKAGES.flatMap((dir) => ['-w', `packages/${dir}`])], ROOT));
  packed = new Map((JSON.parse(report) as Packed[]).map((p) => [p.name, p]));

  // The project: its own dependency on @types/node (as a TypeScript consumer has), and the
  // lockfile seeded from the workspace's (see the top of this file).
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Record<string, unknown>> };
  const dependencies = { '@types/node': String(lock.packages['node_modules/@types/node']!.version) };
  const packages: Record<string, unknown> = { '': { name: 'atomsync-pack-check', dependencies } };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // A package's own copy of a dependency (packages/server/node_modules/uuid: another major than
    // the hoisted one) sits under that package in the project, as npm will place it.
    const own = /^packages\/([^/]+)\/(node_modules\/.+)$/.exec(path);
    const at = own !== null && PACKAGES.includes(own[1]!) ? `node_modules/${nameOf(own[1]!)}/${own[2]!}` : path;
    if (!at.startsWith('node_modules/') || entry.link) continue; // the workspace's own folders and links
    const { dev, devOptional, peer, ...rest } = entry; // the workspace's flags; npm works out the project's
    void [dev, devOptional, peer];
    packages[at] = rest;
  }
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'atomsync-pack-check', private: true, dependencies }, null, 2)}\n`);
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify({ name: 'atomsync-pack-check', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);

  const files = PACKAGES.map((dir) => join(tarballs, packed.get(nameOf(dir))!.filename));
  await timed('install', () => npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...files], project));

  // better-sqlite3: the workspace's binary, for the very same version (see the top of this file).
  const installed = join(project, 'node_modules/better-sqlite3');
  const workspaceSqlite = dirname(workspaceRequire.resolve('better-sqlite3/package.json'));
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  if (version(installed) !== version(workspaceSqlite)) {
    throw new Error(`better-sqlite3 ${version(installed)} was installed but the workspace built ${version(workspaceSqlite)}: its binary cannot stand in`);
  }
  mkdirSync(join(installed, 'build/Release'), { recursive: true });
  copyFileSync(join(workspaceSqlite, 'build/Release/better_sqlite3.node'), join(installed, 'build/Release/better_sqlite3.node'));
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
    expect(source).toMatch(/from "\.\/chunk-[\w-]+\.js"/);
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
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, noEmit: true, skipLibCheck: false },
      files: ['check-esm.mts', 'check-cjs.cts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const tsc = join(dirname(workspaceRequire.resolve('typescript/package.json')), 'bin/tsc');
    const output = await timed('tsc', () =>
      node([tsc, '-p', 'tsconfig.json', '--pretty', 'false'], project).then(
        ({ stdout }) => stdout,
        (error: { stdout?: string }) => error.stdout ?? String(error),
      ),
    );
    // Our files and our declarations must be clean (skipLibCheck off); third-party declarations
    // are not ours to fix (h3's, e.g., want its optional peer crossws).
    const ours = output.split('\n').filter((line) => /^(check-|node_modules\/@atomsync\/)/.test(line));
    expect(ours).toEqual([]);
    expect(output).not.toMatch(/TS2307: Cannot find module '@atomsync\//);
  });

  it('runs the atomsync bin', async () => {
    const { stdout } = await node([join(project, 'node_modules/.bin/atomsync'), '--help'], project);
    expect(stdout).toMatch(/atomsync serve\|account\|catalogue/);
  });
});

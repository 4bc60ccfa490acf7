/**
 * The three packages people install, each alone, as the README says to: a fresh project per
 * package with that package's tarball and the @atomsync tarballs it depends on (what the registry
 * would give), nothing else of the workspace. In each, an ES module and a CommonJS module run and
 * type-check (`tsc --strict`, `skipLibCheck: false`, the whole dependency tree):
 *
 * - the server: `atomsync serve` from the installed bin starts on a fresh data directory and
 *   answers; the library starts too (`createServer` + `listen`);
 * - the SDK: a program creates a datastore, a contact and reads it back, against that server;
 * - the mocks: a `node --test` file sets up msw with `createMockServer()` and asserts on answers.
 *
 * How the projects install offline is in support.ts. Build first (`npx turbo run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, closureOf, installProject, nameOf, node, packAll, typeCheck } from './support.js';

let work: string;
const projects = { sdk: '', server: '', msw: '' };
let serve: ChildProcess | undefined;
let baseUrl: string;
const ADMIN = { user: 'packcheck', password: 'pack-check-password-1' };
/** A whole dependency tree checked with skipLibCheck off takes tens of seconds on a busy machine. */
const TSC_TIMEOUT = 180_000;

/** `atomsync serve` of the server project on any free port; resolves with its URL once it listens. */
function startServer(project: string, dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(project, 'node_modules/.bin/atomsync'), 'serve', '--port', '0', '--data', dataDir], {
    cwd: project,
    env: { ...process.env, ATOMSYNC_ADMIN_USER: ADMIN.user, ATOMSYNC_ADMIN_PASSWORD: ADMIN.password, ATOMSYNC_LOG_LEVEL: 'info', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const fail = (why: string) => reject(new Error(`atomsync serve ${why}:\n${out}`));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/[^\s"]+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => fail(`exited with ${code}`));
    child.on('error', (error) => fail(String(error)));
  });
}

beforeAll(async () => {
  assertBuilt();
  work = mkdtempSync(join(tmpdir(), 'atomsync-consumers-'));
  const tarballs = join(work, 'tarballs');
  const packed = await packAll(tarballs);
  const tarballsOf = (dir: string) => closureOf(dir).map((d) => join(tarballs, packed.get(nameOf(d))!.filename));
  // The three at once: an install mostly waits on the disk. msw itself comes in as
  // @atomsync/msw's peer dependency (npm installs peers).
  await Promise.all(
    (['sdk', 'server', 'msw'] as const).map((dir) => {
      projects[dir] = join(work, dir);
      return installProject(projects[dir], tarballsOf(dir));
    }),
  );
  const started = await startServer(projects.server, join(work, 'data'));
  serve = started.child;
  baseUrl = started.url;
}, 300_000);

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((resolve) => serve!.once('exit', resolve));
    serve.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The same statements as an ES module (top-level await) and as CommonJS (an async main). */
function both(project: string, name: string, imports: { esm: string; cjs: string }, body: string): { esm: string; cjs: string } {
  writeFileSync(join(project, `${name}.mjs`), `${imports.esm}\n${body}\n`);
  writeFileSync(join(project, `${name}.cjs`), `${imports.cjs}\n(async () => {\n${body}\n})().catch((error) => { console.error(error); process.exitCode = 1; });\n`);
  return { esm: `${name}.mjs`, cjs: `${name}.cjs` };
}

describe('the server, installed alone', () => {
  it('starts from its bin on a fresh data directory and answers', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });

  it.each(['esm', 'cjs'] as const)('starts as a library (%s): createServer + listen', async (kind) => {
    const files = both(
      projects.server,
      'start',
      { esm: `import { createServer, listen, openStore, SecretBox } from '@atomsync/server';`, cjs: `const { createServer, listen, openStore, SecretBox } = require('@atomsync/server');` },
      `
      const store = await openStore({ kind: 'sqlite', file: ':memory:' });
      const app = createServer({ store, secrets: SecretBox.ephemeral() });
      const running = await listen(app, { host: '127.0.0.1', port: 0 });
      const answer = await fetch(running.url + '/healthz');
      console.log(JSON.stringify([answer.status, await answer.text()]));
      await running.close();
      await store.close();
      `,
    );
    const { stdout } = await node([files[kind]], projects.server);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual([200, 'ok']);
  });

  it('type-checks a TypeScript consumer (ESM and CommonJS, skipLibCheck off)', async () => {
    const body = `
      const store: Store = await openStore({ kind: 'sqlite', file: ':memory:' });
      const app = createServer({ store, secrets: SecretBox.ephemeral() });
      const running = await listen(app, { host: '127.0.0.1', port: 0 });
      await running.close();
    `;
    const imports = `import { createServer, listen, openStore, SecretBox, type Store } from '@atomsync/server';`;
    writeFileSync(join(projects.server, 'start-esm.mts'), `${imports}\n${body}\n`);
    writeFileSync(join(projects.server, 'start-cjs.cts'), `${imports}\nexport async function main(): Promise<void> {\n${body}\n}\n`);
    expect(await typeCheck(projects.server, ['start-esm.mts', 'start-cjs.cts'])).toEqual([]);
  }, TSC_TIMEOUT);
});

describe('the SDK, installed alone', () => {
  const program = `
    const client = createClient({ baseUrl: process.env.ATOMSYNC_URL, auth: basicAuth(process.env.ATOMSYNC_USER, process.env.ATOMSYNC_PASSWORD) });
    const store = await client.datastore.create({ userId: 'pack-check-' + process.argv[2] });
    const vcard = 'BEGIN:VCARD\\r\\nVERSION:3.0\\r\\nN:Lovelace;Ada;;;\\r\\nFN:Ada Lovelace\\r\\nEND:VCARD\\r\\n';
    await client.datastore.contents(store.client.uuid).create({ title: 'Ada Lovelace', content: { type: 'text/vcard', value: vcard } });
    const titles = [];
    for await (const item of client.datastore.contents(store.client.uuid).iterateList()) titles.push(item.title);
    let refused;
    try { await client.datastore.get('00000000-0000-4000-8000-000000000000'); } catch (error) { refused = isAtomSyncError(error) ? [error.status, error.code] : String(error); }
    await client.close();
    console.log(JSON.stringify({ titles, refused }));
  `;

  it.each(['esm', 'cjs'] as const)('runs a program against the started server (%s)', async (kind) => {
    const files = both(
      projects.sdk,
      'sync',
      { esm: `import { basicAuth, createClient, isAtomSyncError } from '@atomsync/sdk';`, cjs: `const { basicAuth, createClient, isAtomSyncError } = require('@atomsync/sdk');` },
      program,
    );
    const env = { ...process.env, ATOMSYNC_URL: baseUrl, ATOMSYNC_USER: ADMIN.user, ATOMSYNC_PASSWORD: ADMIN.password };
    const { stdout } = await node([files[kind], kind], projects.sdk, env);
    expect(JSON.parse(stdout)).toEqual({ titles: ['Ada Lovelace'], refused: [404, 'not_found'] });
  });

  it('type-checks a TypeScript consumer (ESM and CommonJS, skipLibCheck off)', async () => {
    const body = `
      const client: AtomSyncClient = createClient({ baseUrl: 'http://127.0.0.1:8080', auth: basicAuth('alice', 'wonderland-42') });
      const store = await client.datastore.create({ userId: 'typed' });
      const uuid: string = store.client.uuid;
      void uuid;
      await client.close();
    `;
    const imports = `import { basicAuth, createClient, type AtomSyncClient } from '@atomsync/sdk';`;
    writeFileSync(join(projects.sdk, 'sync-esm.mts'), `${imports}\n${body}\n`);
    writeFileSync(join(projects.sdk, 'sync-cjs.cts'), `${imports}\nexport async function main(): Promise<void> {\n${body}\n}\n`);
    expect(await typeCheck(projects.sdk, ['sync-esm.mts', 'sync-cjs.cts'])).toEqual([]);
  }, TSC_TIMEOUT);
});

describe('the mocks, installed alone', () => {
  // A consumer's test: msw's node server over the mock, a request the server answers and one an
  // override answers instead.
  const test = `
    const mock = await createMockServer({ catalogue: false, logLevel: 'silent' });
    const msw = setupServer(...mock.handlers());
    msw.listen({ onUnhandledRequest: 'error' });
    test('the mock answers as the server, overrides answer instead', async () => {
      const auth = 'Basic ' + Buffer.from('demo:demo').toString('base64');
      const list = await fetch('https://sync.example.test/v2/services/datastore/', { headers: { authorization: auth } });
      assert.equal(list.status, 200);
      assert.match(await list.text(), /<feed /);
      msw.use(getListDatastoreClientsMockHandler(errorResponse({ status: 503 })));
      const refused = await fetch('https://sync.example.test/v2/services/datastore/', { headers: { authorization: auth } });
      assert.equal(refused.status, 503);
    });
    after(async () => { msw.close(); await mock.close(); });
  `;

  it.each(['esm', 'cjs'] as const)('runs a consumer test under node --test (%s)', async (kind) => {
    const files = both(
      projects.msw,
      'mock.test',
      {
        esm: `import { test, after } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { setupServer } from 'msw/node';\nimport { createMockServer, errorResponse, getListDatastoreClientsMockHandler } from '@atomsync/msw';`,
        cjs: `const { test, after } = require('node:test');\nconst assert = require('node:assert/strict');\nconst { setupServer } = require('msw/node');\nconst { createMockServer, errorResponse, getListDatastoreClientsMockHandler } = require('@atomsync/msw');`,
      },
      test,
    );
    const { stdout } = await node(['--test', '--test-reporter=tap', files[kind]], projects.msw);
    expect(stdout).toMatch(/^# pass 1$/m);
    expect(stdout).toMatch(/^# fail 0$/m);
  });

  it('type-checks a TypeScript consumer (ESM and CommonJS, skipLibCheck off)', async () => {
    const body = `
      const mock: MockServer = await createMockServer({ logLevel: 'silent' });
      const handlers: HttpHandler[] = mock.handlers();
      const server = setupServer(...handlers, getListDatastoreClientsMockHandler(errorResponse({ status: 503 })));
      const models = await mock.store.catalogue.listModels();
      void [server, models];
      await mock.close();
    `;
    const imports = `import { createMockServer, errorResponse, getListDatastoreClientsMockHandler, type MockServer } from '@atomsync/msw';\nimport type { HttpHandler } from 'msw';\nimport { setupServer } from 'msw/node';`;
    writeFileSync(join(projects.msw, 'mock-esm.mts'), `${imports}\n${body}\n`);
    writeFileSync(join(projects.msw, 'mock-cjs.cts'), `${imports}\nexport async function main(): Promise<void> {\n${body}\n}\n`);
    expect(await typeCheck(projects.msw, ['mock-esm.mts', 'mock-cjs.cts'])).toEqual([]);
  }, TSC_TIMEOUT);
});

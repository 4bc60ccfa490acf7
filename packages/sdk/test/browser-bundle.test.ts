/**
 * The browser/edge build: `@atomsync/sdk` bundled by esbuild for the browser, resolved through
 * package.json's `browser` condition (mapped to the source tsup builds that file from, like the
 * vitest aliases), must pull in no Node built-in (`node:*`, `crypto`, `util`, `events`, …) and
 * not undici. Then the bundle itself runs: OAuth 1.0a signing with Web Crypto, a request, a
 * decoded answer and an AtomSyncError, against a node:http server.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBatchContentFeed } from '@atomsync/atom';
import { expectedSignature, parseOAuthHeader } from './fixtures/oauth.js';
import { startServer, type TestServer } from './fixtures/http-server.js';

const SDK = fileURLToPath(new URL('..', import.meta.url));
const ATOM_SOURCE = fileURLToPath(new URL('../../atom/src/index.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../..', import.meta.url));

interface PackageJson {
  exports: Record<string, Record<string, { default: string } | string> | string>;
}
const pkg = JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')) as PackageJson;

/** The source of the file package.json's exports give `@atomsync/sdk` under `condition`: ./dist/<name>.js ← src/<name>.ts. */
function sourceUnder(condition: string): string {
  const target = (pkg.exports['.'] as Record<string, { default: string }>)[condition]!.default;
  const name = /^\.\/dist\/([\w-]+)\.js$/.exec(target)?.[1];
  if (name === undefined) throw new Error(`exports["."].${condition} is ${target}, not a ./dist/<name>.js`);
  // tsup.config.ts names each entry after the source it builds.
  expect(readFileSync(join(SDK, 'tsup.config.ts'), 'utf8')).toContain(`${name}: 'src/${name}.ts'`);
  return join(SDK, 'src', `${name}.ts`);
}

interface Bundle {
  code: string;
  /** Every Node built-in an import asked for, with the importing file. */
  builtins: string[];
  inputs: string[];
}

async function bundle(condition: string, platform: 'browser' | 'node'): Promise<Bundle> {
  const builtins: string[] = [];
  const plugin: Plugin = {
    name: 'workspace-sources-and-builtins',
    setup(b) {
      b.onResolve({ filter: /^@atomsync\/sdk$/ }, () => ({ path: sourceUnder(condition) }));
      b.onResolve({ filter: /^@atomsync\/atom$/ }, () => ({ path: ATOM_SOURCE }));
      b.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.replace(/^node:/, '').split('/')[0]!;
        if (!args.path.startsWith('node:') && !builtinModules.includes(bare)) return undefined;
        builtins.push(`${args.path} (imported by ${relative(REPO, args.importer)})`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents: `export * from '@atomsync/sdk';`, resolveDir: SDK, loader: 'ts' },
    bundle: true,
    platform,
    conditions: [condition],
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [plugin],
  });
  const inputs = Object.keys((result.metafile as Metafile).inputs);
  return { code: result.outputFiles[0]!.text, builtins, inputs };
}

describe('the browser build', () => {
  let browser: Bundle;
  beforeAll(async () => {
    browser = await bundle('browser', 'browser');
  });

  it('is what the browser, worker, workerd and edge-light conditions and ./browser export', () => {
    const browserEntry = (pkg.exports['.'] as Record<string, unknown>).browser;
    for (const condition of ['worker', 'workerd', 'edge-light']) expect((pkg.exports['.'] as Record<string, unknown>)[condition]).toEqual(browserEntry);
    expect(pkg.exports['./browser']).toEqual(browserEntry);
    expect(sourceUnder('browser')).toBe(join(SDK, 'src/browser.ts'));
  });

  it('pulls in no Node built-in and no undici', () => {
    expect(browser.builtins).toEqual([]);
    expect(browser.inputs.filter((i) => /node_modules\/undici\//.test(i))).toEqual([]);
    // It is the SDK: the runtime, the generated operations and the atom codecs are all in.
    expect(browser.inputs).toEqual(expect.arrayContaining(['packages/sdk/src/browser.ts', 'packages/sdk/src/execute.ts', 'packages/atom/src/generated/codecs.ts']));
  });

  it('(the check catches them: the Node build pulls in undici and node: modules)', async () => {
    const node = await bundle('import', 'node');
    expect(node.inputs.some((i) => /node_modules\/undici\//.test(i))).toBe(true);
    expect(node.builtins.length).toBeGreaterThan(0);
  });

  describe('run', () => {
    let srv: TestServer;
    let sdk: typeof import('../src/browser.js');
    beforeAll(async () => {
      srv = await startServer();
      const file = join(mkdtempSync(join(tmpdir(), 'atomsync-sdk-browser-')), 'sdk.browser.mjs');
      writeFileSync(file, browser.code);
      sdk = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as typeof sdk;
    });
    afterAll(() => srv.close());

    it('signs with OAuth 1.0a (Web Crypto HMAC-SHA1) and decodes the answer', async () => {
      const STORE = 'd9fc9d8f-b191-4d89-a564-5e1b1e2150b2';
      srv.handle = (_req, res) =>
        res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(encodeBatchContentFeed({ entries: [{ id: 'urn:uuid:8395027a-d70b-4b31-b7c3-13f5393de337', title: 'Ada' }] }));
      const credentials = { consumerKey: 'ck_3a9f', consumerSecret: 'cs/+&=secret', token: 'tk_1', tokenSecret: 'ts_2' };
      const client = sdk.createClient({ baseUrl: srv.url, auth: sdk.oauth1(credentials) });
      const changes = await client.datastore.contents(STORE).changes({ since: '2009-06-01T12:00:00Z', dataclass: 'Calendar' });
      expect(changes.entries.map((e) => e.title)).toEqual(['Ada']);

      const request = srv.seen[0]!;
      const url = new URL(request.url, srv.url);
      expect(url.search).toBe('?dataclass=Calendar&since=2009-06-01T12%3A00%3A00Z&max-results=100'); // the SDK's default page is signed too
      const params = parseOAuthHeader(request.headers.authorization!);
      expect([params.get('oauth_consumer_key'), params.get('oauth_token'), params.get('oauth_signature_method')]).toEqual(['ck_3a9f', 'tk_1', 'HMAC-SHA1']);
      expect(params.get('oauth_nonce')).toMatch(/^[0-9a-f]{32}$/);
      expect(params.get('oauth_signature')).toBe(expectedSignature('GET', url, params, credentials.consumerSecret, credentials.tokenSecret));
      // No User-Agent of ours: a browser sends its own.
      expect(request.headers['user-agent'] ?? '').not.toMatch(/atomsync-sdk/);
    });

    it('rejects with its AtomSyncError, request id and all', async () => {
      srv.handle = (_req, res) => res.writeHead(404, { 'x-request-id': 'req-1' }).end();
      const error = await sdk.createClient({ baseUrl: srv.url }).syncml.get('nope').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(sdk.AtomSyncError);
      expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req-1' });
    });
  });
});

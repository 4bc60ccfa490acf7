/**
 * What the packaging tests share: the publishable packages, `npm pack` of them, and a fresh
 * project outside the workspace that installs tarballs offline.
 *
 * Offline, and no native compile:
 * - npm 11 resolves a range it has no lockfile entry for with the *full* packument, while the
 *   workspace's install left only the abbreviated ones in the cache, so a bare
 *   `npm install --offline <tarballs>` fails with ENOTCACHED (and `--prefer-offline` would go to
 *   the network). A project therefore starts with a lockfile seeded from the workspace's
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
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}
const manifestOf = (dir: string) => JSON.parse(readFileSync(join(ROOT, 'packages', dir, 'package.json'), 'utf8')) as Manifest;

/** Every publishable package: the workspaces under packages/ that are not private. */
export const PACKAGES: readonly string[] = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
  .filter((workspace) => workspace.startsWith('packages/'))
  .map((workspace) => workspace.slice('packages/'.length))
  .filter((dir) => !manifestOf(dir).private);
export const nameOf = (dir: string) => `@atomsync/${dir}`;
export const workspaceRequire = createRequire(join(ROOT, 'package.json'));
export const TSC = join(dirname(workspaceRequire.resolve('typescript/package.json')), 'bin/tsc');

/** A package and every @atomsync package it depends on, directly or not: what a registry install would fetch. */
export function closureOf(dir: string): string[] {
  const seen = new Set<string>();
  const walk = (d: string) => {
    if (seen.has(d)) return;
    seen.add(d);
    for (const dep of Object.keys(manifestOf(d).dependencies ?? {})) if (dep.startsWith('@atomsync/')) walk(dep.slice('@atomsync/'.length));
  };
  walk(dir);
  return [...seen];
}

/** The environment of the child npm: without what an outer `npm test -w …` would hand down. */
function npmEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_config_(workspaces?|include_workspace_root|local_prefix|prefix|global|dry_run|call|omit|include|offline|prefer_online|ignore_scripts)$/i.test(key)) delete env[key];
  }
  return env;
}

export async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, env: npmEnv(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export async function node(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, args, { cwd, env: env ?? process.env, maxBuffer: 16 * 1024 * 1024 });
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
export function assertBuilt(): void {
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

export interface PackedFile {
  path: string;
  size: number;
  mode: number;
}
export interface Packed {
  name: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/** `npm pack` of every publishable package into `destination`, by package name. */
export async function packAll(destination: string): Promise<Map<string, Packed>> {
  mkdirSync(destination, { recursive: true });
  const report = await npm(['pack', '--json', '--pack-destination', destination, ...PACKAGES.flatMap((dir) => ['-w', `packages/${dir}`])], ROOT);
  return new Map((JSON.parse(report) as Packed[]).map((p) => [p.name, p]));
}

const lockVersion = (name: string) => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  return String(lock.packages[`node_modules/${name}`]!.version);
};

/**
 * A fresh project in `dir` with the given tarballs installed, offline (see the top of this file).
 * Its own dependencies: @types/node (as a TypeScript consumer has) and `registry` (third-party
 * packages it uses itself, e.g. msw), each at the workspace's version.
 */
export async function installProject(dir: string, tarballs: readonly string[], registry: readonly string[] = []): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Record<string, unknown>> };
  const dependencies = Object.fromEntries(['@types/node', ...registry].map((name) => [name, lockVersion(name)]));
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
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'atomsync-pack-check', private: true, dependencies }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'atomsync-pack-check', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);

  await npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], dir);

  // better-sqlite3: the workspace's binary, for the very same version (see the top of this file).
  const installed = join(dir, 'node_modules/better-sqlite3');
  if (!existsSync(installed)) return;
  const workspaceSqlite = dirname(workspaceRequire.resolve('better-sqlite3/package.json'));
  const version = (d: string) => (JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { version: string }).version;
  if (version(installed) !== version(workspaceSqlite)) {
    throw new Error(`better-sqlite3 ${version(installed)} was installed but the workspace built ${version(workspaceSqlite)}: its binary cannot stand in`);
  }
  mkdirSync(join(installed, 'build/Release'), { recursive: true });
  copyFileSync(join(workspaceSqlite, 'build/Release/better_sqlite3.node'), join(installed, 'build/Release/better_sqlite3.node'));
}

/**
 * `tsc --strict --skipLibCheck false` over `files` in `dir`, ES2022 + nodenext, the project's own
 * @types/node: every diagnostic, ours or a dependency's, as `file(line,col): error TS…` lines.
 */
export async function typeCheck(dir: string, files: readonly string[]): Promise<string[]> {
  const tsconfig = {
    compilerOptions: { target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, noEmit: true, skipLibCheck: false },
    files,
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const output = await node([TSC, '-p', 'tsconfig.json', '--pretty', 'false'], dir).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  return output.split('\n').filter((line) => line.trim() !== '');
}

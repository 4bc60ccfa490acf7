/**
 * Builds curl-shim.c (the LD_PRELOAD fix without which Debian's SyncEvolution segfaults before its
 * first POST) with gcc, once per source version: the library lands in a cache directory under a
 * name holding the source's hash, so a changed shim is rebuilt and parallel test files share one
 * build.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SOURCE = fileURLToPath(new URL('./curl-shim.c', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** node_modules/.cache when the workspace is installed (it is, for tests), else the temp dir. */
function cacheDir(): string {
  const modules = join(REPO_ROOT, 'node_modules');
  const dir = existsSync(modules) ? join(modules, '.cache', 'atomsync-interop') : join(tmpdir(), 'atomsync-interop');
  mkdirSync(dir, { recursive: true });
  return dir;
}

let built: Promise<string> | undefined;

/** The path of the compiled shim, building it first if this source version has no build yet. */
export function curlShim(): Promise<string> {
  built ??= build().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

async function build(): Promise<string> {
  const source = readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const target = join(cacheDir(), `curl-shim-${hash}.so`);
  if (existsSync(target)) return target;
  // Compile beside the target, then rename: another worker building at the same time never sees
  // a half-written library.
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await promisify(execFile)('gcc', ['-shared', '-fPIC', '-O2', '-Wall', '-o', partial, SOURCE, '-ldl']);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gcc is not installed' : String((error as { stderr?: string }).stderr ?? error);
    throw new Error(`cannot build the SyncEvolution curl shim (${SOURCE}): ${reason}. .ci/run installs gcc with SyncEvolution.`);
  }
  return target;
}

/** `atomsync serve` in a process of its own, as the benchmarks start it: a free port, and waiting for /healthz. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../packages/server/test/interop/support/peer.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The built CLI (`npm run bench` builds first). */
export const cli = join(root, 'packages/server/dist/cli.js');

// One free-port probe for the benches and the interop harness.
export { freePort };

export async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`atomsync serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become healthy`);
}

/** Serves the embedded store in `dataDir` with an admin account; resolves once it answers /healthz. */
export async function serve(dataDir: string, admin: { username: string; password: string }): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--data', dataDir], {
    env: { ...process.env, ATOMSYNC_ADMIN_USER: admin.username, ATOMSYNC_ADMIN_PASSWORD: admin.password, ATOMSYNC_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitHealthy(url, child);
  return { url, process: child };
}

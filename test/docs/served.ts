/**
 * The built server (`packages/server/dist/cli.js`) started as `npm start` runs it, on a free port
 * with its data in `dataDir` and the administrator `demo` with `adminPassword`: the server the
 * docs tests run the guide's and the reference's commands against.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export async function serveBuilt(cli: string, cwd: string, dataDir: string, adminPassword: string): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir], {
    cwd,
    env: { ...process.env, ATOMSYNC_ADMIN_USER: 'demo', ATOMSYNC_ADMIN_PASSWORD: adminPassword, ATOMSYNC_LOG_LEVEL: 'info', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (http:\/\/[^\s"]+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    server.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  return { server, url };
}

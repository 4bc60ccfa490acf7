/**
 * https (guide/operators.md#https): listen() with a certificate (an https url, GET /livez over
 * TLS, nothing for plain http, `Expect: 100-continue` and the drain as over http), the
 * configuration (both files or neither, each checked), and `atomsync serve --tls-cert --tls-key`
 * as a real process: one line and exit 2 for files that will not do, SIGHUP swapping the
 * certificate. The certificates are throwaway ones made here with openssl.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect as tcpConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readTls, resolveServeConfig } from '../src/config.js';
import { createApp, createLogger, listen, type RunningServer } from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(ROOT, 'packages/server/src/cli.ts');
const TSCONFIG = join(ROOT, 'packages/server/test/fixtures/tsconfig.cli.json');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

const scratch = () => mkdtempSync(join(tmpdir(), 'atomsync-tls-'));

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a day: `<dir>/<name>.crt` and `.key`. */
function certificate(dir: string, name: string, cn: string): { certFile: string; keyFile: string } {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${cn}`, '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-days', '1', '-keyout', keyFile, '-out', certFile],
    { stdio: 'ignore' },
  );
  return { certFile, keyFile };
}

const CERTS = scratch();
const SERVED = certificate(CERTS, 'served', 'atomsync-test');
const OTHER = certificate(CERTS, 'other', 'atomsync-renewed');
const CA = readFileSync(SERVED.certFile);

/** GET over https, the certificate checked against `ca` (by default the one served). */
function getHttps(url: string, { ca = CA, auth }: { ca?: Buffer; auth?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca, auth, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    }).on('error', reject);
  });
}

/** The certificate a new TLS connection to `port` is served (not checked). */
function servedCommonName(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      resolve(String(socket.getPeerCertificate().subject.CN));
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

// ───────────────────────────── listen() ─────────────────────────────

const BODY = '<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync"><s:sync_mode>200</s:sync_mode><s:dataclass>Notes</s:dataclass></entry>';
const HEAD = `POST /v2/syncengine/7/synchronization/ HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\nContent-Length: ${BODY.length}\r\n\r\n`;

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close(100);
});

async function serveTls(): Promise<{ server: RunningServer; port: number }> {
  const app = createApp({ handlers: { batchContents: async () => ({ entries: [] }) }, logger: createLogger('silent') });
  const server = await listen(app, { host: '127.0.0.1', port: 0, tls: readTls(SERVED) });
  servers.push(server);
  return { server, port: Number(new URL(server.url).port) };
}

function secure(port: number): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca: CA }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function plain(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the socket receives until `done(text)`, or until it closes. */
function receive(socket: Socket, done: (text: string) => boolean = () => false): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
      if (done(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('listen() with tls', () => {
  it('serves https: the url says so, and GET /livez answers over TLS with the certificate given', async () => {
    const { server } = await serveTls();
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await getHttps(`${server.url}/livez`)).toEqual({ status: 200, body: 'ok' });
    // A client that does not know the certificate refuses it.
    await expect(getHttps(`${server.url}/livez`, { ca: readFileSync(OTHER.certFile) })).rejects.toMatchObject({ code: expect.stringMatching(/CERT|SELF_SIGNED|SIGNATURE/) });
  });

  it('answers nothing to plain http on its port', async () => {
    const { server } = await serveTls();
    const plainUrl = `${server.url.replace(/^https:/, 'http:')}/livez`;
    const answer = new Promise((resolve, reject) => httpGet(plainUrl, { agent: false }, (res) => resolve(res.statusCode)).on('error', reject));
    await expect(answer).rejects.toMatchObject({ code: 'ECONNRESET' });
    // …and keeps serving https.
    expect((await getHttps(`${server.url}/livez`)).status).toBe(200);
  });

  it('asks for the body of an upload that expects 100-continue, and refuses a too large one without asking', async () => {
    const { port } = await serveTls();
    const upload = (length: number) => `POST /v2/services/datastore/c-1/contents/batch HTTP/1.1\r\nHost: test\r\nContent-Type: application/atom+xml\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;

    const accepted = await secure(port);
    const text = await new Promise<string>((resolve) => {
      let got = '';
      accepted.on('data', (d) => {
        got += d.toString();
        if (got === 'HTTP/1.1 100 Continue\r\n\r\n') accepted.write('not xml');
        if (got.includes('</error>')) resolve(got);
      });
      accepted.write(upload('not xml'.length));
    });
    accepted.destroy();
    expect(text).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 400 /);
    expect(text).toContain('<code>invalid_xml</code>');

    const refused = await secure(port);
    const answer = receive(refused, (t) => t.includes('</error>'));
    refused.write(upload(64 * 1024 * 1024));
    expect(await answer).toMatch(/^HTTP\/1.1 413 /);
    refused.destroy();
  });

  it('drains as over http: an in-flight request finishes, idle connections close, one still in its handshake holds nothing up', async () => {
    const { server, port } = await serveTls();
    const idle = await secure(port);
    const idleAnswer = receive(idle, (t) => t.endsWith('\r\n\r\nok'));
    idle.write('GET /livez HTTP/1.1\r\nHost: test\r\n\r\n');
    expect(await idleAnswer).toMatch(/^HTTP\/1.1 200 OK/);
    // TCP connected, not a byte of TLS sent: node's http layer does not know this connection yet.
    const handshaking = await plain(port);
    const slow = await secure(port);
    const slowAnswer = receive(slow);
    slow.write(HEAD + BODY.slice(0, 10));
    await sleep(100);

    const started = performance.now();
    const drained = server.close(5000);
    await Promise.race([Promise.all([closed(idle), closed(handshaking)]), sleep(1000)]);
    expect({ idle: idle.destroyed, handshaking: handshaking.destroyed }).toEqual({ idle: true, handshaking: true });
    let done = false;
    void drained.then(() => (done = true));
    await sleep(100);
    expect(done).toBe(false);
    slow.write(BODY.slice(10));
    expect(await drained).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await slowAnswer).toMatch(/^HTTP\/1.1 501 [\s\S]*connection: close/i);
  });

  it('cuts the connections still busy at the deadline', async () => {
    const { server, port } = await serveTls();
    const slow = await secure(port);
    const slowAnswer = receive(slow);
    slow.write(HEAD + BODY.slice(0, 10));
    await sleep(100);
    const started = performance.now();
    expect(await server.close(300)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await slowAnswer).toBe('');
  });
});

// ───────────────────────────── configuration ─────────────────────────────

describe('configuration', () => {
  it('takes both files from flags or the environment, a flag winning over its variable, as absolute paths', () => {
    expect(resolveServeConfig({}, {}, '/srv').tls).toBeUndefined();
    expect(resolveServeConfig({ tlsCert: 'tls/cert.pem', tlsKey: '/etc/key.pem' }, {}, '/srv').tls).toEqual({ certFile: '/srv/tls/cert.pem', keyFile: '/etc/key.pem' });
    const env = { ATOMSYNC_TLS_CERT: 'c.pem', ATOMSYNC_TLS_KEY: 'k.pem' };
    expect(resolveServeConfig({}, env, '/srv').tls).toEqual({ certFile: '/srv/c.pem', keyFile: '/srv/k.pem' });
    expect(resolveServeConfig({ tlsCert: '/x/c.pem' }, env, '/srv').tls).toEqual({ certFile: '/x/c.pem', keyFile: '/srv/k.pem' });
    // An empty variable counts as unset.
    expect(resolveServeConfig({}, { ATOMSYNC_TLS_CERT: '', ATOMSYNC_TLS_KEY: '' }, '/srv').tls).toBeUndefined();
  });

  it.each([
    [{ tlsCert: 'c.pem' }, {}, '--tls-cert needs --tls-key or ATOMSYNC_TLS_KEY: the certificate and its private key go together, set both or neither'],
    [{ tlsKey: 'k.pem' }, {}, '--tls-key needs --tls-cert or ATOMSYNC_TLS_CERT: the certificate and its private key go together, set both or neither'],
    [{}, { ATOMSYNC_TLS_CERT: 'c.pem' }, 'ATOMSYNC_TLS_CERT needs --tls-key or ATOMSYNC_TLS_KEY: the certificate and its private key go together, set both or neither'],
    [{}, { ATOMSYNC_TLS_KEY: 'k.pem', ATOMSYNC_TLS_CERT: '' }, 'ATOMSYNC_TLS_KEY needs --tls-cert or ATOMSYNC_TLS_CERT: the certificate and its private key go together, set both or neither'],
  ])('refuses one of the two alone: %j %j', (flags, env, message) => {
    expect(() => resolveServeConfig(flags, env, '/srv')).toThrow(new ConfigError(message));
  });

  it('reads both files, and says which one will not do and why', () => {
    const pair = readTls(SERVED);
    expect(pair.cert.toString()).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const missing = join(CERTS, 'missing.pem');
    const encrypted = join(CERTS, 'encrypted.key');
    execFileSync('openssl', ['pkey', '-in', SERVED.keyFile, '-aes256', '-passout', 'pass:secret', '-out', encrypted]);
    // OpenSSL's own words (the parenthesis) vary with its version, except for a mismatch.
    const cases: [files: { certFile: string; keyFile: string }, message: string | RegExp][] = [
      [{ certFile: missing, keyFile: SERVED.keyFile }, `cannot read the TLS certificate ${missing}: ENOENT: no such file or directory`],
      [{ certFile: SERVED.certFile, keyFile: missing }, `cannot read the TLS key ${missing}: ENOENT: no such file or directory`],
      [{ certFile: CERTS, keyFile: SERVED.keyFile }, `cannot read the TLS certificate ${CERTS}: EISDIR: illegal operation on a directory, read`],
      [{ certFile: SERVED.keyFile, keyFile: SERVED.certFile }, new RegExp(`^the TLS certificate ${SERVED.keyFile} is not a PEM certificate node can use \\([^)]+\\)$`)],
      [{ certFile: SERVED.certFile, keyFile: SERVED.certFile }, new RegExp(`^the TLS key ${SERVED.certFile} is not a PEM private key node can use \\([^)]+\\)$`)],
      [{ certFile: SERVED.certFile, keyFile: encrypted }, new RegExp(`^the TLS key ${encrypted} is not a PEM private key node can use \\(.+\\)$`)],
      [{ certFile: SERVED.certFile, keyFile: OTHER.keyFile }, `the TLS key ${OTHER.keyFile} is not the key of the certificate ${SERVED.certFile} (key values mismatch)`],
    ];
    for (const [files, message] of cases) {
      let error: unknown;
      try {
        readTls(files);
      } catch (err) {
        error = err;
      }
      expect(error, String(message)).toBeInstanceOf(ConfigError);
      if (typeof message === 'string') expect((error as Error).message).toBe(message);
      else expect((error as Error).message).toMatch(message);
    }
  });
});

// ───────────────────────────── atomsync serve ─────────────────────────────

interface Serving {
  child: ChildProcess;
  url: string;
  logs: Record<string, any>[];
  exited: Promise<{ code: number | null; stderr: string }>;
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** `atomsync serve --port 0 …` until its "listening" line (rejects with its stderr if it exits first). */
function serve(args: string[], env: Record<string, string> = {}): Promise<Serving> {
  const vars: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(vars)) if (name.startsWith('ATOMSYNC_') || name === 'DATABASE_URL') delete vars[name];
  Object.assign(vars, { TSX_TSCONFIG_PATH: TSCONFIG, ATOMSYNC_ADMIN_USER: 'ops', ATOMSYNC_ADMIN_PASSWORD: 'ops-password' }, env);
  const child = spawn(process.execPath, ['--import', TSX, CLI, 'serve', '--port', '0', ...args], { cwd: scratch(), env: vars, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const logs: Record<string, any>[] = [];
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; stderr: string }>((r) => child.once('close', (code) => r({ code, stderr })));
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const record = JSON.parse(line) as Record<string, any>;
        logs.push(record);
        if (typeof record.url === 'string') resolve({ child, url: record.url, logs, exited });
      }
    });
    void exited.then(({ code }) => reject(Object.assign(new Error(`exited ${code} before listening`), { code, stderr })));
  });
}

async function logged(serving: Serving, msg: string, after: number): Promise<Record<string, any>> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const record = serving.logs.slice(after).find((l) => l.msg === msg);
    if (record !== undefined) return record;
    await sleep(50);
  }
  throw new Error(`no "${msg}" in ${JSON.stringify(serving.logs.slice(after))}`);
}

describe('atomsync serve --tls-cert --tls-key', () => {
  it('serves https, says so in its "listening" line, and stops on SIGTERM', async () => {
    const serving = await serve(['--tls-cert', SERVED.certFile, '--tls-key', SERVED.keyFile]);
    expect(serving.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(serving.logs.find((l) => l.url !== undefined)).toMatchObject({
      msg: `listening on ${serving.url}`,
      tls: { subject: 'CN=atomsync-test', subjectAltName: 'DNS:localhost, IP Address:127.0.0.1', validTo: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    expect(await getHttps(`${serving.url}/livez`)).toEqual({ status: 200, body: 'ok' });
    // Ids and links name the https origin the client used.
    const accounts = await getHttps(`${serving.url}/v2/admin/accounts`, { auth: 'ops:ops-password' });
    expect(accounts.status).toBe(200);
    expect(accounts.body).toContain(`<id>${serving.url}/v2/admin/accounts/ops</id>`);
    serving.child.kill('SIGTERM');
    expect(await serving.exited).toEqual({ code: 0, stderr: '' });
  });

  it('takes the files from ATOMSYNC_TLS_CERT and ATOMSYNC_TLS_KEY', async () => {
    const serving = await serve([], { ATOMSYNC_TLS_CERT: SERVED.certFile, ATOMSYNC_TLS_KEY: SERVED.keyFile });
    expect(serving.url).toMatch(/^https:/);
    expect((await getHttps(`${serving.url}/livez`)).status).toBe(200);
    serving.child.kill('SIGTERM');
    expect((await serving.exited).code).toBe(0);
  });

  it.each([
    [['--tls-cert', SERVED.certFile], {}, '--tls-cert needs --tls-key or ATOMSYNC_TLS_KEY: the certificate and its private key go together, set both or neither'],
    [['--tls-cert', join(CERTS, 'missing.pem'), '--tls-key', SERVED.keyFile], {}, `cannot read the TLS certificate ${join(CERTS, 'missing.pem')}: ENOENT: no such file or directory`],
    [['--tls-cert', SERVED.certFile, '--tls-key', OTHER.keyFile], {}, `the TLS key ${OTHER.keyFile} is not the key of the certificate ${SERVED.certFile} (key values mismatch)`],
  ] as const)('exits 2 with one line, no stack: %j %j', async (args, env, message) => {
    await expect(serve([...args], env)).rejects.toMatchObject({ code: 2, stderr: `atomsync: ${message}\n` });
  });

  it('reads the certificate and key again on SIGHUP, and keeps the old pair when the new one will not do', async () => {
    const dir = join(scratch(), 'tls');
    mkdirSync(dir);
    const files = { certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem') };
    copyFileSync(SERVED.certFile, files.certFile);
    copyFileSync(SERVED.keyFile, files.keyFile);
    const serving = await serve(['--tls-cert', files.certFile, '--tls-key', files.keyFile]);
    const port = Number(new URL(serving.url).port);
    expect(await servedCommonName(port)).toBe('atomsync-test');

    // A renewal: both files replaced, then the signal.
    copyFileSync(OTHER.certFile, files.certFile);
    copyFileSync(OTHER.keyFile, files.keyFile);
    let seen = serving.logs.length;
    serving.child.kill('SIGHUP');
    expect(await logged(serving, 'TLS certificate reloaded', seen)).toMatchObject({ level: 30, subject: 'CN=atomsync-renewed' });
    expect(await servedCommonName(port)).toBe('atomsync-renewed');

    // Half a renewal (the key not yet written): refused, and the server goes on with the pair it has.
    copyFileSync(SERVED.certFile, files.certFile);
    seen = serving.logs.length;
    serving.child.kill('SIGHUP');
    expect(await logged(serving, 'TLS certificate not reloaded: still serving the previous one', seen)).toMatchObject({
      level: 50,
      err: `the TLS key ${files.keyFile} is not the key of the certificate ${files.certFile} (key values mismatch)`,
    });
    expect(await servedCommonName(port)).toBe('atomsync-renewed');
    expect(await getHttps(`${serving.url}/livez`, { ca: readFileSync(OTHER.certFile) })).toEqual({ status: 200, body: 'ok' });

    writeFileSync(files.certFile, 'not a certificate');
    seen = serving.logs.length;
    serving.child.kill('SIGHUP');
    expect((await logged(serving, 'TLS certificate not reloaded: still serving the previous one', seen)).err).toBe(
      `the TLS certificate ${files.certFile} is not a PEM certificate node can use (no start line)`,
    );
    serving.child.kill('SIGTERM');
    expect(await serving.exited).toEqual({ code: 0, stderr: '' });
  });
});

/**
 * The interop harness proven against Debian's own SyncML server (syncevo-http-server) before it
 * judges ours: a real SyncEvolution phone uploads 20 contacts in a slow sync, a second phone
 * refreshes from the server and holds the same contacts, in XML and in WBXML (checked on the
 * dumped messages); refused syncs come back with their status; a client that hangs is killed at
 * its time limit.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compareItemSets, explainDiff } from './support/compare.js';
import { contacts, vcard30 } from './support/items.js';
import { freePort, PeerServer } from './support/peer.js';
import { SyncEvolutionPhone, type PhoneOptions, type SyncResult } from './support/syncevolution.js';
import { createWorkDir, type WorkDir } from './support/workdir.js';

const DEVICES = ['harness-a', 'harness-b', 'harness-wrong-password'];

/** The session's failure in full, for the assertion message. */
const why = (r: SyncResult) => `${r.error ?? ''} (status ${r.status}, exit ${r.exitCode})\n${r.output}`;

describe.each(['xml', 'wbxml'] as const)('SyncEvolution driver against syncevo-http-server (%s)', (encoding) => {
  let work: WorkDir;
  // Started before the tests, awaited in them: without SyncEvolution each test fails, saying why.
  let starting: Promise<PeerServer>;
  let peer: PeerServer;
  const phone = (deviceId: string, change: Partial<PhoneOptions> = {}) =>
    new SyncEvolutionPhone({
      dir: work.at(deviceId),
      deviceId,
      serverUrl: peer.url,
      username: peer.username,
      password: peer.password,
      wbxml: encoding === 'wbxml',
      datastores: { contacts: { uri: 'contacts' } },
      dumpMessages: true,
      timeoutMs: 60_000,
      ...change,
    });

  beforeAll(() => {
    work = createWorkDir(`harness-${encoding}`);
    starting = PeerServer.start({ dir: work.at('peer'), deviceIds: DEVICES });
    starting.catch(() => undefined);
  });
  beforeEach(async () => {
    peer = await starting;
  });
  afterAll(async () => {
    await starting?.then((p) => p.stop(), () => undefined);
    work?.remove();
  });

  it('slow sync of 20 contacts up from A, refresh-from-server to B: B holds the same contacts', async () => {
    const a = phone('harness-a');
    const b = phone('harness-b');
    const uploaded = contacts(20).map((c) => vcard30(c));
    await a.addItems('contacts', uploaded, 'contact');

    const up = await a.sync('contacts', 'slow');
    expect(up.ok, why(up)).toBe(true);
    expect(up.report).toMatchObject({ mode: 'slow', server: { added: 20, updated: 0, removed: 0 }, client: { added: 0 } });
    expect((await peer.items('contacts')).size).toBe(20);

    const down = await b.sync('contacts', 'refresh-from-server');
    expect(down.ok, why(down)).toBe(true);
    expect(down.report).toMatchObject({ mode: 'refresh-from-server', client: { added: 20 }, server: { added: 0 } });

    const onB = [...(await b.items('contacts')).values()];
    const diff = compareItemSets('Contacts', uploaded, onB);
    expect(diff.equal, explainDiff(diff, ['A', 'B'])).toBe(true);
    // Not vacuous: B's files are the server's rewrite, not copies of A's.
    expect(onB.every((t) => !t.includes('UID:atomsync-interop'))).toBe(true);

    // The messages really were in the encoding asked for: WBXML 1.2 starts with byte 0x02.
    for (const m of [...up.messages!, ...down.messages!]) {
      if (encoding === 'wbxml') expect(m.body[0]).toBe(0x02);
      else expect(m.body.subarray(0, 64).toString('latin1')).toMatch(/^\s*<(\?xml|SyncML)/);
    }
  });

  it('reports a refused sync with its status: a wrong password 401, an unknown device 20043', async () => {
    const wrong = await phone('harness-wrong-password', { password: 'not-the-password' }).sync('contacts', 'slow');
    expect(wrong.ok).toBe(false);
    expect(wrong.status).toBe(401);
    expect(wrong.error).toMatch(/authori[sz]ation failed/i);

    const stranger = await phone('harness-unregistered').sync('contacts', 'slow');
    expect(stranger.ok).toBe(false);
    expect(stranger.status).toBe(20043);
  });
});

describe('SyncEvolution driver time limit', () => {
  let work: WorkDir;
  let silent: Server;
  let port: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    work = createWorkDir('harness-timeout');
    port = await freePort();
    // Takes the request and never answers.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((r) => silent.listen(port, '127.0.0.1', r));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => silent?.close(r));
    work?.remove();
  });

  it('kills a client whose server never answers, and says so', async () => {
    const hung = new SyncEvolutionPhone({
      dir: work.at('hung'),
      deviceId: 'harness-hung',
      serverUrl: `http://127.0.0.1:${port}/syncml`,
      username: 'u',
      password: 'p',
      datastores: { contacts: { uri: 'contacts' } },
      timeoutMs: 3_000,
      replyTimeoutMs: 600_000,
    });
    const result = await hung.sync('contacts', 'two-way');
    expect(result.timedOut).toBe(true);
    expect(result.ok).toBe(false);
    expect(result.signal).toBe('SIGKILL');
  });
});

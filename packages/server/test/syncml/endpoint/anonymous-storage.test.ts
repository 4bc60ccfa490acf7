/**
 * What anonymous SyncML traffic costs in storage (issue 20), on both stores: nothing. 2,000 first
 * messages without credentials or with wrong ones (XML and WBXML, padded) leave no row in any
 * SyncML table; a challenged phone still answers its challenge and syncs, with nothing kept
 * between the challenge and its answer; an accepted MD5 answer replayed opens nothing; a padded
 * 5 MiB message of a signed-in phone is kept in the chat log cut to its cap, saying so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { decodeMessage, encodeMessage, SYNCML_MEDIA_TYPES, type SyncmlEncoding, type SyncmlMessage } from '@atomsync/syncml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../../src/listen.js';
import { SecretBox } from '../../../src/secrets/box.js';
import { createServer } from '../../../src/server.js';
import { createAccount } from '../../../src/services/accounts.js';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { CHATLOG_MAX_BODY_BYTES } from '../../../src/syncml/chat-text.js';
import { sessionIdOf } from '../../../src/syncml/endpoint.js';
import { createTestSchema, storeKinds, type StoreKind } from '../../support/stores.js';
import { basicCredential, md5Credential } from '../support/scripted-phone.js';

// What a refused message leaves behind is this test's question, not what its scrypt costs: the
// server's scrypt runs cheap here (support/cheap-scrypt.ts), with the same answers. At full cost
// the ~700 wrong passwords were most of this file's time.
vi.mock('node:crypto', async (importOriginal) => (await import('../../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** Every table the SyncML endpoint writes. */
const SYNCML_TABLES = ['syncml_session_state', 'syncml_session_items', 'syncml_devices', 'sessions', 'chat_log'] as const;
type Counts = Record<(typeof SYNCML_TABLES)[number], number>;

interface CountedServer {
  readonly url: string;
  readonly store: Store;
  /** Rows in each SyncML table, read on a connection of its own. */
  counts(): Promise<Counts>;
  close(): Promise<void>;
}

/** A server over a store this test can count the rows of (a file for SQLite, a schema for PostgreSQL). */
async function startCountedServer(kind: StoreKind): Promise<CountedServer> {
  let store: Store;
  let count: (table: string) => Promise<number>;
  let release: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'atomsync-anon-'));
    store = await openStore({ kind: 'sqlite', file: join(dir, 'store.db') });
    const reader = new Database(join(dir, 'store.db'), { readonly: true });
    count = async (table) => (reader.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    release = async () => {
      reader.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = await createTestSchema();
    store = await openStore({ kind: 'postgres', url: schema.url });
    const reader = new pg.Client({ connectionString: schema.url });
    await reader.connect();
    count = async (table) => Number((await reader.query(`select count(*) as n from ${table}`)).rows[0].n);
    release = async () => {
      await reader.end();
      await store.close();
      await schema.drop();
    };
  }
  const secrets = SecretBox.ephemeral();
  await createAccount({ store, secrets }, { username: 'alice', password: PASSWORD, admin: false });
  // What is kept of refused messages is this test's question, not how fast they may come: the
  // sign-in throttle and the first-message rate (sign-in-throttle.test.ts) are opened wide, so
  // every message reaches the session machine and none is answered 429 instead.
  const unthrottled = { burst: 1e9, intervalMs: 1 };
  const signIn = { firstMessages: unthrottled, throttle: { pairFree: 1e9, sourceFree: 1e9, nameUnderAttack: 1e9 } };
  const running = await listen(createServer({ store, secrets, signIn }), { host: '127.0.0.1', port: 0 });
  return {
    url: running.url,
    store,
    async counts() {
      const out = {} as Counts;
      for (const table of SYNCML_TABLES) out[table] = await count(table);
      return out;
    },
    async close() {
      await running.close(5_000);
      await release();
    },
  };
}

const PASSWORD = 'alice-secret-pw';
const NOTHING: Counts = { syncml_session_state: 0, syncml_session_items: 0, syncml_devices: 0, sessions: 0, chat_log: 0 };

/** A phone's first message (package 1: a two-way Alert for its contacts) as XML text. */
function firstMessage(options: { device: string; sessionId?: string; msgId?: string; target?: string; locName?: string; cred?: string; padding?: string }): string {
  const name = options.locName === undefined ? '' : `<LocName>${options.locName}</LocName>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><SyncML xmlns="SYNCML:SYNCML1.2"><SyncHdr><VerDTD>1.2</VerDTD><VerProto>SyncML/1.2</VerProto>' +
    `<SessionID>${options.sessionId ?? '1'}</SessionID><MsgID>${options.msgId ?? '1'}</MsgID><Target><LocURI>${options.target ?? 'http://sync.example/syncml'}</LocURI></Target>` +
    `<Source><LocURI>${options.device}</LocURI>${name}</Source>${options.cred ?? ''}</SyncHdr><SyncBody>${options.padding ?? ''}` +
    '<Alert><CmdID>1</CmdID><Data>200</Data><Item><Target><LocURI>contacts</LocURI></Target><Source><LocURI>./contacts</LocURI></Source>' +
    '<Meta><Anchor xmlns="syncml:metinf"><Next>1</Next></Anchor></Meta></Item></Alert><Final/></SyncBody></SyncML>'
  );
}

const basicCred = (user: string, password: string) => `<Cred><Meta><Type xmlns="syncml:metinf">syncml:auth-basic</Type><Format xmlns="syncml:metinf">b64</Format></Meta><Data>${basicCredential(user, password)}</Data></Cred>`;
const md5Cred = (data: string) => `<Cred><Meta><Type xmlns="syncml:metinf">syncml:auth-md5</Type><Format xmlns="syncml:metinf">b64</Format></Meta><Data>${data}</Data></Cred>`;

interface Answer {
  readonly status: number;
  readonly reply: SyncmlMessage | undefined;
}

async function post(url: string, xml: string, encoding: SyncmlEncoding, authorization?: string): Promise<Answer> {
  const body = encoding === 'xml' ? Buffer.from(xml, 'utf8') : encodeMessage(decodeMessage(Buffer.from(xml, 'utf8'), 'xml'), 'wbxml');
  const headers: Record<string, string> = { 'content-type': SYNCML_MEDIA_TYPES[encoding] };
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(url, { method: 'POST', headers, body: body as BodyInit });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, reply: response.status === 200 ? decodeMessage(bytes, encoding) : undefined };
}

const headerCode = (answer: Answer): number | undefined => {
  const status = answer.reply?.commands.find((c) => c.kind === 'Status' && c.cmdRef === '0');
  return status?.kind === 'Status' ? status.data : undefined;
};
const nonceOf = (answer: Answer): string => (answer.reply!.commands.find((c) => c.kind === 'Status' && c.cmdRef === '0') as { chal?: { meta: { nextNonce?: string } } }).chal!.meta.nextNonce!;

describe.each(storeKinds)('anonymous SyncML traffic costs no storage (%s)', (kind) => {
  let server: CountedServer;
  beforeAll(async () => {
    server = await startCountedServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('2,000 first messages without credentials or with wrong ones leave no row in any SyncML table', { timeout: 300_000 }, async () => {
    const padding = `<!--${'x'.repeat(4096)}-->`;
    const kinds = ['none', 'md5-wrong', 'basic-unknown'] as const;
    const send = (i: number): Promise<Answer> => {
      const device = `IMEI:${String(i).padStart(15, '0')}`;
      const encoding: SyncmlEncoding = i % 2 === 0 ? 'xml' : 'wbxml';
      // A few wrong passwords of the real account and over HTTP Basic: each costs a scrypt.
      if (i % 200 === 0) return post(`${server.url}/syncml`, firstMessage({ device, cred: basicCred('alice', `guess-${i}`), padding }), encoding);
      if (i % 50 === 1) return post(`${server.url}/syncml`, firstMessage({ device, padding }), encoding, `Basic ${basicCredential(`nobody-${i}`, 'pw')}`);
      switch (kinds[i % kinds.length]!) {
        case 'none':
          return post(`${server.url}/syncml`, firstMessage({ device, padding }), encoding);
        case 'md5-wrong':
          return post(`${server.url}/syncml`, firstMessage({ device, locName: 'alice', cred: md5Cred(md5Credential('alice', `guess-${i}`, '')), padding }), encoding);
        default:
          return post(`${server.url}/syncml`, firstMessage({ device, cred: basicCred(`nobody-${i}`, 'pw'), padding }), encoding);
      }
    };
    const answers: Answer[] = [];
    for (let i = 0; i < 2_000; i += 10) answers.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => send(i + j)))));
    // Each is refused in the protocol's own form: 401/407 with a Chal in a 200.
    const outcomes = new Set(answers.map((a) => (a.status === 200 ? `200/${headerCode(a)}` : String(a.status))));
    expect([...outcomes].sort()).toEqual(['200/401', '200/407']);
    expect(outcomes.has('200/407')).toBe(true);
    expect(await server.counts()).toEqual(NOTHING);
  });

  it('a challenged phone answers its challenge and signs in, with nothing kept in between; a replay of its answer opens nothing', async () => {
    const device = 'IMEI:356938035643809';
    const challenged = await post(`${server.url}/syncml`, firstMessage({ device, sessionId: '7', locName: 'alice', cred: md5Cred(md5Credential('alice', PASSWORD, '')) }), 'xml');
    expect(headerCode(challenged)).toBe(401);
    expect(await server.counts()).toEqual(NOTHING);
    const respUri = challenged.reply!.header.respUri!;
    const answer = firstMessage({ device, sessionId: '7', msgId: '2', target: respUri, locName: 'alice', cred: md5Cred(md5Credential('alice', PASSWORD, nonceOf(challenged))) });
    const accepted = await post(respUri, answer, 'xml');
    expect(headerCode(accepted)).toBe(212);
    // The session is kept from here, under a key of its own (not the challenge's).
    const sessionKey = new URL(accepted.reply!.header.respUri!).searchParams.get('session')!;
    expect(sessionKey).not.toBe(new URL(respUri).searchParams.get('session'));
    expect(await server.store.syncmlSessions.get(sessionIdOf(sessionKey))).toBeDefined();
    const kept = await server.counts();
    expect(kept).toMatchObject({ syncml_session_state: 1, sessions: 1, chat_log: 2 });

    // The same answer again, as an eavesdropper would replay it: the challenge was answered.
    const replayed = await post(respUri, answer, 'xml');
    expect(headerCode(replayed)).toBe(401);
    expect(await server.counts()).toEqual(kept);
  });

  it("keeps a signed-in phone's padded 5 MiB message cut to the chat log's cap, saying so; the same message anonymous keeps nothing", async () => {
    const before = await server.counts();
    const padding = `<!--${'p'.repeat(5 * 1024 * 1024)}-->`;
    const anonymous = await post(`${server.url}/syncml`, firstMessage({ device: 'IMEI:356938035643810', padding }), 'xml');
    expect(headerCode(anonymous)).toBe(407);
    expect(await server.counts()).toEqual(before);

    const signedIn = await post(`${server.url}/syncml`, firstMessage({ device: 'IMEI:356938035643811', cred: basicCred('alice', PASSWORD), padding }), 'xml');
    expect(headerCode(signedIn)).toBe(212);
    const id = sessionIdOf(new URL(signedIn.reply!.header.respUri!).searchParams.get('session')!);
    const entries = (await server.store.chatLog.list(100)).filter((e) => e.sessionId === id);
    expect(entries.map((e) => e.direction).sort()).toEqual(['in', 'out']);
    const kept = entries.find((e) => e.direction === 'in')!.body;
    expect(Buffer.byteLength(kept, 'utf8')).toBeLessThanOrEqual(CHATLOG_MAX_BODY_BYTES);
    expect(kept).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><SyncML xmlns="SYNCML:SYNCML1\.2">/);
    expect(kept).toMatch(/\[cut: the message is \d+ bytes, the chat log keeps the first \d+\]$/);
  });
});

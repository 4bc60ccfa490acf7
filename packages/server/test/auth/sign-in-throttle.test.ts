/**
 * Guessing passwords, over every way of signing in, on both stores (guide/security.md, "Guessing
 * passwords"): REST Basic, SyncML `auth-basic`, `auth-md5` and HTTP Basic, ActiveSync, Autodiscover
 * (per name and address), Bearer and OAuth 1.0a (per address). After the allowed failures the next
 * attempt is answered 429 with Retry-After, in the protocol's form, without a scrypt; the owner's
 * right password from an address that has not failed still signs in while the name is attacked
 * from many others. A name without an account costs the same scrypts (and MD5 digest openings)
 * as one with. scrypt runs at most two at once, and a cached credential never waits for them.
 * SyncML messages that start a session are rated per address. The clock is injected: no test
 * waits on real time; addresses come through a trusted proxy's X-Forwarded-For.
 */
import { decodeMessage, encodeMessage, SYNCML_MEDIA_TYPES, type SyncmlMessage } from '@atomsync/syncml';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../src/auth/password.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { createActivesyncClient } from '../../src/services/clients.js';
import type { Store } from '@atomsync/store';
import { call, type Answer } from '../support/http.js';
import { openTestStore, storeKinds } from '../support/stores.js';

/**
 * Every scrypt the server runs, counted where node:crypto is called: on any version of the server.
 * At a cheap cost (support/cheap-scrypt.ts): these tests count scrypts and read their answers,
 * never their cost, and the full cost was most of this file's time.
 */
const scrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const { cheapScrypt } = await import('../support/cheap-scrypt.js');
  return cheapScrypt(await importOriginal<typeof import('node:crypto')>(), scrypts);
});

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
const md5 = (data: Buffer | string) => createHash('md5').update(data).digest();
const md5Cred = (user: string, password: string, nonce: string) =>
  md5(Buffer.concat([Buffer.from(`${md5(`${user}:${password}`).toString('base64')}:`, 'utf8'), Buffer.from(nonce, 'base64')])).toString('base64');

/** The throttle of these tests: three failures per name and address, ten per address, a name under attack past six. */
const THROTTLE = { pairFree: 3, sourceFree: 10, nameUnderAttack: 6, baseDelayMs: 1000, maxDelayMs: 60_000 };
const PASSWORD = 'right-password-1';

describe.each(storeKinds)('guessing passwords (%s)', (kind) => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  let now = 1_700_000_000_000;
  let app: ReturnType<typeof createServer>;
  let sessions = 0;

  beforeAll(async () => {
    store = await openTestStore(kind);
    app = createServer({ store, secrets, trustProxy: 1, signIn: { throttle: THROTTLE, now: () => now } });
  });
  afterAll(() => store.close());

  /** An account (and its ActiveSync client, under the same name and password). */
  async function owner(name: string): Promise<string> {
    const username = `${name}-${kind}`;
    const account = await createAccount({ store, secrets }, { username, password: PASSWORD, admin: false });
    await createActivesyncClient(store, { kind: 'account', id: account.id, username, admin: false }, { username, password: PASSWORD });
    return username;
  }

  /** A SyncML message opening a session, as a phone at `source` sends it. */
  function syncml(user: string, options: { cred?: { type: 'basic' | 'md5'; data: string }; authorization?: string; url?: string; sessionId?: string; msgId?: string }, source: string) {
    const message: SyncmlMessage = {
      header: {
        verDTD: '1.2',
        verProto: 'SyncML/1.2',
        sessionId: options.sessionId ?? String(++sessions),
        msgId: options.msgId ?? '1',
        target: { locUri: 'http://atomsync.test/syncml' },
        source: { locUri: `IMEI:${source}`, locName: user },
        ...(options.cred === undefined ? {} : { cred: { meta: { type: `syncml:auth-${options.cred.type}`, format: 'b64' }, data: options.cred.data } }),
      },
      commands: [],
      final: true,
    };
    const headers: Record<string, string> = { 'content-type': SYNCML_MEDIA_TYPES.xml, 'x-forwarded-for': source };
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    return call(app, 'POST', options.url ?? '/syncml', { headers, body: encodeMessage(message, 'xml') as BodyInit });
  }

  /** The SyncHdr's Status of a 200 reply. */
  function headerStatusOf(answer: Answer): { code: number; nonce?: string; respUri?: string } {
    const reply = decodeMessage(Buffer.from(answer.text), 'xml');
    const status = reply.commands.find((c) => c.kind === 'Status' && c.cmdRef === '0') as { data: number; chal?: { meta: { nextNonce?: string } } };
    return { code: Number(status.data), nonce: status.chal?.meta.nextNonce, respUri: reply.header.respUri };
  }

  type Outcome = 'in' | 'refused' | 'throttled';

  /** One sign-in attempt over each way, and what came of it. */
  const ways: Record<string, (user: string, password: string, source: string) => Promise<{ outcome: Outcome; answer: Answer }>> = {
    'REST Basic': async (user, password, source) => {
      const answer = await call(app, 'GET', '/v2/services/datastore/', { headers: { authorization: basic(user, password), 'x-forwarded-for': source } });
      return { answer, outcome: answer.status === 200 ? 'in' : answer.status === 401 ? 'refused' : 'throttled' };
    },
    'SyncML auth-basic': async (user, password, source) => {
      const answer = await syncml(user, { cred: { type: 'basic', data: Buffer.from(`${user}:${password}`).toString('base64') } }, source);
      return { answer, outcome: answer.status !== 200 ? 'throttled' : headerStatusOf(answer).code === 212 ? 'in' : 'refused' };
    },
    'SyncML HTTP Basic': async (user, password, source) => {
      const answer = await syncml(user, { authorization: basic(user, password) }, source);
      return { answer, outcome: answer.status !== 200 ? 'throttled' : headerStatusOf(answer).code === 212 ? 'in' : 'refused' };
    },
    'SyncML auth-md5': async (user, password, source) => {
      // A phone without a nonce of ours: challenged, then answers over the nonce in the same session.
      const sessionId = String(++sessions);
      const first = await syncml(user, { cred: { type: 'md5', data: md5Cred(user, password, '') }, sessionId }, source);
      if (first.status !== 200) return { answer: first, outcome: 'throttled' };
      const challenge = headerStatusOf(first);
      if (challenge.code === 212) return { answer: first, outcome: 'in' };
      const url = new URL(challenge.respUri!);
      const answer = await syncml(user, { cred: { type: 'md5', data: md5Cred(user, password, challenge.nonce!) }, url: url.pathname + url.search, sessionId, msgId: '2' }, source);
      return { answer, outcome: answer.status !== 200 ? 'throttled' : headerStatusOf(answer).code === 212 ? 'in' : 'refused' };
    },
    ActiveSync: async (user, password, source) => {
      const answer = await call(app, 'OPTIONS', '/Microsoft-Server-ActiveSync', { headers: { authorization: basic(user, password), 'x-forwarded-for': source } });
      return { answer, outcome: answer.status === 200 ? 'in' : answer.status === 401 ? 'refused' : 'throttled' };
    },
    Autodiscover: async (user, password, source) => {
      const body =
        '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006">' +
        `<Request><EMailAddress>${user}@example.org</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006</AcceptableResponseSchema></Request></Autodiscover>`;
      const answer = await call(app, 'POST', '/autodiscover/autodiscover.xml', { headers: { authorization: basic(user, password), 'content-type': 'text/xml', 'x-forwarded-for': source }, body });
      return { answer, outcome: answer.status === 200 ? 'in' : answer.status === 401 ? 'refused' : 'throttled' };
    },
  };

  let addresses = 0;
  /** A fresh address, never seen before by the throttle. */
  const address = () => `203.0.${++addresses >> 8}.${addresses & 255}`;

  describe.each(Object.keys(ways))('over %s', (way) => {
    const attempt = (user: string, password: string, source: string) => ways[way]!(user, password, source);

    it('answers the attempt after three wrong passwords from an address 429 with Retry-After, checking nothing, and lets it try again once the wait is over', async () => {
      const user = await owner(`guessed-${way.replace(/\W/g, '')}`);
      const source = address();
      for (let i = 0; i < 3; i++) expect((await attempt(user, `wrong-${i}`, source)).outcome).toBe('refused');
      const before = scrypts.count;
      const refused = await attempt(user, PASSWORD, source);
      expect([refused.outcome, refused.answer.status, refused.answer.headers.get('retry-after')]).toEqual(['throttled', 429, '1']);
      if (way === 'REST Basic') expect(refused.answer.error?.code).toBe('rate_limited');
      expect(scrypts.count).toBe(before);
      now += 1000;
      expect((await attempt(user, PASSWORD, source)).outcome).toBe('in');
    });

    it('still lets the right password in from an address that has not failed while the name is guessed from many others', async () => {
      const user = await owner(`attacked-${way.replace(/\W/g, '')}`);
      const attackers = Array.from({ length: 8 }, address);
      for (const source of attackers) expect((await attempt(user, 'guess', source)).outcome).toBe('refused');
      // Under attack: an address that failed on the name waits after its one failure, whatever it sends.
      expect((await attempt(user, PASSWORD, attackers.at(-1)!)).outcome).toBe('throttled');
      expect((await attempt(user, PASSWORD, address())).outcome).toBe('in');
    });
  });

  it.each(['Bearer', 'OAuth'])('answers %s attempts from an address 429 after ten failures', async (scheme) => {
    const source = address();
    const header =
      scheme === 'Bearer' ? 'Bearer not-a-token' : 'OAuth oauth_consumer_key="nobody", oauth_signature_method="HMAC-SHA1", oauth_signature="x", oauth_timestamp="1", oauth_nonce="n"';
    const get = () => call(app, 'GET', '/v2/services/datastore/', { headers: { authorization: header, 'x-forwarded-for': source } });
    for (let i = 0; i < 10; i++) expect((await get()).status).toBe(401);
    const refused = await get();
    expect([refused.status, refused.error?.code, refused.headers.get('retry-after')]).toEqual([429, 'rate_limited', '1']);
  });

  describe('a name without an account costs what a known one does', () => {
    /** scrypts run for one wrong attempt, the decoy's own hashing done beforehand. */
    async function scryptsOf(way: string, user: string): Promise<number> {
      await ways[way]!(`warm-up-${kind}`, 'x', address());
      const before = scrypts.count;
      expect((await ways[way]!(user, 'wrong password', address())).outcome).toBe('refused');
      return scrypts.count - before;
    }

    it.each(['REST Basic', 'SyncML auth-basic', 'SyncML HTTP Basic', 'ActiveSync', 'Autodiscover'])('over %s: one scrypt each', async (way) => {
      const user = await owner(`known-${way.replace(/\W/g, '')}`);
      expect([await scryptsOf(way, user), await scryptsOf(way, `unknown-${user}`)]).toEqual([1, 1]);
    });

    it('over SyncML auth-md5: one MD5 digest opened each', async () => {
      const user = await owner('known-md5');
      const opened = vi.spyOn(secrets, 'open');
      const opensOf = async (name: string) => {
        opened.mockClear();
        expect((await ways['SyncML auth-md5']!(name, 'wrong password', address())).outcome).toBe('refused');
        return opened.mock.calls.length;
      };
      try {
        const known = await opensOf(user);
        expect(known).toBeGreaterThan(0);
        expect(await opensOf(`unknown-${user}`)).toBe(known);
      } finally {
        opened.mockRestore();
      }
    });
  });
});

describe('scrypt under a flood', () => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  beforeAll(async () => {
    store = await openTestStore('sqlite');
    await createAccount({ store, secrets }, { username: 'owner', password: PASSWORD, admin: false });
  });
  afterAll(() => store.close());

  it('runs at most two verifications at once, sheds past its queue with 429, and answers a cached credential while they wait', async () => {
    let running = 0;
    let most = 0;
    const held: (() => void)[] = [];
    let holding = false;
    const verify = async (password: string, stored: string) => {
      running++;
      most = Math.max(most, running);
      try {
        if (holding) await new Promise<void>((resolve) => held.push(resolve));
        return await verifyPassword(password, stored);
      } finally {
        running--;
      }
    };
    const app = createServer({ store, secrets, trustProxy: 1, signIn: { verifyPassword: verify, gate: { concurrency: 2, maxQueued: 8 } } });
    const get = (user: string, password: string, source: string) =>
      call(app, 'GET', '/v2/services/datastore/', { headers: { authorization: basic(user, password), 'x-forwarded-for': source } });
    // The owner signs in once: the credential is verified and kept.
    expect((await get('owner', PASSWORD, '192.0.2.1')).status).toBe(200);

    holding = true;
    // Sixteen guessers at once, each from its own address: two run, eight wait, six are shed.
    const flood = Array.from({ length: 16 }, (_, i) => get(`guess${i}`, 'wrong', `198.51.100.${i + 1}`));
    await vi.waitFor(() => expect(held).toHaveLength(2));
    // The owner's kept credential is answered while every place is taken.
    expect((await get('owner', PASSWORD, '192.0.2.1')).status).toBe(200);
    holding = false;
    while (held.length > 0) held.shift()!();
    const statuses = (await Promise.all(flood)).map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    const shed = (await Promise.all(flood)).filter((a) => a.status === 429);
    expect(shed).toHaveLength(6);
    expect(shed.every((a) => a.error?.code === 'rate_limited' && a.headers.get('retry-after') === '1')).toBe(true);
    expect(most).toBe(2);
  });
});

describe('SyncML messages that start a session', () => {
  let store: Store;
  const secrets = SecretBox.ephemeral();
  beforeAll(async () => {
    store = await openTestStore('sqlite');
  });
  afterAll(() => store.close());

  it('are rated per address: past the burst 429 with Retry-After before anything is decoded, other addresses unaffected', async () => {
    let now = 1_700_000_000_000;
    const app = createServer({ store, secrets, trustProxy: 1, signIn: { firstMessages: { burst: 3, intervalMs: 2000 }, now: () => now } });
    const post = (source: string, body = '<SyncML>') =>
      call(app, 'POST', '/syncml', { headers: { 'content-type': SYNCML_MEDIA_TYPES.xml, 'x-forwarded-for': source }, body });
    for (let i = 0; i < 3; i++) expect((await post('192.0.2.7')).status).toBe(400);
    const refused = await post('192.0.2.7');
    expect([refused.status, refused.error?.code, refused.headers.get('retry-after')]).toEqual([429, 'rate_limited', '2']);
    expect((await post('192.0.2.8')).status).toBe(400);
    now += 2000;
    expect((await post('192.0.2.7')).status).toBe(400);
  });
});

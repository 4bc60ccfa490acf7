/**
 * Hostile path ids and query values on every operation of the operation table, on both stores,
 * anonymous and authenticated (alice; root for admin operations): every control character
 * `%00`–`%1F` and `%7F`, the non-characters `%EF%BF%BE`/`%EF%BF%BF`, invalid UTF-8 (`%FF`,
 * `%C3%28`, an encoded lone surrogate `%ED%A0%80`, a lone `%`), huge values (100 KB), integer
 * overflow, `-1`, `1e3`, `0x10`, `../..`, an encoded `/`. Each goes into every path parameter,
 * every declared query parameter and one undeclared query parameter (`session` for POST /syncml,
 * which its endpoint reads) of the operation.
 *
 * Every answer: never a 5xx (but the 501 the spec fixes for an operation), an error answer is the
 * error body (guide/protocol.md#error-body: `application/xml`, `<code>`), every XML answer is
 * well-formed, valid UTF-8 and never holds the character that was sent; a value XML cannot
 * carry, or any hostile path id, is refused (4xx). Afterwards `/healthz` answers and everything
 * alice can read reads the same.
 *
 * Requests go over a real socket (node:http, so `../..` and a lone `%` reach the server as sent);
 * 100 KB values go to the same server in memory (`app.fetch`), since node's HTTP parser answers a
 * request line over its 16 KB header limit itself (431) before the app sees it.
 */
import { Agent, request } from 'node:http';
import { decodeServiceError, operations, type OperationSpec } from '@atomsync/atom';
import { encodeMessage } from '@atomsync/syncml';
import type { H3 } from 'h3';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { goldenExamples } from '../../../test/support/examples.js';
import { routes, type RouteSpec } from '../src/generated/routes.js';
import { createServer } from '../src/server.js';
import { addModel, startTestServer, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const all = Object.values(operations) as OperationSpec[];
const routeOf = new Map<string, RouteSpec>();
for (const route of routes) {
  routeOf.set(route.operation.id, route);
  for (const variant of route.variants) routeOf.set(variant.operation.id, route);
}
const golden = goldenExamples();

/** A valid body of the operation's request shape, so a request that gets past its parameters reaches the handler. */
function bodyFor(op: OperationSpec): { body: string; type: string } | undefined {
  const request = op.request;
  if (request === undefined || request.kind === 'empty') return undefined;
  if (request.kind === 'raw') return { body: SYNCML_MESSAGE, type: 'application/vnd.syncml+xml' };
  const candidates = golden.filter((g) => (request.kind === 'entry' ? g.entry === request.shape : g.feed === request.shape));
  const pick = candidates.find((g) => g.file.includes('request')) ?? candidates[0];
  return pick === undefined ? undefined : { body: pick.xml, type: 'application/atom+xml' };
}

/** A well-formed anonymous SyncML 1.2 message with nothing in it. */
const SYNCML_MESSAGE = Buffer.from(
  encodeMessage({ header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: 'http://127.0.0.1/syncml' }, source: { locUri: 'IMEI:350000000000001' } }, commands: [], final: true }, 'xml'),
).toString('utf8');

interface Hostile {
  /** As it goes into the URL (already percent-encoded, or deliberately not). */
  readonly encoded: string;
  /** The character it carries that XML cannot (or no id should), which no answer may hold. */
  readonly bad?: string;
  /** Holds a character XML cannot carry once decoded: refused wherever it is put. */
  readonly unwritable?: boolean;
  /** Sent in memory: too long for node's request line limit. */
  readonly huge?: boolean;
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
const HOSTILE: readonly Hostile[] = [
  ...Array.from({ length: 0x20 }, (_, c): Hostile => ({ encoded: `%${hex(c)}`, bad: String.fromCharCode(c), unwritable: c !== 0x09 && c !== 0x0a && c !== 0x0d })),
  ...Array.from({ length: 0x20 }, (_, c): Hostile => ({ encoded: `id%${hex(c)}x`, bad: String.fromCharCode(c), unwritable: c !== 0x09 && c !== 0x0a && c !== 0x0d })).filter((_, c) => c === 0 || c === 1 || c === 0x1f),
  { encoded: '%7F', bad: '\u007F' },
  { encoded: '%EF%BF%BE', bad: '\uFFFE', unwritable: true },
  { encoded: '%EF%BF%BF', bad: '\uFFFF', unwritable: true },
  { encoded: '%FF' },
  { encoded: '%C3%28' },
  { encoded: '%ED%A0%80', bad: '\uD800' },
  { encoded: '%' },
  { encoded: '%%30' },
  { encoded: '%2F' },
  { encoded: '..%2F..' },
  { encoded: '../..' },
  { encoded: '99999999999999999999' },
  { encoded: '-1' },
  { encoded: '1e3' },
  { encoded: '0x10' },
  { encoded: 'x'.repeat(100 * 1024), huge: true },
  { encoded: '%01'.repeat(34 * 1024), bad: '\u0001', unwritable: true, huge: true },
];

/** Query parameters whose value is any text (listContents' `q`, a search), not a format to check. */
const FREE_TEXT: ReadonlySet<string> = new Set(['q']);

/** Where a hostile value goes: a path parameter, a declared query parameter, or an undeclared one. */
type Slot = { in: 'path' | 'query' | 'extra'; name: string };

function slotsOf(op: OperationSpec): Slot[] {
  const slots: Slot[] = op.params.map((p) => ({ in: p.in === 'path' ? 'path' : 'query', name: p.name }));
  slots.push({ in: 'extra', name: op.id === 'postSyncmlMessage' ? 'session' : 'q' });
  return slots;
}

interface Ids {
  datastore: string;
  content: string;
  extdata: string;
  syncml: string;
  activesync: string;
  binding: number;
  log: number;
  vendor: string;
  model: string;
  username: string;
}

/** Nothing exists under these: a write sent to them can change nothing. */
const GHOSTS: Ids = {
  datastore: '00000000-0000-4000-8000-000000000001',
  content: '00000000-0000-4000-8000-000000000002',
  extdata: '00000000-0000-4000-8000-000000000003',
  syncml: '00000000-0000-4000-8000-000000000004',
  activesync: '00000000-0000-4000-8000-000000000005',
  binding: 999_999_001,
  log: 999_999_002,
  vendor: '00000000-0000-4000-8000-000000000006',
  model: '00000000-0000-4000-8000-000000000007',
  username: 'nobody-at-all',
};

function validParam(op: OperationSpec, name: string, ids: Ids): string {
  const kind = /^\/v2\/services\/(\w+)\//.exec(op.path)?.[1] as keyof Ids | undefined;
  const values: Record<string, string | number> = {
    clientUuid: kind !== undefined ? ids[kind] : '',
    contentUuid: ids.content,
    bindingId: ids.binding,
    logId: ids.log,
    vendorUuid: ids.vendor,
    modelUuid: ids.model,
    username: ids.username,
  };
  return encodeURIComponent(String(values[name]));
}

/** The URL of `op` with `hostile` in `slot` and valid values everywhere else. */
function urlOf(op: OperationSpec, slot: Slot, hostile: string, ids: Ids): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (slot.in === 'path' && slot.name === name ? hostile : validParam(op, name, ids)));
  const query: string[] = [];
  // The `since` variant runs only with its parameter present.
  if (op.when !== undefined && !(slot.in === 'query' && slot.name === op.when)) query.push(`${op.when}=2009-06-01T00:00:00`);
  if (slot.in !== 'path') query.push(`${slot.name}=${hostile}`);
  return query.length === 0 ? path : `${path}?${query.join('&')}`;
}

interface Reply {
  status: number;
  contentType: string;
  bytes: Buffer;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function overSocket(base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const req = request(
      { host: base.hostname, port: base.port, method, path, agent, headers: { ...headers, 'content-length': String(payload?.length ?? 0) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, contentType: String(res.headers['content-type'] ?? ''), bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function inMemory(app: H3, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  const response = await app.fetch(new Request(`http://127.0.0.1${path}`, { method, headers, body }));
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Throws unless `text` is a well-formed XML document. */
function wellFormed(text: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(text).close();
}

describe.each(storeKinds)('hostile path ids and query values on %s', (kind) => {
  let server: TestServer;
  let app: H3;
  let base: URL;
  let ids: Ids;
  let alice: string;
  let root: string;
  let before: string;
  const stats = { requests: 0, operations: new Set<string>(), statuses: new Map<number, number>() };
  const reads = all.filter((op) => op.method === 'GET' && op.auth === 'account' && op.response.kind === 'feed' && routeOf.get(op.id)!.fixed === undefined && op.when === undefined);

  /** Everything alice can read (each feed's own "now" removed), and the accounts as root reads them. */
  async function snapshot(): Promise<string> {
    const texts: string[] = [];
    for (const op of reads) {
      const reply = await overSocket(base, 'GET', urlOf(op, { in: 'extra', name: 'x' }, 'y', ids), { authorization: alice });
      texts.push(`${op.id} ${reply.status}\n${reply.bytes.toString('utf8').replace(/^([\s\S]*?<(?:\w+:)?feed[\s\S]*?)<(?:\w+:)?updated>[^<]*<\/(?:\w+:)?updated>/, '$1')}`);
    }
    const accounts = await overSocket(base, 'GET', '/v2/admin/accounts', { authorization: root });
    texts.push(`accounts ${accounts.status}\n${accounts.bytes.toString('utf8').replace(/<(?:\w+:)?updated>[^<]*<\/(?:\w+:)?updated>/, '')}`);
    return texts.join('\n');
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    app = createServer({ store: server.store, secrets: server.secrets });
    base = new URL(server.url);
    alice = `Basic ${Buffer.from(`${server.alice.username}:${server.alice.password}`).toString('base64')}`;
    root = `Basic ${Buffer.from(`${server.root.username}:${server.root.password}`).toString('base64')}`;
    const model = await addModel(server.store);
    const vendor = (await server.store.catalogue.getModel(model))!.vendorUuid;
    const sdk = server.alice.client;
    const datastore = (await sdk.datastore.create({ userId: 'alice-crm' })).client.uuid!;
    const item = await sdk.datastore.contents(datastore).create({ title: 'Note', content: { type: 'text/plain', value: 'buy milk' } });
    const extdata = (await sdk.extdata.create({ userId: 'alice@example.net', datastores: [{ dataclass: 'Contacts', href: 'https://contacts.example.net/feeds/alice' }] })).client.uuid!;
    const syncml = (await sdk.syncml.create({ phoneNumber: '+46702345678', modelUuid: model, timezone: 'Europe/Stockholm' })).client.uuid!;
    const activesync = (await sdk.activesync.create({ username: 'alice-phone', password: 'alice-phone-pw-1', phoneNumber: '+46701234567', modelUuid: model })).client.uuid!;
    const binding = Number((await sdk.syncengine.create({ source: { syncSource: 'datastore', uuid: datastore }, target: { syncSource: 'extdata', uuid: extdata } })).title);
    ids = { datastore, content: item.id!.replace(/^urn:uuid:/, ''), extdata, syncml, activesync, binding, log: 1, vendor, model, username: 'alice' };
    before = await snapshot();
  });
  afterAll(async () => {
    const statuses = [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`hostile params on ${kind}: ${stats.requests} requests, ${stats.operations.size}/${all.length} operations, statuses ${statuses}`);
    await server?.close();
  });

  it.each(all.map((op) => [op.id, op] as const))('%s: hostile path ids and query values are refused with an error body', async (_, op) => {
    const route = routeOf.get(op.id)!;
    const fixed501 = route.fixed?.status === 501;
    // A write goes to objects that do not exist (and without a body where none is named by its
    // path), so even a hostile value that is an ordinary string can change nothing.
    const write = op.method !== 'GET';
    const target = write ? GHOSTS : ids;
    const owner = op.auth === 'admin' ? root : alice;
    const withBody = write && op.params.some((p) => p.in === 'path') ? bodyFor(op) : undefined;
    const sends: { slot: Slot; hostile: Hostile; as: string | undefined }[] = [];
    for (const slot of slotsOf(op)) for (const hostile of HOSTILE) for (const as of [undefined, owner]) sends.push({ slot, hostile, as });
    const failures: string[] = [];
    // A few at a time: bounded, and the server sees concurrent hostile requests.
    for (let at = 0; at < sends.length; at += 8) {
      await Promise.all(
        sends.slice(at, at + 8).map(async ({ slot, hostile, as }) => {
          const path = urlOf(op, slot, hostile.encoded, target);
          const headers: Record<string, string> = {};
          if (as !== undefined) headers.authorization = as;
          // A write's body goes only with a path slot (a query slot keeps valid ghost ids, and
          // without a body the request is refused whatever the value); a phone's message always.
          const body = op.id === 'postSyncmlMessage' ? bodyFor(op) : slot.in === 'path' ? withBody : undefined;
          if (body !== undefined) headers['content-type'] = body.type;
          const reply = hostile.huge ? await inMemory(app, op.method, path, headers, body?.body) : await overSocket(base, op.method, path, headers, body?.body);
          stats.requests++;
          stats.operations.add(op.id);
          stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
          const label = `${op.method} ${path.slice(0, 120)} (${slot.in} ${slot.name}, ${as === undefined ? 'anonymous' : 'authenticated'}) → ${reply.status}`;
          const problems = check(reply, hostile, slot, fixed501);
          if (problems.length > 0) failures.push(`${label}: ${problems.join('; ')}: ${reply.bytes.toString('utf8').slice(0, 300)}`);
        }),
      );
    }
    expect(failures.slice(0, 10), `${failures.length} of ${sends.length} answers`).toEqual([]);
    expect((await overSocket(base, 'GET', '/healthz', {})).status).toBe(200);
  });

  it("changed nothing alice can read, and the server still answers", async () => {
    expect((await overSocket(base, 'GET', '/healthz', {})).status).toBe(200);
    expect(await snapshot()).toBe(before);
    // Every operation of the table was sent hostile values.
    expect(stats.operations.size).toBe(all.length);
  });

  describe('hostile credentials', () => {
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const now = () => Math.floor(Date.now() / 1000);
    const oauth = (key: string, nonce = 'n1') => `OAuth oauth_consumer_key="${key}", oauth_signature_method="HMAC-SHA1", oauth_timestamp="${now()}", oauth_nonce="${nonce}", oauth_version="1.0", oauth_signature="c2ln"`;
    const syncml = (type: string, user: string) =>
      Buffer.from(
        encodeMessage(
          {
            header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: 'http://127.0.0.1/syncml' }, source: { locUri: 'IMEI:350000000000002' }, cred: { meta: { type, format: 'b64' }, data: b64(`${user}:pw-or-digest==`) } },
            commands: [],
            final: true,
          },
          'xml',
        ),
      ).toString('utf8');
    const cases: { label: string; path: string; authorization?: string; body?: string }[] = [
      ...['\u0000', '\u0001', '\uFFFE'].flatMap((c) => [
        { label: `HTTP Basic username with ${JSON.stringify(c)}`, path: '/v2/services/datastore/', authorization: `Basic ${b64(`al${c}ice:alice-secret-pw`)}` },
        { label: `HTTP Basic password with ${JSON.stringify(c)}`, path: '/v2/services/datastore/', authorization: `Basic ${b64(`alice:pw${c}`)}` },
        { label: `SyncML basic Cred username with ${JSON.stringify(c)}`, path: '/syncml', body: syncml('syncml:auth-basic', `al${c}ice`) },
        { label: `SyncML md5 Cred username with ${JSON.stringify(c)}`, path: '/syncml', body: syncml('syncml:auth-md5', `al${c}ice`) },
      ]),
      { label: 'HTTP Basic of no user:password', path: '/v2/services/datastore/', authorization: 'Basic %00' },
      { label: 'Bearer %00', path: '/v2/services/datastore/', authorization: 'Bearer %00' },
      { label: 'Bearer of 8 KB', path: '/v2/services/datastore/', authorization: `Bearer ast_${'x'.repeat(8 * 1024)}` },
      ...['%00', '%01', '%EF%BF%BE', '%FF', '%'].map((key) => ({ label: `OAuth consumer key ${key}`, path: '/v2/services/datastore/', authorization: oauth(key) })),
      { label: 'OAuth nonce %00', path: '/v2/services/datastore/', authorization: oauth('ck', '%00') },
    ];
    // Found by this campaign, outside the parameters: a NUL in a username or consumer key once
    // reached a PostgreSQL lookup (which refuses NUL in text) and answered 500.
    for (const c of cases) {
      it(`${c.label}: no 5xx, a refusal is an error body`, async () => {
        const headers: Record<string, string> = {};
        if (c.authorization !== undefined) headers.authorization = c.authorization;
        if (c.body !== undefined) headers['content-type'] = 'application/vnd.syncml+xml';
        const reply = await overSocket(base, c.body === undefined ? 'GET' : 'POST', c.path, headers, c.body);
        stats.requests++;
        stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
        const text = reply.bytes.toString('utf8');
        expect(reply.status, text.slice(0, 300)).toBeLessThan(500);
        if (c.body === undefined) expect(reply.status).toBe(401);
        if (reply.status >= 400) expect(() => decodeServiceError(text)).not.toThrow();
        else wellFormed(text);
      });
    }
  });

  it('a request line over node’s header limit is refused by node before the app (431), and the server still answers', async () => {
    const reply = await overSocket(base, 'GET', `/v2/phones/vendors/${'x'.repeat(100 * 1024)}`, {}).catch(() => undefined);
    // Node answers 431 itself (no error body: that is node's parser, not the app) or cuts the connection.
    if (reply !== undefined) expect(reply.status).toBe(431);
    expect((await overSocket(base, 'GET', '/healthz', {})).status).toBe(200);
  });
});

/** What is wrong with `reply` to a request carrying `hostile` in `slot`; empty when nothing is. */
function check(reply: Reply, hostile: Hostile, slot: Slot, fixed501: boolean): string[] {
  const problems: string[] = [];
  if (reply.status >= 500 && !(fixed501 && reply.status === 501)) problems.push('a 5xx');
  let text = '';
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(reply.bytes);
  } catch {
    problems.push('not UTF-8');
  }
  // TAB, LF and CR may be in a listing's own text; an error body holds none of what was sent.
  if (hostile.bad !== undefined && (reply.status >= 400 || hostile.unwritable === true) && text.includes(hostile.bad)) problems.push(`holds ${JSON.stringify(hostile.bad)}`);
  // `../..` is resolved by the URL parser: it may name another route, which may answer 200. A
  // free-text parameter (the listing's search) takes any text it can carry, as an undeclared one is
  // ignored: there only what no answer could carry must be refused.
  const anyText = slot.in === 'extra' || (slot.in === 'query' && FREE_TEXT.has(slot.name));
  const refused = hostile.unwritable === true || (!anyText && hostile.encoded !== '../..');
  if (refused && reply.status < 400) problems.push('not refused');
  if (reply.status >= 400) {
    if (reply.contentType !== 'application/xml') problems.push(`content-type ${reply.contentType}`);
    if (!/<code>[a-z_]+<\/code>/.test(text)) problems.push('no <code>');
    try {
      decodeServiceError(text);
    } catch (e) {
      problems.push(`not an error document: ${String(e).slice(0, 200)}`);
    }
  } else if (/xml/.test(reply.contentType)) {
    try {
      wellFormed(text);
    } catch (e) {
      problems.push(`not well-formed: ${String(e).slice(0, 200)}`);
    }
  }
  return problems;
}

/**
 * Account isolation, generated from the operation table: every operation ×
 *
 *   - anonymous                 → 401 `unauthorized` with `WWW-Authenticate` (auth class account/admin)
 *   - a non-admin account       → 403 `forbidden` (auth class admin)
 *   - another account's object  → 404 `not_found`, exactly like a missing one, and nothing changes
 *   - another account's lists   → none of the first account's objects appear
 *
 * on both stores. alice owns one object of every kind; bob tries every operation on them.
 */
import { expandPath, operations, type OperationSpec } from '@atomsync/atom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { goldenExamples } from '../../../test/support/examples.js';
import { routes } from '../src/generated/routes.js';
import { addModel, startTestServer, type TestAccount, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const all = Object.values(operations) as OperationSpec[];
const fixedAnswer = new Set(routes.filter((r) => r.fixed !== undefined).map((r) => r.operation.id));

/** Operations whose behaviour belongs to a later issue: they answer 501 whoever asks. */
const PENDING: Record<string, string> = {};

/** A request body of the operation's shape: a golden request document of spec/examples/. */
const golden = goldenExamples();
/** A raw body of the operation's media type (the contents import: a card), well-formed, so only who owns the object decides. */
const RAW_BODY = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Guessed Card\r\nN:Card;Guessed;;;\r\nEND:VCARD\r\n';
function bodyFor(op: OperationSpec): { text: string; type: string } | undefined {
  const request = op.request;
  if (request === undefined || request.kind === 'empty') return undefined;
  if (request.kind === 'raw') return { text: RAW_BODY, type: request.mediaType };
  const candidates = golden.filter((g) => (request.kind === 'entry' ? g.entry === request.shape : g.feed === request.shape));
  const pick = candidates.find((g) => g.file.includes('request')) ?? candidates[0];
  if (pick === undefined) throw new Error(`no golden ${request.kind} of ${request.shape} for ${op.id}`);
  return { text: pick.xml, type: 'application/atom+xml' };
}

interface Fixtures {
  datastore: string;
  content: string;
  extdata: string;
  syncml: string;
  activesync: string;
  binding: number;
  log: number;
  phoneBinding: string;
  appPassword: string;
  /** Every identifier of alice's objects, as it would appear in a feed. */
  identifiers: string[];
}

async function aliceOwnsOneOfEach(server: TestServer, alice: TestAccount): Promise<Fixtures> {
  const sdk = alice.client;
  const model = await addModel(server.store);
  const datastore = (await sdk.datastore.create({ userId: 'alice-crm' })).client.uuid!;
  const vcard = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Holm;Erik;;;\r\nFN:Erik Holm\r\nEND:VCARD';
  const item = await sdk.datastore.contents(datastore).create({ title: 'Erik Holm', content: { type: 'text/x-vcard', value: vcard } });
  const content = item.id!.replace(/^urn:uuid:/, '');
  const extdata = (
    await sdk.extdata.create({
      userId: 'alice@example.net',
      datastores: [{ dataclass: 'Contacts', href: 'https://contacts.example.net/feeds/alice', token: { tokenType: 2, key: 'alice-key', secret: 'alice-secret', scopes: ['https://contacts.example.net/'] } }],
    })
  ).client.uuid!;
  const syncml = (await sdk.syncml.create({ phoneNumber: '+46702345678', modelUuid: model, timezone: 'Europe/Stockholm' })).client.uuid!;
  await sdk.syncml.setup(syncml, { pincode: '1234' });
  const activesync = (await sdk.activesync.create({ username: 'alice-phone', password: 'alice-device-pw', phoneNumber: '+46701234567', modelUuid: model })).client.uuid!;
  const binding = Number((await sdk.syncengine.create({ source: { syncSource: 'datastore', uuid: datastore }, target: { syncSource: 'extdata', uuid: extdata } })).title);
  const zero = { addsIn: 0, replacesIn: 0, deletesIn: 0, addsOut: 0, replacesOut: 0, deletesOut: 0 };
  const log = (
    await server.store.syncLog.append({
      accountId: alice.id,
      bindingId: binding,
      source: { kind: 'datastore', uuid: datastore },
      target: { kind: 'extdata', uuid: extdata },
      syncMode: 201,
      dataclass: 'Contacts',
      stats: { source: zero, target: zero, duplicatesDetected: 0, duplicatesRemoved: 0, conflictsDetected: 0 },
      result: 'completed',
      reason: null,
    })
  ).id;
  const pair = await sdk.phoneDatastoreBindings.create({ modelUuid: model, phoneNumber: '+447700900123', foreignUserId: 'alice-crm-2', timezone: 'Europe/London' });
  const phoneBinding = pair.id!;
  const appPassword = (await sdk.appPasswords.create({ name: 'alice-laptop' })).appPassword.uuid!;
  const identifiers = [datastore, content, extdata, syncml, activesync, `/v2/syncengine/${binding}<`, `/v2/syncengine/synclog/${log}<`, phoneBinding, appPassword];
  for (const link of pair.links ?? []) if (link.rel === 'syncml_client' || link.rel === 'datastore_client') identifiers.push(link.href.replace(/\/$/, '').split('/').pop()!);
  return { datastore, content, extdata, syncml, activesync, binding, log, phoneBinding, appPassword, identifiers };
}

/** Path parameters naming alice's objects for `op`. */
function paramsFor(op: OperationSpec, f: Fixtures): Record<string, string | number> {
  const kind = /^\/v2\/services\/(\w+)\//.exec(op.path)?.[1];
  const client: Record<string, string> = { datastore: f.datastore, extdata: f.extdata, syncml: f.syncml, activesync: f.activesync };
  const values: Record<string, string | number> = { contentUuid: f.content, bindingId: f.binding, logId: f.log, username: 'alice', appPasswordUuid: f.appPassword };
  if (kind !== undefined && client[kind] !== undefined) values.clientUuid = client[kind]!;
  return values;
}

interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

async function send(server: TestServer, op: OperationSpec, as: TestAccount | undefined, f: Fixtures): Promise<Answer> {
  const path = expandPath(op.path, paramsFor(op, f));
  const query = op.when !== undefined ? `?${op.when}=2009-06-01T00:00:00` : '';
  const body = bodyFor(op);
  const headers: Record<string, string> = {};
  if (as !== undefined) headers.authorization = `Basic ${Buffer.from(`${as.username}:${as.password}`).toString('base64')}`;
  if (body !== undefined) headers['content-type'] = body.type;
  const response = await fetch(`${server.url}${path}${query}`, { method: op.method, headers, body: body?.text });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Identifiers that exist nowhere: what bob would ask for if he guessed. */
const ghosts: Fixtures = {
  datastore: '00000000-0000-4000-8000-000000000001',
  content: '00000000-0000-4000-8000-000000000002',
  extdata: '00000000-0000-4000-8000-000000000003',
  syncml: '00000000-0000-4000-8000-000000000004',
  activesync: '00000000-0000-4000-8000-000000000005',
  binding: 999_999_001,
  log: 999_999_002,
  phoneBinding: 'none',
  appPassword: '00000000-0000-4000-8000-000000000006',
  identifiers: [],
};

/** The answer with the object ids it was asked about replaced by a placeholder. */
function anonymize(text: string, f: Fixtures): string {
  let out = text;
  for (const id of [f.datastore, f.content, f.extdata, f.syncml, f.activesync, f.appPassword]) out = out.split(id).join('<id>');
  // Numeric ids only where they stand alone (not the 1 of version="1.0", not inside 404).
  for (const id of [f.binding, f.log]) out = out.replace(new RegExp(`(?<![\\w.])${id}(?![\\w.])`, 'g'), '<id>');
  return out;
}

const errorCode = (text: string) => /<code>([^<]*)<\/code>/.exec(text)?.[1];

describe.each(storeKinds)('account isolation on %s', (kind) => {
  let server: TestServer;
  let fixtures: Fixtures;
  /** alice's objects as she reads them before bob's attempts. */
  const before = new Map<string, string>();
  const aliceReads = all.filter((op) => op.method === 'GET' && op.auth === 'account' && op.params.some((p) => p.in === 'path') && !fixedAnswer.has(op.id));

  beforeAll(async () => {
    server = await startTestServer(kind);
    fixtures = await aliceOwnsOneOfEach(server, server.alice);
    for (const op of aliceReads) {
      const answer = await send(server, op, server.alice, fixtures);
      expect(answer.status, `${op.id} as alice`).toBe(200);
      before.set(op.id, answer.text);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const guarded = all.filter((op) => op.auth !== 'none');
  it.each(guarded.map((op) => [op.id, op] as const))('%s: anonymous → 401 with WWW-Authenticate', async (_, op) => {
    const answer = await send(server, op, undefined, fixtures);
    expect(answer.status).toBe(401);
    expect(errorCode(answer.text)).toBe('unauthorized');
    expect(answer.headers.get('www-authenticate')).toMatch(/Basic realm=.*OAuth realm=/);
  });

  const adminOnly = all.filter((op) => op.auth === 'admin');
  it.each(adminOnly.map((op) => [op.id, op] as const))('%s: a non-admin account → 403', async (_, op) => {
    const answer = await send(server, op, server.bob, fixtures);
    expect(answer.status).toBe(403);
    expect(errorCode(answer.text)).toBe('forbidden');
  });

  const objectOps = all.filter(
    (op) => op.auth === 'account' && op.params.some((p) => p.in === 'path') && !fixedAnswer.has(op.id) && PENDING[op.id] === undefined,
  );
  it.each(objectOps.map((op) => [op.id, op] as const))("%s on alice's object as bob → 404, the same answer as for one that does not exist", async (_, op) => {
    const answer = await send(server, op, server.bob, fixtures);
    expect(answer.status, answer.text).toBe(404);
    expect(errorCode(answer.text)).toBe('not_found');
    // The message may echo the id bob asked for; apart from it, nothing tells the two apart.
    const missing = await send(server, op, server.bob, ghosts);
    expect(missing.status).toBe(404);
    expect(anonymize(answer.text, fixtures)).toBe(anonymize(missing.text, ghosts));
  });

  it.each(Object.entries(PENDING))('%s is left to %s: 501 for anyone', async (id) => {
    const op = operations[id as keyof typeof operations] as OperationSpec;
    expect((await send(server, op, server.bob, fixtures)).status).toBe(501);
  });

  it("bob's attempts changed none of alice's objects", async () => {
    // Runs after the 404 cases above (vitest runs a file's tests in order).
    for (const op of aliceReads) {
      const answer = await send(server, op, server.alice, fixtures);
      expect(answer.status, op.id).toBe(200);
      // A feed's own `updated` may be "now" when it is empty; entries are compared whole.
      const strip = (xml: string) => xml.replace(/^([\s\S]*?<(?:\w+:)?feed[\s\S]*?)<(?:\w+:)?updated>[^<]*<\/(?:\w+:)?updated>/, '$1');
      expect(strip(answer.text), op.id).toBe(strip(before.get(op.id)!));
    }
  });

  const lists = all.filter((op) => op.method === 'GET' && op.auth === 'account' && op.response.kind === 'feed' && !op.params.some((p) => p.in === 'path'));
  it.each(lists.map((op) => [op.id, op] as const))("%s as bob shows none of alice's objects", async (_, op) => {
    const mine = await send(server, op, server.alice, fixtures);
    const theirs = await send(server, op, server.bob, fixtures);
    expect(theirs.status).toBe(200);
    for (const id of fixtures.identifiers) expect(theirs.text).not.toContain(id);
    // The check can fail: alice's own list shows her objects (sessions stay empty until phones sync).
    if (op.id !== 'listSyncmlSessions') expect(fixtures.identifiers.some((id) => mine.text.includes(id)), `${op.id} as alice`).toBe(true);
  });
});

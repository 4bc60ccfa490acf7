/**
 * Hostile and malformed bodies, generated with fast-check, sent as an authenticated account to
 * every operation that takes a body, on both stores: every answer is a 4xx with the DESIGN error
 * body, the server keeps answering, and the store is unchanged (everything the account can read
 * reads the same before and after).
 *
 * Each generator only makes bodies that cannot be valid (so a 2xx is always a defect): truncated
 * documents, DTDs, random bytes, invalid UTF-8, unknown elements of our namespaces, values
 * outside their type, the wrong root, deep nesting; plus the wrong media type and an oversized body.
 */
import { expandPath, operations, type OperationSpec } from '@atomsync/atom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenExamples } from '../../../test/support/examples.js';
import { routes } from '../src/generated/routes.js';
import { addModel, startTestServer, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

const S = 'http://schemas.atomsync.dev/2009/sync';
const all = Object.values(operations) as OperationSpec[];
const fixed = new Set(routes.filter((r) => r.fixed !== undefined).map((r) => r.operation.id));
const golden = goldenExamples();

/** Operations with an XML body, and a valid golden body of each to mutate. */
const targets = all
  .filter((op) => op.request?.kind === 'entry' || op.request?.kind === 'feed')
  .filter((op) => !fixed.has(op.id))
  .map((op) => {
    const request = op.request as { kind: 'entry' | 'feed'; shape: string };
    const candidates = golden.filter((g) => (request.kind === 'entry' ? g.entry === request.shape : g.feed === request.shape));
    const valid = (candidates.find((g) => g.file.includes('request')) ?? candidates[0])!.xml;
    return { op, kind: request.kind, valid };
  });

/** Where the document's root element closes: cutting anywhere before it leaves it unclosed. */
const rootClose = (xml: string) => xml.lastIndexOf('</');

/** After the root's start tag (for a feed, inside its first entry): where a child may be inserted. */
function childSlot(xml: string): number {
  return xml.indexOf('>', xml.search(/<(\w+:)?entry[\s>]/)) + 1;
}

/** Typed values of the golden request bodies and junk that is outside each type. */
const TYPED = [/(dataclass=")[^"]*(")/, /(<(?:\w+:)?operation type=")[^"]*(")/, /(<(?:\w+:)?sync_mode>)[^<]*(<)/, /(<(?:\w+:)?token_type>)[^<]*(<)/, /(<(?:\w+:)?conflict_winner>)[^<]*(<)/, /(<(?:\w+:)?sync_source>)[^<]*(<)/, /(<(?:\w+:)?admin>)[^<]*(<)/];
const junk = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => /^[A-Za-z0-9 _.-]+$/.test(s) && !['Contacts', 'Events', 'Tasks', 'Notes', 'Calendar', 'insert', 'update', 'delete', 'query', 'source', 'target', 'syncml', 'datastore', 'extdata', 'activesync', 'true', 'false', '1', '0', '2'].includes(s.trim()) && !/^\s*20[0-5]\s*$/.test(s));

type Hostile = { label: string; body: Uint8Array | string; contentType?: string };

function hostile(valid: string, kind: 'entry' | 'feed'): fc.Arbitrary<Hostile> {
  const cut = rootClose(valid);
  const typed = TYPED.filter((re) => re.test(valid));
  const generators: fc.Arbitrary<Hostile>[] = [
    fc.integer({ min: 0, max: cut - 1 }).map((at) => ({ label: `truncated at ${at}`, body: valid.slice(0, at) })),
    fc.constantFrom('<!DOCTYPE x [<!ENTITY a "aaaaaaaa">]>', '<!DOCTYPE entry SYSTEM "http://127.0.0.1:9/evil.dtd">', '<!DOCTYPE x [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>').map((dtd) => ({
      label: 'DOCTYPE',
      body: valid.replace(/^(<\?xml[^>]*\?>)?/, (decl) => `${decl}\n${dtd}`),
    })),
    fc.uint8Array({ minLength: 0, maxLength: 300 }).map((bytes) => ({ label: 'random bytes', body: bytes })),
    fc.integer({ min: 0, max: cut - 1 }).map((at) => {
      // 0xC3 followed by an ASCII byte is never UTF-8.
      const bytes = Buffer.from(valid, 'utf8');
      const safe = Math.max(bytes.indexOf(0x3e) + 1, Math.min(at, bytes.length - 1));
      return { label: `invalid UTF-8 at ${safe}`, body: Buffer.concat([bytes.subarray(0, safe), Buffer.from([0xc3, 0x28]), bytes.subarray(safe)]) };
    }),
    fc.stringMatching(/^[a-z][a-z_]{0,11}$/).map((name) => {
      const at = childSlot(valid);
      return { label: `unknown element s:x_${name}`, body: `${valid.slice(0, at)}<s:x_${name} xmlns:s="${S}">1</s:x_${name}>${valid.slice(at)}` };
    }),
    fc.constantFrom(
      `<?xml version="1.0"?><${kind === 'entry' ? 'feed' : 'entry'} xmlns="http://www.w3.org/2005/Atom"/>`,
      `<?xml version="1.0"?><entry xmlns="urn:not-atom"><title>x</title></entry>`,
      `<?xml version="1.0"?><client xmlns="${S}"><user_id>x</user_id></client>`,
    ).map((body) => ({ label: 'wrong root', body })),
    fc.integer({ min: 2_000, max: 60_000 }).map((depth) => ({
      label: `nesting ${depth} deep`,
      body: `<entry xmlns="http://www.w3.org/2005/Atom">${'<s:deep xmlns:s="' + S + '">'.repeat(depth)}${'</s:deep>'.repeat(depth)}</entry>`,
    })),
    fc.constantFrom('text/plain', 'application/json', 'application/x-www-form-urlencoded').map((type) => ({ label: `media type ${type}`, body: valid, contentType: type })),
  ];
  if (typed.length > 0) {
    generators.push(
      fc.tuple(fc.constantFrom(...typed), junk).map(([re, value]) => ({ label: `${re.source} = ${JSON.stringify(value)}`, body: valid.replace(re, (_, a: string, b: string) => `${a}${value}${b}`) })),
    );
  }
  return fc.oneof(...generators);
}

interface Ids {
  datastore: string;
  content: string;
  extdata: string;
  syncml: string;
  activesync: string;
  binding: number;
}

function pathOf(op: OperationSpec, ids: Ids): string {
  const kind = /^\/v2\/services\/(\w+)\//.exec(op.path)?.[1] as keyof Ids | undefined;
  return expandPath(op.path, {
    clientUuid: kind !== undefined ? String(ids[kind]) : '',
    contentUuid: ids.content,
    bindingId: ids.binding,
    logId: 1,
    username: 'alice',
  }).replace(/\/\/+/g, '/');
}

describe.each(storeKinds)('bad input on %s', (kind) => {
  let server: TestServer;
  let ids: Ids;
  let authorization: string;
  /** Admin operations are sent as root, so they reach their body too. */
  let rootAuthorization: string;
  const reads = all.filter((op) => op.method === 'GET' && op.auth === 'account' && op.response.kind === 'feed' && !fixed.has(op.id) && op.when === undefined);

  /** Everything alice can read, with each feed's own "now" timestamp removed. */
  async function snapshot(): Promise<string> {
    const texts: string[] = [];
    for (const op of reads) {
      const response = await fetch(`${server.url}${pathOf(op, ids)}`, { headers: { authorization } });
      const text = await response.text();
      texts.push(`${op.id} ${response.status}\n${text.replace(/^([\s\S]*?<(?:\w+:)?feed[\s\S]*?)<(?:\w+:)?updated>[^<]*<\/(?:\w+:)?updated>/, '$1')}`);
    }
    const accounts = await fetch(`${server.url}/v2/admin/accounts`, { headers: { authorization: rootAuthorization } });
    texts.push(`accounts ${accounts.status}\n${(await accounts.text()).replace(/<(?:\w+:)?updated>[^<]*<\/(?:\w+:)?updated>/, '')}`);
    return texts.join('\n');
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    const alice = server.alice;
    authorization = `Basic ${Buffer.from(`${alice.username}:${alice.password}`).toString('base64')}`;
    rootAuthorization = `Basic ${Buffer.from(`${server.root.username}:${server.root.password}`).toString('base64')}`;
    const model = await addModel(server.store);
    const sdk = alice.client;
    const datastore = (await sdk.datastore.create({ userId: 'alice-crm' })).client.uuid!;
    const item = await sdk.datastore.contents(datastore).create({ title: 'Note', content: { type: 'text/plain', value: 'buy milk' } });
    const extdata = (await sdk.extdata.create({ userId: 'alice@example.net', datastores: [{ dataclass: 'Contacts', href: 'https://contacts.example.net/feeds/alice' }] })).client.uuid!;
    const syncml = (await sdk.syncml.create({ phoneNumber: '+46702345678', modelUuid: model, timezone: 'Europe/Stockholm' })).client.uuid!;
    const activesync = (await sdk.activesync.create({ username: 'alice-phone', password: 'pw-1', phoneNumber: '+46701234567', modelUuid: model })).client.uuid!;
    const binding = Number((await sdk.syncengine.create({ source: { syncSource: 'datastore', uuid: datastore }, target: { syncSource: 'extdata', uuid: extdata } })).title);
    ids = { datastore, content: item.id!.replace(/^urn:uuid:/, ''), extdata, syncml, activesync, binding };
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(targets.map((t) => [t.op.id, t] as const))('%s: generated hostile bodies get a 4xx error body, and change nothing', async (_, target) => {
    const before = await snapshot();
    const url = `${server.url}${pathOf(target.op, ids)}`;
    await fc.assert(
      fc.asyncProperty(hostile(target.valid, target.kind), async (input) => {
        const response = await fetch(url, {
          method: target.op.method,
          headers: { authorization: target.op.auth === 'admin' ? rootAuthorization : authorization, 'content-type': input.contentType ?? 'application/atom+xml' },
          body: input.body as BodyInit,
        });
        const text = await response.text();
        expect(response.status, `${input.label}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${input.label}: ${text}`).toBeLessThan(500);
        expect(response.headers.get('content-type')).toBe('application/xml');
        expect(text).toMatch(/<code>(bad_request|invalid_xml|validation_failed|unsupported_media_type|payload_too_large)<\/code>/);
      }),
      { numRuns: 60 },
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await snapshot()).toBe(before);
  });

  it('an oversized body gets 413 and changes nothing', async () => {
    const before = await snapshot();
    const big = `<entry xmlns="http://www.w3.org/2005/Atom"><title>${'x'.repeat(11 * 1024 * 1024)}</title></entry>`;
    const response = await fetch(`${server.url}/v2/services/datastore/${ids.datastore}/contents/`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/atom+xml' },
      body: big,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain('<code>payload_too_large</code>');
    expect(await snapshot()).toBe(before);
  });

  it('a batch of 1,001 entries gets 413 and inserts none of them', async () => {
    const before = await snapshot();
    const entry = '<entry><title>n</title><s:content dataclass="Notes" type="text/plain">n</s:content><batch:operation type="insert"/><batch:id>i</batch:id></entry>';
    const feed = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="${S}" xmlns:batch="http://schemas.google.com/gdata/batch">${entry.repeat(1001)}</feed>`;
    const response = await fetch(`${server.url}/v2/services/datastore/${ids.datastore}/contents/batch`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/atom+xml' },
      body: feed,
    });
    expect(response.status).toBe(413);
    expect(await snapshot()).toBe(before);
  });
});

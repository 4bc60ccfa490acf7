/**
 * Hostile and malformed bodies, generated with fast-check, sent as an authenticated account to
 * every operation that takes a body, on both stores: every answer is a 4xx with the error body
 * (guide/protocol.md#error-body), the server keeps answering, and the store is unchanged
 * (everything the account can read reads the same before and after).
 *
 * Each generator only makes bodies that cannot be valid (so a 2xx is always a defect): truncated
 * documents, DTDs, random bytes, invalid UTF-8, unknown elements of our namespaces, values
 * outside their type (integer overflow, an element or 1 MB of text where a value goes), the wrong
 * root, deep nesting (closed, and up to 200,000 unclosed), references to and raw characters XML
 * cannot carry (`&#0;`, `&#xFFFE;`, `&#xD800;`, …) in text and attributes, 1 MB attribute values
 * and element and attribute names, 10,000 attributes; plus the wrong media type and an oversized body.
 */
import { decodeServiceError, expandPath, operations, type OperationSpec } from '@atomsync/atom';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { goldenExamples } from '../../../test/support/examples.js';
import { routes } from '../src/generated/routes.js';
import { addModel, startTestServer, type TestServer } from './support/server.js';
import { storeKinds } from './support/stores.js';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('./support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

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

/** Integer fields of the golden request bodies. */
const INTEGER_TYPED = [/(<(?:\w+:)?sync_mode>)[^<]*(<)/, /(<(?:\w+:)?token_type>)[^<]*(<)/];
/** Outside every integer type we use, or no integer at all. */
const OVERFLOW = ['99999999999999999999', '-99999999999999999999', '9007199254740993', '2147483648', '-1', '1e3', '0x10', '1.5', 'NaN', 'Infinity'];
/** References to characters XML cannot carry (a well-formedness error however they are written). */
const BAD_REFERENCES = ['&#0;', '&#x0;', '&#1;', '&#x1F;', '&#xFFFE;', '&#xFFFF;', '&#xD800;', '&#xDFFF;', '&#x110000;', '&#99999999999;'];
/** The same characters written raw, in UTF-8. */
const BAD_RAW = ['\u0000', '\u0001', '\u0008', '\u000B', '\u001F', '\uFFFE', '\uFFFF'];
const MB = 1024 * 1024;

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
    fc.integer({ min: 2_000, max: 200_000 }).map((depth) => ({
      label: `${depth} unclosed elements`,
      body: `<entry xmlns="http://www.w3.org/2005/Atom">${'<a>'.repeat(depth)}`,
    })),
    fc.tuple(fc.constantFrom(...BAD_REFERENCES, ...BAD_RAW), fc.boolean()).map(([bad, inAttribute]) => {
      const shown = JSON.stringify(bad);
      if (inAttribute) {
        // Into the first attribute value after the root's name.
        const at = valid.indexOf('="', valid.search(/<(\w+:)?(entry|feed)[\s>]/)) + 2;
        return { label: `${shown} in an attribute`, body: `${valid.slice(0, at)}${bad}${valid.slice(at)}` };
      }
      // Into the first text between elements.
      const text = /(<(?:\w+:)?title[^>]*>)/.exec(valid);
      const at = text !== null ? text.index + text[0].length : childSlot(valid);
      return { label: `${shown} in text`, body: `${valid.slice(0, at)}${bad}${valid.slice(at)}` };
    }),
    fc.constantFrom('value', 'element name', 'attribute name', 'many attributes', 'many attributes, one twice').map((what) => {
      const at = childSlot(valid);
      const name = `x_${'n'.repeat(MB)}`;
      const element = {
        value: `<s:x_huge xmlns:s="${S}" v="${'v'.repeat(MB)}">1</s:x_huge>`,
        'element name': `<s:${name} xmlns:s="${S}">1</s:${name}>`,
        'attribute name': `<s:x_attr xmlns:s="${S}" ${name}="1">1</s:x_attr>`,
        'many attributes': `<s:x_many xmlns:s="${S}"${Array.from({ length: 10_000 }, (_, k) => ` a${k}="${k}"`).join('')}>1</s:x_many>`,
        'many attributes, one twice': '',
      }[what];
      if (what === 'many attributes, one twice') {
        // On the root itself: 10,000 attributes the reader would skip, and a duplicate, which is no XML.
        const root = valid.search(/<(\w+:)?(entry|feed)[\s>]/);
        const nameEnd = root + /^<[\w:]+/.exec(valid.slice(root))![0].length;
        const attributes = `${Array.from({ length: 10_000 }, (_, k) => ` a${k}="${k}"`).join('')} a0="again"`;
        return { label: what, body: `${valid.slice(0, nameEnd)}${attributes}${valid.slice(nameEnd)}` };
      }
      return { label: `1 MB ${what}`, body: `${valid.slice(0, at)}${element}${valid.slice(at)}` };
    }),
  ];
  const integers = INTEGER_TYPED.filter((re) => re.test(valid));
  if (integers.length > 0) {
    generators.push(
      fc.tuple(fc.constantFrom(...integers), fc.constantFrom(...OVERFLOW)).map(([re, value]) => ({ label: `${re.source} = ${value}`, body: valid.replace(re, (_, a: string, b: string) => `${a}${value}${b}`) })),
    );
  }
  if (typed.length > 0) {
    generators.push(
      fc.tuple(fc.constantFrom(...typed), junk).map(([re, value]) => ({ label: `${re.source} = ${JSON.stringify(value)}`, body: valid.replace(re, (_, a: string, b: string) => `${a}${value}${b}`) })),
      // Wrong types: an element, or 1 MB of text, where a typed value goes.
      fc.tuple(fc.constantFrom(...typed), fc.constantFrom(`<s:x xmlns:s="${S}">200</s:x>`, 'x'.repeat(MB))).map(([re, value]) => ({
        label: `${re.source} = ${value.length > 100 ? '1 MB' : value}`,
        body: valid.replace(re, (_, a: string, b: string) => (a.endsWith('"') ? `${a}${value.startsWith('<') ? '&lt;x/>' : value}${b}` : `${a}${value}${b}`)),
      })),
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
  const stats = { requests: 0, operations: new Set<string>(), statuses: new Map<number, number>() };
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
    const activesync = (await sdk.activesync.create({ username: 'alice-phone', password: 'alice-phone-pw-1', phoneNumber: '+46701234567', modelUuid: model })).client.uuid!;
    const binding = Number((await sdk.syncengine.create({ source: { syncSource: 'datastore', uuid: datastore }, target: { syncSource: 'extdata', uuid: extdata } })).title);
    ids = { datastore, content: item.id!.replace(/^urn:uuid:/, ''), extdata, syncml, activesync, binding };
  });
  afterAll(async () => {
    const statuses = [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`hostile bodies on ${kind}: ${stats.requests} requests, ${stats.operations.size}/${targets.length} write operations, statuses ${statuses}`);
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
        stats.requests++;
        stats.operations.add(target.op.id);
        stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
        expect(response.status, `${input.label}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${input.label}: ${text}`).toBeLessThan(500);
        expect(response.headers.get('content-type')).toBe('application/xml');
        expect(text).toMatch(/<code>(bad_request|invalid_xml|validation_failed|unsupported_media_type|payload_too_large)<\/code>/);
        // A well-formed error document, whatever characters the body held.
        expect(() => decodeServiceError(text), text.slice(0, 300)).not.toThrow();
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

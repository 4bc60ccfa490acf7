/**
 * Listings longer than a page of the store (propfind.ts reads LISTING_PAGE members of a listing of
 * ETags at a time, PAGE whole records when bodies are asked for): every member once, with its own
 * ETag, in PROPFIND Depth 1 and an initial sync-collection alike, across the page boundaries. On
 * both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_NS } from '@atomsync/dav';
import { LISTING_PAGE, PAGE } from '../../src/dav/propfind.js';
import { newItemUuid } from '../../src/services/item-uuid.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { basic, card, davClient, multistatus, prop } from './support.js';

// A page and a half of the larger page: the last page short, one boundary crossed with each size.
const MEMBERS = LISTING_PAGE + LISTING_PAGE / 2 + 1;

describe.each(storeKinds)('a listing longer than a page (%s)', (kind) => {
  let server: TestServer;
  let book: string;
  let auth: string;
  const dav = davClient(() => server.url, () => auth);
  const names = Array.from({ length: MEMBERS }, (_, i) => `card-${String(i).padStart(5, '0')}.vcf`);

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
    const datastore = (await server.alice.client.datastore.create({ userId: 'pages' })).client.uuid!;
    book = `/dav/addressbooks/alice/${datastore}/`;
    const items = names.map((href, i) => ({
      accountId: server.alice.id,
      clientUuid: datastore,
      uuid: newItemUuid(),
      dataclass: 'Contacts' as const,
      title: `Card ${i}`,
      type: 'text/vcard',
      body: card(`uid-${i}`, `Card ${i}`),
      href,
    }));
    for (let i = 0; i < items.length; i += 500) await server.store.contents.insertMany(items.slice(i, i + 500));
  }, 120_000);
  afterAll(async () => server?.close());

  /** Member href → ETag, each member answered once. */
  function etagsOf(responses: Awaited<ReturnType<typeof multistatus>>['responses']): Map<string, string> {
    const members = responses.filter((r) => r.href !== book);
    const etags = new Map(members.map((r) => [r.href, prop(r, DAV_NS, 'getetag')?.text ?? '']));
    expect(etags.size).toBe(members.length);
    return etags;
  }

  it('answers every member once in PROPFIND Depth 1, ETags only and with a body-read property', async () => {
    expect(MEMBERS).toBeGreaterThan(PAGE);
    const etagsOnly = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';
    // getcontentlength is a pass over each body: the whole records are read, PAGE at a time.
    const withLength = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getcontentlength/></d:prop></d:propfind>';
    const listed = etagsOf((await multistatus(await dav('PROPFIND', book, { body: etagsOnly, headers: { depth: '1' } }))).responses);
    const whole = etagsOf((await multistatus(await dav('PROPFIND', book, { body: withLength, headers: { depth: '1' } }))).responses);
    expect([...listed.keys()].sort()).toEqual(names.map((n) => `${book}${n}`));
    expect(whole).toEqual(listed);
    expect(new Set(listed.values()).size).toBe(MEMBERS);
    expect([...listed.values()].every((etag) => /^"[^"]+"$/.test(etag))).toBe(true);
  });

  it('answers every member once in an initial sync-collection, with the ETags PROPFIND gives', async () => {
    const propfind = '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>';
    const sync = '<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>';
    const listed = etagsOf((await multistatus(await dav('PROPFIND', book, { body: propfind, headers: { depth: '1' } }))).responses);
    const initial = await multistatus(await dav('REPORT', book, { body: sync, headers: { depth: '0' } }));
    expect(initial.syncToken).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
    expect(etagsOf(initial.responses)).toEqual(listed);
  });
});

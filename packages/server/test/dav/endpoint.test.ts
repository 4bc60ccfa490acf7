/**
 * The CardDAV/CalDAV endpoint end to end, as clients walk it: discovery from the well-known URLs,
 * the principal and its homes, the collections of each datastore, items put, listed, fetched by
 * multiget and sync-collection, changed under If-Match and deleted; what the REST API writes is
 * what DAV serves and back; another account's resources are not found. On both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAV_NS, CARDDAV_NS, CALDAV_NS, CALENDARSERVER_NS, readErrorBody } from '@atomsync/dav';
import { DEFAULT_TOMBSTONE_RETENTION_DAYS, HOUSEKEEPING_JOBS } from '../../src/housekeeping/jobs.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { basic, card, davClient, event, hrefIn, multistatus, prop, todo } from './support.js';

const PROPFIND_DISCOVERY = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cal="urn:ietf:params:xml:ns:caldav">
<d:prop><d:current-user-principal/><card:addressbook-home-set/><cal:calendar-home-set/><d:resourcetype/><d:displayname/></d:prop></d:propfind>`;
const PROPFIND_LISTING = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:resourcetype/><d:getetag/><d:sync-token/><cs:getctag/><d:supported-report-set/><d:displayname/></d:prop></d:propfind>`;

describe.each(storeKinds)('the DAV endpoint (%s)', (kind) => {
  let server: TestServer;
  let datastore: string;
  let auth: string;

  const dav = davClient(() => server.url, () => auth);

  beforeAll(async () => {
    server = await startTestServer(kind);
    auth = basic(server.alice.username, server.alice.password);
    datastore = (await server.alice.client.datastore.create({ userId: 'home' })).client.uuid!;
  });
  afterAll(async () => server?.close());

  it('is found from the well-known URLs, for PROPFIND as for GET', async () => {
    for (const path of ['/.well-known/carddav', '/.well-known/caldav']) {
      for (const method of ['GET', 'PROPFIND']) {
        const res = await dav(method, path);
        expect(res.status).toBe(301);
        expect(res.headers.get('location')).toBe('/dav/');
      }
    }
  });

  it('sends a PROPFIND of the bare server URL to the DAV root (clients given only the server)', async () => {
    const res = await dav('PROPFIND', '/', { headers: { depth: '0' } });
    // 308: the method and its body go on (a 301 lets HTTP libraries drop the body).
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/dav/');
    // The Atom API's answers at / are unchanged.
    expect((await dav('GET', '/')).status).toBe(404);
  });

  it('answers nothing without credentials but the Basic challenge', async () => {
    const res = await fetch(new URL('/dav/', server.url), { method: 'PROPFIND', headers: { depth: '0' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    const wrong = await dav('PROPFIND', '/dav/', { as: basic('alice', 'not-her-password'), headers: { depth: '0' } });
    expect(wrong.status).toBe(401);
  });

  it('names the principal on the root, and the homes on the principal', async () => {
    const root = await multistatus(await dav('PROPFIND', '/dav/', { body: PROPFIND_DISCOVERY, headers: { depth: '0' } }));
    expect(hrefIn(root.responses[0]!, DAV_NS, 'current-user-principal')).toBe('/dav/principals/alice/');
    const p = await multistatus(await dav('PROPFIND', '/dav/principals/alice/', { body: PROPFIND_DISCOVERY, headers: { depth: '0' } }));
    expect(hrefIn(p.responses[0]!, CARDDAV_NS, 'addressbook-home-set')).toBe('/dav/addressbooks/alice/');
    expect(hrefIn(p.responses[0]!, CALDAV_NS, 'calendar-home-set')).toBe('/dav/calendars/alice/');
  });

  it('answers OPTIONS with the DAV classes clients look for', async () => {
    const res = await dav('OPTIONS', '/dav/principals/alice/');
    expect(res.status).toBe(200);
    expect(res.headers.get('dav')).toContain('addressbook');
    expect(res.headers.get('dav')).toContain('calendar-access');
    expect(res.headers.get('allow')).toContain('PROPFIND');
    expect(res.headers.get('allow')).toContain('REPORT');
  });

  it('answers GET and HEAD of a collection 405 with the Allow OPTIONS gives, not 404 (the URL is there)', async () => {
    // Thunderbird's calendar detection HEADs and GETs the URL it was given before it PROPFINDs it.
    for (const path of ['/dav/', '/dav/principals/alice/', '/dav/addressbooks/alice/', '/dav/calendars/alice/', `/dav/addressbooks/alice/${datastore}/`, `/dav/calendars/alice/${datastore}/`]) {
      const allow = (await dav('OPTIONS', path)).headers.get('allow');
      expect(allow, path).not.toMatch(/\b(GET|HEAD)\b/);
      for (const method of ['GET', 'HEAD']) {
        const res = await dav(method, path);
        expect([method, path, res.status, res.headers.get('allow')]).toEqual([method, path, 405, allow]);
      }
    }
    // A PUT at a collection names what that collection does take.
    const put = await dav('PUT', `/dav/calendars/alice/${datastore}/`, { body: event('put-at-collection'), headers: { 'content-type': 'text/calendar' } });
    expect([put.status, put.headers.get('allow')]).toEqual([405, (await dav('OPTIONS', `/dav/calendars/alice/${datastore}/`)).headers.get('allow')]);
  });

  it('lists one address book and two calendars (events, tasks) per datastore', async () => {
    const books = await multistatus(await dav('PROPFIND', '/dav/addressbooks/alice/', { body: PROPFIND_LISTING, headers: { depth: '1' } }));
    expect(books.responses.map((r) => r.href)).toEqual(['/dav/addressbooks/alice/', `/dav/addressbooks/alice/${datastore}/`]);
    const book = books.responses[1]!;
    expect(prop(book, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name).sort()).toEqual(['addressbook', 'collection']);
    expect(prop(book, DAV_NS, 'sync-token')?.text).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\/contacts\./);
    expect(prop(book, CALENDARSERVER_NS, 'getctag')?.text).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
    const cals = await multistatus(await dav('PROPFIND', '/dav/calendars/alice/', { body: PROPFIND_LISTING, headers: { depth: '1' } }));
    expect(cals.responses.map((r) => r.href)).toEqual(['/dav/calendars/alice/', `/dav/calendars/alice/${datastore}/`, `/dav/calendars/alice/${datastore}-tasks/`]);
  });

  it('keeps what a client puts byte for byte, under the name it chose, with If-None-Match and If-Match', async () => {
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const body = card('ada-1', 'Ada Lovelace');
    const put = await dav('PUT', `${book}ada%40example.org.vcf`, { body, headers: { 'content-type': 'text/vcard; charset=utf-8', 'if-none-match': '*' } });
    expect(put.status).toBe(201);
    // An empty answer with its length, not an empty chunked body every upload's client must parse.
    expect(put.headers.get('content-length')).toBe('0');
    expect(put.headers.get('transfer-encoding')).toBeNull();
    const etag = put.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await dav('PUT', `${book}ada%40example.org.vcf`, { body, headers: { 'content-type': 'text/vcard', 'if-none-match': '*' } });
    expect(again.status).toBe(412);
    const got = await dav('GET', `${book}ada@example.org.vcf`);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe(body);
    expect(got.headers.get('etag')).toBe(etag);
    const stale = await dav('PUT', `${book}ada@example.org.vcf`, { body: card('ada-1', 'Ada King'), headers: { 'if-match': '"not-it"' } });
    expect(stale.status).toBe(412);
    const fresh = await dav('PUT', `${book}ada@example.org.vcf`, { body: card('ada-1', 'Ada King'), headers: { 'if-match': etag! } });
    expect(fresh.status).toBe(204);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    // The REST API sees the same item.
    const items = await server.alice.client.datastore.contents(datastore).list();
    expect(items.entries.map((e) => e.content?.value)).toContain(card('ada-1', 'Ada King'));
  });

  it('refuses what does not belong, with the RFC preconditions, storing nothing', async () => {
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const cal = `/dav/calendars/alice/${datastore}/`;
    const tasks = `/dav/calendars/alice/${datastore}-tasks/`;
    const bad = [
      [`${book}x.vcf`, 'not a vcard', 'valid-address-data'],
      [`${book}x.vcf`, event('e-x'), 'valid-address-data'],
      [`${cal}x.ics`, card('c-x', 'X'), 'valid-calendar-data'],
      [`${cal}x.ics`, todo('t-x'), 'supported-calendar-component'],
      [`${tasks}x.ics`, event('e-y'), 'supported-calendar-component'],
    ] as const;
    for (const [path, body, condition] of bad) {
      const res = await dav('PUT', path, { body });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain(condition);
    }
    const listing = await multistatus(await dav('PROPFIND', cal, { body: PROPFIND_LISTING, headers: { depth: '1' } }));
    expect(listing.responses).toHaveLength(1);
  });

  it('syncs a collection by token: exactly what changed, deletes as 404, a bogus token 403', async () => {
    const cal = `/dav/calendars/alice/${datastore}/`;
    const sync = (token: string) =>
      dav('REPORT', cal, {
        body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        headers: { depth: '0', 'content-type': 'application/xml' },
      });
    const first = await multistatus(await sync(''));
    expect(first.responses).toHaveLength(0);
    expect(first.syncToken).toMatch(/^http:\/\/atomsync\.dev\/ns\/sync\//);
    expect((await dav('PUT', `${cal}a.ics`, { body: event('e-a') })).status).toBe(201);
    expect((await dav('PUT', `${cal}b.ics`, { body: event('e-b') })).status).toBe(201);
    const second = await multistatus(await sync(first.syncToken!));
    expect(second.responses.map((r) => r.href).sort()).toEqual([`${cal}a.ics`, `${cal}b.ics`]);
    expect((await dav('DELETE', `${cal}a.ics`)).status).toBe(204);
    const third = await multistatus(await sync(second.syncToken!));
    expect(third.responses).toHaveLength(1);
    expect(third.responses[0]!.href).toBe(`${cal}a.ics`);
    expect(third.responses[0]!.status).toBe(404);
    const nothing = await multistatus(await sync(third.syncToken!));
    expect(nothing.responses).toHaveLength(0);
    for (const token of ['bogus', 'http://atomsync.dev/ns/sync/events.00000000-0000-0000-0000-000000000000/1', `${third.syncToken!.replace(/\/\d+$/, '')}/99999999`]) {
      const res = await sync(token);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('valid-sync-token');
    }
  });

  it('serves items other protocols wrote under <uuid>.vcf, as vCard 3.0, and fetches them by multiget', async () => {
    const created = await server.alice.client.datastore.contents(datastore).create({ title: 'Bob', content: { type: 'text/x-vcard', value: 'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Builder;Bob\r\nFN:Bob Builder\r\nTEL;CELL:+491701234567\r\nEND:VCARD\r\n' } });
    const uuid = created.id!.slice('urn:uuid:'.length);
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const res = await multistatus(
      await dav('REPORT', book, {
        body: `<?xml version="1.0"?><card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><card:address-data/></d:prop><d:href>${book}${uuid}.vcf</d:href><d:href>${book}missing.vcf</d:href></card:addressbook-multiget>`,
        headers: { depth: '1' },
      }),
    );
    expect(res.responses).toHaveLength(2);
    const data = prop(res.responses[0]!, CARDDAV_NS, 'address-data')?.text ?? '';
    expect(data).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(data).toContain('Bob Builder');
    expect(res.responses[1]!.status).toBe(404);
  });

  it('deletes a member under If-Match or none: a stale ETag 412 and the item kept, a name with nothing 404, an item of another protocol at <uuid>.vcf', async () => {
    const book = `/dav/addressbooks/alice/${datastore}/`;
    const put = await dav('PUT', `${book}del%40example.org.vcf`, { body: card('del-1', 'Del Eted'), headers: { 'content-type': 'text/vcard', 'if-none-match': '*' } });
    expect(put.status).toBe(201);
    expect((await dav('DELETE', `${book}del@example.org.vcf`, { headers: { 'if-match': '"not-it"' } })).status).toBe(412);
    expect((await dav('GET', `${book}del@example.org.vcf`)).status).toBe(200);
    expect((await dav('DELETE', `${book}del@example.org.vcf`, { headers: { 'if-match': put.headers.get('etag')! } })).status).toBe(204);
    expect((await dav('GET', `${book}del@example.org.vcf`)).status).toBe(404);
    expect((await dav('DELETE', `${book}del@example.org.vcf`)).status).toBe(404);
    expect((await dav('DELETE', `${book}never-there.vcf`, { headers: { 'if-match': put.headers.get('etag')! } })).status).toBe(404);
    const created = await server.alice.client.datastore.contents(datastore).create({ title: 'Carl', content: { type: 'text/vcard', value: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Carl Rest\r\nEND:VCARD\r\n' } });
    const uuid = created.id!.slice('urn:uuid:'.length);
    expect((await dav('DELETE', `${book}${uuid}.vcf`)).status).toBe(204);
    const left = await server.alice.client.datastore.contents(datastore).list();
    expect(left.entries.map((e) => e.id)).not.toContain(created.id);
    // Not a member: the root, a principal and a home are not deleted.
    expect((await dav('DELETE', '/dav/principals/alice/')).status).toBe(403);
  });

  it('finds nothing of another account', async () => {
    const bobAuth = basic(server.bob.username, server.bob.password);
    for (const [method, path] of [
      ['PROPFIND', '/dav/principals/alice/'],
      ['PROPFIND', '/dav/addressbooks/alice/'],
      ['PROPFIND', `/dav/addressbooks/alice/${datastore}/`],
      ['GET', `/dav/addressbooks/alice/${datastore}/ada@example.org.vcf`],
      ['PUT', `/dav/addressbooks/alice/${datastore}/new.vcf`],
      ['DELETE', `/dav/addressbooks/alice/${datastore}/ada@example.org.vcf`],
      ['PROPFIND', `/dav/addressbooks/bob/${datastore}/`],
    ] as const) {
      const res = await dav(method, path, { as: bobAuth, body: method === 'PUT' ? card('evil', 'Evil') : undefined, headers: { depth: '0' } });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const still = await dav('GET', `/dav/addressbooks/alice/${datastore}/ada@example.org.vcf`);
    expect(still.status).toBe(200);
  });

  it('lists a delete and a create made through the REST API as exactly that: the delete under the name the client knew, and no stray 404', async () => {
    const ds = (await server.alice.client.datastore.create({ userId: 'rest-writes' })).client.uuid!;
    const cal = `/dav/calendars/alice/${ds}/`;
    const rest = server.alice.client.datastore.contents(ds);
    const sync = async (token: string) =>
      multistatus(
        await dav('REPORT', cal, {
          body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
          headers: { depth: '0', 'content-type': 'application/xml' },
        }),
      );
    const uuidOf = (id: string | undefined) => id!.slice('urn:uuid:'.length);
    const made = uuidOf((await rest.create({ title: 'made', content: { type: 'text/calendar', value: event('rest-made') } })).id);
    expect((await dav('PUT', `${cal}own.ics`, { body: event('rest-own') })).status).toBe(201);
    const first = await sync('');
    expect(first.responses.map((r) => r.href).sort()).toEqual([`${cal}${made}.ics`, `${cal}own.ics`].sort());
    // The phone or the integrator deletes both and writes a new one; the DAV client deletes a name and makes it again.
    const own = (await rest.list()).entries.find((e) => e.content?.value === event('rest-own'))!;
    await rest.delete(made);
    await rest.delete(uuidOf(own.id));
    const next = uuidOf((await rest.create({ title: 'next', content: { type: 'text/calendar', value: event('rest-next') } })).id);
    expect((await dav('PUT', `${cal}own.ics`, { body: event('rest-own-again') })).status).toBe(201);
    const delta = await sync(first.syncToken!);
    expect(delta.responses.map((r) => [r.href, r.status ?? 200]).sort()).toEqual(
      [
        [`${cal}${made}.ics`, 404],
        [`${cal}${next}.ics`, 200],
        [`${cal}own.ics`, 200],
      ].sort(),
    );
  });

  // Last: the housekeeping run prunes every tombstone of the server's store.
  it('refuses a token from before the tombstones housekeeping pruned with 403 valid-sync-token; a token after lists the exact delta', async () => {
    const ds = (await server.alice.client.datastore.create({ userId: 'pruned' })).client.uuid!;
    const cal = `/dav/calendars/alice/${ds}/`;
    const sync = (token: string) =>
      dav('REPORT', cal, {
        body: `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        headers: { depth: '0', 'content-type': 'application/xml' },
      });
    for (const n of ['a', 'b', 'c']) expect((await dav('PUT', `${cal}${n}.ics`, { body: event(`pruned-${n}`) })).status).toBe(201);
    const before = (await multistatus(await sync(''))).syncToken!;
    expect((await dav('DELETE', `${cal}a.ics`)).status).toBe(204);
    const afterDelete = await multistatus(await sync(before));
    expect(afterDelete.responses.map((r) => [r.href, r.status])).toEqual([[`${cal}a.ics`, 404]]);
    const after = afterDelete.syncToken!;

    const tombstones = HOUSEKEEPING_JOBS.find((job) => job.name === 'tombstones')!;
    expect(await tombstones.run(server.store, new Date(Date.now() + (DEFAULT_TOMBSTONE_RETENTION_DAYS + 1) * 86_400_000))).toBeGreaterThanOrEqual(1);

    // The token from before the delete would miss it now: refused, never an incomplete 207.
    const refused = await sync(before);
    expect(refused.status).toBe(403);
    expect(readErrorBody(await refused.text())).toEqual([{ ns: DAV_NS, name: 'valid-sync-token' }]);
    // The token that saw the delete is complete still: nothing since, then exactly what comes.
    const unchanged = await multistatus(await sync(after));
    expect(unchanged.responses).toEqual([]);
    expect(unchanged.syncToken).toBe(after);
    expect((await dav('DELETE', `${cal}b.ics`)).status).toBe(204);
    expect((await dav('PUT', `${cal}d.ics`, { body: event('pruned-d') })).status).toBe(201);
    const delta = await multistatus(await sync(after));
    expect(delta.responses.map((r) => [r.href, r.status ?? 200]).sort()).toEqual([
      [`${cal}b.ics`, 404],
      [`${cal}d.ics`, 200],
    ]);
    // The listing afresh the refused client makes gives a token that works.
    const fresh = await multistatus(await sync(''));
    expect(fresh.responses.map((r) => r.href).sort()).toEqual([`${cal}c.ics`, `${cal}d.ics`]);
    expect((await multistatus(await sync(fresh.syncToken!))).responses).toEqual([]);
  });
});

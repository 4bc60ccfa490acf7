/**
 * The multistatus, both halves: what the server writes (golden, after RFC 6578 §6.2–6.4, RFC 4918
 * §9.1.3 and sabre/dav's form: one prefix per namespace declared on the root), streamed in bounded
 * chunks; and what the client reads, from our own writer (round trip) and from other servers'
 * spelling (default namespaces, their own prefixes), one response at a time.
 */
import { describe, expect, it } from 'vitest';
import {
  CALDAV_NS,
  CARDDAV_NS,
  DAV_NS,
  DavRequestError,
  DavResponseError,
  MAX_ELEMENTS_PER_RESPONSE,
  MultistatusReader,
  errorBody,
  foundAndMissing,
  foundProp,
  multistatusChunks,
  multistatusStream,
  precondition,
  readErrorBody,
  readMultistatus,
  readProppatch,
  streamMultistatus,
  writeMultistatus,
  type DavResponse,
} from '../src/index.js';

const D = (name: string) => ({ ns: DAV_NS, name });
const ROOT = '<d:multistatus xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:ical="http://apple.com/ns/ical/">';

describe('writing', () => {
  it('writes a sync-collection answer: changed members, a deleted one as 404, the new token (golden, RFC 6578 §6.2)', () => {
    const responses: DavResponse[] = [
      { href: '/dav/c/test.ics', propstats: foundAndMissing([{ name: D('getetag'), value: '"00001-abcd1"' }], [{ ns: 'urn:ns.example.com:boxschema', name: 'bigbox' }]) },
      { hrefs: ['/dav/c/old.ics'], status: 404 },
    ];
    expect(writeMultistatus(responses, { syncToken: 'http://atomsync.dev/ns/sync/c/1234' })).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n' +
        ROOT +
        '<d:response><d:href>/dav/c/test.ics</d:href>' +
        '<d:propstat><d:prop><d:getetag>"00001-abcd1"</d:getetag></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>' +
        '<d:propstat><d:prop><bigbox xmlns="urn:ns.example.com:boxschema"/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat>' +
        '</d:response>' +
        '<d:response><d:href>/dav/c/old.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>' +
        '<d:sync-token>http://atomsync.dev/ns/sync/c/1234</d:sync-token>' +
        '</d:multistatus>\n',
    );
  });

  it('writes a truncated listing: 507 for the collection with number-of-matches-within-limits (RFC 6578 §6.4)', () => {
    const truncated: DavResponse = { hrefs: ['/dav/c/'], status: 507, error: precondition('number-of-matches-within-limits') };
    expect(writeMultistatus([truncated], { syncToken: 'http://atomsync.dev/ns/sync/c/10' })).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n${ROOT}` +
        '<d:response><d:href>/dav/c/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status><d:error><d:number-of-matches-within-limits/></d:error></d:response>' +
        '<d:sync-token>http://atomsync.dev/ns/sync/c/10</d:sync-token></d:multistatus>\n',
    );
  });

  it('groups properties by status, 200 first, and leaves all but 200 out when minimal is asked', () => {
    const found = [{ name: D('displayname'), value: 'A & B' }, { name: { ns: CARDDAV_NS, name: 'addressbook-description' }, value: '<contacts>' }];
    const missing = [{ ns: CALDAV_NS, name: 'calendar-color' }, { ns: 'http://calendarserver.org/ns/', name: 'getctag' }];
    expect(foundAndMissing(found, missing).map((ps) => [ps.status, ps.props.map((p) => p.name.name)])).toEqual([
      [200, ['displayname', 'addressbook-description']],
      [404, ['calendar-color', 'getctag']],
    ]);
    expect(foundAndMissing(found, missing, true).map((ps) => ps.status)).toEqual([200]);
    expect(foundAndMissing([], missing, true)).toEqual([]);
    const xml = writeMultistatus([{ href: '/dav/', propstats: foundAndMissing(found, missing) }]);
    expect(xml).toContain('<d:displayname>A &amp; B</d:displayname><card:addressbook-description>&lt;contacts&gt;</card:addressbook-description>');
    expect(xml).toContain('<cal:calendar-color/><cs:getctag/>');
  });

  it('serves a dead property back as the client set it, whatever prefixes it used', () => {
    const set = readProppatch('<A:propertyupdate xmlns:A="DAV:"><A:set><A:prop><Q:tags xmlns:Q="urn:vendor"><Q:tag kind="a">one</Q:tag></Q:tags></A:prop></A:set></A:propertyupdate>')[0]!;
    if (set.op !== 'set') throw new Error('expected a set');
    const xml = writeMultistatus([{ href: '/dav/c/', propstats: [{ status: 200, props: [{ name: set.name, element: set.value }] }] }]);
    expect(xml).toContain('<d:prop><x0:tags xmlns:x0="urn:vendor"><x0:tag kind="a">one</x0:tag></x0:tags></d:prop>');
    const read = readMultistatus(xml).responses[0]!;
    expect(foundProp(read, 'urn:vendor', 'tags')?.node.children[0]).toMatchObject({ ns: 'urn:vendor', name: 'tag', text: 'one' });
  });

  it('streams: chunks stay near their size and the responses are pulled as the chunks are taken', () => {
    let pulled = 0;
    function* members(): Generator<DavResponse> {
      for (let i = 0; i < 100_000; i++) {
        pulled++;
        yield { href: `/dav/c/${i}.vcf`, propstats: [{ status: 200, props: [{ name: D('getetag'), value: `"${i}"` }] }] };
      }
    }
    const chunks = multistatusChunks(members(), () => ({ syncToken: `http://atomsync.dev/ns/sync/c/${pulled}` }), { chunkChars: 16 * 1024 });
    const first = chunks.next();
    expect(first.done).toBe(false);
    expect(pulled).toBeLessThan(200); // one chunk's worth, not the listing
    let count = 1;
    let longest = (first.value as string).length;
    let last = '';
    for (const chunk of chunks) {
      count++;
      longest = Math.max(longest, chunk.length);
      last = chunk;
    }
    expect(pulled).toBe(100_000);
    expect(count).toBeGreaterThan(100);
    expect(longest).toBeLessThan(16 * 1024 + 500);
    expect(last.endsWith('<d:sync-token>http://atomsync.dev/ns/sync/c/100000</d:sync-token></d:multistatus>\n')).toBe(true);
  });

  it('streams from an asynchronous source the same document', async () => {
    const responses: DavResponse[] = [{ hrefs: ['/dav/c/a.vcf'], status: 404 }, { hrefs: ['/dav/c/b.vcf'], status: 404 }];
    async function* source() {
      yield* responses;
    }
    let written = '';
    for await (const chunk of multistatusStream(source(), { syncToken: 't' })) written += chunk;
    expect(written).toBe(writeMultistatus(responses, { syncToken: 't' }));
  });

  it('takes responses a page at a time as well, in order, chunked as one at a time is', async () => {
    const responses: DavResponse[] = Array.from({ length: 50 }, (_, i) => ({ hrefs: [`/dav/c/${i}.vcf`], status: 404 }));
    async function* pages() {
      yield responses.slice(0, 20);
      yield responses[20]!;
      yield [];
      yield responses.slice(21);
    }
    const chunks: string[] = [];
    for await (const chunk of multistatusStream(pages(), { syncToken: 't' }, { chunkChars: 256 })) chunks.push(chunk);
    expect(chunks.join('')).toBe(writeMultistatus(responses, { syncToken: 't' }));
    expect(chunks).toEqual([...multistatusChunks(responses, { syncToken: 't' }, { chunkChars: 256 })]);
  });
});

describe('error bodies (RFC 4918 §16)', () => {
  it.each([
    ['valid-sync-token', precondition('valid-sync-token'), '<d:valid-sync-token/>'],
    ['no-uid-conflict (CardDAV) naming the href that holds the UID', precondition('addressbook-no-uid-conflict', { href: '/dav/ab/existing.vcf' }), '<card:no-uid-conflict><d:href>/dav/ab/existing.vcf</d:href></card:no-uid-conflict>'],
    ['no-uid-conflict (CalDAV)', precondition('calendar-no-uid-conflict', { href: '/dav/cal/x.ics' }), '<cal:no-uid-conflict><d:href>/dav/cal/x.ics</d:href></cal:no-uid-conflict>'],
    ['supported-report', precondition('supported-report'), '<d:supported-report/>'],
    ['propfind-finite-depth', precondition('propfind-finite-depth'), '<d:propfind-finite-depth/>'],
    ['max-resource-size (CardDAV)', precondition('addressbook-max-resource-size'), '<card:max-resource-size/>'],
    ['max-resource-size (CalDAV)', precondition('calendar-max-resource-size'), '<cal:max-resource-size/>'],
    ['valid-address-data', precondition('valid-address-data'), '<card:valid-address-data/>'],
    ['supported-address-data', precondition('supported-address-data'), '<card:supported-address-data/>'],
    ['supported-calendar-component', precondition('supported-calendar-component'), '<cal:supported-calendar-component/>'],
    ['valid-calendar-data', precondition('valid-calendar-data'), '<cal:valid-calendar-data/>'],
    ['number-of-matches-within-limits', precondition('number-of-matches-within-limits'), '<d:number-of-matches-within-limits/>'],
    ['need-privileges (RFC 3744 §7.1.1)', precondition('need-privileges', { href: '/dav/ab/', privilege: D('write') }), '<d:need-privileges><d:resource><d:href>/dav/ab/</d:href><d:privilege><d:write/></d:privilege></d:resource></d:need-privileges>'],
  ])('%s', (_what, p, inner) => {
    const body = errorBody(p);
    expect(body).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<d:error${ROOT.slice('<d:multistatus'.length, -1)}>${inner}</d:error>\n`);
    expect(readErrorBody(body)).toEqual([p.element]);
  });

  it('each failed precondition carries the status the RFC gives it', () => {
    expect(DavRequestError.failed('valid-sync-token', 'x').status).toBe(403);
    expect(DavRequestError.failed('addressbook-no-uid-conflict', 'x').status).toBe(409);
    expect(DavRequestError.failed('supported-address-data', 'x', { status: 415 }).status).toBe(415);
  });
});

describe('reading (the client half)', () => {
  it('reads back what the writer wrote', () => {
    const xml = writeMultistatus(
      [
        { href: '/dav/c/a%20b.ics', propstats: foundAndMissing([{ name: D('getetag'), value: '"e1"' }, { name: { ns: CALDAV_NS, name: 'calendar-data' }, value: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }], [D('getcontentlength')]) },
        { hrefs: ['/dav/c/gone.ics'], status: 404 },
      ],
      { syncToken: 'http://atomsync.dev/ns/sync/c/5' },
    );
    const { responses, syncToken } = readMultistatus(xml);
    expect(syncToken).toBe('http://atomsync.dev/ns/sync/c/5');
    expect(responses.map((r) => [r.href, r.status, r.propstats.map((ps) => ps.status)])).toEqual([
      ['/dav/c/a%20b.ics', undefined, [200, 404]],
      ['/dav/c/gone.ics', 404, []],
    ]);
    expect(foundProp(responses[0]!, DAV_NS, 'getetag')?.text).toBe('"e1"');
    // Item data comes back byte for byte, CR LF included (written as &#13;, which XML's end-of-line handling keeps).
    expect(foundProp(responses[0]!, CALDAV_NS, 'calendar-data')?.text).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(xml).toContain('<cal:calendar-data>BEGIN:VCALENDAR&#13;\nEND:VCALENDAR&#13;\n</cal:calendar-data>');
    expect(foundProp(responses[0]!, DAV_NS, 'getcontentlength')).toBeUndefined();
  });

  it("reads other servers' spelling: default namespace, their prefixes, a 507 with its error (Radicale/sabre forms)", () => {
    const xml = `<?xml version='1.0' encoding='utf-8'?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <response><href>/user/cal/</href><propstat><prop><resourcetype><collection/><C:calendar/></resourcetype>
          <supported-report-set><supported-report><report><sync-collection/></report></supported-report></supported-report-set></prop>
          <status>HTTP/1.1 200 OK</status></propstat></response>
        <response><href>/user/cal/</href><status>HTTP/1.1 507 Insufficient Storage</status><error><number-of-matches-within-limits/></error></response>
        <sync-token>http://radicale.org/ns/sync/abc</sync-token>
      </multistatus>`;
    const { responses, syncToken } = readMultistatus(xml);
    expect(syncToken).toBe('http://radicale.org/ns/sync/abc');
    expect(foundProp(responses[0]!, DAV_NS, 'resourcetype')?.node.children.map((c) => c.name)).toEqual(['collection', 'calendar']);
    expect(responses[1]).toMatchObject({ status: 507, errors: [D('number-of-matches-within-limits')] });
  });

  it('streams: responses come out as their bytes arrive, split anywhere (mid-character too)', async () => {
    const xml = writeMultistatus(
      Array.from({ length: 50 }, (_, i) => ({ href: `/dav/c/é${i}.vcf`, propstats: [{ status: 200, props: [{ name: D('displayname'), value: `Zoë ${i} ✓` }] }] })),
      { syncToken: 'tok' },
    );
    const bytes = new TextEncoder().encode(xml);
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const listing = streamMultistatus(pieces());
    const hrefs: string[] = [];
    let step = await listing.next();
    while (!step.done) {
      hrefs.push(step.value.href);
      expect(foundProp(step.value, DAV_NS, 'displayname')?.text).toBe(`Zoë ${hrefs.length - 1} ✓`);
      step = await listing.next();
    }
    expect(hrefs).toHaveLength(50);
    expect(hrefs[3]).toBe('/dav/c/é3.vcf');
    expect(step.value).toEqual({ syncToken: 'tok' });
  });

  it('holds one response at a time: a listing far past the per-response bound reads', () => {
    let count = 0;
    const reader = new MultistatusReader(() => count++);
    reader.write(`${ROOT}`);
    for (let i = 0; i < 5 * MAX_ELEMENTS_PER_RESPONSE; i++) reader.write(`<d:response><d:href>/${i}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`);
    reader.write('</d:multistatus>');
    reader.close();
    expect(count).toBe(5 * MAX_ELEMENTS_PER_RESPONSE);
  });

  it.each([
    ['not a multistatus', '<D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>'],
    ['a DOCTYPE', '<!DOCTYPE x [<!ENTITY a "aaaa">]><D:multistatus xmlns:D="DAV:"/>'],
    ['a response without href', '<D:multistatus xmlns:D="DAV:"><D:response><D:status>HTTP/1.1 200 OK</D:status></D:response></D:multistatus>'],
    ['a response without status or propstat', '<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a</D:href></D:response></D:multistatus>'],
    ['a propstat without a status line', '<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a</D:href><D:propstat><D:prop/><D:status>fine</D:status></D:propstat></D:response></D:multistatus>'],
    ['a cut-off body', '<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a</D:href>'],
    ['an empty body', ''],
    ['one response past the bound', `<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a</D:href><D:propstat><D:prop>${'<x:y xmlns:x="urn:x"/>'.repeat(MAX_ELEMENTS_PER_RESPONSE)}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>`],
  ])('refuses %s with a DavResponseError, never a partial listing', (_what, body) => {
    expect(() => readMultistatus(body)).toThrow(DavResponseError);
  });
});

describe('reading, streamed, against a hostile server', () => {
  it('hands over nothing from a document that is not a multistatus, however many responses it holds', () => {
    let handed = 0;
    const reader = new MultistatusReader(() => handed++);
    expect(() => reader.write(`<D:error xmlns:D="DAV:">${'<D:response><D:href>/a</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>'.repeat(10)}</D:error>`)).toThrow(DavResponseError);
    expect(handed).toBe(0);
  });

  it('keeps no text between responses: whitespace or junk there never piles up', () => {
    let count = 0;
    const reader = new MultistatusReader(() => count++);
    reader.write(ROOT);
    const filler = ' '.repeat(4096);
    // 5,000 × 4 K of text between responses: 20 M, past the per-value text bound were it kept.
    for (let i = 0; i < 5_000; i++) reader.write(`${filler}<d:response><d:href>/${i}</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`);
    reader.write('</d:multistatus>');
    expect(reader.close()).toEqual({ syncToken: undefined });
    expect(count).toBe(5_000);
  });
});

/**
 * The server's request rules without a store (src/server/propfind.ts, reports.ts, mkcol.ts):
 * PROPFIND's plan (RFC 4918 §9.1 and §10.2 Depth, RFC 8144 Prefer/Brief), REPORT dispatch (RFC
 * 3253 §3.6 supported-report), address-data's version (RFC 6352 §10.4, §8.6–8.7), multiget hrefs
 * (RFC 6352 §8.7, RFC 4791 §7.9), calendar-data expansion (RFC 4791 §9.6.5–9.6.6), free-busy
 * ranges (§7.10), sync-collection's level and limits (RFC 6578 §3.3, §3.6, §3.7), and MKCOL /
 * MKCALENDAR (RFC 4918 §9.3, RFC 5689 §3, RFC 4791 §5.3.1).
 */
import { describe, expect, it } from 'vitest';
import {
  APPLE_ICAL_NS,
  CALDAV_NS,
  DAV_NS,
  MAX_SEGMENT_CHARS,
  MULTISTATUS_MEDIA_TYPE,
  addressDataVersion,
  beyondLimitResponse,
  checkCreationIn,
  checkFreeBusyRange,
  checkInitialLimit,
  checkReportOn,
  checkSegmentLength,
  checkSyncLevel,
  collectionExists,
  creationFailure,
  creationRefusedAt,
  expansionRange,
  limitCut,
  memberOfHref,
  membersOfHrefs,
  planCreation,
  planPropfind,
  readCreation,
  readReport,
  readReportRequest,
  writeMultistatus,
  type CreationMethod,
  type ReportName,
  type ResourceKind,
  type SyncCollectionReport,
} from '../src/index.js';
import { refusal } from './support/refusal.js';

const headers = (h: Record<string, string>) => new Headers(h);
const PROP = '<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>';
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (error) {
    return refusal(() => {
      throw error;
    });
  }
  throw new Error('expected a refusal');
};

describe('PROPFIND plan', () => {
  it.each<[string, Record<string, string>, ResourceKind, 0 | 1, { self: boolean; members: boolean }]>([
    // RFC 4918 §9.1: no Depth is infinity, answered as 1 here (rules/depth.ts).
    ['no Depth on a collection', {}, 'calendar', 1, { self: true, members: true }],
    ['Depth 0 on a home', { depth: '0' }, 'calendar-home', 0, { self: true, members: false }],
    ['Depth 1 on an address book', { depth: '1' }, 'addressbook', 1, { self: true, members: true }],
    // RFC 8144 §2.2: depth-noroot leaves the collection's own response out of a Depth 1 answer…
    ['depth-noroot at Depth 1', { depth: '1', prefer: 'depth-noroot' }, 'addressbook', 1, { self: false, members: true }],
    // …and means nothing at Depth 0.
    ['depth-noroot at Depth 0', { depth: '0', prefer: 'depth-noroot' }, 'addressbook', 0, { self: true, members: false }],
    // An item is its own answer; the root and the principal list no members.
    ['depth-noroot on an item', { depth: '1', prefer: 'depth-noroot' }, 'vcard', 1, { self: true, members: false }],
    ['Depth 1 on the principal', { depth: '1' }, 'principal', 1, { self: true, members: false }],
    ['Depth infinity on the root', { depth: 'infinity' }, 'root', 1, { self: true, members: false }],
  ])('%s', async (_what, h, kind, depth, answers) => {
    const plan = await planPropfind(headers(h), async () => PROP);
    expect(plan.depth).toBe(depth);
    expect(plan.answers(kind)).toEqual(answers);
  });

  it.each<[string, Record<string, string>, boolean, Record<string, string>]>([
    ['nothing preferred', {}, false, { vary: 'Brief, Prefer' }],
    // RFC 8144 §2.1 and the Microsoft ancestor iOS and macOS still send (no Preference-Applied for it).
    ['Prefer: return=minimal', { prefer: 'return=minimal' }, true, { 'preference-applied': 'return=minimal', vary: 'Brief, Prefer' }],
    ['Brief: t', { brief: 't' }, true, { vary: 'Brief, Prefer' }],
  ])('%s: minimal %s, headers %j', async (_what, h, minimal, answerHeaders) => {
    const plan = await planPropfind(headers(h), async () => PROP);
    expect(plan.minimal).toBe(minimal);
    expect(plan.headers).toEqual(answerHeaders);
  });

  it('reads an empty body as allprop (RFC 4918 §9.1)', async () => {
    expect((await planPropfind(headers({}), async () => undefined)).selection).toEqual({ kind: 'allprop', include: [] });
  });

  it('refuses a bad Depth before reading the body (400, whatever the body)', async () => {
    let read = false;
    const refused = await failure(
      planPropfind(headers({ depth: '2' }), async () => {
        read = true;
        return '';
      }),
    );
    expect(refused.status).toBe(400);
    expect(read).toBe(false);
  });
});

describe('REPORT dispatch', () => {
  it.each<[ReportName, ResourceKind, number | undefined]>([
    ['sync-collection', 'addressbook', undefined],
    ['sync-collection', 'calendar', undefined],
    ['addressbook-multiget', 'addressbook', undefined],
    ['addressbook-query', 'addressbook', undefined],
    ['calendar-query', 'calendar', undefined],
    ['free-busy-query', 'calendar', undefined],
    // RFC 3253 §3.6: a report the resource does not support is 403 DAV:supported-report.
    ['calendar-multiget', 'addressbook', 403],
    ['addressbook-query', 'calendar', 403],
    ['sync-collection', 'calendar-home', 403],
    ['calendar-query', 'principal', 403],
    ['addressbook-multiget', 'vcard', 403],
  ])('%s on a %s: refused %s', (report, kind, status) => {
    if (status === undefined) expect(() => checkReportOn(report, kind)).not.toThrow();
    else {
      const refused = refusal(() => checkReportOn(report, kind));
      expect([refused.status, refused.precondition?.element]).toEqual([status, { ns: DAV_NS, name: 'supported-report' }]);
    }
  });

  const sync = (body: string) => `<D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop>${body}</D:sync-collection>`;

  it.each<[string, Record<string, string>, number | undefined]>([
    // RFC 6578 §3.3 and rules/depth.ts: sync-collection at Depth 0, 1 taken as 0, infinity refused.
    ['Depth 0', { depth: '0' }, undefined],
    ['Depth 1 (python-caldav)', { depth: '1' }, undefined],
    ['Depth infinity', { depth: 'infinity' }, 400],
  ])('sync-collection with %s: refused %s', (_what, h, status) => {
    if (status === undefined) expect(readReportRequest(headers(h), sync('')).report.report).toBe('sync-collection');
    else expect(refusal(() => readReportRequest(headers(h), sync(''))).status).toBe(status);
  });

  it('reads return=minimal with the report', () => {
    expect(readReportRequest(headers({ prefer: 'return=minimal' }), sync('')).minimal).toBe(true);
  });

  it('refuses a body it does not read before looking at Depth', () => {
    const refused = refusal(() => readReportRequest(headers({ depth: 'nonsense' }), '<D:sync-collection xmlns:D="DAV:">'));
    expect(refused.message).not.toMatch(/Depth/);
  });
});

describe('what a report asks of the data', () => {
  const multiget = (addressData: string) =>
    readReport(`<C:addressbook-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav"><D:prop><D:getetag/>${addressData}</D:prop><D:href>/a.vcf</D:href></C:addressbook-multiget>`);

  it.each<[string, 'addressbook' | 'calendar', string, '3.0' | '4.0' | 403]>([
    ['no address-data', 'addressbook', '', '3.0'],
    ['address-data with no version', 'addressbook', '<C:address-data/>', '3.0'],
    ['vCard 4.0', 'addressbook', '<C:address-data content-type="text/vcard" version="4.0"/>', '4.0'],
    ['vCard 3.0, the type in capitals', 'addressbook', '<C:address-data content-type="Text/VCard" version="3.0"/>', '3.0'],
    // RFC 6352 §8.7: a conversion we cannot make is CARDDAV:supported-address-data-conversion.
    ['vCard 2.1', 'addressbook', '<C:address-data content-type="text/vcard" version="2.1"/>', 403],
    ['jCard', 'addressbook', '<C:address-data content-type="application/vcard+json" version="4.0"/>', 403],
    ['address-data asked of a calendar (not its kind: nothing to convert)', 'calendar', '<C:address-data content-type="text/vcard" version="2.1"/>', '3.0'],
  ])('%s in an %s: %s', (_what, kind, data, expected) => {
    if (expected === 403) expect(refusal(() => addressDataVersion(kind, multiget(data))).precondition?.key).toBe('supported-address-data-conversion');
    else expect(addressDataVersion(kind, multiget(data))).toBe(expected);
  });

  const range = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 1, 1) };
  it.each<[string, Parameters<typeof expansionRange>[0], typeof range | undefined]>([
    ['no calendar-data', undefined, undefined],
    ['calendar-data whole', { contentType: 'text/calendar', version: '2.0', comp: undefined, expand: undefined, limitRecurrenceSet: undefined, limitFreebusySet: undefined }, undefined],
    ['expand (RFC 4791 §9.6.5)', { contentType: 'text/calendar', version: '2.0', comp: undefined, expand: range, limitRecurrenceSet: undefined, limitFreebusySet: undefined }, range],
    ['limit-recurrence-set, answered as an expansion (§9.6.6)', { contentType: 'text/calendar', version: '2.0', comp: undefined, expand: undefined, limitRecurrenceSet: range, limitFreebusySet: undefined }, range],
    ['limit-freebusy-set, ignored', { contentType: 'text/calendar', version: '2.0', comp: undefined, expand: undefined, limitRecurrenceSet: undefined, limitFreebusySet: range }, undefined],
  ])('%s expands %j', (_what, data, expected) => {
    expect(expansionRange(data)).toEqual(expected);
  });

  it.each<[number, number, number | undefined]>([
    [0, 1, undefined],
    [1, Infinity, 400],
    [-Infinity, 1, 400],
  ])('free-busy-query from %s to %s: refused %s (RFC 4791 §7.10: a closed range)', (start, end, status) => {
    if (status === undefined) expect(() => checkFreeBusyRange({ start, end })).not.toThrow();
    else expect(refusal(() => checkFreeBusyRange({ start, end })).status).toBe(status);
  });
});

describe('multiget hrefs', () => {
  const base = 'https://dav.example/dav/addressbooks/alice/c1/';
  const collection = ['dav', 'addressbooks', 'alice', 'c1'];
  it.each<[string, string | undefined]>([
    ['/dav/addressbooks/alice/c1/a.vcf', 'a.vcf'],
    ['https://dav.example/dav/addressbooks/alice/c1/abc%40host.vcf', 'abc@host.vcf'],
    ['a%20b.vcf', 'a b.vcf'],
    // Elsewhere: another collection, another account, another origin, a collection itself, `..`.
    ['/dav/addressbooks/alice/c2/a.vcf', undefined],
    ['/dav/addressbooks/bob/c1/a.vcf', undefined],
    ['https://evil.example/dav/addressbooks/alice/c1/a.vcf', undefined],
    ['/dav/addressbooks/alice/c1/', undefined],
    ['/dav/addressbooks/alice/c1/x/../a.vcf', undefined],
    // Past the collection's own path: what the shortcut of membersOfHrefs sees, and what it must leave to the whole reading.
    ['/dav/addressbooks/alice/c1/..', undefined],
    ['/dav/addressbooks/alice/c1/.', undefined],
    ['/dav/addressbooks/alice/c1/%2e%2e', undefined],
    ['/dav/addressbooks/alice/c1/a/b.vcf', undefined],
    ['/dav/addressbooks/alice/c1/a%2Fb.vcf', undefined],
    ['/dav/addressbooks/alice/c1//a.vcf', 'a.vcf'],
    ['/dav/addressbooks/alice/c1/a%40b.vcf', 'a@b.vcf'],
    ["/dav/addressbooks/alice/c1/x~y_z-(1)!*'$&+,;=:@.ics", "x~y_z-(1)!*'$&+,;=:@.ics"],
    ['/dav/addressbooks/alice/c1/a.vcf/', 'a.vcf'],
    ['/dav/addressbooks/alice/c1/a.vcf?x=1', 'a.vcf'],
  ])('%s names %j', (href, name) => {
    expect(memberOfHref(href, base, collection)).toBe(name);
    expect(membersOfHrefs([href], base, collection)).toEqual([name]);
  });

  it('reads a list of hrefs in order, each as memberOfHref does', () => {
    const hrefs = ['/dav/addressbooks/alice/c1/a.vcf', '/dav/addressbooks/alice/c2/a.vcf', 'b%20c.vcf', '/dav/addressbooks/alice/c1/a.vcf'];
    expect(membersOfHrefs(hrefs, base, collection)).toEqual(['a.vcf', undefined, 'b c.vcf', 'a.vcf']);
  });

  it('takes the collection path as written for the shortcut: a name with escapes in the collection still resolves', () => {
    const named = ['dav', 'addressbooks', 'a b', 'c1'];
    expect(membersOfHrefs(['/dav/addressbooks/a%20b/c1/x.vcf', '/dav/addressbooks/a b/c1/x.vcf'], 'https://dav.example/dav/addressbooks/a%20b/c1/', named)).toEqual(['x.vcf', memberOfHref('/dav/addressbooks/a b/c1/x.vcf', 'https://dav.example/dav/addressbooks/a%20b/c1/', named)]);
  });
});

describe('sync-collection', () => {
  const report = (level: '1' | 'infinite') => ({ report: 'sync-collection', syncLevel: level }) as SyncCollectionReport;

  it('answers sync-level 1 and refuses infinite with a 400 (RFC 6578 §3.3: no collections inside)', () => {
    expect(() => checkSyncLevel(report('1'))).not.toThrow();
    expect(refusal(() => checkSyncLevel(report('infinite'))).status).toBe(400);
  });

  it.each<[number, number | undefined, boolean]>([
    [5, undefined, false],
    [5, 5, false],
    [6, 5, true],
  ])('an initial listing of %s members under limit %s is refused: %s (RFC 6578 §3.7)', (count, limit, refused) => {
    if (!refused) expect(() => checkInitialLimit(count, limit)).not.toThrow();
    else {
      const error = refusal(() => checkInitialLimit(count, limit));
      expect([error.status, error.precondition?.key]).toEqual([507, 'number-of-matches-within-limits']);
    }
  });

  const rows = (...sequences: number[]) => sequences.map((sequence) => ({ sequence }));
  it.each<[string, number[], number, number | undefined]>([
    ['fewer changes than the limit: all of them', [3, 4], 3, undefined],
    ['as many as the limit: all of them', [3, 4, 5], 3, undefined],
    ['more: cut after the last whole write before the limit', [3, 4, 5, 6], 3, 5],
    // The rows of one write share a sequence and a token says "all of it": a write is never split.
    ['a write across the limit: cut before it', [3, 4, 4, 4], 3, 3],
    // One write larger than the limit goes whole: there is no token inside it.
    ['one write larger than the limit: it whole', [4, 4, 4, 4], 3, 4],
  ])('%s', (_what, sequences, limit, cut) => {
    expect(limitCut(rows(...sequences), limit)).toBe(cut);
  });

  it('says where an answer stopped with 507 number-of-matches-within-limits (RFC 6578 §3.6)', () => {
    expect(writeMultistatus([beyondLimitResponse('/dav/addressbooks/alice/c1/')])).toContain(
      '<d:response><d:href>/dav/addressbooks/alice/c1/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status><d:error><d:number-of-matches-within-limits/></d:error></d:response>',
    );
  });
});

describe('MKCOL and MKCALENDAR', () => {
  it.each<[string, CreationMethod, string, string | null, number | undefined]>([
    ['a plain MKCOL (no body, RFC 4918 §9.3)', 'MKCOL', '', null, undefined],
    ['an extended MKCOL', 'MKCOL', '<D:mkcol xmlns:D="DAV:"><D:set><D:prop><D:displayname>X</D:displayname></D:prop></D:set></D:mkcol>', 'application/xml', undefined],
    ['MKCALENDAR without a body', 'MKCALENDAR', '', null, undefined],
    // RFC 4918 §9.3.1: a body the server does not understand is 415…
    ['a body that is not XML, labelled text/plain', 'MKCOL', 'make me one', 'text/plain', 415],
    // …but one labelled XML that does not parse is the reader's 400.
    ['broken XML labelled XML', 'MKCALENDAR', '<C:mkcalendar', 'text/xml; charset=utf-8', 400],
    ['broken XML unlabelled', 'MKCOL', '<D:mkcol', null, 400],
    ['broken XML labelled +xml', 'MKCOL', '<D:mkcol', 'application/foo+xml', 400],
  ])('%s: refused %s', (_what, method, body, type, status) => {
    if (status === undefined) expect(() => readCreation(method, body, type)).not.toThrow();
    else expect(refusal(() => readCreation(method, body, type)).status).toBe(status);
  });

  it.each<[string, () => void, number, string | undefined]>([
    // RFC 4791 §5.3.1.2: calendars in the calendar home only.
    ['MKCALENDAR inside a collection', () => { throw creationRefusedAt('MKCALENDAR', 'member'); }, 403, 'calendar-collection-location-ok'],
    ['MKCOL inside a collection', () => { throw creationRefusedAt('MKCOL', 'member'); }, 403, undefined],
    // RFC 4918 §9.3.1 / RFC 5689: never over a resource.
    ['MKCOL on a home', () => { throw creationRefusedAt('MKCOL', 'existing'); }, 405, 'resource-must-be-null'],
    ['MKCALENDAR in the address-book home', () => checkCreationIn('MKCALENDAR', 'addressbook-home', 'work'), 403, 'calendar-collection-location-ok'],
    ['a segment too long', () => checkCreationIn('MKCOL', 'addressbook-home', 'x'.repeat(MAX_SEGMENT_CHARS + 1)), 400, undefined],
    ['a collection there already', () => { throw collectionExists(); }, 405, 'resource-must-be-null'],
  ])('%s: %s %s', (_what, fn, status, key) => {
    const refused = refusal(fn);
    expect([refused.status, refused.precondition?.key]).toEqual([status, key]);
  });

  it('takes a segment up to the bound, in either home', () => {
    expect(() => checkCreationIn('MKCOL', 'addressbook-home', 'x'.repeat(MAX_SEGMENT_CHARS))).not.toThrow();
    expect(() => checkCreationIn('MKCALENDAR', 'calendar-home', 'work')).not.toThrow();
    expect(refusal(() => checkSegmentLength('y'.repeat(MAX_SEGMENT_CHARS + 1), 'a member name')).message).toBe(`a member name is at most ${MAX_SEGMENT_CHARS} characters`);
  });

  const comps = (...names: string[]) =>
    `<C:mkcalendar xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:set><D:prop><C:supported-calendar-component-set>${names.map((n) => `<C:comp name="${n}"/>`).join('')}</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`;

  it.each<[string, CreationMethod, 'addressbook-home' | 'calendar-home', string, { kind: string; component: string | undefined } | string]>([
    ['a plain MKCOL in the address-book home', 'MKCOL', 'addressbook-home', '', { kind: 'addressbook', component: undefined }],
    ['a plain MKCOL in the calendar home', 'MKCOL', 'calendar-home', '', { kind: 'calendar', component: 'VEVENT' }],
    ['MKCALENDAR with no component set', 'MKCALENDAR', 'calendar-home', '', { kind: 'calendar', component: 'VEVENT' }],
    ['MKCALENDAR of VTODO alone', 'MKCALENDAR', 'calendar-home', comps('VTODO'), { kind: 'calendar', component: 'VTODO' }],
    // One component per calendar here (iOS shows a mixed one as empty): a mixed set is kept as events.
    ['MKCALENDAR of VEVENT and VTODO', 'MKCALENDAR', 'calendar-home', comps('VTODO', 'VEVENT'), { kind: 'calendar', component: 'VEVENT' }],
    ['MKCALENDAR of VJOURNAL alone', 'MKCALENDAR', 'calendar-home', comps('VJOURNAL'), 'supported-calendar-component'],
    // RFC 5689 §3.3: the resource type must be this home's.
    [
      'an extended MKCOL of an address book',
      'MKCOL',
      'addressbook-home',
      `<D:mkcol xmlns:D="DAV:" xmlns:A="urn:ietf:params:xml:ns:carddav"><D:set><D:prop><D:resourcetype><D:collection/><A:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>`,
      { kind: 'addressbook', component: undefined },
    ],
    ['an extended MKCOL of a plain collection', 'MKCOL', 'addressbook-home', '<D:mkcol xmlns:D="DAV:"><D:set><D:prop><D:resourcetype><D:collection/></D:resourcetype></D:prop></D:set></D:mkcol>', 'valid-resourcetype'],
    [
      'an extended MKCOL of a calendar in the address-book home',
      'MKCOL',
      'addressbook-home',
      `<D:mkcol xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:set><D:prop><D:resourcetype><D:collection/><C:calendar/></D:resourcetype></D:prop></D:set></D:mkcol>`,
      'valid-resourcetype',
    ],
  ])('%s: %j', (_what, method, home, body, expected) => {
    const asked = readCreation(method, body, 'application/xml');
    if (typeof expected === 'string') expect(refusal(() => planCreation(method, home, asked, 'new')).precondition?.key).toBe(expected);
    else {
      const { kind, component } = planCreation(method, home, asked, 'new');
      expect({ kind, component }).toEqual(expected);
    }
  });

  it('keeps the properties set beside the component set, named by the displayname asked for', () => {
    const body = `<C:mkcalendar xmlns:D="DAV:" xmlns:C="${CALDAV_NS}" xmlns:I="${APPLE_ICAL_NS}"><D:set><D:prop><D:displayname>Team</D:displayname><I:calendar-color>#FF2968</I:calendar-color><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`;
    const plan = planCreation('MKCALENDAR', 'calendar-home', readCreation('MKCALENDAR', body, null), 'a1b2');
    expect(plan.sets.map((s) => s.name.name)).toEqual(['displayname', 'calendar-color']);
    expect([plan.plan.apply, plan.label]).toEqual([true, 'Team']);
  });

  it.each<[string, string]>([
    ['no displayname', ''],
    ['a blank one', '<D:displayname>  </D:displayname>'],
  ])('names the collection by its segment with %s', (_what, prop) => {
    const body = `<C:mkcalendar xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:set><D:prop>${prop || '<V:x xmlns:V="urn:vendor"/>'}</D:prop></D:set></C:mkcalendar>`;
    expect(planCreation('MKCALENDAR', 'calendar-home', readCreation('MKCALENDAR', body, null), 'a1b2').label).toBe('a1b2');
  });

  it('answers properties that cannot be set: MKCALENDAR a 207 (RFC 4791 §5.3.1.1), extended MKCOL a 403 mkcol-response (RFC 5689 §3.3)', () => {
    const body = `<C:mkcalendar xmlns:D="DAV:" xmlns:C="${CALDAV_NS}"><D:set><D:prop><D:getetag>"x"</D:getetag><D:displayname>Team</D:displayname></D:prop></D:set></C:mkcalendar>`;
    const plan = planCreation('MKCALENDAR', 'calendar-home', readCreation('MKCALENDAR', body, null), 'team');
    expect(plan.plan.apply).toBe(false);
    const calendar = creationFailure('MKCALENDAR', '/dav/calendars/alice/team/', plan.plan.propstats);
    expect([calendar.status, calendar.headers['content-type']]).toEqual([207, MULTISTATUS_MEDIA_TYPE]);
    expect(calendar.body).toContain('<d:multistatus');
    expect(calendar.body).toContain('<d:href>/dav/calendars/alice/team/</d:href>');
    const collection = creationFailure('MKCOL', '/dav/calendars/alice/team/', plan.plan.propstats);
    expect(collection.status).toBe(403);
    expect(collection.body).toContain('<d:mkcol-response');
    expect(collection.body).toContain('<d:status>HTTP/1.1 403 Forbidden</d:status><d:error><d:cannot-modify-protected-property/></d:error>');
    expect(collection.body).toContain('HTTP/1.1 424 Failed Dependency');
  });
});

/**
 * The REPORTs of a collection: the multigets (RFC 6352 §8.7, RFC 4791 §7.9), sync-collection (RFC
 * 6578) from the collection's durable change sequence, addressbook-query (RFC 6352 §8.6),
 * calendar-query (RFC 4791 §7.8) with the whole CALDAV:filter (time ranges honour recurrence and
 * time zones) and free-busy-query (§7.10). Every multistatus streams.
 *
 * calendar-data (§9.6) serves the whole object: a <C:comp>/<C:prop> selection is not applied (the
 * RFC lets a server return more), <C:expand> is (the instances in its range, in UTC), and
 * <C:limit-recurrence-set> is answered as an expand of its range (§9.6.6 allows either form of
 * the instances; one code path) — a member whose expansion passes the walk's cap is answered 507
 * (calendarResponder says why) — and <C:limit-freebusy-set> is ignored (no VFREEBUSY is stored).
 */
import {
  DavRequestError,
  busyPeriods,
  checkCalFilter,
  formatSyncToken,
  instanceOverlaps,
  matchesCalFilter,
  mergeBusyPeriods,
  matchesCardFilter,
  multistatusStream,
  precondition,
  readPreferences,
  readReport,
  reportDepth,
  segmentsOfHref,
  syncStart,
  type AddressDataRequest,
  type CardProperty,
  type CalendarDataRequest,
  type DavResponse,
  type FreeBusyQueryReport,
  type MultigetReport,
  type Report,
  type SyncCollectionReport,
} from '@atomsync/dav';
import { expandCalendar, isLegacyVersion, readCalendarObject, readComponents, unescapeValue, writeFreeBusy } from '@atomsync/items';
import { readBytes } from '../http/body.js';
import { RELEASED_HREF, type DavItemRecord } from '@atomsync/store';
import type { DavCollection } from './collections.js';
import { header, type DavRequest } from './context.js';
import { collectionHref, DAV_PREFIX, memberHrefs } from './layout.js';
import { memberName, membersNamed } from './members.js';
import { itemAnswer } from './properties.js';
import { livePages, MAX_XML_BODY_BYTES, memberResponder, PAGE, pagesFor } from './propfind.js';
import { servedOf, type CardVersion } from './representation.js';
import { notFound, type Resource } from './resources.js';
import { multistatusResponse } from './stream.js';
import { davAnswer, type DavAnswer } from './answer.js';

export async function report(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  const body = await readBytes(req.event, MAX_XML_BODY_BYTES);
  const parsed = readReport(body);
  reportDepth(header(req, 'depth'), parsed.report);
  if (resource.kind !== 'collection') {
    if (resource.kind === 'unmapped') throw notFound('such item');
    throw DavRequestError.failed('supported-report', `the report ${parsed.report} is answered on an address book or a calendar`);
  }
  const c = resource.collection;
  const card = c.component === undefined;
  const fits = parsed.report === 'sync-collection' || (card ? parsed.report.startsWith('addressbook-') : parsed.report.startsWith('calendar-') || parsed.report === 'free-busy-query');
  if (!fits) throw DavRequestError.failed('supported-report', `the report ${parsed.report} is not answered on ${card ? 'an address book' : 'a calendar'}`);
  // Before the multistatus starts: a precondition cannot come once it streams (the responses ask again).
  // Asked before the answer starts: a conversion we cannot make is 403, never a cut 207.
  const cardVersion = cardVersionOf(c, parsed);
  const { minimal } = readPreferences(header(req, 'prefer'), header(req, 'brief'));
  const stream = (responses: AsyncIterable<DavResponse | DavResponse[]>, end?: () => { syncToken?: string }) =>
    multistatusResponse(multistatusStream(responses, end)[Symbol.asyncIterator](), req.log, { vary: 'Brief, Prefer' });
  switch (parsed.report) {
    case 'addressbook-multiget':
      return stream(multiget(req, c, parsed, memberResponder(req, c, parsed.props, minimal, cardVersion)));
    case 'calendar-multiget':
      return stream(multiget(req, c, parsed, calendarResponder(req, c, parsed.props, minimal, parsed.calendarData, undefined)));
    case 'sync-collection':
      return syncCollection(req, c, parsed, minimal, stream);
    case 'addressbook-query':
      return stream(filtered(req, c, (item) => matchesCardFilter(parsed.filter, cardProperties(item.body)), memberResponder(req, c, parsed.props, minimal, cardVersion)));
    case 'calendar-query': {
      checkCalFilter(parsed.filter);
      const filter = parsed.filter;
      const matches = (item: DavItemRecord) => matchesCalFilter(filter, readCalendarObject(item.body, { timezone: parsed.timezone }));
      return stream(filtered(req, c, matches, calendarResponder(req, c, parsed.props, minimal, parsed.calendarData, parsed.timezone)));
    }
    case 'free-busy-query':
      return freeBusy(req, c, parsed);
  }
}

/**
 * The vCard version address-data asks for (RFC 6352 §10.4): 3.0 (the default) or 4.0, as
 * supported-address-data lists; any other type or version cannot be converted to
 * (§8.6/§8.7: supported-address-data-conversion).
 */
function cardVersionOf(c: DavCollection, r: Report): CardVersion {
  const asked: AddressDataRequest | undefined = 'addressData' in r ? r.addressData : undefined;
  if (asked === undefined || c.component !== undefined) return '3.0';
  const type = asked.contentType.trim().toLowerCase();
  if (type === 'text/vcard' && (asked.version === '3.0' || asked.version === '4.0')) return asked.version;
  throw DavRequestError.failed('supported-address-data-conversion', `address data is served as text/vcard 3.0 or 4.0, not ${asked.contentType} ${asked.version}`);
}

/** How a report answers each item it returns (made once per request). */
type Responder = (item: DavItemRecord) => DavResponse;


async function* multiget(req: DavRequest, c: DavCollection, r: MultigetReport, respond: Responder): AsyncGenerator<DavResponse> {
  const base = req.event.url.href;
  const own = [DAV_PREFIX, c.family, req.account.username, c.name];
  const names: (string | undefined)[] = r.hrefs.map((href) => {
    const segments = segmentsOfHref(href, base);
    if (segments === undefined || segments.length !== own.length + 1 || own.some((s, i) => segments[i] !== s)) return undefined;
    return segments[own.length];
  });
  const found = await membersNamed(req.store, c, names.filter((n): n is string => n !== undefined));
  for (let i = 0; i < r.hrefs.length; i++) {
    const name = names[i];
    const item = name === undefined ? undefined : found.get(name);
    if (item === undefined) yield { hrefs: [r.hrefs[i]!], status: 404 };
    else yield respond(item);
  }
}

async function* filtered(req: DavRequest, c: DavCollection, matches: (item: DavItemRecord) => boolean, respond: Responder): AsyncGenerator<DavResponse> {
  for await (const page of livePages(req, c)) {
    for (const item of page) if (matches(item)) yield respond(item);
  }
}

/**
 * How a calendar report answers an item: as it is served, unless calendar-data asks for an
 * expansion (expand, or limit-recurrence-set answered the same way): then the calendar-data is
 * the instances in that range, while getetag and getcontentlength stay those of the stored object.
 */
function calendarResponder(
  req: DavRequest,
  c: DavCollection,
  props: MultigetReport['props'],
  minimal: boolean,
  data: CalendarDataRequest | undefined,
  timezone: string | undefined,
): Responder {
  const range = data?.expand ?? data?.limitRecurrenceSet;
  if (range === undefined) return memberResponder(req, c, props, minimal);
  const answer = itemAnswer(req.account, props, 'icalendar', minimal);
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  return (item) => {
    const served = servedOf(item);
    const href = hrefOf(memberName(c, item));
    const expansion = expandCalendar(served.body, range, (name, instance) => instanceOverlaps(name, instance, range), { timezone });
    // More instances in the range than a walk examines (MAX_INSTANCES_EXAMINED: an hourly series
    // over a year): never a silently cut expansion. The member's own response says so, 507 with
    // DAV:number-of-matches-within-limits — the condition RFC 4791 §7.8/§7.9 name for answers
    // past the server's limits, with the status RFC 6578 §3.6 gives a result cut at a limit (and
    // sync-collection here). Not the whole REPORT's 403: the multistatus is streaming by now, and
    // the other members are answered. Not CALDAV:max-instances (§5.2.8): that is a promise about
    // storing (a PUT generating more instances refused), and endless series are kept here.
    if (expansion.truncated) return { hrefs: [href], status: 507, error: precondition('number-of-matches-within-limits') };
    return { href, propstats: answer.propstats(item, served, expansion.body) };
  };
}

/**
 * free-busy-query (RFC 4791 §7.10): one VFREEBUSY of the busy time of the calendar's events within
 * the range, 200 text/calendar. The range must be closed: an open one has no VFREEBUSY to write.
 */
async function freeBusy(req: DavRequest, c: DavCollection, r: FreeBusyQueryReport): Promise<DavAnswer> {
  const range = r.timeRange;
  if (!Number.isFinite(range.start) || !Number.isFinite(range.end)) throw DavRequestError.badRequest('a free-busy-query time-range needs both start and end');
  const periods = [];
  for await (const page of livePages(req, c)) for (const item of page) periods.push(...busyPeriods(readCalendarObject(item.body), range));
  const body = writeFreeBusy(range, mergeBusyPeriods(periods), Date.now());
  return davAnswer(body, { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' } });
}

/** A card's properties as the filter reads them: names without groups, values unescaped. */
function cardProperties(body: string): CardProperty[] {
  const legacy = isLegacyVersion(body);
  const card = readComponents(body, legacy).find((x) => x.name === 'VCARD');
  if (card === undefined) return [];
  return card.props.map((line) => ({
    name: line.name,
    params: new Map(line.params.map((p) => [p.name, p.values])),
    value: unescapeValue(line.value, legacy),
  }));
}

type Stream = (responses: AsyncIterable<DavResponse | DavResponse[]>, end?: () => { syncToken?: string }) => Promise<DavAnswer>;

async function syncCollection(req: DavRequest, c: DavCollection, r: SyncCollectionReport, minimal: boolean, stream: Stream): Promise<DavAnswer> {
  if (r.syncLevel !== '1') throw DavRequestError.badRequest('sync-level infinite is not answered: collections here hold no collections');
  // Read before the listing: whatever commits during it has a greater sequence, and comes next time.
  // A token below the pruned horizon would miss deletes whose tombstones housekeeping pruned: 403
  // valid-sync-token, and the client lists afresh (guide/protocol.md, sync tokens). (A prune that
  // commits while a delta is read takes only tombstones older than the retention, so the token
  // it outdates would have been months old already.)
  const { current, oldest } = await req.store.contents.davSyncState(c.key);
  const start = syncStart(r.syncToken, { collection: c.id, current, oldest });
  if (start.kind === 'initial') {
    // The whole collection, live members only (RFC 6578 §3.8), answering the token read above.
    if (r.limit !== undefined) {
      // A client's limit on an initial listing cannot be met by a token: say so (RFC 6578 §3.7).
      const count = await countUpTo(req, c, r.limit + 1);
      if (count > r.limit) throw new DavRequestError(507, 'the collection holds more members than the limit asked; sync without a limit', precondition('number-of-matches-within-limits'));
    }
    const respond = memberResponder(req, c, r.props, minimal, cardVersionOf(c, r));
    async function* all(): AsyncGenerator<DavResponse[]> {
      for await (const page of pagesFor(req, c, respond)) yield page.map(respond);
    }
    return stream(all(), () => ({ syncToken: formatSyncToken({ collection: c.id, sequence: current }) }));
  }
  let token = current;
  async function* changes(since: number, upTo?: number): AsyncGenerator<DavItemRecord> {
    let position: { sequence: number; uuid: string } | undefined;
    for (;;) {
      const page = await req.store.contents.davChanges(c.key, since, PAGE, position);
      for (const row of page) {
        if (upTo !== undefined && row.sequence > upTo) return;
        token = Math.max(token, row.sequence);
        yield row;
      }
      if (page.length < PAGE) return;
      const last = page[page.length - 1]!;
      position = { sequence: last.sequence, uuid: last.uuid };
    }
  }
  const respond = memberResponder(req, c, r.props, minimal, cardVersionOf(c, r));
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  const response = (row: DavItemRecord): DavResponse => (row.deleted !== null ? { hrefs: [hrefOf(memberName(c, row))], status: 404 } : respond(row));
  /** A tombstone whose name a later member took says nothing: that member answers for the name. */
  const listed = (row: DavItemRecord): boolean => !(row.deleted !== null && row.href === RELEASED_HREF);
  const since = start.since;
  if (r.limit === undefined) {
    async function* all(): AsyncGenerator<DavResponse> {
      for await (const row of changes(since)) if (listed(row)) yield response(row);
    }
    return stream(all(), () => ({ syncToken: formatSyncToken({ collection: c.id, sequence: token }) }));
  }
  // A client's limit (DAVx⁵ pages this way): changes up to it, cut at a whole write — the rows of one
  // write share a sequence and a token says "all of it" — then 507 for the collection (RFC 6578 §3.6).
  const head = await req.store.contents.davChanges(c.key, since, r.limit + 1);
  let upTo: number | undefined;
  if (head.length > r.limit) {
    const cut = head[r.limit]!.sequence;
    const before = head.slice(0, r.limit).filter((row) => row.sequence < cut);
    // One write larger than the limit goes whole: there is no token inside it.
    upTo = before.length > 0 ? before[before.length - 1]!.sequence : cut;
  }
  async function* limited(): AsyncGenerator<DavResponse> {
    for await (const row of changes(since, upTo)) if (listed(row)) yield response(row);
    if (upTo !== undefined) yield { hrefs: [collectionHref(c.family, req.account.username, c.name)], status: 507, error: precondition('number-of-matches-within-limits') };
  }
  if (upTo !== undefined) token = upTo;
  return stream(limited(), () => ({ syncToken: formatSyncToken({ collection: c.id, sequence: upTo ?? token }) }));
}

async function countUpTo(req: DavRequest, c: DavCollection, max: number): Promise<number> {
  let n = 0;
  for await (const page of livePages(req, c)) {
    n += page.length;
    if (n >= max) return n;
  }
  return n;
}

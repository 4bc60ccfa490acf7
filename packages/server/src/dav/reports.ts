/**
 * The REPORTs of a collection: the multigets (RFC 6352 §8.7, RFC 4791 §7.9), sync-collection (RFC
 * 6578) from the collection's durable change sequence, addressbook-query (RFC 6352 §8.6),
 * calendar-query (RFC 4791 §7.8) with the whole CALDAV:filter (time ranges honour recurrence and
 * time zones) and free-busy-query (§7.10). Every multistatus streams. Which report goes where, the
 * vCard version asked, what calendar-data expands, the limits and the answers' shapes are
 * @atomsync/dav's; here the items are read and handed over.
 */
import {
  addressDataVersion,
  beyondLimitResponse,
  busyPeriods,
  checkCalFilter,
  checkFreeBusyRange,
  checkInitialLimit,
  checkReportOn,
  checkSyncLevel,
  expansionRange,
  FREE_BUSY_HEADERS,
  formatSyncToken,
  instanceOverlaps,
  itemAnswer,
  limitCut,
  matchesCalFilter,
  mergeBusyPeriods,
  matchesCardFilter,
  membersOfHrefs,
  multistatusStream,
  MULTISTATUS_CHUNK_CHARS,
  notFoundResponse,
  readReportRequest,
  syncStart,
  VARY_PREFERENCES,
  writeResponse,
  type CardProperty,
  type CalendarDataRequest,
  type DavResponse,
  type FreeBusyQueryReport,
  type MultigetReport,
  type SyncCollectionReport,
  type WrittenResponses,
} from '@atomsync/dav';
import { expandCalendar, isLegacyVersion, readCalendarObject, readComponents, unescapeValue, writeFreeBusy } from '@atomsync/items';
import { readBytes } from '../http/body.js';
import { RELEASED_HREF, type DavItemRecord } from '@atomsync/store';
import type { DavCollection } from './collections.js';
import type { DavRequest } from './context.js';
import { collectionHref, DAV_PREFIX, memberHrefs, principalHref } from './layout.js';
import { memberName, membersNamed } from './members.js';
import { livePages, MAX_XML_BODY_BYTES, memberResponder, PAGE, pagesFor } from './propfind.js';
import { servedOf, type CardVersion } from './representation.js';
import { kindOf, notFound, type Resource } from './resources.js';
import { multistatusResponse } from './stream.js';
import { davAnswer, type DavAnswer } from './answer.js';

export async function report(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  const { report: parsed, minimal } = readReportRequest(req.event.req.headers, await readBytes(req.event, MAX_XML_BODY_BYTES));
  if (resource.kind === 'unmapped') throw notFound('such item');
  checkReportOn(parsed.report, kindOf(resource));
  if (resource.kind !== 'collection') throw new Error('checkReportOn answers reports on collections only');
  const c = resource.collection;
  // Before the multistatus starts: a precondition cannot come once it streams (the responses ask again).
  const cardVersion: CardVersion = addressDataVersion(c.kind, parsed);
  const stream = (responses: AsyncIterable<DavResponse | DavResponse[] | WrittenResponses>, end?: () => { syncToken?: string }) =>
    multistatusResponse(multistatusStream(responses, end)[Symbol.asyncIterator](), req.log, VARY_PREFERENCES);
  switch (parsed.report) {
    case 'addressbook-multiget':
      return stream(multiget(req, c, parsed, memberResponder(req, c, parsed.props, minimal, cardVersion)));
    case 'calendar-multiget':
      return stream(multiget(req, c, parsed, calendarResponder(req, c, parsed.props, minimal, parsed.calendarData, undefined)));
    case 'sync-collection':
      return syncCollection(req, c, parsed, minimal, cardVersion, stream);
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

/** How a report answers each item it returns (made once per request); `write`, when it has one, the same response written. */
type Responder = ((item: DavItemRecord) => DavResponse) & { readonly write?: (item: DavItemRecord) => string };


/**
 * The members asked for, written here and handed over a chunk at a time (MULTISTATUS_CHUNK_CHARS):
 * every item read at once, a yield per response was two async generators' round trips per item
 * for nothing (a multiget of 100 answers in one chunk). The bytes are writeResponse's either way.
 */
async function* multiget(req: DavRequest, c: DavCollection, r: MultigetReport, respond: Responder): AsyncGenerator<WrittenResponses> {
  const base = req.event.url.href;
  const own = [DAV_PREFIX, c.family, req.account.username, c.name];
  const names = membersOfHrefs(r.hrefs, base, own);
  const found = await membersNamed(req.store, c, names.filter((n): n is string => n !== undefined));
  let written = '';
  for (let i = 0; i < r.hrefs.length; i++) {
    const name = names[i];
    const item = name === undefined ? undefined : found.get(name);
    written += item === undefined ? writeResponse(notFoundResponse(r.hrefs[i]!)) : respond.write === undefined ? writeResponse(respond(item)) : respond.write(item);
    if (written.length >= MULTISTATUS_CHUNK_CHARS) {
      yield written;
      written = '';
    }
  }
  if (written !== '') yield written;
}

async function* filtered(req: DavRequest, c: DavCollection, matches: (item: DavItemRecord) => boolean, respond: Responder): AsyncGenerator<DavResponse | WrittenResponses> {
  for await (const page of livePages(req, c)) {
    for (const item of page) if (matches(item)) yield respond.write === undefined ? respond(item) : respond.write(item);
  }
}

/**
 * How a calendar report answers an item: as it is served, unless calendar-data asks for an
 * expansion (expansionRange): then the calendar-data is the instances in that range, while
 * getetag and getcontentlength stay those of the stored object.
 */
function calendarResponder(
  req: DavRequest,
  c: DavCollection,
  props: MultigetReport['props'],
  minimal: boolean,
  data: CalendarDataRequest | undefined,
  timezone: string | undefined,
): Responder {
  const range = expansionRange(data);
  if (range === undefined) return memberResponder(req, c, props, minimal);
  const answer = itemAnswer(principalHref(req.account.username), props, 'icalendar', minimal);
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  return (item) => {
    const served = servedOf(item);
    const href = hrefOf(memberName(c, item));
    const expansion = expandCalendar(served.body, range, (name, instance) => instanceOverlaps(name, instance, range), { timezone });
    // More instances in the range than a walk examines (MAX_INSTANCES_EXAMINED: an hourly series
    // over a year): never a silently cut expansion. The member's own response says so (507
    // number-of-matches-within-limits), not the whole REPORT's 403: the multistatus is streaming by
    // now, and the other members are answered. Not CALDAV:max-instances (§5.2.8): that is a promise
    // about storing (a PUT generating more instances refused), and endless series are kept here.
    if (expansion.truncated) return beyondLimitResponse(href);
    return { href, propstats: answer.propstats(item, served, expansion.body) };
  };
}

/** free-busy-query (RFC 4791 §7.10): one VFREEBUSY of the busy time of the calendar's events within the (closed) range. */
async function freeBusy(req: DavRequest, c: DavCollection, r: FreeBusyQueryReport): Promise<DavAnswer> {
  const range = r.timeRange;
  checkFreeBusyRange(range);
  const periods = [];
  for await (const page of livePages(req, c)) for (const item of page) periods.push(...busyPeriods(readCalendarObject(item.body), range));
  const body = writeFreeBusy(range, mergeBusyPeriods(periods), Date.now());
  return davAnswer(body, { status: 200, headers: FREE_BUSY_HEADERS });
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

type Stream = (responses: AsyncIterable<DavResponse | DavResponse[] | WrittenResponses>, end?: () => { syncToken?: string }) => Promise<DavAnswer>;

async function syncCollection(req: DavRequest, c: DavCollection, r: SyncCollectionReport, minimal: boolean, cardVersion: CardVersion, stream: Stream): Promise<DavAnswer> {
  checkSyncLevel(r);
  // Read before the listing: whatever commits during it has a greater sequence, and comes next time.
  // A token below the pruned horizon would miss deletes whose tombstones housekeeping pruned: 403
  // valid-sync-token, and the client lists afresh (guide/protocol.md, sync tokens). (A prune that
  // commits while a delta is read takes only tombstones older than the retention, so the token
  // it outdates would have been months old already.)
  const { current, oldest } = await req.store.contents.davSyncState(c.key);
  const start = syncStart(r.syncToken, { collection: c.id, current, oldest });
  if (start.kind === 'initial') {
    // The whole collection, live members only (RFC 6578 §3.8), answering the token read above.
    // A client's limit on an initial listing cannot be met by a token (RFC 6578 §3.7).
    if (r.limit !== undefined) checkInitialLimit(await countUpTo(req, c, r.limit + 1), r.limit);
    const respond = memberResponder(req, c, r.props, minimal, cardVersion);
    async function* all(): AsyncGenerator<WrittenResponses> {
      for await (const page of pagesFor(req, c, respond)) yield respond.writePage(page);
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
  const respond = memberResponder(req, c, r.props, minimal, cardVersion);
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  const response = (row: DavItemRecord): DavResponse | WrittenResponses => (row.deleted !== null ? notFoundResponse(hrefOf(memberName(c, row))) : respond.write(row));
  /** A tombstone whose name a later member took says nothing: that member answers for the name. */
  const listed = (row: DavItemRecord): boolean => !(row.deleted !== null && row.href === RELEASED_HREF);
  const since = start.since;
  if (r.limit === undefined) {
    async function* all(): AsyncGenerator<DavResponse | WrittenResponses> {
      for await (const row of changes(since)) if (listed(row)) yield response(row);
    }
    return stream(all(), () => ({ syncToken: formatSyncToken({ collection: c.id, sequence: token }) }));
  }
  // A client's limit (DAVx⁵ pages this way): changes up to the cut (limitCut), then 507 for the collection.
  const upTo = limitCut(await req.store.contents.davChanges(c.key, since, r.limit + 1), r.limit);
  async function* limited(): AsyncGenerator<DavResponse | WrittenResponses> {
    for await (const row of changes(since, upTo)) if (listed(row)) yield response(row);
    if (upTo !== undefined) yield beyondLimitResponse(collectionHref(c.family, req.account.username, c.name));
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

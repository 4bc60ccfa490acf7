/**
 * The REPORTs of a collection: the multigets (RFC 6352 §8.7, RFC 4791 §7.9), sync-collection (RFC
 * 6578) from the collection's durable change sequence, addressbook-query (RFC 6352 §8.6) and
 * calendar-query (RFC 4791 §7.8) by component. Every answer streams.
 */
import {
  DavRequestError,
  formatSyncToken,
  matchesCardFilter,
  multistatusStream,
  precondition,
  readPreferences,
  readReport,
  reportDepth,
  segmentsOfHref,
  syncStart,
  type CardProperty,
  type CompFilter,
  type DavResponse,
  type MultigetReport,
  type Report,
  type SyncCollectionReport,
} from '@atomsync/dav';
import { isLegacyVersion, readComponents, unescapeValue } from '@atomsync/items';
import { readBytes } from '../http/body.js';
import type { DavItemRecord } from '../store/records.js';
import type { DavCollection } from './collections.js';
import { header, type DavRequest } from './context.js';
import { collectionHref, DAV_PREFIX, memberHref } from './layout.js';
import { memberName, membersNamed } from './members.js';
import { livePages, MAX_XML_BODY_BYTES, memberResponse, PAGE } from './propfind.js';
import { notFound, type Resource } from './resources.js';
import { multistatusResponse } from './stream.js';

export async function report(req: DavRequest, resource: Resource): Promise<Response> {
  const body = await readBytes(req.event, MAX_XML_BODY_BYTES);
  const parsed = readReport(body);
  reportDepth(header(req, 'depth'), parsed.report);
  if (resource.kind !== 'collection') {
    if (resource.kind === 'unmapped') throw notFound('such item');
    throw DavRequestError.failed('supported-report', `the report ${parsed.report} is answered on an address book or a calendar`);
  }
  const c = resource.collection;
  const card = c.component === undefined;
  const fits = parsed.report === 'sync-collection' || (card ? parsed.report.startsWith('addressbook-') : parsed.report.startsWith('calendar-'));
  if (!fits) throw DavRequestError.failed('supported-report', `the report ${parsed.report} is not answered on ${card ? 'an address book' : 'a calendar'}`);
  const { minimal } = readPreferences(header(req, 'prefer'), header(req, 'brief'));
  const stream = (responses: AsyncIterable<DavResponse>, end?: () => { syncToken?: string }) =>
    multistatusResponse(multistatusStream(responses, end)[Symbol.asyncIterator](), req.log, { vary: 'Brief, Prefer' });
  switch (parsed.report) {
    case 'addressbook-multiget':
    case 'calendar-multiget':
      return stream(multiget(req, c, parsed, minimal));
    case 'sync-collection':
      return syncCollection(req, c, parsed, minimal, stream);
    case 'addressbook-query':
      return stream(filtered(req, c, parsed, (item) => matchesCardFilter(parsed.filter, cardProperties(item.body)), minimal));
    case 'calendar-query':
      return stream(filtered(req, c, parsed, calendarMatcher(c, parsed.filter), minimal));
    default:
      throw DavRequestError.failed('supported-report', `the report ${parsed.report} is not supported`);
  }
}

async function* multiget(req: DavRequest, c: DavCollection, r: MultigetReport, minimal: boolean): AsyncGenerator<DavResponse> {
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
    else yield memberResponse(req, c, item, r.props, minimal);
  }
}

async function* filtered(req: DavRequest, c: DavCollection, r: Report & { props: MultigetReport['props'] }, matches: (item: DavItemRecord) => boolean, minimal: boolean): AsyncGenerator<DavResponse> {
  for await (const page of livePages(req, c)) for (const item of page) if (matches(item)) yield memberResponse(req, c, item, r.props, minimal);
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

/**
 * calendar-query by component: a filter of VCALENDAR holding the calendar's component (or none)
 * lists every item. Time ranges and property filters are not evaluated yet: refused with
 * CALDAV:supported-filter rather than answered wrong.
 */
function calendarMatcher(c: DavCollection, filter: CompFilter): (item: DavItemRecord) => boolean {
  const unsupported = () => DavRequestError.failed('calendar-supported-filter', 'this server answers calendar-query by component only, for now: list with sync-collection or PROPFIND');
  if (filter.name.toUpperCase() !== 'VCALENDAR' || filter.isNotDefined || filter.timeRange || filter.propFilters.length > 0) throw unsupported();
  if (filter.compFilters.length === 0) return () => true;
  if (filter.compFilters.length > 1) throw unsupported();
  const inner = filter.compFilters[0]!;
  if (inner.timeRange || inner.propFilters.length > 0 || inner.compFilters.length > 0) throw unsupported();
  const same = inner.name.toUpperCase() === c.component;
  // is-not-defined of the calendar's own component matches nothing; of another, everything.
  const all = inner.isNotDefined ? !same : same;
  return () => all;
}

type Stream = (responses: AsyncIterable<DavResponse>, end?: () => { syncToken?: string }) => Promise<Response>;

async function syncCollection(req: DavRequest, c: DavCollection, r: SyncCollectionReport, minimal: boolean, stream: Stream): Promise<Response> {
  if (r.syncLevel !== '1') throw DavRequestError.badRequest('sync-level infinite is not answered: collections here hold no collections');
  // Read before the listing: whatever commits during it has a greater sequence, and comes next time.
  const current = await req.store.contents.collectionSequence(c.key);
  const start = syncStart(r.syncToken, { collection: c.id, current, oldest: 0 });
  if (start.kind === 'initial') {
    // The whole collection, live members only (RFC 6578 §3.8), answering the token read above.
    if (r.limit !== undefined) {
      // A client's limit on an initial listing cannot be met by a token: say so (RFC 6578 §3.7).
      const count = await countUpTo(req, c, r.limit + 1);
      if (count > r.limit) throw new DavRequestError(507, 'the collection holds more members than the limit asked; sync without a limit', precondition('number-of-matches-within-limits'));
    }
    async function* all(): AsyncGenerator<DavResponse> {
      for await (const page of livePages(req, c)) for (const item of page) yield memberResponse(req, c, item, r.props, minimal);
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
  const response = (row: DavItemRecord): DavResponse =>
    row.deleted !== null ? { hrefs: [memberHref(c.family, req.account.username, c.name, memberName(c, row))], status: 404 } : memberResponse(req, c, row, r.props, minimal);
  const since = start.since;
  if (r.limit === undefined) {
    async function* all(): AsyncGenerator<DavResponse> {
      for await (const row of changes(since)) yield response(row);
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
    for await (const row of changes(since, upTo)) yield response(row);
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

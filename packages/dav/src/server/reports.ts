/**
 * The REPORTs' rules on the server side, without a store: which report a resource answers (RFC
 * 3253 §3.6: the ones its supported-report-set lists, values.ts), the vCard version address-data
 * asks for (RFC 6352 §10.4), a multiget's hrefs back to member names (RFC 6352 §8.7, RFC 4791 §7.9),
 * what a calendar-data expansion covers (RFC 4791 §9.6.5–9.6.6), free-busy-query's range (§7.10),
 * and sync-collection's level and limits (RFC 6578 §3.3, §3.6, §3.7).
 */
import { DavRequestError, precondition } from '../errors.js';
import type { StatusResponse } from '../multistatus/model.js';
import type { CalendarDataRequest, TimeRange } from '../requests/filters.js';
import { readReport, type Report, type ReportName, type SyncCollectionReport } from '../requests/report.js';
import { reportDepth } from '../rules/depth.js';
import { encodeSegment, hrefOf, segmentsOfHref } from '../rules/href.js';
import type { ResourceKind } from '../rules/options.js';
import { readPreferences } from '../rules/prefer.js';
import type { Body } from '../requests/common.js';
import type { RequestHeaders } from './propfind.js';
import { SUPPORTED_REPORTS, type CollectionKind } from './values.js';

export interface ReportRequest {
  readonly report: Report;
  /** Leave out every propstat but the 200 one (Prefer: return=minimal, Brief: t). */
  readonly minimal: boolean;
}

/** A REPORT's body and headers read: the report (400 or 403 supported-report when we do not read it), then its Depth (rules/depth.ts). */
export function readReportRequest(headers: RequestHeaders, body: Body): ReportRequest {
  const report = readReport(body);
  reportDepth(headers.get('depth'), report.report);
  return { report, minimal: readPreferences(headers.get('prefer'), headers.get('brief')).minimal };
}

const COLLECTION_NAMES: Readonly<Record<CollectionKind, string>> = { addressbook: 'an address book', calendar: 'a calendar' };

/** Refuses (403 supported-report) a report the resource does not answer: reports go to a collection, and only those its supported-report-set lists. */
export function checkReportOn(report: ReportName, kind: ResourceKind): asserts kind is CollectionKind {
  if (kind !== 'addressbook' && kind !== 'calendar') throw DavRequestError.failed('supported-report', `the report ${report} is answered on an address book or a calendar`);
  if (!SUPPORTED_REPORTS[kind].includes(report)) throw DavRequestError.failed('supported-report', `the report ${report} is not answered on ${COLLECTION_NAMES[kind]}`);
}

/**
 * The vCard version address-data asks for (RFC 6352 §10.4): 3.0 (the default) or 4.0, as
 * supported-address-data lists; any other type or version cannot be converted to
 * (§8.6/§8.7: supported-address-data-conversion). A calendar's reports have none: 3.0.
 * Asked before the answer starts: a conversion we cannot make is 403, never a cut 207.
 */
export function addressDataVersion(kind: CollectionKind, report: Report): '3.0' | '4.0' {
  const asked = 'addressData' in report ? report.addressData : undefined;
  if (asked === undefined || kind !== 'addressbook') return '3.0';
  const type = asked.contentType.trim().toLowerCase();
  if (type === 'text/vcard' && (asked.version === '3.0' || asked.version === '4.0')) return asked.version;
  throw DavRequestError.failed('supported-address-data-conversion', `address data is served as text/vcard 3.0 or 4.0, not ${asked.contentType} ${asked.version}`);
}

/**
 * The member name a multiget href names in the collection at `collection` (its decoded path
 * segments), relative to the request URL `base`; undefined for an href elsewhere or malformed — the
 * multiget answers it 404 (notFoundResponse), never resolves it.
 */
export function memberOfHref(href: string, base: string, collection: readonly string[]): string | undefined {
  const segments = segmentsOfHref(href, base);
  if (segments === undefined || segments.length !== collection.length + 1 || collection.some((s, i) => segments[i] !== s)) return undefined;
  return segments[collection.length];
}

/**
 * memberOfHref of each of a multiget's hrefs. Clients send the collection's path as we write it
 * (hrefOf) followed by a name written as encodeSegment writes it (vdirsyncer, DAVx⁵, Thunderbird:
 * `/dav/…/<UID>.vcf`): such an href names that name as it stands, with nothing to decode — the
 * same answer memberOfHref gives, without splitting and decoding every segment (a multiget of 100
 * spent ~0.13 ms of CPU there). Any other href (absolute, escaped, dot segments…) goes the whole way.
 */
export function membersOfHrefs(hrefs: readonly string[], base: string, collection: readonly string[]): (string | undefined)[] {
  const prefix = hrefOf(collection, true);
  return hrefs.map((href) => {
    const name = href.startsWith(prefix) ? href.slice(prefix.length) : undefined;
    if (name !== undefined && name !== '' && name !== '.' && name !== '..' && encodeSegment(name) === name) return name;
    return memberOfHref(href, base, collection);
  });
}

/** The response for an href with nothing there: a multiget's unknown href, a sync-collection delta's deleted member (RFC 6578 §3.5.2). */
export const notFoundResponse = (href: string): StatusResponse => ({ hrefs: [href], status: 404 });

/**
 * The response saying an answer stopped at a limit: the collection's in a sync-collection cut at the
 * client's DAV:limit (RFC 6578 §3.6), a member's whose expansion passed the server's cap. 507 with
 * DAV:number-of-matches-within-limits — the condition RFC 4791 §7.8/§7.9 name for answers past the
 * server's limits.
 */
export const beyondLimitResponse = (href: string): StatusResponse => ({ hrefs: [href], status: 507, error: precondition('number-of-matches-within-limits') });

/**
 * The range a calendar-data asks the instances of: expand (RFC 4791 §9.6.5), or limit-recurrence-set
 * answered the same way (§9.6.6 allows either form of the instances); undefined: the object whole.
 * A comp/prop selection is not applied (the RFC lets a server return more) and limit-freebusy-set
 * is ignored (no VFREEBUSY is stored).
 */
export const expansionRange = (data: CalendarDataRequest | undefined): TimeRange | undefined => data?.expand ?? data?.limitRecurrenceSet;

/** free-busy-query's range must be closed: an open one has no VFREEBUSY to write (RFC 4791 §7.10). */
export function checkFreeBusyRange(range: TimeRange): void {
  if (!Number.isFinite(range.start) || !Number.isFinite(range.end)) throw DavRequestError.badRequest('a free-busy-query time-range needs both start and end');
}

/** free-busy-query answers one VFREEBUSY, 200 text/calendar (RFC 4791 §7.10). */
export const FREE_BUSY_HEADERS = { 'content-type': 'text/calendar; charset=utf-8' } as const;

/** sync-level infinite asks for the members of members: collections here hold items only (RFC 6578 §3.3). */
export function checkSyncLevel(r: SyncCollectionReport): void {
  if (r.syncLevel !== '1') throw DavRequestError.badRequest('sync-level infinite is not answered: collections here hold no collections');
}

/**
 * An initial listing (no token) under a client's DAV:limit: it cannot be met by a token, so a
 * collection holding more members than the limit is refused whole (RFC 6578 §3.7). `count` need only
 * be counted up to limit + 1.
 */
export function checkInitialLimit(count: number, limit: number | undefined): void {
  if (limit !== undefined && count > limit) {
    throw new DavRequestError(507, 'the collection holds more members than the limit asked; sync without a limit', precondition('number-of-matches-within-limits'));
  }
}

/**
 * Where a delta under a client's DAV:limit stops (DAVx⁵ pages this way): given the first limit + 1
 * changes in order of sequence, the sequence up to which they are answered — cut at a whole write,
 * as the changes of one write share a sequence and a token says "all of it"; one write larger than
 * the limit goes whole, as there is no token inside it — or undefined when all of them fit. Past the
 * cut, the collection's own response says 507 (beyondLimitResponse) and the token is the cut's.
 */
export function limitCut(head: readonly { readonly sequence: number }[], limit: number): number | undefined {
  if (head.length <= limit) return undefined;
  const cut = head[limit]!.sequence;
  const before = head.slice(0, limit).filter((row) => row.sequence < cut);
  return before.length > 0 ? before[before.length - 1]!.sequence : cut;
}

/**
 * How a PROPFIND or REPORT answers a collection's members (vCards, iCalendar objects): the live
 * properties every member shares worked out once per request, each member's own (ETag, type,
 * length, date) and the data properties of the REPORTs — CARDDAV:address-data (RFC 6352 §10.4),
 * CALDAV:calendar-data (RFC 4791 §9.6), its body as served — per member. A name is served as
 * `<id>.vcf` / `<id>.ics` when no client chose one (items made through other protocols).
 */
import { CALDAV_NS, CARDDAV_NS, type QName } from '../namespaces.js';
import type { PropStat, PropValue } from '../multistatus/model.js';
import { planSelection, type LiveValues } from '../properties.js';
import type { PropSelection } from '../requests/common.js';
import type { ResourceKind } from '../rules/options.js';
import { ownedValues, type CollectionKind } from './values.js';

/** A member as served: its bytes, media type and ETag (header form, quoted). */
export interface ServedFacts {
  readonly body: string;
  readonly contentType: string;
  readonly etag: string;
}

/** What a member's default name ends with, by the kind of its collection. */
export const MEMBER_EXTENSIONS: Readonly<Record<CollectionKind, '.vcf' | '.ics'>> = { addressbook: '.vcf', calendar: '.ics' };

/** The kind of resource a collection's members are. */
export const memberKindOf = (kind: CollectionKind): 'vcard' | 'icalendar' => (kind === 'addressbook' ? 'vcard' : 'icalendar');

/** The name a member no client named is served under: its id and the collection's extension. */
export const defaultMemberName = (id: string, kind: CollectionKind): string => `${id}${MEMBER_EXTENSIONS[kind]}`;

/** The id a default name stands for (the name without its extension); undefined when the name is not of that form. The caller checks the id is one. */
export function defaultMemberId(name: string, kind: CollectionKind): string | undefined {
  const extension = MEMBER_EXTENSIONS[kind];
  return name.endsWith(extension) ? name.slice(0, -extension.length) : undefined;
}

/** The live values of an item that differ from item to item; the rest are the same for all the principal's items. */
const ITEM_VARYING = ['getetag', 'getcontenttype', 'getcontentlength', 'getlastmodified'] as const;

const ADDRESS_DATA: QName = { ns: CARDDAV_NS, name: 'address-data' };
const CALENDAR_DATA: QName = { ns: CALDAV_NS, name: 'calendar-data' };
const isData = (n: QName) => (n.ns === ADDRESS_DATA.ns && n.name === ADDRESS_DATA.name) || (n.ns === CALENDAR_DATA.ns && n.name === CALENDAR_DATA.name);

/** How a selection is answered for each item of one kind: worked out once per request, not per item. */
export interface ItemAnswer {
  /** Whether the answer writes anything of the body (its data, its length), not only the ETag and type. */
  readonly needsBody: boolean;
  /**
   * An item's propstats: its live properties, and `data` (its served body unless the caller says
   * otherwise: an expanded calendar) as address-data / calendar-data when the selection names them.
   * The data property of the other kind (calendar-data asked of a vCard) is not found (404).
   */
  propstats(item: { readonly updated: Date }, served: ServedFacts, data?: string): PropStat[];
}

/**
 * The answer to `selection` for the principal's items of a kind (the reports' data properties, and
 * PROPFIND's too, as some clients ask there). What every item shares — the owner and principal,
 * the privileges, which properties are found and which are not — is worked out here once, so a
 * listing of 100,000 items computes only each one's ETag, type, length and date (and only those asked).
 */
export function itemAnswer(principal: string, selection: PropSelection, kind: ResourceKind, minimal: boolean): ItemAnswer {
  const shared: Partial<LiveValues> = { ...ownedValues(principal), resourcetype: [] };
  const data = selection.kind === 'prop' ? selection.names.filter(isData) : [];
  const live: PropSelection = data.length === 0 ? selection : { kind: 'prop', names: selection.kind === 'prop' ? selection.names.filter((n) => !isData(n)) : [] };
  const plan = planSelection(live, kind, shared, ITEM_VARYING, minimal);
  const length = plan.wants('getcontentlength');
  const modified = plan.wants('getlastmodified');
  const values = (item: { readonly updated: Date }, served: ServedFacts) =>
    plan.answer({
      getetag: served.etag,
      getcontenttype: served.contentType,
      // Only when asked: the length is a pass over the body, the date an allocation.
      getcontentlength: length ? Buffer.byteLength(served.body, 'utf8') : 0,
      getlastmodified: modified ? item.updated.getTime() : 0,
    });
  if (data.length === 0) return { needsBody: length, propstats: values };
  const wanted: QName = kind === 'vcard' ? ADDRESS_DATA : CALENDAR_DATA;
  const asked = data.filter((n) => n.name === wanted.name && n.ns === wanted.ns);
  const missing = data.filter((n) => !(n.name === wanted.name && n.ns === wanted.ns));
  return {
    needsBody: true,
    propstats(item, served, body = served.body) {
      const rest = values(item, served);
      const found: PropValue[] = asked.map((name) => ({ name, value: body }));
      const ok = rest.find((p) => p.status === 200);
      const others = rest.filter((p) => p.status !== 200);
      const merged: PropStat[] = [{ status: 200, props: [...(ok?.props ?? []), ...found] }];
      if (!minimal && missing.length > 0) {
        const notFound = others.find((p) => p.status === 404);
        const add = missing.map((name) => ({ name }));
        if (notFound) others.splice(others.indexOf(notFound), 1, { ...notFound, props: [...notFound.props, ...add] });
        else others.push({ status: 404, props: add });
      }
      return [...merged.filter((p) => p.props.length > 0), ...others];
    },
  };
}

/**
 * How a PROPFIND or REPORT answers a collection's members (vCards, iCalendar objects): the live
 * properties every member shares worked out once per request, each member's own (ETag, type,
 * length, date) and the data properties of the REPORTs — CARDDAV:address-data (RFC 6352 §10.4),
 * CALDAV:calendar-data (RFC 4791 §9.6), its body as served — per member. A name is served as
 * `<id>.vcf` / `<id>.ics` when no client chose one (items made through other protocols).
 */
import { CALDAV_NS, CARDDAV_NS, DAV_NS, type QName } from '../namespaces.js';
import type { PropStat, PropValue } from '../multistatus/model.js';
import { responseTemplate, writeResponse } from '../multistatus/write.js';
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
  /**
   * The item's whole response under `href`, written: writeResponse of `{ href, propstats }` byte
   * for byte, from a template made once per request (responseTemplate), not from objects.
   */
  write(href: string, item: { readonly updated: Date }, served: ServedFacts, data?: string): string;
  /** `write` for the hrefs under `head` (a collection's path), given their tails: the head escaped once (ResponseTemplate's under). */
  writeUnder(head: string): (tail: string, item: { readonly updated: Date }, served: ServedFacts, data?: string) => string;
}

/** What the template is made from: any values will do, every member's propstats have one shape. */
const SAMPLE_ITEM = { updated: new Date(0) };
const SAMPLE_SERVED: ServedFacts = { body: 'x', contentType: 'x', etag: 'x' };
/** The template's slots: the varying live properties (ITEM_VARYING's order), then the data. */
const DATA_SLOT = 4;

/**
 * `propstats`' writer: the varying properties and the data are the template's slots; the rest
 * (shared properties, written raw by planSelection, and 404s, which carry no value) is fixed.
 * Anything else with a value would be written as the sample's: then no template, one by one.
 */
function itemWriter(propstats: ItemAnswer['propstats']): Pick<ItemAnswer, 'write' | 'writeUnder'> {
  const byOne: ItemAnswer['write'] = (href, item, served, data) => writeResponse({ href, propstats: propstats(item, served, data) });
  const byOneUnder: ItemAnswer['writeUnder'] = (head) => (tail, item, served, data) => byOne(head + tail, item, served, data);
  const used = new Set<number>();
  let fixedOnly = true;
  const slotOf = (p: PropValue): number | undefined => {
    if (p.element !== undefined || p.value === undefined) return undefined;
    const varying = p.name.ns === DAV_NS ? (ITEM_VARYING as readonly string[]).indexOf(p.name.name) : -1;
    const slot = varying >= 0 ? varying : isData(p.name) ? DATA_SLOT : undefined;
    if (slot === undefined) fixedOnly = false;
    else used.add(slot);
    return slot;
  };
  const template = responseTemplate(propstats(SAMPLE_ITEM, SAMPLE_SERVED), slotOf);
  if (template === undefined || !fixedOnly) return { write: byOne, writeUnder: byOneUnder };
  const [etag, type, length, modified, data] = [0, 1, 2, 3, DATA_SLOT].map((slot) => used.has(slot));
  const values: string[] = ['', '', '', '', ''];
  const valuesOf = (item: { readonly updated: Date }, served: ServedFacts, body: string) => {
    if (etag) values[0] = served.etag;
    if (type) values[1] = served.contentType;
    if (length) values[2] = String(Buffer.byteLength(served.body, 'utf8'));
    if (modified) values[3] = item.updated.toUTCString();
    if (data) values[DATA_SLOT] = body;
    return values;
  };
  return {
    write: (href, item, served, body = served.body) => template.write(href, valuesOf(item, served, body)),
    writeUnder(head) {
      const under = template.under(head);
      return (tail, item, served, body = served.body) => under(tail, valuesOf(item, served, body));
    },
  };
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
  if (data.length === 0) return { needsBody: length, propstats: values, ...itemWriter(values) };
  const wanted: QName = kind === 'vcard' ? ADDRESS_DATA : CALENDAR_DATA;
  const asked = data.filter((n) => n.name === wanted.name && n.ns === wanted.ns);
  const missing = data.filter((n) => !(n.name === wanted.name && n.ns === wanted.ns));
  const withData: ItemAnswer['propstats'] = (item, served, body = served.body) => {
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
  };
  return { needsBody: true, propstats: withData, ...itemWriter(withData) };
}

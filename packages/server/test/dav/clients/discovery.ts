/**
 * How a client finds its collections, done here over plain HTTP so a test can check a server
 * independently of the client under test: /.well-known/carddav (and caldav) → current-user-principal
 * → addressbook-home-set / calendar-home-set → the homes' members at Depth 1, with their resource
 * types and supported-calendar-component-set. Parsed with @xmldom, not with @atomsync/dav, so a
 * bug in our codec cannot hide itself.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { basicHeader, type DavTarget } from './target.js';

const DAV = 'DAV:';
const CARDDAV = 'urn:ietf:params:xml:ns:carddav';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';

export interface DavCollection {
  readonly url: string;
  /** The last path segment: what vdirsyncer calls the collection. */
  readonly name: string;
  readonly kind: 'addressbook' | 'calendar';
  /** supported-calendar-component-set (empty for address books, or when the server gives none). */
  readonly components: readonly string[];
}

export interface Discovered {
  readonly principal: string;
  readonly addressbookHome: string;
  readonly calendarHome: string;
  readonly addressBooks: readonly DavCollection[];
  readonly calendars: readonly DavCollection[];
}

interface Multistatus {
  readonly url: string;
  readonly responses: readonly { readonly href: string; readonly status: number; readonly props: Element }[];
}

/** A PROPFIND, following redirects by hand (the well-known URLs answer with one) up to five. */
async function propfind(target: DavTarget, url: string, depth: '0' | '1', props: string): Promise<Multistatus> {
  const body = `<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:card="${CARDDAV}" xmlns:cal="${CALDAV}"><d:prop>${props}</d:prop></d:propfind>`;
  let at = url;
  for (let hops = 0; hops <= 5; hops++) {
    const response = await fetch(at, {
      method: 'PROPFIND',
      redirect: 'manual',
      headers: { authorization: basicHeader(target), depth, 'content-type': 'application/xml; charset=utf-8' },
      body,
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.arrayBuffer();
      at = new URL(location, at).href;
      continue;
    }
    const text = await response.text();
    if (response.status !== 207) throw new Error(`PROPFIND ${at} (Depth ${depth}): ${response.status}\n${text.slice(0, 2000)}`);
    return { url: at, responses: readMultistatus(text) };
  }
  throw new Error(`PROPFIND ${url}: more than five redirects`);
}

function readMultistatus(text: string): Multistatus['responses'] {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  return Array.from(doc.getElementsByTagNameNS(DAV, 'response')).map((response) => {
    const href = response.getElementsByTagNameNS(DAV, 'href')[0]?.textContent?.trim() ?? '';
    // The first propstat with 200: the properties the server has.
    const found = Array.from(response.getElementsByTagNameNS(DAV, 'propstat')).find((ps) => /\s200\s/.test(ps.getElementsByTagNameNS(DAV, 'status')[0]?.textContent ?? ''));
    const statusText = response.getElementsByTagNameNS(DAV, 'status')[0]?.textContent ?? '';
    const props = found?.getElementsByTagNameNS(DAV, 'prop')[0] ?? doc.createElementNS(DAV, 'prop');
    return { href, status: Number(/\s(\d{3})\s/.exec(statusText)?.[1] ?? 0), props };
  });
}

/** The href inside a property such as current-user-principal, as an absolute URL. */
function hrefIn(props: Element, ns: string, name: string, base: string): string | undefined {
  const href = props.getElementsByTagNameNS(ns, name)[0]?.getElementsByTagNameNS(DAV, 'href')[0]?.textContent?.trim();
  return href ? new URL(href, base).href : undefined;
}

const lastSegment = (url: string): string => decodeURIComponent(new URL(url).pathname.replace(/\/$/, '').split('/').at(-1) ?? '');

async function collectionsIn(target: DavTarget, home: string, kind: DavCollection['kind']): Promise<DavCollection[]> {
  const listing = await propfind(target, home, '1', '<d:resourcetype/><cal:supported-calendar-component-set/>');
  const homePath = new URL(listing.url).pathname;
  return listing.responses
    .map((r) => ({ url: new URL(r.href, listing.url).href, props: r.props }))
    .filter((r) => new URL(r.url).pathname !== homePath && r.props.getElementsByTagNameNS(kind === 'addressbook' ? CARDDAV : CALDAV, kind).length > 0)
    .map((r) => ({
      url: r.url,
      name: lastSegment(r.url),
      kind,
      components: Array.from(r.props.getElementsByTagNameNS(CALDAV, 'comp')).map((c) => c.getAttribute('name') ?? ''),
    }));
}

export async function discover(target: DavTarget): Promise<Discovered> {
  const principalOf = async (wellKnown: string) => {
    const found = await propfind(target, `${target.url}/.well-known/${wellKnown}`, '0', '<d:current-user-principal/>');
    const principal = found.responses[0] && hrefIn(found.responses[0].props, DAV, 'current-user-principal', found.url);
    if (principal === undefined) throw new Error(`${found.url} names no current-user-principal`);
    return principal;
  };
  const principal = await principalOf('carddav');
  const calendarPrincipal = await principalOf('caldav');
  if (calendarPrincipal !== principal) throw new Error(`carddav and caldav name different principals: ${principal}, ${calendarPrincipal}`);
  const homes = await propfind(target, principal, '0', '<card:addressbook-home-set/><cal:calendar-home-set/>');
  const props = homes.responses[0]?.props;
  const addressbookHome = props && hrefIn(props, CARDDAV, 'addressbook-home-set', homes.url);
  const calendarHome = props && hrefIn(props, CALDAV, 'calendar-home-set', homes.url);
  if (addressbookHome === undefined || calendarHome === undefined) throw new Error(`the principal ${principal} names no address-book or calendar home`);
  return {
    principal,
    addressbookHome,
    calendarHome,
    addressBooks: await collectionsIn(target, addressbookHome, 'addressbook'),
    calendars: await collectionsIn(target, calendarHome, 'calendar'),
  };
}

/** The calendar for events: one that takes VEVENT, preferring one that takes nothing else. */
export function eventsCalendar(found: Discovered): DavCollection {
  const takesEvents = found.calendars.filter((c) => c.components.length === 0 || c.components.includes('VEVENT'));
  const calendar = takesEvents.find((c) => c.components.length === 1) ?? takesEvents[0];
  if (calendar === undefined) throw new Error(`no calendar for events among ${found.calendars.map((c) => c.url).join(', ') || 'none'}`);
  return calendar;
}

/** The member hrefs of a collection (PROPFIND Depth 1), the collection itself left out. */
export async function memberHrefs(target: DavTarget, collectionUrl: string): Promise<string[]> {
  const listing = await propfind(target, collectionUrl, '1', '<d:getetag/>');
  const self = new URL(listing.url).pathname;
  return listing.responses.map((r) => new URL(r.href, listing.url).pathname).filter((p) => p !== self);
}

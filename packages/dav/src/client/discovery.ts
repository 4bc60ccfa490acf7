/**
 * Finding the collection a user means from the URL they were given (RFC 6764 §6, RFC 6352 §7.1,
 * RFC 4791 §6.2.1): the collection itself, a principal, a home, or just the server root a provider
 * documents. PROPFIND Depth 0 on it; a collection of the kind is the answer; otherwise its home set,
 * else its current-user-principal's home set, else `/.well-known/carddav|caldav` on its origin;
 * then PROPFIND Depth 1 on each home lists the collections, and `pickCollection` chooses one: the
 * one named (displayname or last path segment), else the first that holds the component.
 */
import { CALDAV_NS, CARDDAV_NS, DAV_NS, type QName } from '../namespaces.js';
import { CLIENT_PROPS } from '../requests/write.js';
import { collectionStateOf, hrefsOf, type CollectionKind, type CollectionState } from './collection.js';
import { DavHttpError, resolveHref, type DavClient, type Multistatus } from './http.js';

export interface DiscoveredCollection extends CollectionState {
  /** Absolute, with the server's own spelling of the path. */
  readonly url: string;
}

/** Discovery that reached the server and found nothing usable: the message says what. */
export class DavDiscoveryError extends Error {
  override readonly name = 'DavDiscoveryError';
}

const HOME_SET: Record<CollectionKind, QName> = {
  addressbook: { ns: CARDDAV_NS, name: 'addressbook-home-set' },
  calendar: { ns: CALDAV_NS, name: 'calendar-home-set' },
};

/**
 * What discovery reads of a collection: its kind, name and reports, not its sync-token or ctag —
 * which it does not use, and which cost a server a walk of every item (Radicale computes both from
 * each member; asked of every collection in a home at Depth 1, a registration against a 5,000-card
 * address book ran past its time limit).
 */
const FOUND_PROPS: readonly QName[] = CLIENT_PROPS.collection.filter((p) => p.name !== 'sync-token' && p.name !== 'getctag');
const START_PROPS: readonly QName[] = [...FOUND_PROPS, { ns: DAV_NS, name: 'current-user-principal' }, HOME_SET.addressbook, HOME_SET.calendar];

const KIND_WORDS: Record<CollectionKind, string> = { addressbook: 'an address book', calendar: 'a calendar' };

/** Where the well-known URL of `kind` is on `start`'s origin (RFC 6764 §5). */
export const wellKnownUrl = (start: string, kind: CollectionKind): string => new URL(`/.well-known/${kind === 'addressbook' ? 'carddav' : 'caldav'}`, start).href;

/** A status that says "no DAV here" (rather than "not you"): where the well-known URL is tried next (RFC 6764 §6). */
export const notDavHere = (status: number): boolean => [400, 404, 405, 501].includes(status);
const notDavAnswer = (error: unknown): boolean => error instanceof DavHttpError && notDavHere(error.status);

/** An OPTIONS answer's DAV header says WebDAV (RFC 4918 §10.1: every DAV resource sends it, signed in or not). */
export const optionsSpeaksDav = (davHeader: string | null): boolean => (davHeader ?? '').trim() !== '';

/**
 * Whether OPTIONS refused signed out may be asked again signed in: a 401 whose challenge offers
 * Basic or Bearer (RFC 7617, RFC 6750), from the origin the credentials are for. A challenge
 * offering OAuth 1.0a is an Atom API (ours): Basic credentials are not its to see.
 */
export const mayAnswerChallenge = (status: number, challenge: string, sameOrigin: boolean): boolean =>
  status === 401 && sameOrigin && /\b(basic|bearer)\b/i.test(challenge) && !/\boauth\b/i.test(challenge);

/** What the first answer (PROPFIND Depth 0 on the URL given) says. */
export type StartReading =
  /** The URL is the collection (of the kind asked). */
  | { readonly found: DiscoveredCollection }
  /** Its home sets (RFC 6352 §7.1.1, RFC 4791 §6.2.1), absolute; none: ask `principal` for them. */
  | { readonly homes: readonly string[]; readonly principal: string | undefined }
  | { readonly fail: string };

export function readDiscoveryStart(answer: Multistatus, start: string, kind: CollectionKind): StartReading {
  const first = answer.responses[0];
  if (first === undefined) return { fail: `PROPFIND ${start} answered an empty multistatus` };
  const state = collectionStateOf(first);
  if (state.kind === kind) return { found: { ...state, url: answer.url } };
  if (state.kind !== undefined) return { fail: `${start} is ${KIND_WORDS[state.kind]}, not ${KIND_WORDS[kind]}` };
  const homes = hrefsOf(first, HOME_SET[kind].ns, HOME_SET[kind].name).map((h) => resolveHref(h, answer.url));
  const principal = hrefsOf(first, DAV_NS, 'current-user-principal')[0];
  // The principal is asked only when no home set was named here.
  return { homes, principal: principal === undefined || homes.length > 0 ? undefined : resolveHref(principal, answer.url) };
}

/** The home sets a principal's answer names (RFC 5397 current-user-principal → its home set), absolute. */
export const homesOfPrincipal = (answer: Multistatus, kind: CollectionKind): string[] =>
  answer.responses.flatMap((r) => hrefsOf(r, HOME_SET[kind].ns, HOME_SET[kind].name)).map((h) => resolveHref(h, answer.url));

/** When neither the URL nor its principal names a home: the well-known URL next (once), or the failure to report. */
export function afterNoHomes(start: string, kind: CollectionKind, triedWellKnown: boolean): { readonly ask: string } | { readonly fail: string } {
  const wellKnown = wellKnownUrl(start, kind);
  if (!triedWellKnown && start !== wellKnown) return { ask: wellKnown };
  return { fail: `${start} names no ${HOME_SET[kind].name} (neither itself nor its current-user-principal)` };
}

/** The well-known URL said "no DAV here" either: what the URL given is not. */
export const neitherWords = (start: string, kind: CollectionKind): string => `${start} is neither ${KIND_WORDS[kind]} nor a principal or server with a ${HOME_SET[kind].name}`;

/** The collections of `kind` a home's PROPFIND Depth 1 lists. */
export function collectionsOfHome(listing: Multistatus, kind: CollectionKind): DiscoveredCollection[] {
  const found: DiscoveredCollection[] = [];
  for (const r of listing.responses) {
    const member = collectionStateOf(r);
    if (member.kind === kind) found.push({ ...member, url: resolveHref(r.href, listing.url) });
  }
  return found;
}

/** The walk: the requests the decisions above ask for, in order. */
export async function discoverCollections(client: DavClient, start: string, kind: CollectionKind): Promise<DiscoveredCollection[]> {
  const wellKnown = wellKnownUrl(start, kind);
  let answer: Multistatus;
  let triedWellKnown = false;
  try {
    answer = await client.propfind(start, '0', START_PROPS);
  } catch (error) {
    if (!notDavAnswer(error) || start === wellKnown) throw error;
    answer = await client.propfind(wellKnown, '0', START_PROPS);
    triedWellKnown = true;
  }
  const reading = readDiscoveryStart(answer, start, kind);
  if ('fail' in reading) throw new DavDiscoveryError(reading.fail);
  if ('found' in reading) return [reading.found];

  let homes = reading.homes;
  if (homes.length === 0 && reading.principal !== undefined) homes = homesOfPrincipal(await client.propfind(reading.principal, '0', [HOME_SET[kind]]), kind);
  if (homes.length === 0) {
    const next = afterNoHomes(start, kind, triedWellKnown);
    if ('fail' in next) throw new DavDiscoveryError(next.fail);
    return discoverCollections(client, next.ask, kind).catch((error: unknown) => {
      if (notDavAnswer(error)) throw new DavDiscoveryError(neitherWords(start, kind));
      throw error;
    });
  }

  const found: DiscoveredCollection[] = [];
  for (const home of homes) found.push(...collectionsOfHome(await client.propfind(home, '1', FOUND_PROPS), kind));
  return found;
}

/** The collection's last path segment, decoded (`/alice/contacts/` → `contacts`). */
function segmentOf(url: string): string {
  const parts = new URL(url).pathname.split('/').filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The collection meant: named → the one whose displayname or last segment is the name; else the
 * first that holds `component` (a calendar that names no component set holds any).
 */
export function pickCollection(found: readonly DiscoveredCollection[], wanted: { readonly name?: string | undefined; readonly components?: readonly string[] }): DiscoveredCollection {
  const holds = (c: DiscoveredCollection) => wanted.components === undefined || c.components.length === 0 || wanted.components.some((w) => c.components.includes(w));
  if (wanted.name !== undefined) {
    const named = found.find((c) => c.displayName === wanted.name || segmentOf(c.url) === wanted.name);
    if (named === undefined) throw new DavDiscoveryError(`no collection named ${JSON.stringify(wanted.name)} (found: ${found.map((c) => JSON.stringify(c.displayName ?? segmentOf(c.url))).join(', ') || 'none'})`);
    if (!holds(named)) throw new DavDiscoveryError(`the collection ${JSON.stringify(wanted.name)} holds ${named.components.join(', ')}, not ${wanted.components!.join(' or ')}`);
    return named;
  }
  const chosen = found.find(holds);
  if (chosen === undefined) {
    throw new DavDiscoveryError(found.length === 0 ? 'no collection of that kind was found' : `no collection holds ${wanted.components!.join(' or ')}`);
  }
  return chosen;
}

/** Discovery and the pick in one: the collection at (or found from) `start`. */
export async function discover(
  client: DavClient,
  start: string,
  wanted: { readonly kind: CollectionKind; readonly name?: string | undefined; readonly components?: readonly string[] },
): Promise<DiscoveredCollection> {
  const found = await discoverCollections(client, start, wanted.kind);
  // A URL naming the collection itself needs no pick by name, only the component check.
  if (found.length === 1 && found[0]!.url === start) return pickCollection(found, { components: wanted.components });
  return pickCollection(found, wanted);
}

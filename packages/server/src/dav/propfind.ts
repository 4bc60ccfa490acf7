/**
 * PROPFIND (RFC 4918 §9.1) on every kind of resource: Depth 0 the resource, Depth 1 its members
 * too (a collection's items streamed a page at a time); Depth infinity is answered as 1.
 * `Prefer: return=minimal` / `Brief: t` leave out the 404 propstats, `depth-noroot` the resource itself.
 */
import { answerSelection, multistatusStream, propfindDepth, readPreferences, readPropfind, type DavResponse, type PropSelection } from '@atomsync/dav';
import { readBytes } from '../http/body.js';
import { collectionsIn, type DavCollection } from './collections.js';
import { header, type DavRequest } from './context.js';
import { collectionHref, memberHrefs } from './layout.js';
import { memberName } from './members.js';
import { collectionValues, deadProperties, homeValues, itemAnswer, principalValues, rootValues } from './properties.js';
import { servedHeadOf, servedOf, type CardVersion } from './representation.js';
import { kindOf, notFound, type Resource } from './resources.js';
import { multistatusResponse } from './stream.js';
import type { DavItemRecord, DavListedItem } from '@atomsync/store';
import type { DavAnswer } from './answer.js';

/** Request bodies of PROPFIND and REPORT are small XML documents. */
export const MAX_XML_BODY_BYTES = 1024 * 1024;
/** Items read from the store at a time while a listing streams. */
export const PAGE = 500;

/**
 * How a request answers each member of a collection; `needsBody` says whether it reads their
 * bodies: if so it must be given whole records (livePages), else a listing's are enough (listedPages).
 */
export interface MemberResponder {
  readonly needsBody: boolean;
  (item: DavItemRecord | DavListedItem): DavResponse;
}

/**
 * How each member of a collection is answered to `selection`: what is the same for every member
 * (the collection's href, the selection's plan) worked out once per request, not once per item.
 * An answer of ETags and types only (a client's listing) takes the stored ETag and no body.
 */
/** `cardVersion`: the vCard version address-data asks for (a REPORT's), 3.0 by default. */
export function memberResponder(req: DavRequest, c: DavCollection, selection: PropSelection, minimal: boolean, cardVersion?: CardVersion): MemberResponder {
  const answer = itemAnswer(req.account, selection, c.component === undefined ? 'vcard' : 'icalendar', minimal);
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  // needsBody: the caller read whole records (the contract above).
  const served = answer.needsBody ? (item: DavItemRecord | DavListedItem) => servedOf(item as DavItemRecord, cardVersion) : servedHeadOf;
  return Object.assign((item: DavItemRecord | DavListedItem) => ({ href: hrefOf(memberName(c, item)), propstats: answer.propstats(item, served(item)) }), { needsBody: answer.needsBody });
}

/**
 * A collection's response; `stored`: what clients set on it, when the caller read it already (a
 * home listing reads every collection's at once), else read here.
 */
export async function collectionResponse(req: DavRequest, c: DavCollection, selection: PropSelection, minimal: boolean, stored?: ReadonlyMap<string, string>): Promise<DavResponse> {
  const sequence = await req.store.contents.collectionSequence(c.key);
  const properties = stored ?? (await req.store.davProperties.get([c.key])).get(c.key);
  const kind = c.component === undefined ? 'addressbook' : 'calendar';
  return {
    href: collectionHref(c.family, req.account.username, c.name),
    propstats: answerSelection(selection, kind, collectionValues(req.account, c, sequence, properties), deadProperties(properties), minimal),
  };
}

/** The live members of a collection, a page at a time, whole. */
export function livePages(req: DavRequest, c: DavCollection): AsyncGenerator<DavItemRecord[]> {
  return pages((after) => req.store.contents.davPage(c.key, after, PAGE));
}

/** The live members of a collection as a listing of ETags reads them (store's davListing), a page at a time. */
export function listedPages(req: DavRequest, c: DavCollection): AsyncGenerator<DavListedItem[]> {
  return pages((after) => req.store.contents.davListing(c.key, after, PAGE));
}

/** The members a responder answers: whole when it reads their bodies, else only what a listing serves. */
export function pagesFor(req: DavRequest, c: DavCollection, respond: MemberResponder): AsyncGenerator<(DavItemRecord | DavListedItem)[]> {
  return respond.needsBody ? livePages(req, c) : listedPages(req, c);
}

async function* pages<T extends { readonly uuid: string }>(read: (after: string | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.uuid;
  }
}

export async function propfind(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind === 'unmapped') throw notFound('such item');
  const depth = propfindDepth(header(req, 'depth'), 'as-one');
  const selection = readPropfind(await readBytes(req.event, MAX_XML_BODY_BYTES));
  const prefs = readPreferences(header(req, 'prefer'), header(req, 'brief'));
  const { minimal } = prefs;
  const account = req.account;

  async function* responses(): AsyncGenerator<DavResponse | DavResponse[]> {
    const self = !(depth === 1 && prefs.noRoot);
    switch (resource.kind) {
      case 'root':
      case 'principals':
        if (self) yield { href: resource.href, propstats: answerSelection(selection, 'root', rootValues(account), undefined, minimal) };
        return;
      case 'principal':
        if (self) yield { href: resource.href, propstats: answerSelection(selection, 'principal', principalValues(account), undefined, minimal) };
        return;
      case 'home': {
        if (self) yield { href: resource.href, propstats: answerSelection(selection, kindOf(resource), homeValues(account, resource.family), undefined, minimal) };
        if (depth === 0) return;
        const collections = await collectionsIn(req.store, account.id, resource.family);
        const stored = await req.store.davProperties.get(collections.map((c) => c.key));
        for (const c of collections) yield await collectionResponse(req, c, selection, minimal, stored.get(c.key) ?? new Map());
        return;
      }
      case 'collection': {
        const c = resource.collection;
        if (self) yield await collectionResponse(req, c, selection, minimal);
        if (depth === 0) return;
        const respond = memberResponder(req, c, selection, minimal);
        for await (const page of pagesFor(req, c, respond)) yield page.map(respond);
        return;
      }
      case 'member':
        yield memberResponder(req, resource.collection, selection, minimal)(resource.item);
        return;
    }
  }
  const headers: Record<string, string> = prefs.applied === undefined ? {} : { 'preference-applied': prefs.applied };
  return multistatusResponse(multistatusStream(responses())[Symbol.asyncIterator](), req.log, { ...headers, vary: 'Brief, Prefer' });
}

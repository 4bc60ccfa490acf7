/**
 * PROPFIND (RFC 4918 §9.1) on every kind of resource, as @atomsync/dav's planPropfind says (Depth,
 * what is asked, Prefer/Brief): here the resource's facts are looked up and a collection's items
 * streamed a page at a time.
 */
import {
  answerSelection,
  collectionValues,
  deadProperties,
  encodeSegment,
  homeValues,
  itemAnswer,
  memberKindOf,
  multistatusStream,
  planPropfind,
  principalValues,
  rootValues,
  type DavResponse,
  type PropSelection,
  type WrittenResponses,
} from '@atomsync/dav';
import { readBytes } from '../http/body.js';
import { collectionsIn, type DavCollection } from './collections.js';
import type { DavRequest } from './context.js';
import { collectionHref, homeKindOf, memberHrefs, principalHref } from './layout.js';
import { memberName } from './members.js';
import { collectionFacts, principalOf } from './properties.js';
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
 * Members of a listing of ETags (no bodies: some 60 bytes a member from the store) read at a
 * time: each read is a statement with a fixed cost (about 0.06 ms), and 1,000 rather than 500
 * took a twentieth off a 5,000-member listing's store work (issue 21). They are handed on PAGE
 * at a time all the same: written whole, a page of 1,000 (some 260 K characters) cost more than
 * the statements saved (the listing in-process, interleaved: CPU ×1.02–1.04 against pages of
 * 500; read by 1,000 and written by 500, ×0.94–0.96).
 */
export const LISTING_PAGE = 1000;

/**
 * How a request answers each member of a collection; `needsBody` says whether it reads their
 * bodies: if so it must be given whole records (livePages), else a listing's are enough (listedPages).
 */
export interface MemberResponder {
  readonly needsBody: boolean;
  (item: DavItemRecord | DavListedItem): DavResponse;
  /** The same response, written (ItemAnswer's write: no objects per member). */
  write(item: DavItemRecord | DavListedItem): string;
  /** A page of members' responses, written one after another: what a listing streams. */
  writePage(items: readonly (DavItemRecord | DavListedItem)[]): string;
}

/**
 * How each member of a collection is answered to `selection`: what is the same for every member
 * (the collection's href, the selection's plan) worked out once per request, not once per item.
 * An answer of ETags and types only (a client's listing) takes the stored ETag and no body.
 */
/** `cardVersion`: the vCard version address-data asks for (a REPORT's), 3.0 by default. */
export function memberResponder(req: DavRequest, c: DavCollection, selection: PropSelection, minimal: boolean, cardVersion?: CardVersion): MemberResponder {
  const answer = itemAnswer(principalHref(req.account.username), selection, memberKindOf(c.kind), minimal);
  const hrefOf = memberHrefs(c.family, req.account.username, c.name);
  // needsBody: the caller read whole records (the contract above).
  const served = answer.needsBody ? (item: DavItemRecord | DavListedItem) => servedOf(item as DavItemRecord, cardVersion) : servedHeadOf;
  // A member's href is its collection's and its name's segment (layout.ts): the collection's part escaped once.
  const writeUnder = answer.writeUnder(collectionHref(c.family, req.account.username, c.name));
  const write = (item: DavItemRecord | DavListedItem) => writeUnder(encodeSegment(memberName(c, item)), item, served(item));
  const writePage = (items: readonly (DavItemRecord | DavListedItem)[]) => {
    let out = '';
    for (const item of items) out += write(item);
    return out;
  };
  return Object.assign((item: DavItemRecord | DavListedItem) => ({ href: hrefOf(memberName(c, item)), propstats: answer.propstats(item, served(item)) }), { needsBody: answer.needsBody, write, writePage });
}

/**
 * A collection's response; `stored`: what clients set on it, when the caller read it already (a
 * home listing reads every collection's at once), else read here.
 */
export async function collectionResponse(req: DavRequest, c: DavCollection, selection: PropSelection, minimal: boolean, stored?: ReadonlyMap<string, string>): Promise<DavResponse> {
  const sequence = await req.store.contents.collectionSequence(c.key);
  const properties = stored ?? (await req.store.davProperties.get([c.key])).get(c.key);
  return {
    href: collectionHref(c.family, req.account.username, c.name),
    propstats: answerSelection(selection, c.kind, collectionValues(principalHref(req.account.username), collectionFacts(c, sequence), properties), deadProperties(properties), minimal),
  };
}

/** The live members of a collection, a page at a time, whole. */
export function livePages(req: DavRequest, c: DavCollection): AsyncGenerator<DavItemRecord[]> {
  return pages((after) => req.store.contents.davPage(c.key, after, PAGE), PAGE);
}

/** The live members of a collection as a listing of ETags reads them (store's davListing), a page at a time. */
export function listedPages(req: DavRequest, c: DavCollection): AsyncGenerator<DavListedItem[]> {
  return pages((after) => req.store.contents.davListing(c.key, after, LISTING_PAGE), LISTING_PAGE);
}

/** The members a responder answers: whole when it reads their bodies, else only what a listing serves. */
export function pagesFor(req: DavRequest, c: DavCollection, respond: MemberResponder): AsyncGenerator<(DavItemRecord | DavListedItem)[]> {
  return respond.needsBody ? livePages(req, c) : listedPages(req, c);
}

/** What `read` gives, `size` at a time, as pages of at most PAGE. */
async function* pages<T extends { readonly uuid: string }>(read: (after: string | undefined) => Promise<T[]>, size: number): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const page = await read(after);
    for (let i = 0; i < page.length; i += PAGE) yield page.length <= PAGE ? page : page.slice(i, i + PAGE);
    if (page.length < size) return;
    after = page[page.length - 1]!.uuid;
  }
}

export async function propfind(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind === 'unmapped') throw notFound('such item');
  const plan = await planPropfind(req.event.req.headers, () => readBytes(req.event, MAX_XML_BODY_BYTES));
  const { selection, minimal } = plan;
  const principal = principalOf(req.account);
  const { self, members } = plan.answers(kindOf(resource));

  async function* responses(): AsyncGenerator<DavResponse | DavResponse[] | WrittenResponses> {
    switch (resource.kind) {
      case 'root':
      case 'principals':
        if (self) yield { href: resource.href, propstats: answerSelection(selection, 'root', rootValues(principal), undefined, minimal) };
        return;
      case 'principal':
        if (self) yield { href: resource.href, propstats: answerSelection(selection, 'principal', principalValues(principal), undefined, minimal) };
        return;
      case 'home': {
        const kind = homeKindOf(resource.family);
        if (self) yield { href: resource.href, propstats: answerSelection(selection, kind, homeValues(principal.href, kind), undefined, minimal) };
        if (!members) return;
        const collections = await collectionsIn(req.store, req.account.id, resource.family);
        const stored = await req.store.davProperties.get(collections.map((c) => c.key));
        for (const c of collections) yield await collectionResponse(req, c, selection, minimal, stored.get(c.key) ?? new Map());
        return;
      }
      case 'collection': {
        const c = resource.collection;
        if (self) yield await collectionResponse(req, c, selection, minimal);
        if (!members) return;
        const respond = memberResponder(req, c, selection, minimal);
        for await (const page of pagesFor(req, c, respond)) yield respond.writePage(page);
        return;
      }
      case 'member':
        if (self) yield memberResponder(req, resource.collection, selection, minimal)(resource.item);
        return;
    }
  }
  return multistatusResponse(multistatusStream(responses())[Symbol.asyncIterator](), req.log, plan.headers);
}

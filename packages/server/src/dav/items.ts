/**
 * GET, PUT and DELETE of members. ETags are strong and compared byte for byte; `If-None-Match: *`
 * makes a PUT create-only (412 when the name is taken), a stale `If-Match` is 412, and neither
 * header is needed (Thunderbird sends none). A PUT's read, check and write are one transaction,
 * the item locked, so the ETag checked is the one replaced. A PUT answers an ETag only when what
 * it stored is served back byte for byte.
 */
import { DavRequestError, evaluateConditions, formatEtag, optionsHeaders } from '@atomsync/dav';
import { ServiceError } from '../errors.js';
import { readBytes } from '../http/body.js';
import { newItemUuid } from '../services/item-uuid.js';
import type { DavCollection } from './collections.js';
import { header, type DavRequest } from './context.js';
import { memberName, memberNamed, memberToWrite } from './members.js';
import { memberHref } from './layout.js';
import type { DavItemRecord } from '@atomsync/store';
import { MAX_RESOURCE_BYTES } from './properties.js';
import { acceptedCardVersion, servedOf, storedItem } from './representation.js';
import { kindOf, notFound, type Resource } from './resources.js';
import { bodyText, checkBody } from './validate.js';
import { davAnswer, type DavAnswer } from './answer.js';

function preconditionFailed(message: string): ServiceError {
  return new ServiceError(412, 'precondition_failed', message);
}

/** A method the resource does not take: 405 with its Allow, what OPTIONS on it answers. */
function notAllowed(resource: Exclude<Resource, { kind: 'unmapped' }>, message: string): ServiceError {
  return new ServiceError(405, 'method_not_allowed', message, [], { allow: optionsHeaders(kindOf(resource)).Allow });
}

function conditions(req: DavRequest) {
  return { ifMatch: header(req, 'if-match'), ifNoneMatch: header(req, 'if-none-match') };
}

export async function getMember(req: DavRequest, resource: Resource, head: boolean): Promise<DavAnswer> {
  if (resource.kind === 'unmapped') throw notFound('such item');
  // The URL is there, only not as something to GET: PROPFIND lists it, REPORT reads its items.
  if (resource.kind !== 'member') throw notAllowed(resource, `${head ? 'HEAD' : 'GET'} goes to an item; a collection is read with PROPFIND and REPORT`);
  const card = resource.collection.component === undefined;
  const served = servedOf(resource.item, card ? acceptedCardVersion(header(req, 'accept')) : undefined);
  const outcome = evaluateConditions(head ? 'HEAD' : 'GET', conditions(req), served.etag);
  const headers: Record<string, string> = { etag: served.etag, 'content-type': served.contentType, 'last-modified': resource.item.updated.toUTCString() };
  // A card's form follows Accept (vCard 4.0 or 3.0): caches must keep them apart.
  if (card) headers.vary = 'Accept';
  if (outcome === 'precondition-failed') throw preconditionFailed('the item is not at the ETag the request names');
  if (outcome === 'not-modified') return davAnswer(null, { status: 304, headers });
  return davAnswer(head ? null : served.body, { status: 200, headers: { ...headers, 'content-length': String(Buffer.byteLength(served.body, 'utf8')) } });
}

function tooLarge(c: DavCollection): DavRequestError {
  const key = c.component === undefined ? 'addressbook-max-resource-size' : 'calendar-max-resource-size';
  return DavRequestError.failed(key, `an item is at most ${MAX_RESOURCE_BYTES} bytes`);
}

async function readItemBody(req: DavRequest, c: DavCollection): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(req.event, MAX_RESOURCE_BYTES);
  } catch (error) {
    // Past max-resource-size: the RFC's precondition, not a dropped connection or a bare 413.
    if (error instanceof ServiceError && error.status === 413) throw tooLarge(c);
    throw error;
  }
  return bodyText(bytes, c);
}

export async function putMember(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind !== 'member' && resource.kind !== 'unmapped') throw notAllowed(resource, 'PUT goes to an item’s URL inside a collection');
  const c = resource.collection;
  const body = await readItemBody(req, c);
  const parsed = checkBody(body, header(req, 'content-type'), c);
  // Everything the write keeps beside the body, read from it once, before the transaction (an
  // iCalendar object from the check's parse).
  const item = storedItem(c.key.dataclass, c.component === undefined ? 'text/vcard' : 'text/calendar', body, parsed);
  const created = await req.store.transaction(async (tx) => {
    // Two PUTs of one new name: the second waits here, then finds the first's item. The member
    // read after the lock is the one replaced: every writer of the datastore takes that lock
    // first (store.ts), so it cannot change before this transaction ends — no second read of it.
    await tx.contents.lockClient(c.key);
    const { current, nameFree, holdersOfUid } = await memberToWrite(tx, c, resource.name, item.uid);
    const outcome = evaluateConditions('PUT', conditions(req), current === undefined ? null : servedOf(current).etag);
    if (outcome !== 'proceed') throw preconditionFailed(current === undefined ? 'there is no item at this URL' : 'the item has changed since the ETag the request names (or exists, with If-None-Match: *)');
    checkUidFree(req, c, holdersOfUid, current?.uuid);
    if (current !== undefined) {
      const updated = await tx.contents.update(c.key, current.uuid, item);
      if (updated === undefined) throw notFound('such item');
      return false;
    }
    await tx.contents.insertOnly([{ ...item, uuid: newItemUuid(), accountId: c.key.accountId, clientUuid: c.key.uuid, href: resource.name }], { hrefsFree: nameFree });
    return true;
  }, { retry: true });
  // No ETag when what is served is not what was sent (a vCard 2.1, an item without a UID): the client reads it back.
  // A 201 without a length went out chunked (`Transfer-Encoding: chunked` and an empty last chunk):
  // a body for the client to parse on every upload. A 204 has none whatever its headers.
  const headers: Record<string, string> = created ? { 'content-length': '0' } : {};
  if (item.servedAsSent) headers.etag = formatEtag(item.etag);
  return davAnswer(null, { status: created ? 201 : 204, headers });
}

/**
 * A collection holds one item per UID (RFC 6352 §6.3.2.1, RFC 4791 §5.3.2.1): another item
 * holding it is a 409 no-uid-conflict naming that item's URL; the item being replaced may keep it.
 * The holders are read inside the PUT's transaction (the store orders writers of one datastore:
 * two PUTs of one UID cannot both pass).
 */
function checkUidFree(req: DavRequest, c: DavCollection, holders: readonly DavItemRecord[], replacing: string | undefined): void {
  const holder = holders.find((item) => item.uuid !== replacing);
  if (holder === undefined) return;
  const href = memberHref(c.family, req.account.username, c.name, memberName(c, holder));
  throw DavRequestError.failed(c.component === undefined ? 'addressbook-no-uid-conflict' : 'calendar-no-uid-conflict', `the item at ${href} has this UID already`, { href });
}

export async function deleteMember(req: DavRequest, resource: Resource): Promise<DavAnswer> {
  if (resource.kind !== 'member' && resource.kind !== 'unmapped') throw new ServiceError(403, 'forbidden', 'the root, a principal and a home are not deleted (collections go with DELETE on their own URL)');
  const c = resource.collection;
  await req.store.transaction(async (tx) => {
    // As a PUT: the member is read once, after the datastore's write lock (the endpoint does not
    // look it up first), so the ETag checked is the one of the item deleted.
    await tx.contents.lockClient(c.key);
    const current = await memberNamed(tx, c, resource.name);
    if (current === undefined) throw notFound('such item');
    if (evaluateConditions('DELETE', conditions(req), servedOf(current).etag) !== 'proceed') throw preconditionFailed('the item has changed since the ETag the request names');
    await tx.contents.deleteMany(c.key, [current.uuid]);
  });
  return davAnswer(null, { status: 204 });
}

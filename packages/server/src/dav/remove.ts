/**
 * DELETE of a collection. Collections are datastores' (each datastore is an address book and two
 * calendars), so deleting one over DAV deletes its datastore, and only where nothing else is lost
 * with it: a datastore a DAV client made (MKCALENDAR, MKCOL: it chose the collection's segment),
 * in no binding, whose other collections are empty. That is what a user deleting a calendar they
 * made in Thunderbird or DAVx⁵ expects; a datastore made through the API, bound to a phone or
 * holding more than this collection stays, refused with 403 and why.
 */
import { ServiceError } from '../errors.js';
import type { DavCollection } from './collections.js';
import type { DavRequest } from './context.js';
import { davAnswer, type DavAnswer } from './answer.js';

const refuse = (why: string) => new ServiceError(403, 'forbidden', why);

export async function deleteCollection(req: DavRequest, c: DavCollection): Promise<DavAnswer> {
  const { accountId, uuid } = c.key;
  await req.store.transaction(async (tx) => {
    const segments = (await tx.davSegments.list(accountId)).filter((s) => s.clientUuid === uuid);
    if (!segments.some((s) => s.dataclass === c.key.dataclass)) throw refuse('this collection belongs to a datastore made through the API: it is removed there, not over DAV');
    if ((await tx.bindings.byClient(accountId, uuid)).length > 0) throw refuse('the datastore of this collection is in a binding: remove the binding first');
    if ((await tx.phoneBindings.list(accountId)).some((b) => b.datastoreClientUuid === uuid)) throw refuse('a phone syncs with the datastore of this collection');
    for (const dataclass of ['Contacts', 'Events', 'Tasks', 'Notes'] as const) {
      if (dataclass === c.key.dataclass) continue;
      const held = await tx.contents.page({ accountId, uuid }, undefined, 1, [dataclass]);
      if (held.length > 0) throw refuse(`the datastore of this collection also holds ${dataclass.toLowerCase()}: they would go with it`);
    }
    await tx.datastores.delete(accountId, uuid);
  });
  return davAnswer(null, { status: 204 });
}

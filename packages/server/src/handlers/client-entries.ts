/**
 * Client records → Atom entries, field by field as the golden examples show them
 * (spec/examples/{extdata,syncml,activesync}-client.*.xml). Secrets never reach an entry: token
 * keys and secrets stay sealed in the store, ActiveSync password hashes stay in the store.
 */
import { createHash } from 'node:crypto';
import type { ActivesyncClientEntry, ActivesyncDevice, ExtdataClientEntry, PhoneDatastore, SyncmlClientEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import { authorOf, editableEntryHead, linksTo, urlOf } from './atom.js';
import type { ActivesyncClientRecord, ExtdataClientRecord, SyncmlClientRecord } from '@atomsync/store';

export const extdataPath = (uuid: string): string => `/v2/services/extdata/${uuid}/`;
export const syncmlPath = (uuid: string): string => `/v2/services/syncml/${uuid}`;
export const activesyncPath = (uuid: string): string => `/v2/services/activesync/${uuid}`;
export const datastoreClientPath = (uuid: string): string => `/v2/services/datastore/${uuid}/`;

/**
 * Title = the external user id; content src = the entry URL, type html. A token shows its type as
 * `type` (never the request's `token_type`) and its scopes. Every datastore has its `name`: the
 * one registered, else its dataclass (the default the seed gives; a datastore stored before the
 * default was stored has none, and gets it here).
 */
export function extdataEntry(ctx: RequestContext, client: ExtdataClientRecord): ExtdataClientEntry {
  const href = urlOf(ctx, extdataPath(client.uuid));
  return {
    author: authorOf(ctx),
    id: href,
    links: linksTo(href, 'self', 'edit', 'alternate'),
    published: client.created,
    updated: client.updated,
    title: client.userId,
    content: { src: href, type: 'html', value: '' },
    client: {
      uuid: client.uuid,
      userId: client.userId,
      datastores: client.datastores.map((d) => ({
        dataclass: d.dataclass,
        href: d.href,
        name: d.name ?? d.dataclass,
        ...(d.token !== null ? { token: { type: d.token.type, scopes: [...d.token.scopes] } } : {}),
      })),
    },
  };
}

/**
 * The id of a phone datastore in its href: a name-based UUID (RFC 4122 version 5, SHA-1) of the
 * datastore's name on the phone within the client's uuid. The store keeps a phone datastore by
 * its name; this gives it the stable uuid-shaped URL the golden documents show
 * (`{base_url}/v2/services/syncml/datastores/<uuid>`), the same on every server and every call.
 */
export function phoneDatastoreId(clientUuid: string, name: string): string {
  const namespace = Buffer.from(clientUuid.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Title = the phone model's name (`modelName`; the model uuid when the catalogue no longer has
 * it); content src + type text/html; no edit link (a SyncML client has no PUT). `setup` is always
 * written, `sent` empty until a setup was sent; datastores appear after the first sync.
 */
export function syncmlEntry(ctx: RequestContext, client: SyncmlClientRecord, modelName: string | undefined): SyncmlClientEntry {
  const href = urlOf(ctx, syncmlPath(client.uuid));
  const datastores: PhoneDatastore[] = client.datastores.map((d) => ({
    dataclass: d.dataclass,
    href: urlOf(ctx, `/v2/services/syncml/datastores/${phoneDatastoreId(client.uuid, d.name)}`),
    name: d.name,
  }));
  return {
    author: authorOf(ctx),
    id: href,
    links: linksTo(href, 'self', 'alternate'),
    published: client.created,
    updated: client.updated,
    title: modelName ?? client.modelUuid,
    content: { src: href, type: 'text/html', value: '' },
    client: {
      uuid: client.uuid,
      userId: client.userId,
      phoneNumber: client.phoneNumber,
      modelUuid: client.modelUuid,
      imei: client.imei,
      timezone: client.timezone,
      setup: { name: client.setupName, sent: client.setupSent },
      datastores,
    },
  };
}

/** Title = the uuid, links self and edit, no content; no password; `last_sync` empty until synced; `device` once a phone signed in. */
export function activesyncEntry(ctx: RequestContext, client: ActivesyncClientRecord, device?: ActivesyncDevice): ActivesyncClientEntry {
  const href = urlOf(ctx, activesyncPath(client.uuid));
  return {
    ...editableEntryHead(ctx, href, client),
    title: client.uuid,
    client: {
      uuid: client.uuid,
      userId: client.userId,
      username: client.username,
      ...(client.phoneNumber !== '' ? { phoneNumber: client.phoneNumber } : {}),
      ...(client.modelUuid !== '' ? { modelUuid: client.modelUuid } : {}),
      lastSync: client.lastSync,
      ...(device === undefined ? {} : { device }),
    },
  };
}

/**
 * Binding, sync log and phone-to-datastore binding records → Atom entries, as the golden
 * examples show them (spec/examples/{binding,sync-log,phone-datastore-binding}.*.xml).
 */
import type { BindingEntry, PhoneDatastoreBindingEntry, SyncLogEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import { authorOf, editableEntryHead, linksTo, urlOf } from './atom.js';
import type { BindingRecord, PhoneBindingRecord, SyncLogRecord } from '@atomsync/store';
import { datastoreClientPath, syncmlPath } from './client-entries.js';

export const bindingPath = (id: number): string => `/v2/syncengine/${id}`;
export const syncLogPath = (id: number): string => `/v2/syncengine/synclog/${id}`;
export const phoneBindingPath = (id: number): string => `/v2/syncengine/phone_datastore_bindings/${id}`;

/** id `{base_url}/v2/syncengine/<id>`, title and binding_id the id, links self and edit. */
export function bindingEntry(ctx: RequestContext, binding: BindingRecord): BindingEntry {
  const href = urlOf(ctx, bindingPath(binding.id));
  return {
    ...editableEntryHead(ctx, href, binding),
    title: String(binding.id),
    source: { syncSource: binding.source.kind, uuid: binding.source.uuid },
    target: { syncSource: binding.target.kind, uuid: binding.target.uuid },
    conflictWinner: binding.conflictWinner,
    bindingId: binding.id,
  };
}

/**
 * id and content src `{base_url}/v2/syncengine/synclog/<id>`, title `<source kind> - <target
 * kind>`, published the time of the run (also its `updated`: a log entry never changes).
 */
export function syncLogEntry(ctx: RequestContext, log: SyncLogRecord): SyncLogEntry {
  const href = urlOf(ctx, syncLogPath(log.id));
  const { stats } = log;
  return {
    author: authorOf(ctx),
    id: href,
    links: linksTo(href, 'self'),
    published: log.published,
    updated: log.published,
    title: `${log.source.kind} - ${log.target.kind}`,
    content: { src: href, type: 'application/atom+xml', value: '' },
    syncStats: {
      source: { syncSource: { type: log.source.kind, uuid: log.source.uuid }, statistics: { ...stats.source } },
      target: { syncSource: { type: log.target.kind, uuid: log.target.uuid }, statistics: { ...stats.target } },
      duplicatesDetected: stats.duplicatesDetected,
      duplicatesRemoved: stats.duplicatesRemoved,
      conflictsDetected: stats.conflictsDetected,
    },
    syncMode: log.syncMode,
    dataclass: log.dataclass,
    ...(log.bindingId !== null ? { bindingId: log.bindingId } : {}),
    result: log.result,
    ...(log.reason !== null ? { reason: log.reason } : {}),
  };
}

/** id `{base_url}/v2/syncengine/phone_datastore_bindings/<id>`, title the id, links to both clients. */
export function phoneBindingEntry(ctx: RequestContext, binding: PhoneBindingRecord): PhoneDatastoreBindingEntry {
  const href = urlOf(ctx, phoneBindingPath(binding.id));
  return {
    author: authorOf(ctx),
    id: href,
    links: [
      { rel: 'self', href },
      { rel: 'syncml_client', type: 'application/atom+xml', href: urlOf(ctx, syncmlPath(binding.syncmlClientUuid)) },
      { rel: 'datastore_client', type: 'application/atom+xml', href: urlOf(ctx, datastoreClientPath(binding.datastoreClientUuid)) },
    ],
    published: binding.created,
    updated: binding.updated,
    title: String(binding.id),
    modelUuid: binding.modelUuid,
    phoneNumber: binding.phoneNumber,
    foreignUserId: binding.foreignUserId,
    timezone: binding.timezone,
  };
}

/**
 * The Overview's rows: every client of the account with its state at a glance, computed from what
 * the API lists (the clients of each kind, the bindings, the sync log). Pure, so the rules are
 * tested without a browser (test/overview.test.ts):
 *
 * - last sync: the newest completed run of any binding the client is in; for an ActiveSync phone
 *   its own `last_sync` (the phone's last completed Sync) when newer;
 * - last error: the newest failed run, when no completed run came after it (a failure since fixed
 *   is history, not state);
 * - unbound: in no binding (an ActiveSync phone also when its device says so);
 * - isolated: items loop protection took out of an ActiveSync phone's queue;
 * - wipe pending: a remote wipe asked and not yet acknowledged by the phone.
 */
import type {
  ActivesyncClientEntryResponse,
  BindingEntryResponse,
  ClientKind,
  DatastoreClientEntryResponse,
  ExtdataClientEntryResponse,
  SyncLogEntryResponse,
  SyncmlClientEntryResponse,
} from '@atomsync/sdk';

export interface ClientState {
  readonly kind: ClientKind;
  readonly uuid: string;
  /** What a person calls it: the phone's model or user, the account's user id. */
  readonly name: string;
  readonly bindings: readonly number[];
  readonly lastSync?: Date;
  readonly lastError?: { readonly at: Date; readonly reason: string };
  readonly unbound: boolean;
  readonly isolated: number;
  readonly wipePending: boolean;
}

export interface OverviewInput {
  readonly datastores: readonly DatastoreClientEntryResponse[];
  readonly extdata: readonly ExtdataClientEntryResponse[];
  readonly syncml: readonly SyncmlClientEntryResponse[];
  readonly activesync: readonly ActivesyncClientEntryResponse[];
  readonly bindings: readonly BindingEntryResponse[];
  readonly log: readonly SyncLogEntryResponse[];
}

/** The order a person scans: what needs attention first, then by kind and name. */
const KIND_ORDER: readonly ClientKind[] = ['activesync', 'syncml', 'extdata', 'datastore'];

export function needsAttention(state: ClientState): boolean {
  return state.lastError !== undefined || state.unbound || state.isolated > 0 || state.wipePending;
}

export function overviewOf(input: OverviewInput): ClientState[] {
  const bindingsOf = new Map<string, number[]>();
  for (const binding of input.bindings) {
    const id = binding.bindingId;
    for (const side of [binding.source, binding.target]) {
      if (side === undefined) continue;
      const key = `${side.syncSource}:${side.uuid}`;
      bindingsOf.set(key, [...(bindingsOf.get(key) ?? []), id]);
    }
  }
  // Each binding's newest completed and newest failed run, in one pass over the log.
  const completed = new Map<number, Date>();
  const failed = new Map<number, { at: Date; reason: string }>();
  for (const entry of input.log) {
    const at = entry.published ?? entry.updated;
    if (entry.bindingId === undefined || at == null) continue;
    if (entry.result === 'failed') {
      const known = failed.get(entry.bindingId);
      if (known === undefined || known.at < at) failed.set(entry.bindingId, { at, reason: entry.reason ?? 'the run failed without saying why' });
    } else if (entry.result === 'completed') {
      const known = completed.get(entry.bindingId);
      if (known === undefined || known < at) completed.set(entry.bindingId, at);
    }
  }
  const state = (kind: ClientKind, uuid: string, name: string, extra: Partial<ClientState> = {}): ClientState => {
    const bindings = bindingsOf.get(`${kind}:${uuid}`) ?? [];
    let lastSync: Date | undefined;
    let lastError: { at: Date; reason: string } | undefined;
    for (const id of bindings) {
      const ok = completed.get(id);
      if (ok !== undefined && (lastSync === undefined || lastSync < ok)) lastSync = ok;
      const bad = failed.get(id);
      if (bad !== undefined && (lastError === undefined || lastError.at < bad.at)) lastError = bad;
    }
    if (extra.lastSync !== undefined && (lastSync === undefined || lastSync < extra.lastSync)) lastSync = extra.lastSync;
    if (lastError !== undefined && lastSync !== undefined && lastSync > lastError.at) lastError = undefined;
    return {
      kind,
      uuid,
      name,
      bindings,
      isolated: extra.isolated ?? 0,
      wipePending: extra.wipePending ?? false,
      ...(lastSync === undefined ? {} : { lastSync }),
      ...(lastError === undefined ? {} : { lastError }),
      unbound: bindings.length === 0 || extra.unbound === true,
    };
  };
  const rows: ClientState[] = [
    ...input.activesync.map(({ client }) => {
      const device = client.device;
      const wipe = device?.wipe;
      return state('activesync', client.uuid, device?.friendlyName ?? device?.model ?? client.username ?? client.uuid, {
        ...(client.lastSync == null ? {} : { lastSync: client.lastSync }),
        unbound: device?.unbound !== undefined,
        isolated: device?.isolatedItems?.length ?? 0,
        wipePending: wipe !== undefined && wipe.acknowledged === undefined,
      });
    }),
    ...input.syncml.map(({ client }) => state('syncml', client.uuid, client.phoneNumber ?? client.imei ?? client.userId ?? client.uuid)),
    ...input.extdata.map(({ client }) => state('extdata', client.uuid, client.userId ?? client.uuid)),
    ...input.datastores.map(({ client }) => state('datastore', client.uuid, client.userId ?? client.uuid)),
  ];
  return rows.sort(
    (a, b) => Number(needsAttention(b)) - Number(needsAttention(a)) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.name.localeCompare(b.name),
  );
}

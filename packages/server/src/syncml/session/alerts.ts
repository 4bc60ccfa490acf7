/**
 * The phone's Alerts (package 1): who the phone is (its SyncML client, by DevID), which binding and
 * side its datastore syncs through, and in which mode. The mode asked for is performed when the
 * anchors are in step; otherwise an incremental sync becomes a slow one (201, answered 508). Each
 * alerted datastore is answered with our Alert carrying the anchors, and waits for its Sync.
 */
import type { SyncMode } from '@atomsync/atom';
import { AlertCode, alertRequest, INCREMENTAL_MODES, StatusCode, type Alert } from '@atomsync/syncml';
import type { SyncmlClientRecord } from '../../store/records.js';
import { anchorMeta, refsOf } from '../reply.js';
import { serverDatastore } from '../uris.js';
import { accountIdOf, OUR_MAX_OBJ_SIZE, type Session } from './session.js';

export async function onAlert(session: Session, alert: Alert): Promise<void> {
  const { state, reply, deps } = session;
  const code = alert.data ?? 0;
  const request = alertRequest(code);
  if (request?.kind === 'next-message' || request?.kind === 'suspend') {
    if (!alert.noResp) reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: StatusCode.OK, ...refsOf(alert) });
    return;
  }
  // A resume continues nothing kept of the broken session: it runs as a two-way sync, whose
  // echo filter makes the phone's repeated changes harmless (and 508 → slow sync on bad anchors).
  const mode: SyncMode | undefined = request?.kind === 'resume' ? AlertCode.TWO_WAY : request?.mode;
  if (mode === undefined) return refuseAlert(session, alert, `alert code ${code} is not a sync this server performs`, StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED);
  const item = alert.items[0];
  const serverLocUri = item?.target?.locUri ?? '';
  const phoneUri = item?.source?.locUri ?? '';
  const target = serverDatastore(serverLocUri);
  if (target === undefined) return refuseAlert(session, alert, `there is no server datastore ${JSON.stringify(serverLocUri)} (contacts, calendar, events, tasks, notes)`);
  const client = await identifyClient(session);
  if (typeof client === 'string') return refuseAlert(session, alert, client);
  const bindings = await deps.store.bindings.byClient(client.accountId, client.uuid);
  const binding = [...bindings].sort((a, b) => a.id - b.id)[0];
  if (binding === undefined) return refuseAlert(session, alert, `the SyncML client ${client.uuid} is in no sync binding: its data has nowhere to go`);
  const side = binding.source.kind === 'syncml' && binding.source.uuid === client.uuid ? 'source' : 'target';

  const anchor = item?.meta?.anchor ?? {};
  const phoneNext = anchor.next ?? new Date().toISOString();
  const { anchors } = await deps.store.syncState.load(binding, [], target.dataclass);
  const stored = anchors[side];
  const peer = anchors[side === 'source' ? 'target' : 'source'];
  const inStep = stored !== null && peer !== null && anchor.last !== undefined && stored === anchor.last;
  const performed: SyncMode = INCREMENTAL_MODES.has(mode) && !inStep ? AlertCode.SLOW_SYNC : mode;

  state.datastores = state.datastores.filter((d) => d.serverUri !== target.uri);
  state.datastores.push({
    phoneUri,
    serverLocUri,
    serverUri: target.uri,
    dataclass: target.dataclass,
    phoneMode: performed,
    phoneNext,
    bindingId: binding.id,
    side,
    phase: 'receiving',
    outFrom: 0,
    outTo: 0,
    refused: 0,
  });
  session.turn.alerted.add(target.uri);
  if (!alert.noResp) {
    reply.status({
      cmdRef: alert.cmdId,
      cmd: 'Alert',
      data: performed === mode ? StatusCode.OK : StatusCode.REFRESH_REQUIRED,
      targetRefs: [serverLocUri],
      sourceRefs: [phoneUri],
      items: [{ anchor: { next: phoneNext } }],
    });
  }
  // Our anchors: the phone's own, so the Last we send is what we kept from its last session.
  reply.add({
    kind: 'Alert',
    cmdId: reply.nextCmdId(),
    data: performed,
    items: [{ target: { locUri: phoneUri }, source: { locUri: serverLocUri }, meta: anchorMeta(stored ?? undefined, phoneNext, OUR_MAX_OBJ_SIZE) }],
  });
}

function refuseAlert(session: Session, alert: Alert, reason: string, status: number = StatusCode.NOT_FOUND): void {
  session.state.reason = reason;
  session.deps.log.info({ deviceId: session.state.deviceId, reason }, 'SyncML Alert refused');
  if (!alert.noResp) session.reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: status, ...refsOf(alert) });
}

/** The phone's SyncML client: by DevID, else the one client with an empty imei adopts it. */
async function identifyClient(session: Session): Promise<SyncmlClientRecord | string> {
  const { state, turn } = session;
  const { store } = session.deps;
  if (turn.client !== undefined) return turn.client;
  const accountId = accountIdOf(session);
  const clients = await store.syncml.list(accountId);
  let client = clients.find((c) => c.imei === state.deviceId);
  if (client === undefined) {
    const unclaimed = clients.filter((c) => c.imei === '');
    if (unclaimed.length !== 1) {
      return unclaimed.length === 0
        ? `no SyncML client of this account has imei ${JSON.stringify(state.deviceId)}, and none is waiting for its first session (empty imei)`
        : `no SyncML client of this account has imei ${JSON.stringify(state.deviceId)}, and ${unclaimed.length} have an empty imei: set the imei of the right one`;
    }
    await store.syncml.setImei(accountId, unclaimed[0]!.uuid, state.deviceId);
    client = { ...unclaimed[0]!, imei: state.deviceId };
  }
  turn.client = client;
  state.clientUuid = client.uuid;
  return client;
}

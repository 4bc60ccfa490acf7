/**
 * The phone's Alerts (package 1): which binding and side its datastore syncs through (facts the
 * server loaded), and in which mode. The mode asked for is performed when the anchors are in
 * step; otherwise an incremental sync becomes a slow one (201, answered 508). Each alerted
 * datastore is answered with our Alert carrying the anchors, and waits for its Sync.
 */
import type { SyncMode } from '@atomsync/atom';
import type { Alert } from '../message.js';
import { AlertCode, alertRequest, performedMode } from '../rules/alerts.js';
import { StatusCode } from '../rules/status.js';
import { serverDatastore } from './datastores.js';
import type { TurnFacts } from './facts.js';
import { anchorMeta, refsOf } from './reply.js';
import { OUR_MAX_OBJ_SIZE, type Turn } from './turn.js';

export function onAlert(turn: Turn, alert: Alert, facts: TurnFacts): void {
  const { state, reply } = turn;
  const code = alert.data ?? 0;
  const request = alertRequest(code);
  if (request?.kind === 'next-message' || request?.kind === 'suspend') {
    if (!alert.noResp) reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: StatusCode.OK, ...refsOf(alert) });
    return;
  }
  // A resume continues nothing kept of the broken session: it runs as a two-way sync, whose
  // echo filter makes the phone's repeated changes harmless (and 508 → slow sync on bad anchors).
  const mode: SyncMode | undefined = request?.kind === 'resume' ? AlertCode.TWO_WAY : request?.mode;
  if (mode === undefined) return refuseAlert(turn, alert, `alert code ${code} is not a sync this server performs`, StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED);
  const item = alert.items[0];
  const serverLocUri = item?.target?.locUri ?? '';
  const phoneUri = item?.source?.locUri ?? '';
  const target = serverDatastore(serverLocUri);
  if (target === undefined) return refuseAlert(turn, alert, `there is no server datastore ${JSON.stringify(serverLocUri)} (contacts, calendar, events, tasks, notes)`);
  const client = facts.client;
  if (client === undefined) throw new Error(`the phone's SyncML client was not looked up for the alerted datastore ${target.uri}`);
  if ('refused' in client) return refuseAlert(turn, alert, client.refused);
  if (client.claims && state.clientUuid !== client.uuid) turn.writes.push({ kind: 'claim-client', clientUuid: client.uuid });
  state.clientUuid = client.uuid;
  const found = facts.datastores.get(target.uri);
  if (found === undefined) throw new Error(`the binding of the alerted datastore ${target.uri} was not looked up`);
  if ('refused' in found) return refuseAlert(turn, alert, found.refused);

  const anchor = item?.meta?.anchor ?? {};
  const phoneNext = anchor.next ?? new Date(turn.now).toISOString();
  const performed = performedMode(mode, { phoneLast: anchor.last, kept: found.anchors.kept, peer: found.anchors.peer });

  state.datastores = state.datastores.filter((d) => d.serverUri !== target.uri);
  state.datastores.push({
    phoneUri,
    serverLocUri,
    serverUri: target.uri,
    dataclass: target.dataclass,
    phoneMode: performed,
    phoneNext,
    bindingId: found.bindingId,
    side: found.side,
    phase: 'receiving',
    outFrom: 0,
    outTo: 0,
    refused: 0,
  });
  turn.notes.alerted.add(target.uri);
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
    items: [{ target: { locUri: phoneUri }, source: { locUri: serverLocUri }, meta: anchorMeta(found.anchors.kept ?? undefined, phoneNext, OUR_MAX_OBJ_SIZE) }],
  });
}

function refuseAlert(turn: Turn, alert: Alert, reason: string, status: number = StatusCode.NOT_FOUND): void {
  turn.state.reason = reason;
  turn.events.push({ level: 'info', message: 'SyncML Alert refused', fields: { deviceId: turn.state.deviceId, reason } });
  if (!alert.noResp) turn.reply.status({ cmdRef: alert.cmdId, cmd: 'Alert', data: status, ...refsOf(alert) });
}

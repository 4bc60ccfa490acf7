/**
 * Remote wipe (MS-ASPROV §3.1.5.1.2.2, §3.2.5.1.2): the owner asks it through the API
 * (services/activesync-devices.ts) and it lives on the device record, so whichever instance the
 * phone reaches next tells it. Until the phone acknowledges, every command but Provision is told
 * to provision (HTTP 449 before 14.0; from 14.0 the command's Status 140, "remote wipe
 * requested", which MS-ASCMD gives for this case where Z-Push answers 142), and its Provision —
 * whatever it holds, an empty one too — is answered with the wipe order. An acknowledgement with
 * Status 1 is recorded; Status 2 (it failed) gets the order again, as MS-ASPROV says.
 *
 * After the acknowledgement the device is refused (403) and its Provision gets the order again:
 * a wiped phone that comes back with the same DeviceId is wiped again, as Exchange and Z-Push do,
 * until the owner cancels. Another DeviceId presenting the client's credentials meanwhile does not
 * lift it (@atomsync/activesync rules/wipe.ts says why): it is answered exactly as the lost phone
 * would be, while the record stays the lost phone's — only the lost phone's own progress (the
 * order sent, its acknowledgement) is recorded. The server's data is never touched: the wipe is of
 * the phone.
 */
import { wipeProvisionStep, wipeVerdict, type AsElement, type ProvisionRequest } from '@atomsync/activesync';
import { ServiceError } from '../errors.js';
import type { PhoneRequest } from './context.js';
import { logFaults } from './sync/writes.js';

/**
 * Thrown by a held request (Ping, a hanging Sync) when a wipe is asked for its device while it
 * waits: the endpoint answers it as it answers any command once a wipe is asked, so the phone
 * provisions and gets the order now rather than at the end of its heartbeat.
 */
export class WipeAskedMeanwhile extends Error {
  constructor() {
    super('a remote wipe was asked while the request was held');
  }
}

/** What a wipe asked for the device means for this request. */
export type WipeGate =
  /** No wipe: the request goes on. */
  | 'none'
  /** Tell the phone: Provision gets the order, any other command "provision first". */
  | 'order';

/** The gate, or a 403 for a phone that acknowledged its wipe (or cannot be given the one asked). */
export function wipeGate(request: Pick<PhoneRequest, 'device' | 'line'>): WipeGate {
  const { wipe } = request.device;
  const verdict = wipeVerdict(wipe === null ? null : { scope: wipe.scope, acknowledged: wipe.acknowledged !== null }, request.line);
  switch (verdict) {
    case 'none':
    case 'order':
      return verdict;
    case 'refuse-scope':
      throw new ServiceError(403, 'forbidden', 'an account-only remote wipe is pending for this client, and this device speaks a protocol before 16.1: it is refused until the wipe is cancelled');
    case 'refuse-acknowledged':
      throw new ServiceError(403, 'forbidden', 'this client\'s phone was remotely wiped: its credentials are refused on any device until the wipe is cancelled');
  }
}

/** Is the request the phone the record holds (not another device told of its wipe)? Only its progress is recorded. */
export const isRecordedDevice = (request: Pick<PhoneRequest, 'device' | 'line'>): boolean => request.device.deviceId === request.line.deviceId;

/** Provision while a wipe is asked: wipeProvisionStep's answer (the order, or the acknowledgement), its record written here. */
export async function provisionWipe(request: PhoneRequest, ask: ProvisionRequest): Promise<AsElement> {
  const wipe = request.device.wipe!;
  const { client, device, line, now } = request;
  const devices = request.deps.store.activesyncDevices;
  // Another device is told and ordered as the lost phone is, and its answers are logged; the
  // record, which the owner reads as the lost phone's, is left as it is.
  const recorded = isRecordedDevice(request);
  const who = { client: client.uuid, deviceId: line.deviceId, ...(recorded ? {} : { recordedDeviceId: device.deviceId }) };
  const step = wipeProvisionStep(ask, wipe.scope, recorded);
  logFaults(request, step.faults.map((f) => ({ ...f, detail: { ...who, ...f.detail } })));
  if (step.record === 'acknowledge') {
    const done = await devices.acknowledgeWipe(client.accountId, client.uuid, wipe.requested, now);
    request.log.warn({ ...who, scope: ask.kind === 'wiped' ? ask.scope : wipe.scope, recorded: done }, 'ActiveSync phone acknowledges the remote wipe');
  }
  // (The endpoint logged another device's request already.)
  if (step.record === 'sent') await devices.wipeSent(client.accountId, client.uuid, wipe.requested, now);
  return step.reply;
}

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
 * until the owner cancels or another phone (another DeviceId) signs in as the client, which
 * starts a new device record. The server's data is never touched: the wipe is of the phone.
 */
import { provisionResponse, PROVISION_STATUS, type AsElement, type ProvisionRequest } from '@atomsync/activesync';
import { ServiceError } from '../errors.js';
import { speaksAccountOnlyWipe } from '../services/activesync-devices.js';
import type { PhoneRequest } from './context.js';

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
  if (wipe === null) return 'none';
  // A phone that switched to a version before 16.1 since the owner asked cannot be given an
  // account-only wipe, and a whole-device wipe is more than was asked: it is kept out instead.
  if (wipe.scope === 'account' && !speaksAccountOnlyWipe(request.line.protocolVersion)) {
    throw new ServiceError(403, 'forbidden', 'an account-only remote wipe is pending for this device, which now speaks a protocol before 16.1: it is refused until the wipe is cancelled');
  }
  if (wipe.acknowledged !== null && request.line.command !== 'Provision') {
    throw new ServiceError(403, 'forbidden', 'this device was remotely wiped: it is refused until the wipe is cancelled or another device signs in');
  }
  return 'order';
}

/** Provision while a wipe is asked: the order, or the record of the phone's acknowledgement. */
export async function provisionWipe(request: PhoneRequest, ask: ProvisionRequest): Promise<AsElement> {
  const wipe = request.device.wipe!;
  const { client, device, now } = request;
  const devices = request.deps.store.activesyncDevices;
  if (ask.kind === 'wiped' && ask.status === 1) {
    const recorded = await devices.acknowledgeWipe(client.accountId, client.uuid, wipe.requested, now);
    request.log.warn({ client: client.uuid, deviceId: device.deviceId, scope: ask.scope, recorded }, 'ActiveSync phone acknowledges the remote wipe');
    return provisionResponse(PROVISION_STATUS.OK);
  }
  await devices.wipeSent(client.accountId, client.uuid, wipe.requested, now);
  if (ask.kind === 'wiped') {
    request.log.warn({ client: client.uuid, deviceId: device.deviceId, status: ask.status }, 'ActiveSync phone reports its remote wipe failed: it is ordered again');
    return provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR, undefined, { wipe: wipe.scope });
  }
  return provisionResponse(PROVISION_STATUS.OK, undefined, { wipe: wipe.scope });
}

/**
 * Remote wipe (MS-ASPROV §3.1.5.1.2.2, §3.2.5.1.2) as it binds the credentials of an ActiveSync
 * client, which are one phone's: who is told of a wipe, and what a request of another DeviceId
 * does to the device the client records.
 *
 * A wipe is in force from the owner's ask until the owner cancels it; the phone's acknowledgement
 * ends the telling (it is refused from then on), not the wipe. While it is in force, whatever
 * device presents the client's credentials is told of it and given the order — the lost phone, or
 * another DeviceId: a thief who set the phone's password up on another device is exactly whom the
 * wipe is for, and the server cannot tell a different device from the lost phone under a new
 * DeviceId (an Android mail app makes a new one each time the account is added again), so refusing
 * it instead could leave the data on the very phone the wipe is for. Such a device does not take
 * the record's place: the record stays the lost phone's, with the wipe, its progress and its state,
 * and only the lost phone's own acknowledgement is recorded as the wipe's.
 */
import { ACCOUNT_ONLY_WIPE_SINCE, type WipeScope } from '../commands/provision.js';

/** The wipe a device record holds, as far as these rules need it. */
export interface WipeInForce {
  readonly scope: WipeScope;
  /** The phone acknowledged it (MS-ASPROV Status 1): it is refused from then on. */
  readonly acknowledged: boolean;
}

/** A phone of this version can be given an account-only wipe (AccountOnlyRemoteWipe, 16.1). */
export const speaksAccountOnlyWipe = (protocolVersion: string): boolean => Number(protocolVersion) >= Number(ACCOUNT_ONLY_WIPE_SINCE);

/**
 * What a request's DeviceId does to the device the client records:
 * - `same`: it is that device;
 * - `replaces`: another device, no wipe in force: it replaces the recorded one (a reset or new
 *   phone), whose state is dropped;
 * - `held`: another device while a wipe is in force: the record stays as it is, and the request is
 *   answered as the wipe says (wipeVerdict).
 */
export type DeviceArrival = 'same' | 'replaces' | 'held';

export function deviceArrival(recorded: { readonly deviceId: string; readonly wipe: WipeInForce | null }, deviceId: string): DeviceArrival {
  if (recorded.deviceId === deviceId) return 'same';
  return recorded.wipe === null ? 'replaces' : 'held';
}

/**
 * What a wipe in force means for one request, of the lost phone or another device:
 * - `none`: no wipe, the request goes on;
 * - `order`: Provision gets the order, any other command "provision first" (449, Status 140);
 * - `refuse-acknowledged`: the wipe was acknowledged: every command but Provision is refused
 *   (Provision still gets the order, so a wiped phone that comes back is wiped again);
 * - `refuse-scope`: an account-only wipe, and the phone speaks a version before 16.1, which has
 *   no such order: a whole-device wipe is more than was asked, so it is refused instead.
 */
export type WipeVerdict = 'none' | 'order' | 'refuse-acknowledged' | 'refuse-scope';

export function wipeVerdict(wipe: WipeInForce | null, request: { readonly protocolVersion: string; readonly command: string }): WipeVerdict {
  if (wipe === null) return 'none';
  if (wipe.scope === 'account' && !speaksAccountOnlyWipe(request.protocolVersion)) return 'refuse-scope';
  if (wipe.acknowledged && request.command !== 'Provision') return 'refuse-acknowledged';
  return 'order';
}

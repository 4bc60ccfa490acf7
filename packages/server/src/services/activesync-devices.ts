/**
 * The device record of an ActiveSync client as the API shows it (the entry's `device`, response
 * only), and the remote wipe the owner asks through the API. The endpoint records what happened
 * to the phone (activesync/: first and last contact, no binding, items loop protection isolated,
 * a replacement, the wipe's progress); this module only reads it and writes the owner's asks.
 * What the phone reported is shown through `writable`: nothing a phone stored can keep the entry,
 * the list, a wipe's or a password change's answer from being written.
 */
import type { ActivesyncDevice, WipeScope } from '@atomsync/atom';
import { ACCOUNT_ONLY_WIPE_SINCE, speaksAccountOnlyWipe } from '@atomsync/activesync';
import { ServiceError } from '../errors.js';
import { writable } from '../http/safe-text.js';
import type { ActivesyncDeviceRecord, ActivesyncIsolatedItem } from '@atomsync/store';
import type { Store } from '@atomsync/store';

/** The DeviceInformation fields (MS-ASCMD Settings) the record shows, by the element each becomes. */
const REPORTED = { model: 'Model', os: 'OS', friendlyName: 'FriendlyName', userAgent: 'UserAgent' } as const;

function reported(information: string | null): Partial<Record<keyof typeof REPORTED, string>> {
  if (information === null) return {};
  let fields: unknown;
  try {
    fields = JSON.parse(information);
  } catch {
    // The endpoint wrote it; an unreadable one shows nothing rather than failing the client's GET.
    return {};
  }
  if (typeof fields !== 'object' || fields === null) return {};
  const shown: Partial<Record<keyof typeof REPORTED, string>> = {};
  for (const [key, tag] of Object.entries(REPORTED) as [keyof typeof REPORTED, string][]) {
    const value = (fields as Record<string, unknown>)[tag];
    // Cleaned where the phone sends it (readDeviceInformation); a record written before that may
    // still hold a character XML cannot carry, and the entry must still be written.
    if (typeof value === 'string' && value !== '') shown[key] = writable(value);
  }
  return shown;
}

/** Folder names by ServerId, from the folders the phone was given (the endpoint's JSON). */
function folderNames(folders: string): Map<string, string> {
  const names = new Map<string, string>();
  try {
    const given: unknown = JSON.parse(folders);
    if (Array.isArray(given)) {
      for (const f of given) {
        if (typeof f === 'object' && f !== null && typeof f.serverId === 'string' && typeof f.displayName === 'string') names.set(f.serverId, f.displayName);
      }
    }
  } catch {
    // As above: the names are left out.
  }
  return names;
}

/** The record as the entry shows it. */
export function deviceView(device: ActivesyncDeviceRecord, isolated: readonly ActivesyncIsolatedItem[] = []): ActivesyncDevice {
  const fromPhone = reported(device.information);
  const names = isolated.length > 0 ? folderNames(device.folders) : new Map<string, string>();
  const userAgent = device.userAgent !== '' ? writable(device.userAgent) : fromPhone.userAgent;
  return {
    id: device.deviceId,
    type: device.deviceType,
    protocolVersion: device.protocolVersion,
    firstContact: device.created,
    lastContact: device.lastSeen,
    ...(userAgent === undefined ? {} : { userAgent }),
    ...(fromPhone.model === undefined ? {} : { model: fromPhone.model }),
    ...(fromPhone.os === undefined ? {} : { os: fromPhone.os }),
    ...(fromPhone.friendlyName === undefined ? {} : { friendlyName: fromPhone.friendlyName }),
    ...(device.unboundSince === null ? {} : { unbound: { since: device.unboundSince } }),
    ...(isolated.length === 0
      ? {}
      : {
          isolatedItems: isolated.map((i) => {
            const folder = names.get(i.collectionId);
            return { collection: i.collectionId, ...(folder === undefined ? {} : { folder }), serverId: i.serverId, op: i.op, binding: i.bindingId, since: i.since };
          }),
        }),
    ...(device.replaced === null ? {} : { replaced: { deviceId: device.replaced.deviceId, at: device.replaced.at } }),
    ...(device.wipe === null
      ? {}
      : {
          wipe: {
            scope: device.wipe.scope,
            requested: device.wipe.requested,
            ...(device.wipe.sent === null ? {} : { sent: device.wipe.sent }),
            ...(device.wipe.acknowledged === null ? {} : { acknowledged: device.wipe.acknowledged }),
          },
        }),
  };
}

/** The device views of an account's clients, by client uuid: two reads whatever the number of clients. */
export async function deviceViews(store: Store, accountId: number): Promise<Map<string, ActivesyncDevice>> {
  const [devices, isolated] = await Promise.all([store.activesyncDevices.devices(accountId), store.activesyncDevices.isolated(accountId)]);
  return new Map(devices.map((d) => [d.clientUuid, deviceView(d, isolated.get(d.clientUuid))]));
}

/** The device view of one client, or undefined before its phone signed in. */
export async function deviceViewOf(store: Store, accountId: number, clientUuid: string): Promise<ActivesyncDevice | undefined> {
  const device = await store.activesyncDevices.device(accountId, clientUuid);
  if (device === undefined) return undefined;
  return viewOfRecord(store, device);
}

/** The view of a device record a write returned: what was stored, not a later read. */
export async function viewOfRecord(store: Store, device: ActivesyncDeviceRecord): Promise<ActivesyncDevice> {
  const isolated = await store.activesyncDevices.isolated(device.accountId, device.clientUuid);
  return deviceView(device, isolated.get(device.clientUuid));
}

/**
 * POST .../wipe: recorded on the device, which the endpoint reads at the phone's next request on
 * any instance. Refused (409, nothing recorded) when no phone signed in yet — there is nothing to
 * wipe, and a wipe waiting for a phone that has never synced would wipe whatever phone is set up
 * next, the owner's new one most likely — and for an account-only wipe of a phone before 16.1,
 * which has no such order (a whole-device wipe is not what was asked).
 */
export async function requestWipe(store: Store, accountId: number, clientUuid: string, scope: WipeScope, now: Date): Promise<ActivesyncDeviceRecord> {
  const device = await store.activesyncDevices.device(accountId, clientUuid);
  if (device === undefined) throw new ServiceError(409, 'conflict', 'no phone has signed in as this ActiveSync client yet: there is no device to wipe');
  if (scope === 'account' && !speaksAccountOnlyWipe(device.protocolVersion)) {
    throw new ServiceError(
      409,
      'conflict',
      `an account-only wipe needs ActiveSync ${ACCOUNT_ONLY_WIPE_SINCE}; this phone speaks ${device.protocolVersion}: ask scope "device" to wipe the whole phone`,
    );
  }
  const updated = await store.activesyncDevices.requestWipe(accountId, clientUuid, scope, now);
  // The client was deleted in between: as for a missing one.
  if (updated === undefined) throw new ServiceError(409, 'conflict', 'no phone has signed in as this ActiveSync client yet: there is no device to wipe');
  return updated;
}

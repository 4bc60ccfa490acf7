/**
 * How long a request may be held (push): a hanging Sync's Wait or HeartbeatInterval, and a Ping's
 * heartbeat and folders, against the server's bounds (those of Ping, MS-ASCMD's are 60 and 3540
 * seconds). A Ping takes what it lacks from the device's last one (§2.2.1.13: iOS sends empty
 * Pings); the bounds decide the status that refuses it.
 */
import type { PingFolder, PingRequest } from '../commands/ping.js';
import type { AsElement } from '../tree.js';
import { pingResponse } from '../commands/ping.js';
import { PING_STATUS, SYNC_STATUS } from './status.js';

/** The server's bounds on held requests: the heartbeat in seconds and the folders a Ping watches. */
export interface HoldBounds {
  readonly minHeartbeat: number;
  readonly maxHeartbeat: number;
  readonly maxFolders: number;
}

/**
 * How long a Sync may be held: Wait is minutes (1–59, §2.2.3.198), HeartbeatInterval seconds
 * (§2.2.3.79), both within the bounds; out of range is Status 14 with the Limit the server takes
 * (§2.2.3.97), both at once Status 4. `{}`: not held.
 */
export function syncHold(sync: { readonly wait?: number; readonly heartbeatInterval?: number }, bounds: Pick<HoldBounds, 'minHeartbeat' | 'maxHeartbeat'>): { readonly seconds?: number } | { readonly status: number; readonly limit?: number } {
  const { minHeartbeat, maxHeartbeat } = bounds;
  if (sync.wait !== undefined && sync.heartbeatInterval !== undefined) return { status: SYNC_STATUS.PROTOCOL_ERROR };
  if (sync.wait !== undefined) {
    const min = Math.max(1, Math.ceil(minHeartbeat / 60));
    const max = Math.min(59, Math.floor(maxHeartbeat / 60));
    if (sync.wait < min) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: min };
    if (sync.wait > max) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: max };
    return { seconds: sync.wait * 60 };
  }
  if (sync.heartbeatInterval !== undefined) {
    if (sync.heartbeatInterval < minHeartbeat) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: minHeartbeat };
    if (sync.heartbeatInterval > maxHeartbeat) return { status: SYNC_STATUS.INVALID_WAIT_OR_HEARTBEAT, limit: maxHeartbeat };
    return { seconds: sync.heartbeatInterval };
  }
  return {};
}

/** The Ping to hold: its folders and heartbeat. */
export interface HeldPing {
  readonly folders: readonly PingFolder[];
  readonly heartbeatInterval: number;
}

/**
 * A Ping completed from the device's last one and checked against the bounds: `hold` (with
 * `cache`, the text to keep on the device when it differs from `stored`), or `refuse`, the
 * response that answers it (Status 3, 5 with the bound, 6 with the most folders).
 */
export function planPing(sent: PingRequest, stored: string | null | undefined, bounds: HoldBounds): { readonly hold: HeldPing; readonly cache?: string } | { readonly refuse: AsElement } {
  const cached = readCachedPing(stored);
  const folders = sent.folders !== undefined && sent.folders.length > 0 ? sent.folders : cached?.folders;
  const heartbeat = sent.heartbeatInterval ?? cached?.heartbeatInterval;
  if (folders === undefined || folders.length === 0 || heartbeat === undefined) return { refuse: pingResponse({ status: PING_STATUS.MISSING_PARAMETERS }) };
  if (heartbeat < bounds.minHeartbeat) return { refuse: pingResponse({ status: PING_STATUS.HEARTBEAT_OUT_OF_RANGE, heartbeatInterval: bounds.minHeartbeat }) };
  if (heartbeat > bounds.maxHeartbeat) return { refuse: pingResponse({ status: PING_STATUS.HEARTBEAT_OUT_OF_RANGE, heartbeatInterval: bounds.maxHeartbeat }) };
  if (folders.length > bounds.maxFolders) return { refuse: pingResponse({ status: PING_STATUS.TOO_MANY_FOLDERS, maxFolders: bounds.maxFolders }) };
  const hold = { folders, heartbeatInterval: heartbeat };
  // The Ping we take is the one the next empty Ping repeats; written only when it differs (a phone
  // that sends the same full Ping every time costs no write per Ping).
  const written = JSON.stringify(hold);
  return written === stored ? { hold } : { hold, cache: written };
}

/** The device's last Ping, or undefined for none or one not of the shape we write. */
function readCachedPing(json: string | null | undefined): HeldPing | undefined {
  if (json === null || json === undefined) return undefined;
  try {
    const v = JSON.parse(json) as { folders?: unknown; heartbeatInterval?: unknown };
    const folders = Array.isArray(v.folders) ? (v.folders as PingFolder[]).filter((f) => typeof f === 'object' && f !== null && typeof f.id === 'string') : [];
    if (folders.length === 0 || !Number.isSafeInteger(v.heartbeatInterval)) return undefined;
    return { folders, heartbeatInterval: v.heartbeatInterval as number };
  } catch {
    return undefined;
  }
}

/** A held Ping's outcome (§2.2.3.177.10): folders with something for the phone (Status 2), or none when the heartbeat ended (Status 1). */
export function pingOutcome(changed: readonly string[]): AsElement {
  return changed.length > 0 ? pingResponse({ status: PING_STATUS.CHANGES, changed }) : pingResponse({ status: PING_STATUS.EXPIRED });
}

/** A Ping of a folder the phone was not given, or never synced: it runs FolderSync (and Sync) first (Status 7). */
export const pingNeedsFolderSync = (): AsElement => pingResponse({ status: PING_STATUS.FOLDER_SYNC_REQUIRED });

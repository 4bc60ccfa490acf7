/**
 * Alert codes (SyncML DS Protocol, "Alert Codes"): the sync a client asks for (200–205), the same
 * sync asked for by the server through a notification (206–210), and the codes that steer a
 * session rather than start a sync (222 next message, 224 suspend, 225 resume).
 */
import type { SyncMode } from '@atomsync/atom';

/** A sync mode as its alert code names it: two-way, slow, one-way and refresh from either side (the API's SyncMode). */
export type SyncModeCode = SyncMode;

export const AlertCode = {
  TWO_WAY: 200,
  SLOW_SYNC: 201,
  ONE_WAY_FROM_CLIENT: 202,
  REFRESH_FROM_CLIENT: 203,
  ONE_WAY_FROM_SERVER: 204,
  REFRESH_FROM_SERVER: 205,
  TWO_WAY_BY_SERVER: 206,
  ONE_WAY_FROM_CLIENT_BY_SERVER: 207,
  REFRESH_FROM_CLIENT_BY_SERVER: 208,
  ONE_WAY_FROM_SERVER_BY_SERVER: 209,
  REFRESH_FROM_SERVER_BY_SERVER: 210,
  /** "Go on": the sender has more of its package (or wants more of ours). */
  NEXT_MESSAGE: 222,
  SUSPEND: 224,
  RESUME: 225,
} as const;

export type AlertCode = (typeof AlertCode)[keyof typeof AlertCode];

/** What an Alert asks for. */
export type AlertRequest =
  /** A sync of a datastore in `mode`; `byServer` when it answers a server's notification (206–210). */
  | { readonly kind: 'sync'; readonly mode: SyncModeCode; readonly byServer: boolean }
  | { readonly kind: 'next-message' }
  | { readonly kind: 'suspend' }
  | { readonly kind: 'resume' };

const SYNCS: Readonly<Record<number, AlertRequest>> = {
  200: { kind: 'sync', mode: 200, byServer: false },
  201: { kind: 'sync', mode: 201, byServer: false },
  202: { kind: 'sync', mode: 202, byServer: false },
  203: { kind: 'sync', mode: 203, byServer: false },
  204: { kind: 'sync', mode: 204, byServer: false },
  205: { kind: 'sync', mode: 205, byServer: false },
  206: { kind: 'sync', mode: 200, byServer: true },
  207: { kind: 'sync', mode: 202, byServer: true },
  208: { kind: 'sync', mode: 203, byServer: true },
  209: { kind: 'sync', mode: 204, byServer: true },
  210: { kind: 'sync', mode: 205, byServer: true },
  222: { kind: 'next-message' },
  224: { kind: 'suspend' },
  225: { kind: 'resume' },
};

/** What an alert code asks for; undefined for a code this table does not know (answer it 406). */
export function alertRequest(code: number | undefined): AlertRequest | undefined {
  return code === undefined || !Object.hasOwn(SYNCS, code) ? undefined : SYNCS[code];
}

/**
 * The modes that carry only the changes since the Last anchor: they need the anchors of both
 * sides in step, else the sync runs as a slow sync (201) and its Alert is answered 508.
 */
export const INCREMENTAL_MODES: ReadonlySet<SyncModeCode> = new Set<SyncModeCode>([200, 202, 204]);

/** The anchors an Alert is checked against: the phone's Last, and what the server kept of each side's last sync. */
export interface AnchorsSeen {
  /** The Last anchor of the phone's Alert (undefined when it sent none). */
  readonly phoneLast: string | undefined;
  /** The phone side's anchor kept at the end of its last sync (its Next then); null before any. */
  readonly kept: string | null;
  /** The other side's anchor of the binding; null before any sync. */
  readonly peer: string | null;
}

/**
 * The mode a sync alerted in `mode` runs in (DS Protocol, "Slow Sync" and the Alert's Status 508):
 * an incremental mode only when both sides synced before and the phone's Last is the anchor kept
 * for it; otherwise a slow sync (201). Slow and refresh modes run as asked.
 */
export function performedMode(mode: SyncModeCode, anchors: AnchorsSeen): SyncModeCode {
  const inStep = anchors.kept !== null && anchors.peer !== null && anchors.phoneLast !== undefined && anchors.kept === anchors.phoneLast;
  return INCREMENTAL_MODES.has(mode) && !inStep ? AlertCode.SLOW_SYNC : mode;
}

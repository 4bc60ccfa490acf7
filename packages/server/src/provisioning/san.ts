/**
 * The SyncML DS 1.2 Server Alerted Notification, "package #0" (OMA-TS-DS_Protocol-V1_2 §12 and
 * OMA-TS-DS_DataSyncRep / SyncML Notification Initiated Session), as pushed to a phone to ask it
 * to start a sync. Bit layout, most significant bit first:
 *
 *   digest                128 bits  MD5, see below
 *   trigger header:
 *     version              10 bits  12 (1.2)
 *     ui-mode               2 bits  0 not specified, 1 background, 2 informative, 3 user interaction
 *     initiator             1 bit   1 = server
 *     future use           27 bits  0
 *     session id           16 bits
 *     server-identifier length 8 bits, then the server identifier (UTF-8)
 *   trigger body:
 *     num-syncs             4 bits, future use 4 bits
 *     per sync: sync type 4 bits (the SAN code minus 200: 206 two-way … 210 refresh from server),
 *               future use 4 bits, content type 24 bits (WSP well-known code, 0 = unspecified),
 *               server URI length 8 bits, then the server URI
 *   vendor-specific: nothing
 *
 * digest = H(B64(H(server-identifier:password)) ":" nonce ":" B64(H(trigger))), H = MD5, where
 * trigger is everything after the digest. Ours:
 * - the header's server identifier is SERVER_ID ('atomsync'), the PROVIDER-ID the setup
 *   document gave the phone (oma-cp.ts);
 * - the credential half `B64(H(id:password))` is the account's SyncML digest
 *   B64(MD5(username:password)) (account.syncmlDigest): the setup provisions only the account's
 *   own credentials (APPAUTH APPSRV), so those are what a phone can check the notification with,
 *   and the server never holds a password in the clear to compute any other;
 * - the nonce is the one the phone last sent us in a Chal; until the SyncML endpoint records one
 *   it is empty ('').
 */
import { createHash } from 'node:crypto';
import type { SyncMode } from '@atomsync/atom';

export const SAN_MEDIA_TYPE = 'application/vnd.syncml.notification';

/** WSP well-known content type codes (WAP-230-WSP Table 40) of what the datastores exchange. */
export const SAN_CONTENT_TYPES: Readonly<Record<string, number>> = {
  'text/plain': 0x03,
  'text/x-vcalendar': 0x06,
  'text/x-vcard': 0x07,
};

export type UiMode = 0 | 1 | 2 | 3;

export interface SanSync {
  /** SAN sync type 206–210. */
  readonly syncType: 206 | 207 | 208 | 209 | 210;
  /** WSP content type code (SAN_CONTENT_TYPES), 0 when unspecified. */
  readonly contentType: number;
  /** The server datastore URI (`contacts`, …). */
  readonly serverUri: string;
}

export interface SanOptions {
  readonly serverId: string;
  /** B64(MD5(user:password)). */
  readonly credential: string;
  readonly nonce: string;
  readonly sessionId: number;
  readonly uiMode?: UiMode;
  readonly syncs: readonly SanSync[];
}

/**
 * The SAN sync type for a sync mode (guide/protocol.md#sync-modes): two-way 200 and slow 201 → 206
 * (a SAN cannot ask for a slow sync; the phone falls back to one on its own when anchors
 * disagree), one-way from client 202 → 207, refresh from client 203 → 208, one-way from server
 * 204 → 209, refresh from server 205 → 210.
 */
export function sanSyncType(mode: SyncMode): SanSync['syncType'] {
  const types = { 200: 206, 201: 206, 202: 207, 203: 208, 204: 209, 205: 210 } as const;
  return types[mode];
}

const md5 = (data: Uint8Array | string) => createHash('md5').update(data).digest();

/** The trigger (header + body): the part the digest covers. */
export function encodeSanTrigger(options: Omit<SanOptions, 'credential' | 'nonce'>): Uint8Array {
  const id = Buffer.from(options.serverId, 'utf8');
  if (id.length > 255) throw new RangeError('server identifier longer than 255 bytes');
  if (!Number.isInteger(options.sessionId) || options.sessionId < 0 || options.sessionId > 0xffff) throw new RangeError('session id is 16 bits');
  if (options.syncs.length > 15) throw new RangeError('at most 15 syncs fit in a notification');
  const ui = options.uiMode ?? 0;
  // version(10) ui(2) initiator(1) future(27): 40 bits = 5 bytes.
  const head = [(12 >> 2) & 0xff, ((12 & 0x03) << 6) | (ui << 4) | (1 << 3), 0, 0, 0, options.sessionId >> 8, options.sessionId & 0xff, id.length, ...id];
  const body = [options.syncs.length << 4];
  for (const sync of options.syncs) {
    const uri = Buffer.from(sync.serverUri, 'utf8');
    if (uri.length > 255) throw new RangeError(`server URI longer than 255 bytes: ${sync.serverUri}`);
    if (sync.contentType < 0 || sync.contentType > 0xffffff) throw new RangeError('content type is 24 bits');
    body.push((sync.syncType - 200) << 4, (sync.contentType >> 16) & 0xff, (sync.contentType >> 8) & 0xff, sync.contentType & 0xff, uri.length, ...uri);
  }
  return Uint8Array.from([...head, ...body]);
}

/** digest = MD5(credential ":" nonce ":" B64(MD5(trigger))). */
export function sanDigest(credential: string, nonce: string, trigger: Uint8Array): Buffer {
  return md5(`${credential}:${nonce}:${md5(trigger).toString('base64')}`);
}

/** The whole notification: digest ‖ trigger. */
export function encodeSan(options: SanOptions): Uint8Array {
  const trigger = encodeSanTrigger(options);
  return Uint8Array.from([...sanDigest(options.credential, options.nonce, trigger), ...trigger]);
}

/** B64(MD5(user:password)), the form account.syncmlDigest keeps (sealed). */
export function syncmlCredential(username: string, password: string): string {
  return md5(`${username}:${password}`).toString('base64');
}

/** The server URIs a notification names (for the outbox's titles); [] when it is not one. */
export function sanServerUris(payload: Uint8Array): string[] {
  let at = 16 + 7;
  const idLength = payload[at];
  if (idLength === undefined) return [];
  at += 1 + idLength;
  const count = (payload[at] ?? 0) >> 4;
  at += 1;
  const uris: string[] = [];
  for (let k = 0; k < count && at + 5 <= payload.length; k++) {
    const length = payload[at + 4]!;
    uris.push(Buffer.from(payload.subarray(at + 5, at + 5 + length)).toString('utf8'));
    at += 5 + length;
  }
  return uris;
}

/**
 * "Provision first" (MS-ASPROV §3.1.5.1, MS-ASCMD §2.2.2 common status codes): every
 * command but Provision needs the policy key the phone acknowledged (X-MS-PolicyKey, or the base64
 * form's field). Without it — or while a remote wipe is to be told — a phone of 2.5/12.x gets
 * HTTP 449, one of 14.0+ the command's own element with Status 142 (or 140 for a wipe) — and
 * provisions first.
 */
import type { AsCommand } from '../protocol.js';
import { el, type AsElement } from '../tree.js';
import { COMMON_STATUS } from './status.js';

/** Does this request need the phone to provision first? `recorded`: the key the device acknowledged (null for none). */
export function needsProvisioning(request: { readonly command: AsCommand; readonly policyKey?: string | undefined }, recorded: string | null): boolean {
  if (request.command === 'Provision') return false;
  return recorded === null || request.policyKey !== recorded;
}

/** The root element of each command's response, and its Status, where 14.0+ puts the common status. */
const ROOTS: Partial<Record<AsCommand, readonly [`${string}:${string}`, `${string}:${string}`]>> = {
  Sync: ['AirSync:Sync', 'AirSync:Status'],
  FolderSync: ['FolderHierarchy:FolderSync', 'FolderHierarchy:Status'],
  GetItemEstimate: ['GetItemEstimate:GetItemEstimate', 'GetItemEstimate:Status'],
  Settings: ['Settings:Settings', 'Settings:Status'],
  Ping: ['Ping:Ping', 'Ping:Status'],
  ItemOperations: ['ItemOperations:ItemOperations', 'ItemOperations:Status'],
};

/** The answer sending the phone to Provision: HTTP 449, or (14.0+, a command with a Status) its element with 140 (a wipe asked) or 142. */
export function provisionFirst(request: { readonly command: AsCommand; readonly protocolVersion: string }, wipe: boolean): { readonly http: 449 } | { readonly element: AsElement } {
  const root = Number(request.protocolVersion) >= 14 ? ROOTS[request.command] : undefined;
  if (root === undefined) return { http: 449 };
  const status = wipe ? COMMON_STATUS.REMOTE_WIPE_REQUESTED : COMMON_STATUS.DEVICE_NOT_PROVISIONED;
  return { element: el(root[0] as never, [el(root[1] as never, String(status))]) };
}

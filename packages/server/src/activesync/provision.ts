/**
 * Provision, and the rule it serves: every command but Provision needs the policy key the phone
 * acknowledged (X-MS-PolicyKey, or the base64 form's field). Without it a phone of 2.5/12.x gets
 * HTTP 449, of 14.0+ Status 142 in the command's own element — and provisions first. Our policy
 * asks nothing of the device (@atomsync/activesync rules/policy.ts). While a remote wipe is asked,
 * Provision is wipe.ts's.
 */
import { randomInt } from 'node:crypto';
import {
  COMMON_STATUS,
  el,
  POLICY_STATUS,
  policyData,
  policyTypeFor,
  PROVISION_STATUS,
  provisionResponse,
  readProvisionRequest,
  type AsCommand,
  type AsElement,
} from '@atomsync/activesync';
import type { PhoneRequest } from './context.js';
import { provisionWipe, wipeGate } from './wipe.js';

/** A policy key: an unsigned 32-bit number, never 0 (0 is "none"). */
const newPolicyKey = (): string => String(randomInt(1, 2 ** 32 - 1));

/** Does this request need the phone to provision first? */
export function needsProvisioning(request: Pick<PhoneRequest, 'device' | 'line'>): boolean {
  if (request.line.command === 'Provision') return false;
  return request.device.policyKey === null || request.line.policyKey !== request.device.policyKey;
}

/** The root element of each command's response, where 14.0+ puts Status 142. */
const ROOTS: Partial<Record<AsCommand, `${string}:${string}`>> = {
  Sync: 'AirSync:Sync',
  FolderSync: 'FolderHierarchy:FolderSync',
  GetItemEstimate: 'GetItemEstimate:GetItemEstimate',
  Settings: 'Settings:Settings',
  Ping: 'Ping:Ping',
  ItemOperations: 'ItemOperations:ItemOperations',
};
const STATUS_OF: Record<string, `${string}:${string}`> = {
  'AirSync:Sync': 'AirSync:Status',
  'FolderHierarchy:FolderSync': 'FolderHierarchy:Status',
  'GetItemEstimate:GetItemEstimate': 'GetItemEstimate:Status',
  'Settings:Settings': 'Settings:Status',
  'Ping:Ping': 'Ping:Status',
  'ItemOperations:ItemOperations': 'ItemOperations:Status',
};

/** 14.0+: the command's element with Status 142 (or the status given); undefined where a command has none (the caller answers 449). */
export function notProvisioned(command: AsCommand, status: number = COMMON_STATUS.DEVICE_NOT_PROVISIONED): AsElement | undefined {
  const root = ROOTS[command];
  if (root === undefined) return undefined;
  return el(root as never, [el(STATUS_OF[root] as never, String(status))]);
}

export async function provisionCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  if (body === null) return provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR);
  const ask = readProvisionRequest(body);
  if (wipeGate(request) === 'order') return provisionWipe(request, ask);
  const { client, device, line } = request;
  const devices = request.deps.store.activesyncDevices;
  switch (ask.kind) {
    case 'wiped':
      request.log.warn({ client: client.uuid, deviceId: device.deviceId, status: ask.status }, 'ActiveSync phone reports a remote wipe no one asked');
      return provisionResponse(PROVISION_STATUS.OK);
    case 'empty':
      // What a phone sends after a wipe status; there is no wipe (cancelled meanwhile): nothing to answer it.
      return provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR);
    case 'ask': {
      const expected = policyTypeFor(line.protocolVersion);
      if (ask.policyType !== expected) return provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.UNKNOWN_POLICY_TYPE });
      const pending = newPolicyKey();
      // Asking again (a policy refresh) voids the key held so far.
      await devices.update(client.accountId, client.uuid, {
        pendingPolicyKey: pending,
        policyKey: null,
        ...(ask.deviceInformation === undefined ? {} : { information: JSON.stringify(ask.deviceInformation) }),
      });
      return provisionResponse(
        PROVISION_STATUS.OK,
        { policyType: expected, status: POLICY_STATUS.OK, policyKey: pending, data: policyData(expected, line.protocolVersion) },
        ask.deviceInformation === undefined ? {} : { deviceInformationStatus: 1 },
      );
    }
    case 'acknowledge': {
      if (device.pendingPolicyKey === null || ask.policyKey !== device.pendingPolicyKey) {
        return provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.WRONG_POLICY_KEY });
      }
      // The temporary key stays until the next phase 1: a repeated acknowledgement (our answer
      // was lost) gets the key it was given.
      if (device.policyKey !== null) {
        return provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.OK, policyKey: device.policyKey });
      }
      const key = newPolicyKey();
      await devices.update(client.accountId, client.uuid, { policyKey: key });
      return provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.OK, policyKey: key });
    }
  }
}

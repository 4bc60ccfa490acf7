/**
 * Provision: the policy key a phone acknowledges, which every other command needs (the rule, and
 * 449 or Status 142 without it, is @atomsync/activesync's rules/provisioning.ts). Our policy
 * asks nothing of the device (@atomsync/activesync rules/policy.ts). While a remote wipe is asked,
 * Provision is wipe.ts's.
 */
import { randomInt } from 'node:crypto';
import {
  POLICY_STATUS,
  policyData,
  policyTypeFor,
  PROVISION_STATUS,
  provisionResponse,
  readProvisionRequest,
  type AsElement,
} from '@atomsync/activesync';
import type { PhoneRequest } from './context.js';
import { provisionWipe, wipeGate } from './wipe.js';

/** A policy key: an unsigned 32-bit number, never 0 (0 is "none"). */
const newPolicyKey = (): string => String(randomInt(1, 2 ** 32 - 1));

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

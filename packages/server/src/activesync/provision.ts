/**
 * Provision: the policy key a phone acknowledges, which every other command needs (the rule, and
 * 449 or Status 142 without it, is @atomsync/activesync's rules/provisioning.ts). Our policy
 * asks nothing of the device (@atomsync/activesync rules/policy.ts). While a remote wipe is asked,
 * Provision is wipe.ts's.
 */
import { randomInt } from 'node:crypto';
import { provisionStep, provisionWithoutBody, readProvisionRequest, type AsElement } from '@atomsync/activesync';
import type { PhoneRequest } from './context.js';
import { logFaults } from './sync/writes.js';
import { provisionWipe, wipeGate } from './wipe.js';

/** A policy key: an unsigned 32-bit number, never 0 (0 is "none"). */
const newPolicyKey = (): string => String(randomInt(1, 2 ** 32 - 1));

/** provisionStep (@atomsync/activesync rules/provision-step.ts) answers; the keys it hands out are recorded here. */
export async function provisionCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  if (body === null) return provisionWithoutBody();
  const ask = readProvisionRequest(body);
  if (wipeGate(request) === 'order') return provisionWipe(request, ask);
  const { client, device, line } = request;
  const step = provisionStep(ask, device, line.protocolVersion, newPolicyKey);
  logFaults(request, step.faults.map((f) => ({ ...f, detail: { client: client.uuid, deviceId: device.deviceId, ...f.detail } })));
  if (step.write !== undefined) {
    const { information, ...keys } = step.write;
    await request.deps.store.activesyncDevices.update(client.accountId, client.uuid, { ...keys, ...(information === undefined ? {} : { information: JSON.stringify(information) }) });
  }
  return step.reply;
}

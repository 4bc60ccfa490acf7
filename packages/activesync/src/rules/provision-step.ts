/**
 * Provision (MS-ASPROV §3.2.5.1) as pure steps. The policy exchange: phase 1 (ask) hands out a
 * temporary key with our policy (an unknown policy type: policy Status 3), phase 2 (acknowledge)
 * turns the temporary key into the one every other command needs (a key not handed out: policy
 * Status 5); a repeated acknowledgement (our answer was lost) gets the key it was given. While a
 * remote wipe is in force, Provision is the wipe's (wipe.ts): the order, or the phone's
 * acknowledgement recorded — only the recorded device's.
 */
import { policyData, policyTypeFor, provisionResponse, type ProvisionRequest, type WipeScope } from '../commands/provision.js';
import type { AsElement } from '../tree.js';
import { POLICY_STATUS, PROVISION_STATUS } from './status.js';
import type { Fault } from '../sync/state.js';

/** A Provision with no body: Status 2. */
export const provisionWithoutBody = (): AsElement => provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR);

/** What the device record holds of the policy keys. */
export interface PolicyKeys {
  /** Handed out in phase 1, not yet acknowledged. */
  readonly pendingPolicyKey: string | null;
  /** Acknowledged: what every other command sends. */
  readonly policyKey: string | null;
}

export interface ProvisionOutcome {
  readonly reply: AsElement;
  /** What the device record is to hold from now (absent: unchanged). */
  readonly write?: { readonly pendingPolicyKey?: string; readonly policyKey?: string | null; readonly information?: Readonly<Record<string, string>> };
  readonly faults: readonly Fault[];
}

/** Provision with no wipe in force. `newPolicyKey`: a fresh key (random, never 0). */
export function provisionStep(ask: ProvisionRequest, keys: PolicyKeys, version: string, newPolicyKey: () => string): ProvisionOutcome {
  switch (ask.kind) {
    case 'wiped':
      return { reply: provisionResponse(PROVISION_STATUS.OK), faults: [{ level: 'warn', message: 'ActiveSync phone reports a remote wipe no one asked', detail: { status: ask.status } }] };
    case 'empty':
      // What a phone sends after a wipe status; there is no wipe (cancelled meanwhile): nothing to answer it.
      return { reply: provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR), faults: [] };
    case 'ask': {
      const expected = policyTypeFor(version);
      if (ask.policyType !== expected) return { reply: provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.UNKNOWN_POLICY_TYPE }), faults: [] };
      const pending = newPolicyKey();
      return {
        reply: provisionResponse(
          PROVISION_STATUS.OK,
          { policyType: expected, status: POLICY_STATUS.OK, policyKey: pending, data: policyData(expected, version) },
          ask.deviceInformation === undefined ? {} : { deviceInformationStatus: 1 },
        ),
        // Asking again (a policy refresh) voids the key held so far.
        write: { pendingPolicyKey: pending, policyKey: null, ...(ask.deviceInformation === undefined ? {} : { information: ask.deviceInformation }) },
        faults: [],
      };
    }
    case 'acknowledge': {
      if (keys.pendingPolicyKey === null || ask.policyKey !== keys.pendingPolicyKey) {
        return { reply: provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.WRONG_POLICY_KEY }), faults: [] };
      }
      // The temporary key stays until the next phase 1: a repeated acknowledgement gets the key it was given.
      if (keys.policyKey !== null) return { reply: provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.OK, policyKey: keys.policyKey }), faults: [] };
      const key = newPolicyKey();
      return { reply: provisionResponse(PROVISION_STATUS.OK, { policyType: ask.policyType, status: POLICY_STATUS.OK, policyKey: key }), write: { policyKey: key }, faults: [] };
    }
  }
}

/**
 * Provision while a wipe is in force (MS-ASPROV §3.1.5.1.2.2): an acknowledgement with Status 1
 * is recorded (`acknowledge`) when it is the recorded device's; anything else gets the order
 * again (Status 2 when the phone reports its wipe failed), and the order's sending is recorded
 * (`sent`) for the recorded device.
 */
export function wipeProvisionStep(ask: ProvisionRequest, scope: WipeScope, recorded: boolean): { readonly reply: AsElement; readonly record?: 'acknowledge' | 'sent'; readonly faults: readonly Fault[] } {
  if (ask.kind === 'wiped' && ask.status === 1) {
    if (!recorded) return { reply: provisionResponse(PROVISION_STATUS.OK), faults: [{ level: 'warn', message: 'ActiveSync: another device with the credentials of a wiped client acknowledges the wipe: not recorded as the lost phone\'s', detail: { scope: ask.scope } }] };
    return { reply: provisionResponse(PROVISION_STATUS.OK), record: 'acknowledge', faults: [] };
  }
  const record = recorded ? { record: 'sent' as const } : {};
  if (ask.kind === 'wiped') {
    return { reply: provisionResponse(PROVISION_STATUS.PROTOCOL_ERROR, undefined, { wipe: scope }), ...record, faults: [{ level: 'warn', message: 'ActiveSync phone reports its remote wipe failed: it is ordered again', detail: { status: ask.status } }] };
  }
  return { reply: provisionResponse(PROVISION_STATUS.OK, undefined, { wipe: scope }), ...record, faults: [] };
}

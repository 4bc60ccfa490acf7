/**
 * The Provision command (MS-ASPROV §3.2.5.1, MS-ASCMD §2.2.1.14): the two-phase policy handshake
 * — the device asks for the policy (and gets a temporary key), then acknowledges it with that key
 * (and gets the final one) — and a remote wipe (MS-ASPROV §3.1.5.1.2.2, §3.2.5.1.2): the server
 * orders it with RemoteWipe, or from 16.1 AccountOnlyRemoteWipe (only the account's data and
 * credentials), and the device acknowledges it with the same element holding its Status.
 */
import type { WipeScope } from '@atomsync/atom';
import { ActiveSyncDecodeError } from '../errors.js';
import { OPEN_POLICY, OPEN_POLICY_XML, POLICY_TYPE_WBXML, POLICY_TYPE_XML } from '../rules/policy.js';
import { child, childText, el, type AsElement } from '../tree.js';
import { readDeviceInformation } from './settings.js';
import { expectRoot, intOf } from './values.js';

export type ProvisionRequest =
  /** Phase 1: the policy is asked for. */
  | { readonly kind: 'ask'; readonly policyType: string; readonly deviceInformation?: Readonly<Record<string, string>> }
  /** Phase 2: the policy is acknowledged, with the key of phase 1 and the device's status (1 applied). */
  | { readonly kind: 'acknowledge'; readonly policyType: string; readonly policyKey: string; readonly status: number }
  /** The device acknowledges a wipe order of that scope: Status 1 it wiped (or is wiping), 2 it failed. */
  | { readonly kind: 'wiped'; readonly scope: WipeScope; readonly status: number }
  /** An empty Provision: what a device sends after a command's status said a wipe was asked (MS-ASPROV §3.1.5.1.1). */
  | { readonly kind: 'empty' };

/** RemoteWipe: the whole device ('device'); AccountOnlyRemoteWipe (16.1): the account's data and credentials only ('account'). The API's type (spec/xsd), not a copy. */
export type { WipeScope };

const WIPE_ELEMENT = { device: 'Provision:RemoteWipe', account: 'Provision:AccountOnlyRemoteWipe' } as const;

/** The first protocol version that knows AccountOnlyRemoteWipe. */
export const ACCOUNT_ONLY_WIPE_SINCE = '16.1';

export function readProvisionRequest(root: AsElement): ProvisionRequest {
  expectRoot(root, 'Provision:Provision');
  for (const scope of ['device', 'account'] as const) {
    const wipe = child(root, WIPE_ELEMENT[scope]);
    if (wipe !== undefined) return { kind: 'wiped', scope, status: intOf(wipe, 'Provision:Status', 0, 255) ?? 1 };
  }
  const policy = child(child(root, 'Provision:Policies') ?? root, 'Provision:Policy');
  if (policy === undefined) {
    if (child(root, 'Provision:Policies') === undefined && child(root, 'Settings:DeviceInformation') === undefined) return { kind: 'empty' };
    throw new ActiveSyncDecodeError('Provision:Provision has no Policies/Policy');
  }
  const policyType = (childText(policy, 'Provision:PolicyType') ?? '').trim();
  const policyKey = childText(policy, 'Provision:PolicyKey')?.trim();
  const information = child(root, 'Settings:DeviceInformation');
  const deviceInformation = information === undefined ? undefined : readDeviceInformation(information);
  if (policyKey === undefined) return { kind: 'ask', policyType, ...(deviceInformation === undefined ? {} : { deviceInformation }) };
  return { kind: 'acknowledge', policyType, policyKey, status: intOf(policy, 'Provision:Status', 0, 255) ?? 1 };
}

/** The policy type a device of this protocol version asks for. */
export function policyTypeFor(version: string): string {
  return version === '2.5' ? POLICY_TYPE_XML : POLICY_TYPE_WBXML;
}

/** Our policy as Provision:Data, in the form of the policy type. */
export function policyData(policyType: string, version: string): AsElement {
  if (policyType === POLICY_TYPE_XML) return el('Provision:Data', OPEN_POLICY_XML);
  const v121 = version !== '12.0';
  const settings = OPEN_POLICY.filter((s) => s.since === '12.0' || v121).map((s) => el(`Provision:${s.name}`, s.value));
  return el('Provision:Data', [el('Provision:EASProvisionDoc', settings)]);
}

export interface ProvisionPolicyAnswer {
  readonly policyType: string;
  readonly status: number;
  readonly policyKey?: string;
  readonly data?: AsElement;
}

/** A Provision response: the command's status, a policy answer, or a remote wipe order (of the scope given). */
export function provisionResponse(status: number, policy?: ProvisionPolicyAnswer, options: { deviceInformationStatus?: number; wipe?: WipeScope } = {}): AsElement {
  const children: AsElement[] = [];
  if (options.deviceInformationStatus !== undefined) {
    children.push(el('Settings:DeviceInformation', [el('Settings:Status', String(options.deviceInformationStatus))]));
  }
  children.push(el('Provision:Status', String(status)));
  if (policy !== undefined) {
    const p: AsElement[] = [el('Provision:PolicyType', policy.policyType), el('Provision:Status', String(policy.status))];
    if (policy.policyKey !== undefined) p.push(el('Provision:PolicyKey', policy.policyKey));
    if (policy.data !== undefined) p.push(policy.data);
    children.push(el('Provision:Policies', [el('Provision:Policy', p)]));
  }
  if (options.wipe !== undefined) children.push(el(WIPE_ELEMENT[options.wipe]));
  return el('Provision:Provision', children);
}

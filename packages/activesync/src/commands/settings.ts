/**
 * The Settings command (MS-ASCMD §2.2.1.18): what a contacts/calendar server answers — the
 * device's DeviceInformation recorded, the user's e-mail addresses given; out-of-office and the
 * device password are mail-server business, answered "protocol error" per setting.
 */
import { child, childrenOf, el, isText, textOf, type AsElement } from '../tree.js';
import { xmlSafeText } from '../rules/text.js';
import { expectRoot } from './values.js';

export interface SettingsRequest {
  /** DeviceInformation/Set as `Model` → value (the tag names of the Settings page). */
  readonly deviceInformation?: Readonly<Record<string, string>>;
  readonly userInformation: boolean;
  readonly oof: boolean;
  readonly devicePassword: boolean;
  readonly rightsManagement: boolean;
}

/**
 * Settings:DeviceInformation/Set (in Settings, and in a 14.1 Provision) as `Model` → value, each
 * value cut at 1,024 characters and each character XML cannot carry replaced by U+FFFD (it is
 * stored and shown through the Atom API: rules/text.ts); undefined when it has no Set.
 */
export function readDeviceInformation(information: AsElement): Record<string, string> | undefined {
  const set = child(information, 'Settings:Set');
  if (set === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (const c of childrenOf(set)) if (isText(c) || c.opaque !== undefined) fields[c.tag] = xmlSafeText(textOf(c).slice(0, 1024));
  return fields;
}

export function readSettingsRequest(root: AsElement): SettingsRequest {
  expectRoot(root, 'Settings:Settings');
  const information = child(root, 'Settings:DeviceInformation');
  const deviceInformation = information === undefined ? undefined : readDeviceInformation(information);
  return {
    ...(deviceInformation === undefined ? {} : { deviceInformation }),
    userInformation: child(root, 'Settings:UserInformation') !== undefined,
    oof: child(root, 'Settings:Oof') !== undefined,
    devicePassword: child(root, 'Settings:DevicePassword') !== undefined,
    rightsManagement: child(root, 'Settings:RightsManagementInformation') !== undefined,
  };
}

export interface SettingsAnswer {
  readonly deviceInformationStatus?: number;
  /** The user's addresses, when UserInformation was asked for. */
  readonly emailAddresses?: readonly string[];
  readonly oofStatus?: number;
  readonly devicePasswordStatus?: number;
  readonly rightsManagementStatus?: number;
}

export function settingsResponse(status: number, answer: SettingsAnswer, version: string): AsElement {
  const children: AsElement[] = [el('Settings:Status', String(status))];
  if (answer.oofStatus !== undefined) children.push(el('Settings:Oof', [el('Settings:Status', String(answer.oofStatus))]));
  if (answer.devicePasswordStatus !== undefined) children.push(el('Settings:DevicePassword', [el('Settings:Status', String(answer.devicePasswordStatus))]));
  if (answer.deviceInformationStatus !== undefined) children.push(el('Settings:DeviceInformation', [el('Settings:Status', String(answer.deviceInformationStatus))]));
  if (answer.emailAddresses !== undefined) {
    const addresses = answer.emailAddresses.map((a) => el('Settings:SMTPAddress', a));
    // 14.1 groups the addresses by account; earlier versions list them under Get.
    const get = ['14.1', '16.0', '16.1'].includes(version)
      ? el('Settings:Get', [el('Settings:Accounts', [el('Settings:Account', [el('Settings:EmailAddresses', addresses)])])])
      : el('Settings:Get', [el('Settings:EmailAddresses', addresses)]);
    children.push(el('Settings:UserInformation', [el('Settings:Status', '1'), get]));
  }
  if (answer.rightsManagementStatus !== undefined) children.push(el('Settings:RightsManagementInformation', [el('Settings:Status', String(answer.rightsManagementStatus))]));
  return el('Settings:Settings', children);
}

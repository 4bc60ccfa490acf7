/**
 * Settings (MS-ASCMD §2.2.1.18) as a pure step: DeviceInformation is taken (the server records it),
 * UserInformation gives the username when it is an e-mail address; out-of-office and rights
 * management belong to a mail server, each answered "protocol error" (2) on its own, the command
 * still succeeding (§2.2.3.177.14).
 */
import { readSettingsRequest, settingsResponse } from '../commands/settings.js';
import type { AsElement } from '../tree.js';
import { SETTINGS_STATUS } from './status.js';

/** The reply, and the DeviceInformation to record when the phone sent one. */
export function settingsStep(body: AsElement | null, username: string, version: string): { readonly reply: AsElement; readonly deviceInformation?: Readonly<Record<string, string>> } {
  if (body === null) return { reply: settingsResponse(SETTINGS_STATUS.PROTOCOL_ERROR, {}, version) };
  const settings = readSettingsRequest(body);
  const reply = settingsResponse(
    SETTINGS_STATUS.OK,
    {
      ...(settings.deviceInformation === undefined ? {} : { deviceInformationStatus: SETTINGS_STATUS.OK }),
      ...(settings.userInformation ? { emailAddresses: username.includes('@') ? [username] : [] } : {}),
      ...(settings.oof ? { oofStatus: SETTINGS_STATUS.PROTOCOL_ERROR } : {}),
      ...(settings.devicePassword ? { devicePasswordStatus: SETTINGS_STATUS.OK } : {}),
      ...(settings.rightsManagement ? { rightsManagementStatus: SETTINGS_STATUS.PROTOCOL_ERROR } : {}),
    },
    version,
  );
  return settings.deviceInformation === undefined ? { reply } : { reply, deviceInformation: settings.deviceInformation };
}

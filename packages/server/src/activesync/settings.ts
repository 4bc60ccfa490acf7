/**
 * Settings: the phone's DeviceInformation is recorded on its device record; UserInformation
 * gives the username when it is an e-mail address. Out-of-office and rights management belong to
 * a mail server: each is answered "protocol error" (2) on its own, the command still succeeds.
 */
import { readSettingsRequest, SETTINGS_STATUS, settingsResponse, type AsElement } from '@atomsync/activesync';
import type { PhoneRequest } from './context.js';

export async function settingsCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const version = request.line.protocolVersion;
  if (body === null) return settingsResponse(SETTINGS_STATUS.PROTOCOL_ERROR, {}, version);
  const settings = readSettingsRequest(body);
  if (settings.deviceInformation !== undefined) {
    await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { information: JSON.stringify(settings.deviceInformation) });
  }
  const { username } = request.client;
  return settingsResponse(
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
}

/**
 * Settings: the phone's DeviceInformation is recorded on its device record; UserInformation
 * gives the username when it is an e-mail address. Out-of-office and rights management belong to
 * a mail server: each is answered "protocol error" (2) on its own, the command still succeeds.
 */
import { settingsStep, type AsElement } from '@atomsync/activesync';
import type { PhoneRequest } from './context.js';

/** settingsStep (@atomsync/activesync) answers; the DeviceInformation it takes is recorded here. */
export async function settingsCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  const step = settingsStep(body, request.client.username, request.line.protocolVersion);
  if (step.deviceInformation !== undefined) {
    await request.deps.store.activesyncDevices.update(request.client.accountId, request.client.uuid, { information: JSON.stringify(step.deviceInformation) });
  }
  return step.reply;
}

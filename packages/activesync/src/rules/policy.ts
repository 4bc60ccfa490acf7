/**
 * The device policy a server hands out in Provision (MS-ASPROV): ours asks nothing of the device —
 * no password, no encryption, nothing disallowed — but it is a policy all the same, because
 * phones that sync with Exchange expect the handshake and the key it ends with.
 */

/** The policy types of MS-ASPROV §2.2.2.42: WBXML for 12.0+, the XML document of 2.5. */
export const POLICY_TYPE_WBXML = 'MS-EAS-Provisioning-WBXML';
export const POLICY_TYPE_XML = 'MS-WAP-Provisioning-XML';

/**
 * EASProvisionDoc's settings, in the order MS-ASPROV §2.2.2.27 lists them; `since` is the first
 * protocol version that knows the element. An empty value is "no limit".
 */
export const OPEN_POLICY: readonly { readonly name: string; readonly value: string; readonly since: '12.0' | '12.1' }[] = [
  { name: 'DevicePasswordEnabled', value: '0', since: '12.0' },
  { name: 'AlphanumericDevicePasswordRequired', value: '0', since: '12.0' },
  { name: 'PasswordRecoveryEnabled', value: '0', since: '12.0' },
  { name: 'RequireStorageCardEncryption', value: '0', since: '12.0' },
  { name: 'AttachmentsEnabled', value: '1', since: '12.0' },
  { name: 'MinDevicePasswordLength', value: '', since: '12.0' },
  { name: 'MaxInactivityTimeDeviceLock', value: '', since: '12.0' },
  { name: 'MaxDevicePasswordFailedAttempts', value: '', since: '12.0' },
  { name: 'MaxAttachmentSize', value: '', since: '12.0' },
  { name: 'AllowSimpleDevicePassword', value: '1', since: '12.0' },
  { name: 'DevicePasswordExpiration', value: '', since: '12.0' },
  { name: 'DevicePasswordHistory', value: '0', since: '12.0' },
  { name: 'AllowStorageCard', value: '1', since: '12.1' },
  { name: 'AllowCamera', value: '1', since: '12.1' },
  { name: 'RequireDeviceEncryption', value: '0', since: '12.1' },
  { name: 'AllowUnsignedApplications', value: '1', since: '12.1' },
  { name: 'AllowUnsignedInstallationPackages', value: '1', since: '12.1' },
  { name: 'MinDevicePasswordComplexCharacters', value: '1', since: '12.1' },
  { name: 'AllowWiFi', value: '1', since: '12.1' },
  { name: 'AllowTextMessaging', value: '1', since: '12.1' },
  { name: 'AllowPOPIMAPEmail', value: '1', since: '12.1' },
  { name: 'AllowBluetooth', value: '2', since: '12.1' },
  { name: 'AllowIrDA', value: '1', since: '12.1' },
  { name: 'RequireManualSyncWhenRoaming', value: '0', since: '12.1' },
  { name: 'AllowDesktopSync', value: '1', since: '12.1' },
  { name: 'MaxCalendarAgeFilter', value: '0', since: '12.1' },
  { name: 'AllowHTMLEmail', value: '1', since: '12.1' },
  { name: 'MaxEmailAgeFilter', value: '0', since: '12.1' },
  { name: 'MaxEmailBodyTruncationSize', value: '-1', since: '12.1' },
  { name: 'MaxEmailHTMLBodyTruncationSize', value: '-1', since: '12.1' },
  { name: 'RequireSignedSMIMEMessages', value: '0', since: '12.1' },
  { name: 'RequireEncryptedSMIMEMessages', value: '0', since: '12.1' },
  { name: 'RequireSignedSMIMEAlgorithm', value: '0', since: '12.1' },
  { name: 'RequireEncryptionSMIMEAlgorithm', value: '0', since: '12.1' },
  { name: 'AllowSMIMEEncryptionAlgorithmNegotiation', value: '2', since: '12.1' },
  { name: 'AllowSMIMESoftCerts', value: '1', since: '12.1' },
  { name: 'AllowBrowser', value: '1', since: '12.1' },
  { name: 'AllowConsumerEmail', value: '1', since: '12.1' },
  { name: 'AllowRemoteDesktop', value: '1', since: '12.1' },
  { name: 'AllowInternetSharing', value: '1', since: '12.1' },
];

/**
 * The 2.5 policy: a wap-provisioningdoc (MS-ASPROV §2.2.2.27.1 of its first revisions) whose
 * SecurityPolicy 4131 = 1 says "no device password" and 4133 = 1 "no hardware encryption".
 */
export const OPEN_POLICY_XML =
  '<wap-provisioningdoc><characteristic type="SecurityPolicy"><parm name="4131" value="1"/><parm name="4133" value="1"/></characteristic></wap-provisioningdoc>';

/**
 * What a server announces and what a request names ([MS-ASHTTP]): the protocol versions, the
 * commands and their codes in the base64 query form, the command parameters of that form, and the
 * media type of a WBXML body. The protocol versions themselves are @atomsync/items'
 * AIRSYNC_VERSIONS / AirSyncVersion, written once there for the item mapping and this package.
 */
import { AIRSYNC_VERSIONS } from '@atomsync/items';

/** The value of the `MS-ASProtocolVersions` header of an OPTIONS response: the versions (@atomsync/items' AIRSYNC_VERSIONS). */
export const AS_PROTOCOL_VERSIONS_HEADER = AIRSYNC_VERSIONS.join(',');

/**
 * The command codes of the base64 query form (MS-ASHTTP §2.2.1.1.1.1.2). Codes 5–8 were the
 * commands of protocol 2.x (GetHierarchy, CreateCollection, DeleteCollection, MoveCollection)
 * that the current table no longer lists; they still name those commands in the plain form.
 */
export const AS_COMMAND_CODES = {
  Sync: 0,
  SendMail: 1,
  SmartForward: 2,
  SmartReply: 3,
  GetAttachment: 4,
  FolderSync: 9,
  FolderCreate: 10,
  FolderDelete: 11,
  FolderUpdate: 12,
  MoveItems: 13,
  GetItemEstimate: 14,
  MeetingResponse: 15,
  Search: 16,
  Settings: 17,
  Ping: 18,
  ItemOperations: 19,
  Provision: 20,
  ResolveRecipients: 21,
  ValidateCert: 22,
  Find: 23,
} as const;

/**
 * Every command a request line may name, in the order of the `MS-ASProtocolCommands` header an
 * Exchange server sends (MS-ASHTTP §2.2.4.1.2.1; its example), Find (16.1) last.
 */
export const AS_PROTOCOL_COMMANDS = [
  'Sync',
  'SendMail',
  'SmartForward',
  'SmartReply',
  'GetAttachment',
  'GetHierarchy',
  'CreateCollection',
  'DeleteCollection',
  'MoveCollection',
  'FolderSync',
  'FolderCreate',
  'FolderDelete',
  'FolderUpdate',
  'MoveItems',
  'GetItemEstimate',
  'MeetingResponse',
  'Search',
  'Settings',
  'Ping',
  'ItemOperations',
  'Provision',
  'ResolveRecipients',
  'ValidateCert',
  'Find',
] as const;
export type AsCommand = (typeof AS_PROTOCOL_COMMANDS)[number];

/** The value of the `MS-ASProtocolCommands` header of an OPTIONS response. */
export const AS_PROTOCOL_COMMANDS_HEADER = AS_PROTOCOL_COMMANDS.join(',');

/**
 * The tags of the command parameters of the base64 query form (MS-ASHTTP §2.2.1.1.1.1.3). The
 * current table lists 0, 1, 3, 4, 6, 7 and 8; 2 (CollectionName) and 5 (ParentId) were protocol
 * 2.x parameters, still read.
 */
export const AS_COMMAND_PARAMETER_TAGS = {
  AttachmentName: 0,
  CollectionId: 1,
  CollectionName: 2,
  ItemId: 3,
  LongId: 4,
  ParentId: 5,
  Occurrence: 6,
  Options: 7,
  User: 8,
} as const;

/** Flags of the Options parameter (base64 form). */
export const AS_OPTIONS_SAVE_IN_SENT = 0x01;
export const AS_OPTIONS_ACCEPT_MULTIPART = 0x02;

/** The media type of a WBXML request or response body. */
export const AS_WBXML_MEDIA_TYPE = 'application/vnd.ms-sync.wbxml';

// The code pages of MS-ASWBXML, loaded from spec/activesync/code-pages.json.
export { CODE_PAGES, CODE_PAGE_NAMES, CODE_PAGE_TABLES, pageNumber, tagByName, tagByToken } from './code-pages.js';
export type { AsCodePage, AsName, AsTag, CodePageName } from './code-pages.js';

// The document model and its helpers.
export { bytesOf, child, childrenOf, childText, el, isContainer, isOpaque, isText, nameOf, requireChild, requireText, textOf } from './tree.js';
export type { AsContainer, AsElement, AsOpaque, AsText } from './tree.js';

// The codec.
export { decodeRequest } from './decode.js';
export { encodeResponse } from './encode.js';
export { MAX_ELEMENT_DEPTH } from './limits.js';
export { ActiveSyncDecodeError, ActiveSyncEncodeError, ActiveSyncRequestLineError } from './errors.js';

// MS-ASHTTP: the request line, and what a server announces.
export { parseRequestLine } from './request-line.js';
export type { AsCommandParams, AsRequestLine, HeadersLike } from './request-line.js';
export {
  AS_COMMAND_CODES,
  AS_COMMAND_PARAMETER_TAGS,
  AS_OPTIONS_ACCEPT_MULTIPART,
  AS_OPTIONS_SAVE_IN_SENT,
  AS_PROTOCOL_COMMANDS,
  AS_PROTOCOL_COMMANDS_HEADER,
  AS_PROTOCOL_VERSIONS,
  AS_PROTOCOL_VERSIONS_HEADER,
  AS_WBXML_MEDIA_TYPE,
} from './protocol.js';
export type { AsCommand, AsProtocolVersion } from './protocol.js';

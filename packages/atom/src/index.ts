/**
 * @atomsync/atom — the XML runtime of atomsync and the model, codecs and operation table
 * generated from spec/.
 */
export { ATOM_NS, SERVICE_NS, BATCH_NS, ATOM_MEDIA_TYPE, ERROR_MEDIA_TYPE } from './namespaces.js';
export { AtomDecodeError, AtomEncodeError, type Violation, type DecodeErrorCode } from './errors.js';
export { ERROR_CODE_BY_STATUS } from './error-codes.js';
export { escapeText, escapeAttr, type IllegalCharacters } from './xml/escape.js';
export { decodeDocument, MAX_REQUEST_CHILDREN, MAX_REQUEST_ELEMENTS, STRICT_DECODE, type DecodeOptions } from './xml/reader.js';
export {
  defineScalar,
  parseScalar,
  INVALID,
  formatDateTime,
  formatListingTimestamp,
  formatInteger,
  formatBoolean,
  type ScalarKind,
  type ScalarSpec,
} from './scalars.js';
export { entityTag, ifMatchHolds, ifNoneMatchHolds, TIMELESS_FEED_UPDATED } from './conditional.js';
export { expandPath, type OperationSpec, type BodySpec, type ParamSpec, type AuthClass, type HttpMethod } from './operation.js';
export { defineShape, defineFeedShape, type ShapeSpec, type FieldSpec, type AttrSpec } from './shape.js';
export * from './generated/index.js';

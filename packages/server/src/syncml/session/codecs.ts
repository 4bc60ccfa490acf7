/**
 * What a SyncML session keeps in the store, written and read as typed values: its state, the
 * changes it buffers (the phone's, 'in'; ours for the phone, 'out') and the phone's DevInf (kept
 * per device across sessions). Each is JSON in a text column; reading it checks it against a
 * schema of its type (ajv), so a row that does not decode is a StoredDataError naming the row and
 * the first fault — the endpoint refuses the session with it — never a value cast into a type it
 * does not have.
 *
 * The schemas are typed against the TypeScript types (JSONSchemaType), so the two cannot drift
 * apart. JSONSchemaType spells an optional property `nullable: true`; none of these values ever
 * holds a null, and the reader refuses any null before the schema sees it. A property the schema
 * does not know (one an older server version wrote) is dropped on reading.
 */
import { DATACLASS_VALUES, SYNC_MODE_VALUES, type Statistics } from '@atomsync/atom';
import type { ContentType, CtCap, CtCapParam, CtCapProperty, DatastoreState, DevInf, DevInfDataStore, InChange, OutChange, OutRow, PartialItem, SessionState } from '@atomsync/syncml';
import { Ajv, type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';

/** A kept row that does not decode: the session it belongs to cannot go on. */
export class StoredDataError extends Error {
  override readonly name = 'StoredDataError';
  constructor(
    /** What the row is, in words: `its kept state`, `the DevInf kept for the phone's device`. */
    readonly what: string,
    /** The first fault, without the row's content. */
    readonly fault: string,
  ) {
    super(`${what} does not decode: ${fault}`);
  }
}

/** A kept type: encoded for its column, decoded (and checked) from it. */
export interface StoredCodec<T> {
  encode(value: T): string;
  /** The value the text holds; a StoredDataError when it is no JSON or not a T. `what` names the row. */
  decode(text: string, what: string): T;
}

const ajv = new Ajv({ strict: true, allErrors: false, removeAdditional: true });

/** The first fault ajv found, as `/path/to/field: what is wrong` (values are never quoted). */
function faultOf(errors: readonly ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (error === undefined) return 'it is not of its type';
  const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
  const message = `${error.message ?? 'is not valid'}${extra}`;
  return error.instancePath === '' ? message : `${error.instancePath}: ${message}`;
}

/** Refuses a null anywhere in the text: none of the kept types holds one. */
function noNull(this: unknown, _key: string, value: unknown): unknown {
  if (value === null) throw new NullFound();
  return value;
}
class NullFound extends Error {}

function codec<T>(schema: JSONSchemaType<T>): StoredCodec<T> {
  const validate: ValidateFunction<T> = ajv.compile(schema);
  return {
    encode: (value) => JSON.stringify(value),
    decode(text, what) {
      let value: unknown;
      try {
        value = JSON.parse(text, noNull);
      } catch (error) {
        throw new StoredDataError(what, error instanceof NullFound ? 'it holds a null' : 'it is not JSON');
      }
      if (!validate(value)) throw new StoredDataError(what, faultOf(validate.errors));
      return value;
    },
  };
}

/**
 * A change queued for the phone (a row of the session's 'out' changes), decoded when the session
 * machine first reads it, and once: sendChanges stops at the first change that does not fit the
 * message, and a message holds a few hundred of the 2,000 a reply is built from (OUT_PAGE).
 * Decoding the whole page for every message made a slow sync down half as slow again (issue 23).
 * A row that does not decode is a StoredDataError when it is reached, as before.
 */
export function queuedChange(row: { readonly seq: number; readonly body: string }): OutRow {
  let change: OutChange | undefined;
  return {
    seq: row.seq,
    get change() {
      return (change ??= OUT_CHANGE.decode(row.body, `change ${row.seq} queued for the phone in this session`));
    },
  };
}

// ---- the schemas ------------------------------------------------------------------------------

const count = { type: 'integer', minimum: 0 } as const;
const optionalCount = { ...count, nullable: true } as const;
const text = { type: 'string' } as const;
const optionalText = { type: 'string', nullable: true } as const;
const optionalFlag = { type: 'boolean', nullable: true } as const;

const statistics: JSONSchemaType<Statistics> = {
  type: 'object',
  properties: { addsIn: count, replacesIn: count, deletesIn: count, addsOut: count, replacesOut: count, deletesOut: count },
  required: ['addsIn', 'replacesIn', 'deletesIn', 'addsOut', 'replacesOut', 'deletesOut'],
  additionalProperties: false,
};

const datastore: JSONSchemaType<DatastoreState> = {
  type: 'object',
  properties: {
    phoneUri: text,
    serverLocUri: text,
    serverUri: text,
    dataclass: { type: 'string', enum: DATACLASS_VALUES },
    phoneMode: { type: 'integer', enum: SYNC_MODE_VALUES },
    phoneNext: text,
    bindingId: count,
    side: { type: 'string', enum: ['source', 'target'] },
    phase: { type: 'string', enum: ['receiving', 'sending', 'mapping', 'failed'] },
    syncOpened: optionalFlag,
    outFrom: count,
    outTo: count,
    stats: { ...statistics, nullable: true },
    result: { type: 'string', enum: ['completed', 'failed'], nullable: true },
    reason: optionalText,
    refused: count,
  },
  required: ['phoneUri', 'serverLocUri', 'serverUri', 'dataclass', 'phoneMode', 'phoneNext', 'bindingId', 'side', 'phase', 'outFrom', 'outTo', 'refused'],
  additionalProperties: false,
};

const partialItem: JSONSchemaType<PartialItem> = {
  type: 'object',
  properties: {
    serverUri: text,
    op: { type: 'string', enum: ['add', 'replace'] },
    id: text,
    type: text,
    // JSON has no undefined: an undeclared size is an absent property.
    size: optionalCount,
    data: text,
  },
  required: ['serverUri', 'op', 'id', 'type', 'data'],
  additionalProperties: false,
};

const sessionState: JSONSchemaType<SessionState> = {
  type: 'object',
  properties: {
    version: { type: 'string', enum: ['1.1', '1.2'] },
    encoding: { type: 'string', enum: ['xml', 'wbxml'] },
    deviceId: text,
    serverLocUri: text,
    accountId: optionalCount,
    username: optionalText,
    challengeNonce: optionalText,
    clientUuid: optionalText,
    maxMsgSize: count,
    maxObjSize: count,
    outMsgId: count,
    sent: { type: 'object', additionalProperties: text, required: [] },
    datastores: { type: 'array', items: datastore },
    partial: { ...partialItem, nullable: true },
    outSent: count,
    outChunk: {
      type: 'object',
      properties: { seq: count, sentChars: count },
      required: ['seq', 'sentChars'],
      additionalProperties: false,
      nullable: true,
    },
    largeObjects: optionalFlag,
    devinfKnown: optionalFlag,
    done: { type: 'boolean' },
    started: { type: 'number' },
    status: { type: 'integer', nullable: true },
    reason: optionalText,
  },
  required: ['version', 'encoding', 'deviceId', 'serverLocUri', 'maxMsgSize', 'maxObjSize', 'outMsgId', 'sent', 'datastores', 'outSent', 'done', 'started'],
  additionalProperties: false,
};

const changeOps = ['add', 'replace', 'delete'] as const;

const inChange: JSONSchemaType<InChange> = {
  type: 'object',
  properties: { serverUri: text, op: { type: 'string', enum: changeOps }, id: text, type: text, data: optionalText },
  required: ['serverUri', 'op', 'id', 'type'],
  additionalProperties: false,
};

const outChange: JSONSchemaType<OutChange> = {
  type: 'object',
  properties: { serverUri: text, op: { type: 'string', enum: changeOps }, id: text, type: optionalText, data: optionalText },
  required: ['serverUri', 'op', 'id'],
  additionalProperties: false,
};

const contentType: JSONSchemaType<ContentType> = {
  type: 'object',
  properties: { ctType: text, verCt: optionalText },
  required: ['ctType'],
  additionalProperties: false,
};

const ctCapParam: JSONSchemaType<CtCapParam> = {
  type: 'object',
  properties: { name: text, valEnums: { type: 'array', items: text } },
  required: ['name', 'valEnums'],
  additionalProperties: false,
};

const ctCapProperty: JSONSchemaType<CtCapProperty> = {
  type: 'object',
  properties: {
    name: text,
    maxSize: { type: 'number', nullable: true },
    maxOccur: { type: 'number', nullable: true },
    valEnums: { type: 'array', items: text },
    params: { type: 'array', items: ctCapParam },
  },
  required: ['name', 'valEnums', 'params'],
  additionalProperties: false,
};

const ctCap: JSONSchemaType<CtCap> = {
  type: 'object',
  properties: { ctType: text, verCt: optionalText, properties: { type: 'array', items: ctCapProperty } },
  required: ['ctType', 'properties'],
  additionalProperties: false,
};

const devinfDataStore: JSONSchemaType<DevInfDataStore> = {
  type: 'object',
  properties: {
    sourceRef: text,
    displayName: optionalText,
    maxGuidSize: { type: 'number', nullable: true },
    rxPref: { ...contentType, nullable: true },
    rx: { type: 'array', items: contentType },
    txPref: { ...contentType, nullable: true },
    tx: { type: 'array', items: contentType },
    ctCaps: { type: 'array', items: ctCap },
    syncTypes: { type: 'array', items: { type: 'number' } },
  },
  required: ['sourceRef', 'rx', 'tx', 'ctCaps', 'syncTypes'],
  additionalProperties: false,
};

const devinf: JSONSchemaType<DevInf> = {
  type: 'object',
  properties: {
    verDTD: text,
    man: optionalText,
    mod: optionalText,
    oem: optionalText,
    fwV: optionalText,
    swV: optionalText,
    hwV: optionalText,
    devId: text,
    devTyp: text,
    utc: { type: 'boolean' },
    supportLargeObjs: { type: 'boolean' },
    supportNumberOfChanges: { type: 'boolean' },
    dataStores: { type: 'array', items: devinfDataStore },
  },
  required: ['verDTD', 'devId', 'devTyp', 'utc', 'supportLargeObjs', 'supportNumberOfChanges', 'dataStores'],
  additionalProperties: false,
};

// ---- the codecs -------------------------------------------------------------------------------

/** `syncml_session_state.state`. */
export const SESSION_STATE = codec(sessionState);
/** A session item of direction 'in': a change the phone sent. */
export const IN_CHANGE = codec(inChange);
/** A session item of direction 'out': a change queued for the phone. */
export const OUT_CHANGE = codec(outChange);
/** `syncml_devices.devinf`: the phone's DevInf. */
export const DEVINF = codec(devinf);

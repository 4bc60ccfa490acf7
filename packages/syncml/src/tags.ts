/**
 * The element names of SyncML, MetInf and DevInf with their namespace and WBXML token, one table
 * each (SyncML Representation Protocol 1.2 §8 / DS DevInf 1.2 §6: code page 0x00 SyncML, 0x01
 * MetInf in a SyncML document; DevInf code page 0x00 in a DevInf document of its own). The writers
 * name a `Tag`; the WBXML reader names tokens through `SYNCML_CODE_PAGES` / `devinfCodePages`.
 * SyncML 1.1's tables are 1.2's without the tokens 1.2 added, so one table serves both.
 */

export type Namespace = 'syncml' | 'metinf' | 'devinf';

export interface Tag {
  readonly name: string;
  readonly ns: Namespace;
  /** WBXML code page and tag token. */
  readonly page: number;
  readonly token: number;
  /** XML spellings, precomputed: the writers put these together by the thousand. */
  readonly open: string;
  readonly close: string;
  readonly empty: string;
  /** Start and empty tags declaring the namespace (MetInf under a SyncML element, the DevInf root). */
  readonly openNs: string;
  readonly emptyNs: string;
}

/** Namespace URIs of MetInf and DevInf; SyncML's depends on the version (`SYNCML:SYNCML1.2`). */
export const NAMESPACE_URIS = { metinf: 'syncml:metinf', devinf: 'syncml:devinf' } as const;

/** SyncML code page 0x00, tokens from 0x05 (0x30 is reserved). */
const SYNCML_PAGE = [
  'Add', 'Alert', 'Archive', 'Atomic', 'Chal', 'Cmd', 'CmdID', 'CmdRef', 'Copy', 'Cred', 'Data', 'Delete', 'Exec',
  'Final', 'Get', 'Item', 'Lang', 'LocName', 'LocURI', 'Map', 'MapItem', 'Meta', 'MsgID', 'MsgRef', 'NoResp',
  'NoResults', 'Put', 'Replace', 'RespURI', 'Results', 'Search', 'Sequence', 'SessionID', 'SftDel', 'Source',
  'SourceRef', 'Status', 'Sync', 'SyncBody', 'SyncHdr', 'SyncML', 'Target', 'TargetRef', undefined, 'VerDTD',
  'VerProto', 'NumberOfChanges', 'MoreData', 'Field', 'Filter', 'Record', 'FilterType', 'SourceParent',
  'TargetParent', 'Move', 'Correlator',
] as const;

/** MetInf code page 0x01, tokens from 0x05. */
const METINF_PAGE = [
  'Anchor', 'EMI', 'Format', 'FreeID', 'FreeMem', 'Last', 'Mark', 'MaxMsgSize', 'Mem', 'MetInf', 'Next', 'NextNonce',
  'SharedMem', 'Size', 'Type', 'Version', 'MaxObjSize', 'FieldLevel',
] as const;

/** DevInf code page 0x00, tokens from 0x05 (0x2f unassigned). 0x1c is `MaxSize` in 1.2, `Size` in 1.1. */
const DEVINF_PAGE = [
  'CTCap', 'CTType', 'DataStore', 'DataType', 'DevID', 'DevInf', 'DevTyp', 'DisplayName', 'DSMem', 'Ext', 'FwV', 'HwV',
  'Man', 'MaxGUIDSize', 'MaxID', 'MaxMem', 'Mod', 'OEM', 'ParamName', 'PropName', 'Rx', 'Rx-Pref', 'SharedMem',
  'MaxSize', 'SourceRef', 'SwV', 'SyncCap', 'SyncType', 'Tx', 'Tx-Pref', 'ValEnum', 'VerCT', 'VerDTD', 'XNam', 'XVal',
  'UTC', 'SupportNumberOfChanges', 'SupportLargeObjs', 'Property', 'PropParam', 'MaxOccur', 'NoTruncate', undefined,
  'Filter-Rx', 'FilterCap', 'FilterKeyword', 'FieldLevel', 'SupportHierarchicalSync',
] as const;

const FIRST_TOKEN = 0x05;

function makeTag(name: string, ns: Namespace, page: number, token: number): Tag {
  const uri = ns === 'syncml' ? '' : NAMESPACE_URIS[ns];
  return {
    name, ns, page, token,
    open: `<${name}>`, close: `</${name}>`, empty: `<${name}/>`,
    openNs: `<${name} xmlns="${uri}">`, emptyNs: `<${name} xmlns="${uri}"/>`,
  };
}

type Names<T extends readonly (string | undefined)[]> = Exclude<T[number], undefined>;

function tagsOf<T extends readonly (string | undefined)[]>(names: T, ns: Namespace, page: number): Record<Names<T>, Tag> {
  const out: Record<string, Tag> = {};
  names.forEach((name, i) => {
    if (name !== undefined) out[name] = makeTag(name, ns, page, FIRST_TOKEN + i);
  });
  return out as Record<Names<T>, Tag>;
}

/** SyncML elements (namespace `SYNCML:SYNCML1.x`, code page 0). */
export const S = tagsOf(SYNCML_PAGE, 'syncml', 0);
/** MetInf elements (`syncml:metinf`, code page 1 of a SyncML document). */
export const M = tagsOf(METINF_PAGE, 'metinf', 1);
/** DevInf elements (`syncml:devinf`, code page 0 of a DevInf document), plus 1.1's name for 0x1c. */
export const D = { ...tagsOf(DEVINF_PAGE, 'devinf', 0), Size: makeTag('Size', 'devinf', 0, 0x1c) };

/** Token → name per code page, for the WBXML reader. */
export type CodePages = readonly (readonly (string | undefined)[] | undefined)[];

function pageTable(names: readonly (string | undefined)[]): (string | undefined)[] {
  return [...new Array<undefined>(FIRST_TOKEN), ...names];
}

/** A SyncML document: page 0 SyncML, page 1 MetInf. */
export const SYNCML_CODE_PAGES: CodePages = [pageTable(SYNCML_PAGE), pageTable(METINF_PAGE)];

/**
 * A DevInf document. Token 0x1c is 1.2's `MaxSize` and 1.1's `Size`; it is named `MaxSize` for
 * both, and the DevInf mapper reads either name as the property's size limit in either form.
 */
export const DEVINF_CODE_PAGES: CodePages = [pageTable(DEVINF_PAGE)];

/**
 * WBXML public identifiers. SyncML 1.2 has registered tokens (0x1201 SyncML, 0x1203 DevInf), and
 * that is what phones and SyncEvolution send. 1.1's tokens (0x0FD3, 0x0FD4) came late and are
 * rarely used: 1.1 phones name the DTD by its string in the string table, as the 1.1 specification
 * says, so that is how we write 1.1, and we read any of them.
 */
export const PUBLIC_IDS = {
  syncml12: 0x1201,
  devinf12: 0x1203,
  syncml11: 0x0fd3,
  devinf11: 0x0fd4,
} as const;

export const PUBLIC_ID_LITERALS = {
  syncml11: '-//SYNCML//DTD SyncML 1.1//EN',
  syncml12: '-//SYNCML//DTD SyncML 1.2//EN',
  devinf11: '-//SYNCML//DTD DevInf 1.1//EN',
  devinf12: '-//SYNCML//DTD DevInf 1.2//EN',
} as const;

/** The DevInf media type in the model; on a WBXML wire it is spelled `+wbxml` (see read-message.ts). */
export const DEVINF_XML_TYPE = 'application/vnd.syncml-devinf+xml';
export const DEVINF_WBXML_TYPE = 'application/vnd.syncml-devinf+wbxml';

/**
 * Device information (SyncML DevInf 1.1.2 / 1.2, `syncml:devinf`), typed. A phone's DevInf is kept
 * on its SyncML client and decides what we send it: which content types a datastore takes
 * (Rx-Pref / Rx), whether it wants UTC, large objects and NumberOfChanges, and the property limits
 * of its CTCap (MaxSize). DevInf 1.1's flat CTCap (CTType, PropName, ValEnum, ... in one sequence)
 * is read into the same nested shape as 1.2's.
 */

/** A content type and its version (`text/x-vcard` `2.1`). */
export interface ContentType {
  readonly ctType: string;
  readonly verCt?: string;
}

export interface CtCapParam {
  readonly name: string;
  readonly valEnums: readonly string[];
}

export interface CtCapProperty {
  readonly name: string;
  /** Longest value the device keeps for this property, when it says. */
  readonly maxSize?: number;
  readonly maxOccur?: number;
  readonly valEnums: readonly string[];
  readonly params: readonly CtCapParam[];
}

export interface CtCap {
  readonly ctType: string;
  readonly verCt?: string;
  readonly properties: readonly CtCapProperty[];
}

export interface DevInfDataStore {
  /** The datastore's URI on the device (`./contacts`). */
  readonly sourceRef: string;
  readonly displayName?: string;
  readonly maxGuidSize?: number;
  readonly rxPref?: ContentType;
  readonly rx: readonly ContentType[];
  readonly txPref?: ContentType;
  readonly tx: readonly ContentType[];
  /** DevInf 1.2 puts CTCap inside the datastore; 1.1's top-level CTCap is copied into each. */
  readonly ctCaps: readonly CtCap[];
  /** SyncType values (1 two-way, 2 slow, ..., 7 server-alerted). */
  readonly syncTypes: readonly number[];
}

export interface DevInf {
  /** `1.1` or `1.2`. */
  readonly verDTD: string;
  readonly man?: string;
  readonly mod?: string;
  readonly oem?: string;
  readonly fwV?: string;
  readonly swV?: string;
  readonly hwV?: string;
  readonly devId: string;
  readonly devTyp: string;
  readonly utc: boolean;
  readonly supportLargeObjs: boolean;
  readonly supportNumberOfChanges: boolean;
  readonly dataStores: readonly DevInfDataStore[];
}

/**
 * A SyncML DS message (SyncML Representation Protocol 1.1.2 / 1.2) as the rest of atomsync sees
 * it: typed, with the same shape whether it crossed the wire as XML or WBXML. The codecs
 * (xml/, wbxml/) read bytes into this and write this into bytes; the server's session machine
 * never sees a tag.
 *
 * What is modelled is what a DS server reads and writes: SyncHdr, Cred/Chal, Status, Results,
 * Alert, Put, Get, Sync with Add/Replace/Delete, Map, Final, the MetInf fields a session needs and
 * DevInf (devinf.ts). Any other command (Copy, Atomic, Sequence, Exec, Search, ...) is read as an
 * `Unsupported` command so the server can answer it 406 instead of failing the message.
 */
import type { SyncmlEncoding } from '@atomsync/atom';
import type { DevInf } from './devinf.js';

/** The two wire forms, as the spec names them (the session listing's `encoding`). */
export type { SyncmlEncoding };

/** The protocol versions we speak (VerDTD); VerProto is `SyncML/<version>`. */
export type SyncmlVersion = '1.1' | '1.2';

/** MetInf anchors of an Alert item (or of the Status answering it). */
export interface Anchor {
  readonly last?: string;
  readonly next?: string;
}

/** The MetInf fields in use (`syncml:metinf`); absent ones are not on the wire. */
export interface Meta {
  /** Media type of an item, or the auth type in Cred/Chal (`syncml:auth-md5`). */
  readonly type?: string;
  /** `b64`, `chr`, `bin`, ... */
  readonly format?: string;
  /** Whole size of a large object, on its first chunk. */
  readonly size?: number;
  readonly maxMsgSize?: number;
  readonly maxObjSize?: number;
  readonly nextNonce?: string;
  readonly version?: string;
  readonly anchor?: Anchor;
}

/** Target or Source: a LocURI and an optional LocName. */
export interface Location {
  readonly locUri: string;
  readonly locName?: string;
}

export interface Item {
  readonly target?: Location;
  readonly source?: Location;
  readonly targetParent?: string;
  readonly sourceParent?: string;
  readonly meta?: Meta;
  /**
   * The item's data as text: a vCard, an iCalendar object, an alert's message, ... WBXML opaque
   * data is decoded as UTF-8, except DevInf (below). Absent when the item has no Data.
   */
  readonly data?: string;
  /** Data holding a DevInf document (Put, Results): parsed, in either encoding. */
  readonly devinf?: DevInf;
  /** Data holding a MetInf Anchor (the Status answering an Alert). */
  readonly anchor?: Anchor;
  /** This item is one chunk of a large object; more chunks follow. */
  readonly moreData?: boolean;
}

/** Cred in a SyncHdr. */
export interface Cred {
  readonly meta?: Meta;
  readonly data: string;
}

/** Chal in a Status: the auth scheme the server wants and its nonce. */
export interface Chal {
  readonly meta: Meta;
}

export interface SyncHdr {
  /** VerDTD: '1.1' or '1.2' (anything else is refused by the codec). */
  readonly verDTD: SyncmlVersion;
  /** VerProto, e.g. `SyncML/1.2`. */
  readonly verProto: string;
  readonly sessionId: string;
  readonly msgId: string;
  readonly target: Location;
  readonly source: Location;
  readonly respUri?: string;
  readonly noResp?: boolean;
  readonly cred?: Cred;
  readonly meta?: Meta;
}

interface CommandBase {
  readonly cmdId: string;
  readonly noResp?: boolean;
  readonly meta?: Meta;
}

interface ItemCommand extends CommandBase {
  readonly items: readonly Item[];
}

export interface Alert extends ItemCommand {
  readonly kind: 'Alert';
  /** The alert code (200–210, 222, 224, 225, ...). */
  readonly data?: number;
}

export interface Put extends ItemCommand {
  readonly kind: 'Put';
  readonly lang?: string;
}

export interface Get extends ItemCommand {
  readonly kind: 'Get';
  readonly lang?: string;
}

export interface Results extends ItemCommand {
  readonly kind: 'Results';
  readonly msgRef?: string;
  readonly cmdRef: string;
  readonly targetRef?: string;
  readonly sourceRef?: string;
}

export interface Status {
  readonly kind: 'Status';
  readonly cmdId: string;
  readonly msgRef: string;
  readonly cmdRef: string;
  /** The name of the command answered (`SyncHdr`, `Alert`, `Add`, ...). */
  readonly cmd: string;
  readonly targetRefs: readonly string[];
  readonly sourceRefs: readonly string[];
  readonly chal?: Chal;
  /** The status code. */
  readonly data: number;
  readonly items: readonly Item[];
}

/** Add, Replace and Delete: inside a Sync (or, rarely, at the top level). */
export interface Add extends ItemCommand {
  readonly kind: 'Add';
}
export interface Replace extends ItemCommand {
  readonly kind: 'Replace';
}
export interface Delete extends ItemCommand {
  readonly kind: 'Delete';
  readonly archive?: boolean;
  readonly softDelete?: boolean;
}

export type SyncItemCommand = Add | Replace | Delete;

export interface Sync extends CommandBase {
  readonly kind: 'Sync';
  readonly target?: Location;
  readonly source?: Location;
  readonly numberOfChanges?: number;
  /** Add/Replace/Delete in order; anything else inside a Sync is `Unsupported`. */
  readonly commands: readonly (SyncItemCommand | Unsupported)[];
}

export interface MapItem {
  /** The server's id (Target LocURI). */
  readonly target: string;
  /** The client's LUID (Source LocURI). */
  readonly source: string;
}

export interface MapCommand extends CommandBase {
  readonly kind: 'Map';
  readonly target: Location;
  readonly source: Location;
  readonly mapItems: readonly MapItem[];
}

/** A command we do not implement: answered 406 with its CmdID. */
export interface Unsupported {
  readonly kind: 'Unsupported';
  /** Its element name (`Copy`, `Atomic`, ...). */
  readonly name: string;
  readonly cmdId: string;
  readonly noResp?: boolean;
}

export type Command = Alert | Put | Get | Results | Status | Sync | MapCommand | SyncItemCommand | Unsupported;

export interface SyncmlMessage {
  readonly header: SyncHdr;
  readonly commands: readonly Command[];
  /** `<Final/>`: the last message of its package. */
  readonly final: boolean;
}

/** The media type of an encoding, as on the wire. */
export const SYNCML_MEDIA_TYPES: Readonly<Record<SyncmlEncoding, string>> = {
  xml: 'application/vnd.syncml+xml',
  wbxml: 'application/vnd.syncml+wbxml',
};

/** The encoding a Content-Type names (parameters ignored), or undefined when it names neither. */
export function encodingOf(contentType: string | null | undefined): SyncmlEncoding | undefined {
  const type = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type === SYNCML_MEDIA_TYPES.xml) return 'xml';
  if (type === SYNCML_MEDIA_TYPES.wbxml) return 'wbxml';
  return undefined;
}

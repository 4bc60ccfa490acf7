/**
 * Writes a message in the element order of the SyncML Representation Protocol DTD (1.2, which
 * 1.1.2 shares for everything modelled here): phones parse positionally and refuse, or silently
 * misread, elements out of order. The orders, as written below:
 *
 *   SyncHdr  VerDTD, VerProto, SessionID, MsgID, Target, Source, RespURI?, NoResp?, Cred?, Meta?
 *   Status   CmdID, MsgRef, CmdRef, Cmd, TargetRef*, SourceRef*, Chal?, Data, Item*
 *   Results  CmdID, MsgRef?, CmdRef, Meta?, TargetRef?, SourceRef?, Item+
 *   Alert    CmdID, NoResp?, Data?, Item*                 (no Meta in the DTD: a model meta is not written)
 *   Put, Get CmdID, NoResp?, Lang?, Meta?, Item+
 *   Add, Replace  CmdID, NoResp?, Meta?, Item+
 *   Delete   CmdID, NoResp?, Archive?, SftDel?, Meta?, Item+
 *   Sync     CmdID, NoResp?, Target?, Source?, Meta?, NumberOfChanges?, (Add | Replace | Delete | ...)*
 *   Map      CmdID, Target, Source, Meta?, MapItem+;  MapItem  Target, Source
 *   Item     Target?, Source?, SourceParent?, TargetParent?, Meta?, Data?, MoreData?
 *   MetInf   Format?, Type?, Size?, Anchor?, Version?, NextNonce?, MaxMsgSize?, MaxObjSize?
 *   Anchor   Last?, Next
 */
import type { Command, Item, Location, Meta, SyncHdr, SyncmlMessage, SyncmlVersion, Unsupported } from './message.js';
import type { Sink } from './sink.js';
import { DEVINF_WBXML_TYPE, DEVINF_XML_TYPE, M, S, type Tag } from './tags.js';

/** The commands we read as Unsupported and can write back (their names are in the WBXML table). */
const UNSUPPORTED_NAMES = new Set(['Atomic', 'Copy', 'Exec', 'Search', 'Sequence', 'Move']);

function optional(sink: Sink, tag: Tag, value: string | number | undefined): void {
  if (value !== undefined) sink.leaf(tag, String(value));
}

function location(sink: Sink, tag: Tag, loc: Location): void {
  sink.start(tag);
  sink.leaf(S.LocURI, loc.locUri);
  optional(sink, S.LocName, loc.locName);
  sink.end();
}

function anchor(sink: Sink, a: { readonly last?: string; readonly next?: string }): void {
  sink.start(M.Anchor);
  optional(sink, M.Last, a.last);
  optional(sink, M.Next, a.next);
  sink.end();
}

function meta(sink: Sink, m: Meta | undefined): void {
  if (m === undefined) return;
  sink.start(S.Meta);
  optional(sink, M.Format, m.format);
  optional(sink, M.Type, m.type === DEVINF_XML_TYPE || m.type === DEVINF_WBXML_TYPE ? sink.devinfType : m.type);
  optional(sink, M.Size, m.size);
  if (m.anchor !== undefined) anchor(sink, m.anchor);
  optional(sink, M.Version, m.version);
  optional(sink, M.NextNonce, m.nextNonce);
  optional(sink, M.MaxMsgSize, m.maxMsgSize);
  optional(sink, M.MaxObjSize, m.maxObjSize);
  sink.end();
}

function item(sink: Sink, it: Item, version: SyncmlVersion): void {
  sink.start(S.Item);
  if (it.target !== undefined) location(sink, S.Target, it.target);
  if (it.source !== undefined) location(sink, S.Source, it.source);
  if (it.sourceParent !== undefined) location(sink, S.SourceParent, { locUri: it.sourceParent });
  if (it.targetParent !== undefined) location(sink, S.TargetParent, { locUri: it.targetParent });
  meta(sink, it.meta);
  if (it.devinf !== undefined) {
    sink.start(S.Data);
    sink.devinf(it.devinf, version);
    sink.end();
  } else if (it.anchor !== undefined) {
    sink.start(S.Data);
    anchor(sink, it.anchor);
    sink.end();
  } else if (it.data !== undefined) {
    if (it.data === '') sink.flag(S.Data);
    else {
      sink.start(S.Data);
      sink.data(it.data);
      sink.end();
    }
  }
  if (it.moreData) sink.flag(S.MoreData);
  sink.end();
}

function items(sink: Sink, list: readonly Item[], version: SyncmlVersion): void {
  for (const it of list) item(sink, it, version);
}

function flag(sink: Sink, tag: Tag, on: boolean | undefined): void {
  if (on) sink.flag(tag);
}

function unsupported(sink: Sink, c: Unsupported): void {
  if (!UNSUPPORTED_NAMES.has(c.name)) throw new RangeError(`cannot write a ${JSON.stringify(c.name)} command`);
  const tag = S[c.name as 'Atomic'];
  sink.start(tag);
  sink.leaf(S.CmdID, c.cmdId);
  flag(sink, S.NoResp, c.noResp);
  sink.end();
}

function command(sink: Sink, c: Command, version: SyncmlVersion): void {
  switch (c.kind) {
    case 'Status':
      sink.start(S.Status);
      sink.leaf(S.CmdID, c.cmdId);
      sink.leaf(S.MsgRef, c.msgRef);
      sink.leaf(S.CmdRef, c.cmdRef);
      sink.leaf(S.Cmd, c.cmd);
      for (const r of c.targetRefs) sink.leaf(S.TargetRef, r);
      for (const r of c.sourceRefs) sink.leaf(S.SourceRef, r);
      if (c.chal !== undefined) {
        sink.start(S.Chal);
        meta(sink, c.chal.meta);
        sink.end();
      }
      sink.leaf(S.Data, String(c.data));
      items(sink, c.items, version);
      sink.end();
      return;
    case 'Results':
      sink.start(S.Results);
      sink.leaf(S.CmdID, c.cmdId);
      optional(sink, S.MsgRef, c.msgRef);
      sink.leaf(S.CmdRef, c.cmdRef);
      meta(sink, c.meta);
      optional(sink, S.TargetRef, c.targetRef);
      optional(sink, S.SourceRef, c.sourceRef);
      items(sink, c.items, version);
      sink.end();
      return;
    case 'Alert':
      sink.start(S.Alert);
      sink.leaf(S.CmdID, c.cmdId);
      flag(sink, S.NoResp, c.noResp);
      optional(sink, S.Data, c.data);
      items(sink, c.items, version);
      sink.end();
      return;
    case 'Put':
    case 'Get':
      sink.start(S[c.kind]);
      sink.leaf(S.CmdID, c.cmdId);
      flag(sink, S.NoResp, c.noResp);
      optional(sink, S.Lang, c.lang);
      meta(sink, c.meta);
      items(sink, c.items, version);
      sink.end();
      return;
    case 'Add':
    case 'Replace':
    case 'Delete':
      sink.start(S[c.kind]);
      sink.leaf(S.CmdID, c.cmdId);
      flag(sink, S.NoResp, c.noResp);
      if (c.kind === 'Delete') {
        flag(sink, S.Archive, c.archive);
        flag(sink, S.SftDel, c.softDelete);
      }
      meta(sink, c.meta);
      items(sink, c.items, version);
      sink.end();
      return;
    case 'Sync':
      sink.start(S.Sync);
      sink.leaf(S.CmdID, c.cmdId);
      flag(sink, S.NoResp, c.noResp);
      if (c.target !== undefined) location(sink, S.Target, c.target);
      if (c.source !== undefined) location(sink, S.Source, c.source);
      meta(sink, c.meta);
      optional(sink, S.NumberOfChanges, c.numberOfChanges);
      for (const inner of c.commands) command(sink, inner, version);
      sink.end();
      return;
    case 'Map':
      sink.start(S.Map);
      sink.leaf(S.CmdID, c.cmdId);
      location(sink, S.Target, c.target);
      location(sink, S.Source, c.source);
      meta(sink, c.meta);
      for (const mi of c.mapItems) {
        sink.start(S.MapItem);
        location(sink, S.Target, { locUri: mi.target });
        location(sink, S.Source, { locUri: mi.source });
        sink.end();
      }
      sink.end();
      return;
    case 'Unsupported':
      unsupported(sink, c);
      return;
  }
}

function header(sink: Sink, h: SyncHdr): void {
  sink.start(S.SyncHdr);
  sink.leaf(S.VerDTD, h.verDTD);
  sink.leaf(S.VerProto, h.verProto);
  sink.leaf(S.SessionID, h.sessionId);
  sink.leaf(S.MsgID, h.msgId);
  location(sink, S.Target, h.target);
  location(sink, S.Source, h.source);
  optional(sink, S.RespURI, h.respUri);
  flag(sink, S.NoResp, h.noResp);
  if (h.cred !== undefined) {
    sink.start(S.Cred);
    meta(sink, h.cred.meta);
    sink.leaf(S.Data, h.cred.data);
    sink.end();
  }
  meta(sink, h.meta);
  sink.end();
}

/** The SyncML element and everything in it (the sink writes any prolog and the namespace). */
export function writeMessage(sink: Sink, m: SyncmlMessage): void {
  sink.start(S.SyncML);
  header(sink, m.header);
  sink.start(S.SyncBody);
  for (const c of m.commands) command(sink, c, m.header.verDTD);
  flag(sink, S.Final, m.final);
  sink.end();
  sink.end();
}

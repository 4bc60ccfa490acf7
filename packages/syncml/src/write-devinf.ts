/**
 * Writes a DevInf in DTD order (OMA DS DevInf 1.2 §5; SyncML DevInf 1.1.2), in the form of the
 * message it goes in: 1.2 puts CTCap (CTType, VerCT, Property+) inside each DataStore; 1.1 has one
 * flat CTCap after the datastores, holding each content type once (1.1 has no VerCT, MaxOccur or
 * per-datastore CTCap; a size limit goes as DataType + Size, allowed only without ValEnum).
 */
import type { ContentType, CtCap, DevInf } from './devinf.js';
import type { SyncmlVersion } from './message.js';
import type { Sink } from './sink.js';
import { D, type Tag } from './tags.js';

function optional(sink: Sink, tag: Tag, value: string | number | undefined): void {
  if (value !== undefined) sink.leaf(tag, String(value));
}

function contentType(sink: Sink, tag: Tag, ct: ContentType): void {
  sink.start(tag);
  sink.leaf(D.CTType, ct.ctType);
  optional(sink, D.VerCT, ct.verCt);
  sink.end();
}

function valEnums(sink: Sink, values: readonly string[]): void {
  for (const v of values) sink.leaf(D.ValEnum, v);
}

/** 1.2: CTCap (CTType, VerCT, Property+); Property (PropName, MaxOccur?, MaxSize?, ValEnum*, PropParam*). */
function ctCap12(sink: Sink, cap: CtCap): void {
  sink.start(D.CTCap);
  sink.leaf(D.CTType, cap.ctType);
  optional(sink, D.VerCT, cap.verCt);
  for (const p of cap.properties) {
    sink.start(D.Property);
    sink.leaf(D.PropName, p.name);
    optional(sink, D.MaxOccur, p.maxOccur);
    optional(sink, D.MaxSize, p.maxSize);
    valEnums(sink, p.valEnums);
    for (const param of p.params) {
      sink.start(D.PropParam);
      sink.leaf(D.ParamName, param.name);
      valEnums(sink, param.valEnums);
      sink.end();
    }
    sink.end();
  }
  sink.end();
}

/** 1.1: one CTCap (CTType, (PropName, (ValEnum+ | (DataType, Size?))?, (ParamName, ValEnum*)*)*)+. */
function ctCaps11(sink: Sink, caps: readonly CtCap[]): void {
  if (caps.length === 0) return;
  sink.start(D.CTCap);
  for (const cap of caps) {
    sink.leaf(D.CTType, cap.ctType);
    for (const p of cap.properties) {
      sink.leaf(D.PropName, p.name);
      if (p.valEnums.length > 0) valEnums(sink, p.valEnums);
      else if (p.maxSize !== undefined) {
        sink.leaf(D.DataType, 'chr');
        sink.leaf(D.Size, String(p.maxSize));
      }
      for (const param of p.params) {
        sink.leaf(D.ParamName, param.name);
        valEnums(sink, param.valEnums);
      }
    }
  }
  sink.end();
}

/** Every datastore's CTCaps, each content type once (1.1 lists them once for the device, without VerCT). */
function distinctCaps(devinf: DevInf): CtCap[] {
  const seen = new Set<string>();
  const out: CtCap[] = [];
  for (const ds of devinf.dataStores) {
    for (const cap of ds.ctCaps) {
      if (!seen.has(cap.ctType)) {
        seen.add(cap.ctType);
        out.push(cap);
      }
    }
  }
  return out;
}

/** The DevInf element; its namespace is declared by the sink. */
export function writeDevInf(sink: Sink, d: DevInf, form: SyncmlVersion): void {
  sink.start(D.DevInf);
  sink.leaf(D.VerDTD, d.verDTD);
  optional(sink, D.Man, d.man);
  optional(sink, D.Mod, d.mod);
  optional(sink, D.OEM, d.oem);
  optional(sink, D.FwV, d.fwV);
  optional(sink, D.SwV, d.swV);
  optional(sink, D.HwV, d.hwV);
  sink.leaf(D.DevID, d.devId);
  sink.leaf(D.DevTyp, d.devTyp);
  if (d.utc) sink.flag(D.UTC);
  if (d.supportLargeObjs) sink.flag(D.SupportLargeObjs);
  if (d.supportNumberOfChanges) sink.flag(D.SupportNumberOfChanges);
  for (const ds of d.dataStores) {
    sink.start(D.DataStore);
    sink.leaf(D.SourceRef, ds.sourceRef);
    optional(sink, D.DisplayName, ds.displayName);
    optional(sink, D.MaxGUIDSize, ds.maxGuidSize);
    if (ds.rxPref !== undefined) contentType(sink, D['Rx-Pref'], ds.rxPref);
    for (const ct of ds.rx) contentType(sink, D.Rx, ct);
    if (ds.txPref !== undefined) contentType(sink, D['Tx-Pref'], ds.txPref);
    for (const ct of ds.tx) contentType(sink, D.Tx, ct);
    if (form === '1.2') for (const cap of ds.ctCaps) ctCap12(sink, cap);
    if (ds.syncTypes.length > 0) {
      sink.start(D.SyncCap);
      for (const t of ds.syncTypes) sink.leaf(D.SyncType, String(t));
      sink.end();
    }
    sink.end();
  }
  if (form === '1.1') ctCaps11(sink, distinctCaps(d));
  sink.end();
}

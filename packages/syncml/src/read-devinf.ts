/**
 * A DevInf element tree → the typed DevInf, for both forms: 1.2 puts CTCap inside each DataStore
 * with Property/PropParam; 1.1 has one flat CTCap sequence (CTType, PropName, ValEnum, ParamName,
 * ...) at the top level, which is read into the same nested shape and copied into every datastore
 * (1.1 does not say which datastore a content type belongs to; the server looks CTCaps up by type).
 * Which form is read goes by the elements found, not by VerDTD: phones mix them up. The copies are
 * bounded (MAX_DEVINF_COPIED_ENTRIES), so a DevInf cannot multiply its size by its datastores.
 */
import type { ContentType, CtCap, CtCapParam, CtCapProperty, DevInf, DevInfDataStore } from './devinf.js';
import { SyncmlDecodeError } from './error.js';
import { MAX_DEVINF_COPIED_ENTRIES, MAX_URI_LENGTH } from './limits.js';
import { bounded, child, compact, has, optionalNumber, textOf, toNumber } from './read-fields.js';
import type { Element } from './tree.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function contentType(el: Element | undefined): ContentType | undefined {
  if (el === undefined) return undefined;
  return compact<ContentType>({ ctType: textOf(el, 'CTType') ?? '', verCt: textOf(el, 'VerCT') });
}

function contentTypes(el: Element, name: string): ContentType[] {
  const out: ContentType[] = [];
  for (const c of el.children) if (c.name === name) out.push(contentType(c)!);
  return out;
}

function valEnums(el: Element): string[] {
  const out: string[] = [];
  for (const c of el.children) if (c.name === 'ValEnum') out.push(c.text);
  return out;
}

/** 1.2: CTCap (CTType, VerCT, FieldLevel?, Property+). */
function ctCap12(el: Element): CtCap {
  const properties: CtCapProperty[] = [];
  for (const p of el.children) {
    if (p.name !== 'Property') continue;
    const params: CtCapParam[] = [];
    for (const q of p.children) if (q.name === 'PropParam') params.push({ name: textOf(q, 'ParamName') ?? '', valEnums: valEnums(q) });
    properties.push(
      compact<CtCapProperty>({
        name: textOf(p, 'PropName') ?? '',
        maxSize: optionalNumber(p, 'MaxSize') ?? optionalNumber(p, 'Size'),
        maxOccur: optionalNumber(p, 'MaxOccur'),
        valEnums: valEnums(p),
        params,
      }),
    );
  }
  return compact<CtCap>({ ctType: textOf(el, 'CTType') ?? '', verCt: textOf(el, 'VerCT'), properties });
}

/** 1.1: CTCap (CTType, (PropName, ValEnum*, DataType?, Size?, DisplayName?, (ParamName, ...)*)*)+, flat. */
function ctCaps11(el: Element): CtCap[] {
  const caps: Mutable<CtCap>[] = [];
  let cap: Mutable<CtCap> | undefined;
  let prop: Mutable<CtCapProperty> & { valEnums: string[]; params: CtCapParam[] } | undefined;
  let param: (CtCapParam & { valEnums: string[] }) | undefined;
  for (const c of el.children) {
    switch (c.name) {
      case 'CTType':
        cap = { ctType: c.text, properties: [] };
        caps.push(cap);
        prop = param = undefined;
        break;
      case 'VerCT':
        if (cap !== undefined) cap.verCt = c.text;
        break;
      case 'PropName':
        if (cap === undefined) break;
        prop = { name: c.text, valEnums: [], params: [] };
        (cap.properties as CtCapProperty[]).push(prop);
        param = undefined;
        break;
      case 'ParamName':
        if (prop === undefined) break;
        param = { name: c.text, valEnums: [] };
        prop.params.push(param);
        break;
      case 'ValEnum':
        (param ?? prop)?.valEnums.push(c.text);
        break;
      case 'Size':
      case 'MaxSize':
        if (prop !== undefined && param === undefined) prop.maxSize = toNumber(c.text, 'CTCap/Size');
        break;
    }
  }
  return caps;
}

function ctCapsOf(el: Element): CtCap[] {
  return el.children.some((c) => c.name === 'Property') ? [ctCap12(el)] : ctCaps11(el);
}

function dataStore(el: Element, topLevelCaps: readonly CtCap[]): DevInfDataStore {
  const ctCaps: CtCap[] = [];
  // Loops, not push(...spread): a spread of a hostile number of caps overflows the stack.
  for (const c of el.children) if (c.name === 'CTCap') for (const cap of ctCapsOf(c)) ctCaps.push(cap);
  for (const cap of topLevelCaps) ctCaps.push(cap);
  const syncTypes: number[] = [];
  const syncCap = child(el, 'SyncCap');
  if (syncCap !== undefined) for (const t of syncCap.children) if (t.name === 'SyncType') syncTypes.push(toNumber(t.text, 'SyncCap/SyncType'));
  return compact<DevInfDataStore>({
    sourceRef: textOf(el, 'SourceRef') ?? '',
    displayName: textOf(el, 'DisplayName'),
    maxGuidSize: optionalNumber(el, 'MaxGUIDSize'),
    rxPref: contentType(child(el, 'Rx-Pref')),
    rx: contentTypes(el, 'Rx'),
    txPref: contentType(child(el, 'Tx-Pref')),
    tx: contentTypes(el, 'Tx'),
    ctCaps,
    syncTypes,
  });
}

/** How many elements an element holds, at any depth. */
function descendants(el: Element): number {
  let n = 0;
  const stack = [el];
  while (stack.length > 0) {
    const children = stack.pop()!.children;
    n += children.length;
    for (const c of children) stack.push(c);
  }
  return n;
}

export function readDevInf(el: Element): DevInf {
  const topLevelCaps: CtCap[] = [];
  let topLevelEntries = 0;
  let dataStoreCount = 0;
  for (const c of el.children) {
    if (c.name === 'CTCap') {
      for (const cap of ctCapsOf(c)) topLevelCaps.push(cap);
      topLevelEntries += descendants(c);
    } else if (c.name === 'DataStore') dataStoreCount++;
  }
  if (dataStoreCount > 1 && topLevelEntries * dataStoreCount > MAX_DEVINF_COPIED_ENTRIES) {
    throw new SyncmlDecodeError(
      `DevInf CTCap of ${topLevelEntries} entries, copied into each of its ${dataStoreCount} DataStores, would hold more than ${MAX_DEVINF_COPIED_ENTRIES}`,
    );
  }
  const dataStores: DevInfDataStore[] = [];
  for (const c of el.children) if (c.name === 'DataStore') dataStores.push(dataStore(c, topLevelCaps));
  return compact<DevInf>({
    verDTD: textOf(el, 'VerDTD')?.trim() ?? '',
    man: textOf(el, 'Man'),
    mod: textOf(el, 'Mod'),
    oem: textOf(el, 'OEM'),
    fwV: textOf(el, 'FwV'),
    swV: textOf(el, 'SwV'),
    hwV: textOf(el, 'HwV'),
    devId: bounded(textOf(el, 'DevID') ?? '', MAX_URI_LENGTH, 'DevInf/DevID'),
    devTyp: textOf(el, 'DevTyp') ?? '',
    utc: has(el, 'UTC'),
    supportLargeObjs: has(el, 'SupportLargeObjs'),
    supportNumberOfChanges: has(el, 'SupportNumberOfChanges'),
    dataStores,
  });
}

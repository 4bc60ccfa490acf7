/**
 * What one phone datastore takes: the content type and version we send it, whether its times go
 * out as local time, and how long each property may be. Decided from what the phone says it takes
 * (a SyncML DevInf datastore: Rx-Pref / Rx, CTCap MaxSize, <UTC/>) and the model's quirks in the
 * phone catalogue.
 *
 * Choosing: the phone's Rx-Pref if we can produce it, else the newest Rx we can produce; a model
 * with `vcard21Only` gets vCard 2.1 whatever it says; without DevInf (or with nothing we can
 * produce for the dataclass) vCard 2.1 / vCalendar 1.0, what every old phone takes. Notes are
 * always text/plain.
 */
import type { ItemDataclass } from '../item.js';
import { isKnownZone } from '../zones/iana.js';
import type { FieldLimits } from './limits.js';

/** A content type and its version (`text/x-vcard` `2.1`), as a SyncML DevInf names it. */
export interface DeviceContentType {
  readonly ctType: string;
  readonly verCt?: string;
}

/** What one datastore of a device takes (the part of a SyncML DevInf datastore read here). */
export interface DeviceDataStore {
  readonly rxPref?: DeviceContentType;
  readonly rx: readonly DeviceContentType[];
  /** Per content type (and version): the longest value the device keeps of each property. */
  readonly ctCaps: readonly {
    readonly ctType: string;
    readonly verCt?: string;
    readonly properties: readonly { readonly name: string; readonly maxSize?: number }[];
  }[];
}

/** A phone model's rules for what we send it (the catalogue's quirks). */
export interface FormatQuirks {
  /** The phone only understands vCard 2.1. */
  readonly vcard21Only?: boolean;
  /** The phone wants local time instead of UTC in vCalendar items. */
  readonly localTime?: boolean;
  /** Maximum field lengths by vCard/vCalendar property name. */
  readonly maxFieldLength?: Readonly<Record<string, number>>;
}

export interface PhoneFormat {
  /** The media type as the phone names it (`text/x-vcard`, `text/calendar`, `text/plain`). */
  readonly type: string;
  /** `2.1` / `3.0` (vCard), `1.0` / `2.0` (vCalendar / iCalendar); '' for text/plain. */
  readonly version: string;
  /** The IANA zone whose wall-clock times the phone wants in vCalendar 1.0; null: UTC. */
  readonly localTime: string | null;
  /** Longest value in Unicode code points, by upper-case property name. */
  readonly maxFieldLength: FieldLimits;
}

export interface PhoneFormatInput {
  readonly dataclass: ItemDataclass;
  /** The phone's DevInf datastore for this URI; absent when the phone sent no DevInf. */
  readonly datastore?: DeviceDataStore | undefined;
  readonly quirks: FormatQuirks;
  /** The SyncML client's IANA zone. */
  readonly timezone: string;
  /** DevInf `<UTC/>`: the phone takes UTC times. */
  readonly utc?: boolean | undefined;
}

/** The versions we produce, by family; the first is what a phone without DevInf gets. */
const PRODUCED = {
  vcard: ['2.1', '3.0'],
  vcalendar: ['1.0', '2.0'],
} as const;

type Family = keyof typeof PRODUCED;

const FAMILY_OF_TYPE: Readonly<Record<string, Family>> = {
  'text/x-vcard': 'vcard',
  'text/vcard': 'vcard',
  'text/directory': 'vcard',
  'text/x-vcalendar': 'vcalendar',
  'text/calendar': 'vcalendar',
};

/** The version a DevInf means when it names none. */
const DEFAULT_VERSION: Readonly<Record<string, string>> = {
  'text/x-vcard': '2.1',
  'text/vcard': '3.0',
  'text/directory': '3.0',
  'text/x-vcalendar': '1.0',
  'text/calendar': '2.0',
};

const LEGACY_TYPE: Readonly<Record<Family, string>> = { vcard: 'text/x-vcard', vcalendar: 'text/x-vcalendar' };

export function phoneFormat(input: PhoneFormatInput): PhoneFormat {
  const { dataclass, datastore, quirks } = input;
  if (dataclass === 'Notes') return { type: 'text/plain', version: '', localTime: null, maxFieldLength: limitsOf(quirks, datastore, 'text/plain', '') };
  const family: Family = dataclass === 'Contacts' ? 'vcard' : 'vcalendar';
  const chosen = chooseType(family, datastore, family === 'vcard' && quirks.vcard21Only === true);
  // Local time is a vCalendar 1.0 matter: iCalendar 2.0 says it with TZID and VTIMEZONE.
  const wantsLocal = chosen.version === '1.0' && (quirks.localTime === true || (datastore !== undefined && input.utc !== true));
  return {
    ...chosen,
    // A zone we cannot resolve leaves UTC, which every 1.0 reader still understands.
    localTime: wantsLocal && isKnownZone(input.timezone) ? input.timezone : null,
    maxFieldLength: limitsOf(quirks, datastore, chosen.type, chosen.version),
  };
}

function chooseType(family: Family, datastore: DeviceDataStore | undefined, only21: boolean): { type: string; version: string } {
  const offered = datastore ? [datastore.rxPref, ...datastore.rx].filter((ct): ct is DeviceContentType => ct !== undefined) : [];
  const producible = offered
    .map((ct) => ({ type: ct.ctType.trim().toLowerCase(), version: versionOf(ct) }))
    .filter((ct) => FAMILY_OF_TYPE[ct.type] === family && (PRODUCED[family] as readonly string[]).includes(ct.version))
    .filter((ct) => !only21 || ct.version === '2.1');
  const pref = datastore?.rxPref;
  const preferred = pref ? producible.find((ct) => ct.type === pref.ctType.trim().toLowerCase() && ct.version === versionOf(pref)) : undefined;
  if (preferred) return preferred;
  const newest = [...producible].sort((a, b) => Number(b.version) - Number(a.version))[0];
  return newest ?? { type: LEGACY_TYPE[family], version: PRODUCED[family][0] };
}

function versionOf(ct: DeviceContentType): string {
  const type = ct.ctType.trim().toLowerCase();
  return ct.verCt?.trim() || DEFAULT_VERSION[type] || '';
}

/** The stricter of the model's quirk and the phone's CTCap MaxSize, per property. */
function limitsOf(quirks: FormatQuirks, datastore: DeviceDataStore | undefined, type: string, version: string): FieldLimits {
  const limits: Record<string, number> = {};
  const add = (name: string, max: number | undefined) => {
    if (max === undefined || !Number.isFinite(max) || max <= 0) return;
    const key = name.trim().toUpperCase();
    limits[key] = Math.min(limits[key] ?? Infinity, Math.floor(max));
  };
  for (const [name, max] of Object.entries(quirks.maxFieldLength ?? {})) add(name, max);
  const caps = datastore?.ctCaps.filter((cap) => cap.ctType.trim().toLowerCase() === type) ?? [];
  // The CTCap of the chosen version; one that names no version speaks for the type.
  const cap = caps.find((c) => c.verCt?.trim() === version) ?? caps.find((c) => !c.verCt);
  for (const prop of cap?.properties ?? []) add(prop.name, prop.maxSize);
  return limits;
}

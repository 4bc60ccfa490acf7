/**
 * The one time-zone resolver: a calendar's TZID resolved by the calendar's own VTIMEZONE first,
 * then as an IANA name (Google omits VTIMEZONE; exporters prefix IANA names). The canonical form
 * (icalendar/read.ts), the vCalendar 1.0 writer (vcalendar/downgrade.ts) and the ActiveSync
 * mapping (activesync/calendar-item.ts, timezone.ts) all resolve through it, so the instant we
 * send a phone is the one the item's fingerprint and duplicate key hold. It is the one place that
 * reads a VTIMEZONE with ical.js.
 */
import ICAL from 'ical.js';
import type { JCal } from '../lines/jcal.js';
import type { Component } from '../lines/read.js';
import { ianaOffsets } from './iana.js';
import { timezoneOffsets, wallToUtc, type ZoneOffsets } from './offsets.js';

/** Resolves a local wall-clock time (ms as if UTC) in a zone to UTC ms; null when it cannot. */
export type ZoneResolver = (tzid: string, wallMs: number) => number | null;

/** A calendar's VTIMEZONE: the TZID its times name it by, and the definition as text or as jCal. */
export interface ZoneDefinition {
  readonly tzid: string;
  readonly vtimezone: string | JCal;
}

/**
 * ical.js expands a VTIMEZONE's rules from their first DTSTART (often 1967) on first use, which
 * costs milliseconds; the expansion lives in the Timezone object, so objects are cached by the
 * definition's content (clients send the same few definitions over and over).
 */
const vtimezones = new Map<string, ZoneOffsets | null>();

/** The offsets a VTIMEZONE (text or jCal) defines; null when ical.js cannot read it or it defines no change. */
export function vtimezoneOffsets(vtimezone: string | JCal): ZoneOffsets | null {
  const key = typeof vtimezone === 'string' ? vtimezone : JSON.stringify(vtimezone);
  let offsets = vtimezones.get(key);
  if (offsets === undefined) {
    try {
      const jcal = typeof vtimezone === 'string' ? (ICAL.parse(vtimezone) as unknown as JCal) : vtimezone;
      offsets = timezoneOffsets(new ICAL.Timezone(new ICAL.Component(jcal)));
    } catch {
      // A broken VTIMEZONE: the caller tries the name as an IANA zone.
      offsets = null;
    }
    if (vtimezones.size >= 256) vtimezones.clear();
    vtimezones.set(key, offsets);
  }
  return offsets;
}

/** The offsets `tzid` stands for: the calendar's VTIMEZONE of that TZID (`vtimezone`), else the IANA zone. */
export function zoneOffsets(tzid: string, vtimezone?: string | JCal): ZoneOffsets | null {
  return (vtimezone === undefined ? null : vtimezoneOffsets(vtimezone)) ?? ianaOffsets(tzid);
}

/** A resolver for one calendar: its own VTIMEZONEs (the last of one TZID counts), then IANA names. */
export function calendarZones(definitions: readonly ZoneDefinition[]): ZoneResolver {
  const byId = new Map<string, string | JCal>();
  for (const def of definitions) byId.set(def.tzid, def.vtimezone);
  const resolved = new Map<string, ZoneOffsets | null>();
  return (tzid, wall) => {
    let offsets = resolved.get(tzid);
    if (offsets === undefined) resolved.set(tzid, (offsets = zoneOffsets(tzid, byId.get(tzid))));
    return offsets === null ? null : wallToUtc(offsets, wall);
  };
}

/** The definitions of VTIMEZONEs ical.js read (jCal), by their TZID property. */
export function jcalZones(vtimezones: readonly JCal[]): ZoneDefinition[] {
  const out: ZoneDefinition[] = [];
  for (const def of vtimezones) {
    const tzid = def[1].find((p) => p[0] === 'tzid')?.[3];
    if (typeof tzid === 'string') out.push({ tzid, vtimezone: def });
  }
  return out;
}

/** The definitions of VTIMEZONEs the lenient reader read, by their TZID line, as text. */
export function componentZones(vtimezones: readonly Component[]): ZoneDefinition[] {
  const out: ZoneDefinition[] = [];
  for (const def of vtimezones) {
    const tzid = def.props.find((p) => p.name === 'TZID')?.value.trim();
    if (tzid) out.push({ tzid, vtimezone: textOf(def) });
  }
  return out;
}

function textOf(component: Component): string {
  const lines = [`BEGIN:${component.name}`, ...component.props.map((p) => p.source)];
  for (const child of component.components) lines.push(textOf(child));
  lines.push(`END:${component.name}`);
  return lines.join('\r\n');
}

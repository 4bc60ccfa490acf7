/**
 * iCalendar 2.0 for readers that need every zone defined (CalDAV clients): a body whose TZIDs have
 * no VTIMEZONE (Google writes IANA names bare) given one per such TZID. (A vCalendar 1.0 body is
 * first upgraded by vcalendar/upgrade.ts.)
 */
import { timeZoneOf, vtimezoneOfTimeZone } from '../activesync/timezone.js';
import { type Component, readComponents } from '../lines/read.js';
import { ianaOffsets } from '../zones/iana.js';

/**
 * `body` with a VTIMEZONE for every TZID it names that is an IANA zone without one, written from
 * the zone's rules and inserted before the calendar's first component; every other byte as it
 * was. `body` itself when nothing is missing (or a missing TZID names no zone we know: there is
 * nothing true to write for it).
 *
 * A VTIMEZONE holds one set of rules: those of the latest year the item's DTSTART, DTEND or DUE
 * name (rulesInstant). The text is therefore a function of the body alone, and the ETag the store
 * keeps of what is served stays true.
 */
export function withTimezones(body: string): string {
  // Most bodies name no zone (UTC, all-day, phones' 1.0 upgraded): no reading for those.
  if (!/;\s*TZID=/i.test(body)) return body;
  const [root] = readComponents(body, false);
  if (root?.name !== 'VCALENDAR') return body;
  const defined = new Set(root.components.filter((c) => c.name === 'VTIMEZONE').map((c) => c.props.find((p) => p.name === 'TZID')?.value.trim()));
  const missing = [...namedZones(root)].filter((tzid) => !defined.has(tzid) && ianaOffsets(tzid) !== null);
  if (missing.length === 0) return body;
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  // Before the first component's BEGIN: a line of its own (a folded line starts with whitespace).
  const next = /\r?\nBEGIN:/gi;
  next.lastIndex = Math.max(0, body.search(/BEGIN:VCALENDAR/i));
  const first = next.exec(body);
  if (!first) return body;
  const index = first.index + first[0].length - 'BEGIN:'.length;
  const rulesAt = rulesInstant(body);
  const zones = missing.map((tzid) => {
    const tz = timeZoneOf(ianaOffsets(tzid)!, rulesAt, { standard: '', daylight: '' }, `iana:${tzid}`);
    return vtimezoneOfTimeZone(tz, tzid).replace(/\r\n/g, eol) + eol;
  });
  return body.slice(0, index) + zones.join('') + body.slice(index);
}

/** The year whose rules a calendar without dates gets. */
const RULES_YEAR_WITHOUT_DATES = 2025;

/** Every TZID parameter of the calendar's components (VTIMEZONEs apart), as written. */
function namedZones(calendar: Component): Set<string> {
  const out = new Set<string>();
  const walk = (component: Component) => {
    if (component.name === 'VTIMEZONE') return;
    for (const prop of component.props) {
      for (const param of prop.params) if (param.name === 'TZID') for (const v of param.values) if (v.trim() !== '') out.add(v.trim());
    }
    for (const child of component.components) walk(child);
  };
  for (const child of calendar.components) walk(child);
  return out;
}

/**
 * Mid-year of the year whose rules a written VTIMEZONE holds (see withTimezones): the latest year
 * a DTSTART, DTEND or DUE names, else a fixed year. Never today's: the served bytes are a function
 * of the stored ones alone, so the ETag the store keeps beside them stays theirs (a recurring
 * series takes its start's rules; clients resolve the TZID's name first anyway).
 */
function rulesInstant(body: string): number {
  let year = 0;
  for (const m of body.matchAll(/^(?:DTSTART|DTEND|DUE)[^:\r\n]*:(\d{4})/gim)) year = Math.max(year, Number(m[1]));
  if (year === 0) year = RULES_YEAR_WITHOUT_DATES;
  return Date.UTC(year, 6, 1);
}

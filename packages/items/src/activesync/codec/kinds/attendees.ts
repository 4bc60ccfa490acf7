/**
 * Attendees (MS-ASCAL Attendees of Attendee: Email, Name, and from 12.0 AttendeeStatus and
 * AttendeeType) ↔ the ATTENDEE lines of an event or an occurrence. Only `mailto:` attendees with an
 * address an Email can carry are sent; the others (a `urn:`, an `http:`) stay as written. PARTSTAT
 * is AttendeeStatus (0 unknown, 2 tentative, 3 accepted, 4 declined, 5 not responded); CUTYPE
 * RESOURCE or ROOM is type 3, ROLE OPT- or NON-PARTICIPANT type 2, anyone else 1.
 */
import { type ItemComponent, type ItemLine, newLine, withParam, withValue } from '../../calendar-item.js';
import { paramValues } from '../../../lines/read.js';
import { type AirSyncVersion, type VersionRange, indexProperties, inVersion, isBlank, parentElement, phoneText, textElement } from '../../properties.js';
import type { Element, Kind } from '../walk.js';
import type { OnComponent } from '../ical.js';
import { addressOf, oneLine } from './text.js';

export interface Attendee {
  readonly email: string;
  readonly name: string;
  readonly status?: string;
  readonly type?: string;
}

/** The children of an Attendee, in MS-ASCAL's order. */
const ATTENDEE_FIELDS: readonly (VersionRange & { readonly name: string; readonly field: keyof Attendee })[] = [
  { name: 'Calendar:Email', field: 'email' },
  { name: 'Calendar:Name', field: 'name' },
  { name: 'Calendar:AttendeeStatus', field: 'status', since: '12.0' },
  { name: 'Calendar:AttendeeType', field: 'type', since: '12.0' },
];

/** Status and type are 12.0's. */
const DETAILS: VersionRange = { since: '12.0' };

const ATTENDEE_STATUS: Readonly<Record<string, string>> = { 'NEEDS-ACTION': '5', ACCEPTED: '3', DECLINED: '4', TENTATIVE: '2' };
const PARTSTAT: Readonly<Record<string, string>> = { 5: 'NEEDS-ACTION', 3: 'ACCEPTED', 4: 'DECLINED', 2: 'TENTATIVE' };

/** An address an Attendee's Email can carry. */
function sendable(email: string): boolean {
  return !isBlank(email) && email.length <= 320;
}

function isMailto(line: ItemLine): boolean {
  return line.name === 'ATTENDEE' && /^\s*mailto:/i.test(line.value);
}

/** The attendees of a component, as the phone sees them. */
export function attendeesOf(c: ItemComponent, version: AirSyncVersion): Attendee[] {
  const carriesDetails = inVersion(DETAILS, version);
  const out: Attendee[] = [];
  for (const line of c.lines) {
    if (!isMailto(line)) continue;
    const email = addressOf(line.value);
    if (!sendable(email)) continue;
    const name = paramValues(line.params, 'CN')[0]?.trim() || email;
    if (!carriesDetails) {
      out.push({ email, name });
      continue;
    }
    const status = ATTENDEE_STATUS[paramValues(line.params, 'PARTSTAT')[0]?.toUpperCase() ?? ''] ?? '0';
    const cutype = paramValues(line.params, 'CUTYPE')[0]?.toUpperCase() ?? '';
    const role = paramValues(line.params, 'ROLE')[0]?.toUpperCase() ?? '';
    const type = cutype === 'RESOURCE' || cutype === 'ROOM' ? '3' : role === 'OPT-PARTICIPANT' || role === 'NON-PARTICIPANT' ? '2' : '1';
    out.push({ email, name, status, type });
  }
  return out;
}

/**
 * The phone's attendee list on the ATTENDEE lines: a line of the same address keeps its place and
 * its other parameters (RSVP, DELEGATED-FROM…), only CN, PARTSTAT, ROLE and CUTYPE follow the
 * phone; new addresses are added, those the phone dropped removed. Attendees without an address
 * we could send (a `urn:` or an `http:` attendee) stay.
 */
export function setAttendees(c: ItemComponent, list: readonly Attendee[], version: AirSyncVersion): void {
  const details = inVersion(DETAILS, version);
  const used = new Set<number>();
  const lines: (ItemLine | null)[] = [...c.lines];
  const added: ItemLine[] = [];
  // The ATTENDEE lines of each address, in order: one pass, whatever the list's length.
  const byAddress = new Map<string, number[]>();
  lines.forEach((l, i) => {
    if (l === null || !isMailto(l)) return;
    const key = addressOf(l.value).toLowerCase();
    const indexes = byAddress.get(key);
    if (indexes) indexes.push(i);
    else byAddress.set(key, [i]);
  });
  for (const attendee of list) {
    const index = byAddress.get(attendee.email.toLowerCase())?.shift() ?? -1;
    const current = index >= 0 ? lines[index]! : null;
    let params = current ? [...current.params] : [];
    const cn = paramValues(params, 'CN')[0]?.trim() || (current ? addressOf(current.value) : attendee.email);
    if (cn !== attendee.name) params = withParam(params, 'CN', attendee.name === attendee.email ? undefined : attendee.name);
    if (details) {
      const status = ATTENDEE_STATUS[paramValues(params, 'PARTSTAT')[0]?.toUpperCase() ?? ''] ?? '0';
      if (attendee.status !== undefined && status !== attendee.status) params = withParam(params, 'PARTSTAT', PARTSTAT[attendee.status]);
      const cutype = paramValues(params, 'CUTYPE')[0]?.toUpperCase() ?? '';
      const role = paramValues(params, 'ROLE')[0]?.toUpperCase() ?? '';
      const resource = cutype === 'RESOURCE' || cutype === 'ROOM';
      const optional = role === 'OPT-PARTICIPANT' || role === 'NON-PARTICIPANT';
      const type = resource ? '3' : optional ? '2' : '1';
      if (attendee.type !== undefined && type !== attendee.type) {
        if (attendee.type === '3') params = withParam(params, 'CUTYPE', 'RESOURCE');
        else if (resource) params = withParam(params, 'CUTYPE');
        if (attendee.type === '2' && !optional) params = withParam(params, 'ROLE', 'OPT-PARTICIPANT');
        if (attendee.type !== '2' && optional) params = withParam(params, 'ROLE');
      }
    }
    if (current) {
      used.add(index);
      const unchanged = params.length === current.params.length && params.every((p, i) => p === current.params[i]);
      if (!unchanged) lines[index] = withValue(current, current.value, params);
    } else {
      added.push(newLine('ATTENDEE', `mailto:${attendee.email}`, params));
    }
  }
  const kept = lines.filter((l, i): l is ItemLine => l !== null && (!isMailto(l) || used.has(i) || !sendable(addressOf(l.value))));
  const last = kept.map((l) => l.name).lastIndexOf('ATTENDEE');
  kept.splice(last < 0 ? kept.length : last + 1, 0, ...added);
  c.lines = kept;
}

/** An item whose component's attendees are read for a version. */
export interface WithVersion extends OnComponent {
  readonly ctx: { readonly version: AirSyncVersion };
}

export const attendees: Kind<WithVersion, Element, readonly Attendee[]> = {
  encode: (element, value, options) => [
    parentElement(
      element.name,
      value.map((a) =>
        parentElement(
          'Calendar:Attendee',
          ATTENDEE_FIELDS.filter((f) => inVersion(f, options.version) && a[f.field] !== undefined).map((f) => textElement(f.name, a[f.field]!)),
        ),
      ),
    ),
  ],
  decode: (_element, property, { version }) => {
    const out: Attendee[] = [];
    for (const child of property.children ?? []) {
      if (child.name !== 'Calendar:Attendee') continue;
      const fields = indexProperties(child.children ?? []);
      const email = addressOf(phoneText(fields.get('Calendar:Email')?.text ?? ''));
      if (!sendable(email)) continue;
      const name = oneLine(phoneText(fields.get('Calendar:Name')?.text ?? '')) || email;
      if (!inVersion(DETAILS, version)) {
        out.push({ email, name });
        continue;
      }
      // A status the phone does not say (TbSync never sends one in a Change) or says it does not
      // know (0) leaves the attendee's answer as it was; so does a missing type its role.
      const status = fields.get('Calendar:AttendeeStatus')?.text?.trim();
      const type = fields.get('Calendar:AttendeeType')?.text?.trim();
      out.push({
        email,
        name,
        ...(status !== undefined && ['2', '3', '4', '5'].includes(status) ? { status } : {}),
        ...(type !== undefined && ['1', '2', '3'].includes(type) ? { type } : {}),
      });
    }
    return out.length === 0 ? 'blank' : { value: out };
  },
  held: (_element, { c, ctx }) => {
    const list = attendeesOf(c, ctx.version);
    return list.length === 0 ? undefined : { value: list };
  },
  set: (_element, { c, ctx }, value) => setAttendees(c, value, ctx.version),
  remove: (_element, { c, ctx }) => setAttendees(c, [], ctx.version),
};

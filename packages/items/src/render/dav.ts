/**
 * An item's body as CardDAV and CalDAV serve it by default: what a DAV client PUT goes back byte
 * for byte, but what phones wrote goes in the forms DAV clients read — a vCard 2.1 as vCard 3.0
 * (RFC 6352 §5.1), a vCalendar 1.0 event or task as iCalendar 2.0, and an iCalendar object whose
 * TZIDs lack a VTIMEZONE with one for each (RFC 4791 §4.1). Here rather than in the server's DAV
 * glue because the store hashes these bytes into the ETag it keeps beside the body on every write
 * (a listing then hashes nothing): they are a function of the stored body alone.
 */
import { withTimezones } from '../icalendar/timezones.js';
import { upgradeVCalendar } from '../vcalendar/upgrade.js';
import type { ItemContent } from '../item.js';
import { renderForPhone } from './render.js';

const VCARD_3 = { type: 'text/vcard', version: '3.0', localTime: null, maxFieldLength: {} } as const;

const versionOf = (body: string): string | undefined => /^VERSION:\s*([0-9.]+)\s*$/im.exec(body.slice(0, 4096))?.[1];

export function davBody(item: ItemContent): string {
  if (item.dataclass === 'Contacts') {
    // 2.1 only: 3.0 and 4.0 go as they are (4.0 on request is the server's, from this form).
    return versionOf(item.body) === '2.1' ? renderForPhone(item, VCARD_3).data : item.body;
  }
  if (item.dataclass === 'Notes') return item.body;
  const upgraded = versionOf(item.body) === '1.0' ? upgradeVCalendar(item.body) : null;
  return withTimezones(upgraded ?? item.body);
}

/**
 * Items for the DAV client tests, written as a vdir (one item per file, named `<UID><ext>`, as
 * vdirsyncer keeps them): N distinct vCard 3.0 contacts (UID, FN, N, EMAIL, TEL; every tenth with a
 * PHOTO of a few KB) and N distinct VEVENTs (every third recurring, every second in Europe/Berlin
 * with its VTIMEZONE). Deterministic, so a failure names the same item on every run.
 */
import { createHash } from 'node:crypto';

export const CRLF = '\r\n';

/** RFC 6350 §3.2 / RFC 5545 §3.1: lines longer than 75 octets folded (ASCII here, so characters). */
export function fold(line: string): string {
  if (line.length <= 75) return line;
  const parts = [line.slice(0, 75)];
  for (let at = 75; at < line.length; at += 74) parts.push(` ${line.slice(at, at + 74)}`);
  return parts.join(CRLF);
}

const lines = (...content: string[]): string => content.map(fold).join(CRLF) + CRLF;

const pad = (n: number): string => String(n).padStart(5, '0');

/** Bytes that look like a JPEG to anyone reading the header, and differ per contact. */
function photo(index: number): string {
  const chunks = [Buffer.from([0xff, 0xd8, 0xff, 0xe0])];
  for (let i = 0; chunks.length < 100; i++) chunks.push(createHash('sha256').update(`photo ${index} ${i}`).digest());
  return Buffer.concat(chunks).toString('base64');
}

export interface VdirItem {
  readonly uid: string;
  readonly text: string;
}

export const contactUid = (index: number): string => `dav-harness-contact-${pad(index)}`;
export const eventUid = (index: number): string => `dav-harness-event-${pad(index)}@atomsync.test`;

export function contacts(count: number): VdirItem[] {
  return Array.from({ length: count }, (_, i) => {
    const uid = contactUid(i);
    const text = lines(
      'BEGIN:VCARD',
      'VERSION:3.0',
      `UID:${uid}`,
      `FN:Ada Harness ${pad(i)}`,
      `N:Harness ${pad(i)};Ada;;;`,
      `EMAIL;TYPE=INTERNET:ada.${pad(i)}@example.org`,
      // Ofcom's range for fiction: valid, and nobody's.
      `TEL;TYPE=CELL:+447700${String(900000 + (i % 1000)).padStart(6, '0')}`,
      ...(i % 10 === 3 ? [`PHOTO;ENCODING=b;TYPE=JPEG:${photo(i)}`] : []),
      'END:VCARD',
    );
    return { uid, text };
  });
}

const VTIMEZONE_BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

export function events(count: number): VdirItem[] {
  return Array.from({ length: count }, (_, i) => {
    const uid = eventUid(i);
    const day = new Date(Date.UTC(2026, 0, 5) + i * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    const hour = String(8 + (i % 9)).padStart(2, '0');
    const berlin = i % 2 === 1;
    const time = (h: string) => (berlin ? `;TZID=Europe/Berlin:${day}T${h}0000` : `:${day}T${h}0000Z`);
    const text = lines(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//atomsync//dav client harness//EN',
      ...(berlin ? VTIMEZONE_BERLIN : []),
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART${time(hour)}`,
      `DTEND${time(String(Number(hour) + 1).padStart(2, '0'))}`,
      `SUMMARY:Harness event ${pad(i)}`,
      ...(i % 3 === 0 ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      'END:VEVENT',
      'END:VCALENDAR',
    );
    return { uid, text };
  });
}

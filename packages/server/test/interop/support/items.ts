/**
 * Deterministic, realistic PIM items for the interop tests: the same (count, seed) always gives
 * the same items, so a failure can be replayed.
 *
 * - contacts(): people with non-ASCII names, several phones and emails, addresses, birthdays,
 *   notes long enough to fold; rendered as vCard 3.0 (vcard30) or 2.1 (vcard21, with
 *   QUOTED-PRINTABLE and CHARSET=UTF-8 where a value is not ASCII). Every contact has its own cell
 *   number and email, so no two are twins.
 * - events(): iCalendar 2.0 with VTIMEZONE (Europe/Berlin, America/New_York), UTC, all-day and
 *   multi-day events, weekly RRULE with COUNT and EXDATE, monthly RRULE with UNTIL, alarms.
 * - tasks(): VTODO with due dates or times, priorities, states, some completed.
 */
import quotedPrintable from 'quoted-printable';

/** mulberry32: small, fast, and the same everywhere. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const GIVEN = ['Anna', 'Ben', 'Clara', 'David', 'Eva', 'Felix', 'Greta', 'Hannes', 'Ines', 'Jonas', 'Katrin', 'Lukas', 'Maria', 'Nils', 'Olga', 'Paul',
  'Zoë', 'José', 'François', 'Søren', 'Małgorzata', 'Chloé', 'Björn', 'Ólafur', 'Ángel', 'Jürgen', 'Yuki', 'Dmitrij'];
const FAMILY = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Smith', 'Johnson', "O'Neill", 'García',
  'Rossi', 'Dubois', 'Nowak', 'Jensen', 'van der Berg', 'Kowalski', 'Łukasiewicz', 'Nguyen', 'Tanaka', 'Þórsdóttir', 'Ødegård'];
const ORGS = ['Acme GmbH', 'Globex Corp.', 'Initech', 'Umbrella AG', 'Stark Industries', 'Hooli', 'Vandelay Import/Export', 'Tyrell, Inc.', 'Société Générale'];
const UNITS = ['R&D', 'Sales', 'Einkauf', ''];
const TITLES = ['Engineer', 'Sales Manager', 'CEO', 'Accountant', 'Designer', 'Support Lead', 'Geschäftsführerin'];
const PLACES = [
  { city: 'Berlin', zip: '10115', country: 'Germany' },
  { city: 'München', zip: '80331', country: 'Germany' },
  { city: 'Zürich', zip: '8001', country: 'Switzerland' },
  { city: 'Wien', zip: '1010', country: 'Austria' },
  { city: 'London', zip: 'SW1A 1AA', country: 'United Kingdom' },
  { city: 'Paris', zip: '75001', country: 'France' },
  { city: 'New York', zip: '10001', country: 'USA' },
];
const STREETS = ['Hauptstraße', 'Bahnhofstr.', 'Gartenweg', 'Lindenallee', 'High Street', 'Rue de Rivoli', 'Broadway'];
const CATEGORIES = ['Business', 'Friends', 'Family', 'VIP', 'Suppliers'];

export interface Address {
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly country: string;
}

/** A person as the user typed them: what both renderings carry. */
export interface Contact {
  readonly given: string;
  readonly family: string;
  readonly prefix: string;
  readonly org: string;
  readonly unit: string;
  readonly title: string;
  readonly cell: string;
  readonly workPhone: string;
  readonly homeFax: string;
  readonly workEmail: string;
  readonly homeEmail: string;
  readonly address: Address;
  /** YYYY-MM-DD or ''. */
  readonly birthday: string;
  readonly url: string;
  readonly categories: readonly string[];
  /** May hold newlines and the characters vCard escapes. */
  readonly note: string;
}

const asciiOf = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[łŁ]/g, 'l').replace(/[øØ]/g, 'o').replace(/[þÞ]/g, 'th').replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** `count` distinct contacts; `seed` picks another set. */
export function contacts(count: number, seed = 1): Contact[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: Contact[] = [];
  for (let i = 1; i <= count; i++) {
    const given = pick(GIVEN);
    const family = pick(FAMILY);
    const place = pick(PLACES);
    const serial = `${pad(seed % 100)}${pad(i, 5)}`;
    const domain = pick(['example.com', 'example.org', 'example.de', 'example.net']);
    out.push({
      given,
      family,
      prefix: rnd() < 0.15 ? 'Dr.' : '',
      org: rnd() < 0.8 ? pick(ORGS) : '',
      unit: pick(UNITS),
      title: rnd() < 0.7 ? pick(TITLES) : '',
      cell: `+49 151 ${serial}`,
      workPhone: rnd() < 0.6 ? `+49 30 ${pad(Math.floor(rnd() * 1e7), 7)}` : '',
      homeFax: rnd() < 0.15 ? `+1 212 555 ${pad(Math.floor(rnd() * 1e4), 4)}` : '',
      workEmail: `${asciiOf(given)}.${asciiOf(family)}.${serial}@${domain}`,
      homeEmail: rnd() < 0.3 ? `${asciiOf(given)}${serial}@mail.example.net` : '',
      address: { street: `${pick(STREETS)} ${1 + Math.floor(rnd() * 200)}`, ...place },
      birthday: rnd() < 0.5 ? `${1950 + Math.floor(rnd() * 50)}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}` : '',
      url: rnd() < 0.3 ? `https://www.example.com/people/${serial}` : '',
      categories: rnd() < 0.5 ? [...new Set([pick(CATEGORIES), pick(CATEGORIES)])] : [],
      note:
        rnd() < 0.25
          ? `Met at conference #${i}; likes coffee, tea & cake.\nGrüße aus ${place.city}! This note is long enough that its content line must be folded.`
          : '',
    });
  }
  return out;
}

/** RFC 6350/5545 text escaping: backslash, comma, semicolon, newline. */
const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets without splitting a UTF-8 sequence (RFC 6350 §3.2, RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // a continuation line starts with a space
  }
  return parts.join('\r\n ');
}

const render = (lines: readonly string[]) => `${lines.map(fold).join('\r\n')}\r\n`;

/** A contact as vCard 3.0 (with a UID; SyncEvolution drops it on the wire). */
export function vcard30(c: Contact, uid = `atomsync-interop-${asciiOf(c.workEmail)}`): string {
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, `N:${[c.family, c.given, '', c.prefix, ''].map(escapeText).join(';')}`, `FN:${escapeText(fullName(c))}`];
  if (c.org) lines.push(`ORG:${[c.org, c.unit].filter(Boolean).map(escapeText).join(';')}`);
  if (c.title) lines.push(`TITLE:${escapeText(c.title)}`);
  lines.push(`TEL;TYPE=CELL:${c.cell}`);
  if (c.workPhone) lines.push(`TEL;TYPE=WORK,VOICE:${c.workPhone}`);
  if (c.homeFax) lines.push(`TEL;TYPE=HOME,FAX:${c.homeFax}`);
  lines.push(`EMAIL;TYPE=INTERNET,WORK:${c.workEmail}`);
  if (c.homeEmail) lines.push(`EMAIL;TYPE=INTERNET,HOME:${c.homeEmail}`);
  lines.push(`ADR;TYPE=WORK:;;${[c.address.street, c.address.city, '', c.address.zip, c.address.country].map(escapeText).join(';')}`);
  if (c.birthday) lines.push(`BDAY:${c.birthday}`);
  if (c.url) lines.push(`URL:${c.url}`);
  if (c.categories.length > 0) lines.push(`CATEGORIES:${c.categories.map(escapeText).join(',')}`);
  if (c.note) lines.push(`NOTE:${escapeText(c.note)}`);
  lines.push('END:VCARD');
  return render(lines);
}

/** A contact as a vCard 2.1 phone writes it: bare TYPE parameters, QUOTED-PRINTABLE UTF-8 for non-ASCII values, no UID. */
export function vcard21(c: Contact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:2.1'];
  // 2.1 escapes only the component separator; newlines go into QUOTED-PRINTABLE as =0D=0A.
  const component = (s: string) => s.replace(/;/g, '\\;');
  const prop = (head: string, value: string) => {
    if (/^[\x20-\x7e]*$/.test(value)) return lines.push(`${head}:${value}`);
    const encoded = quotedPrintable.encode(Buffer.from(value.replace(/\r?\n/g, '\r\n'), 'utf8').toString('latin1'));
    // The encoder's soft breaks are plain CRLF: 2.1 continues a QP line without a leading space.
    return lines.push(`${head};CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:${encoded}`);
  };
  prop('N', [c.family, c.given, '', c.prefix, ''].map(component).join(';'));
  prop('FN', fullName(c));
  if (c.org) prop('ORG', [c.org, c.unit].filter(Boolean).map(component).join(';'));
  if (c.title) prop('TITLE', c.title);
  prop('TEL;CELL', c.cell);
  if (c.workPhone) prop('TEL;WORK;VOICE', c.workPhone);
  if (c.homeFax) prop('TEL;HOME;FAX', c.homeFax);
  prop('EMAIL;INTERNET;WORK', c.workEmail);
  if (c.homeEmail) prop('EMAIL;INTERNET;HOME', c.homeEmail);
  prop('ADR;WORK', ['', '', c.address.street, c.address.city, '', c.address.zip, c.address.country].map(component).join(';'));
  if (c.birthday) prop('BDAY', c.birthday.replace(/-/g, ''));
  if (c.url) prop('URL', c.url);
  if (c.categories.length > 0) prop('CATEGORIES', c.categories.join(','));
  if (c.note) prop('NOTE', c.note);
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

function fullName(c: Contact): string {
  return [c.prefix, c.given, c.family].filter(Boolean).join(' ');
}

export const VTIMEZONES = {
  'Europe/Berlin': [
    'BEGIN:VTIMEZONE', 'TZID:Europe/Berlin',
    'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:19700329T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'DTSTART:19701025T030000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
    'END:VTIMEZONE',
  ],
  'America/New_York': [
    'BEGIN:VTIMEZONE', 'TZID:America/New_York',
    'BEGIN:DAYLIGHT', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'TZNAME:EDT', 'DTSTART:20070311T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'TZNAME:EST', 'DTSTART:20071104T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'END:STANDARD',
    'END:VTIMEZONE',
  ],
} as const;

export type EventKind = 'utc' | 'berlin' | 'all-day' | 'multi-day' | 'weekly-count' | 'monthly-until';
/** Event i (from 1) is of kind EVENT_KINDS[(i - 1) % 6]: every kind appears in any six in a row. */
export const EVENT_KINDS: readonly EventKind[] = ['utc', 'berlin', 'all-day', 'multi-day', 'weekly-count', 'monthly-until'];

const SUMMARIES = ['Team meeting', 'Lunch with client', 'Zahnarzt', 'Project review', 'Call: budget, Q3', 'Sprint planning', 'Geburtstag Oma',
  'Flight LH 400 to New York', 'Yoga', '1:1; weekly sync', 'Réunion à Paris'];
const LOCATIONS = ['Room 4.12', 'Café Central, Wien', 'Online (Zoom)', 'Zürich HB', 'Berlin; Office 2', 'JFK Terminal 1'];

const ymd = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const hms = (minutes: number) => `${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`;
const DAY = 86_400_000;

/** `count` events cycling through EVENT_KINDS, each with its own UID. */
export function events(count: number, seed = 1): string[] {
  const rnd = random(seed ^ 0x5eed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: string[] = [];
  for (let i = 1; i <= count; i++) {
    const kind = EVENT_KINDS[(i - 1) % EVENT_KINDS.length]!;
    const day = new Date(Date.UTC(2025, 0, 6) + Math.floor(rnd() * 700) * DAY);
    const start = (8 + Math.floor(rnd() * 10)) * 60 + pick([0, 15, 30, 45]);
    const end = start + pick([30, 60, 90]);
    const summary = `${pick(SUMMARIES)} #${i}`;
    const zone = kind === 'monthly-until' ? 'America/New_York' : kind === 'berlin' || kind === 'weekly-count' ? 'Europe/Berlin' : undefined;
    const lines: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//interop tests//EN'];
    if (zone) lines.push(...VTIMEZONES[zone]);
    lines.push('BEGIN:VEVENT', `UID:atomsync-interop-event-${seed}-${i}@example.com`, 'DTSTAMP:20250101T000000Z');
    switch (kind) {
      case 'utc':
        lines.push(`DTSTART:${ymd(day)}T${hms(start)}Z`, `DTEND:${ymd(day)}T${hms(end)}Z`);
        break;
      case 'berlin':
      case 'weekly-count':
      case 'monthly-until':
        lines.push(`DTSTART;TZID=${zone}:${ymd(day)}T${hms(start)}`, `DTEND;TZID=${zone}:${ymd(day)}T${hms(end)}`);
        break;
      case 'all-day':
        lines.push(`DTSTART;VALUE=DATE:${ymd(day)}`, `DTEND;VALUE=DATE:${ymd(new Date(day.getTime() + DAY))}`, 'TRANSP:TRANSPARENT');
        break;
      case 'multi-day':
        lines.push(`DTSTART;VALUE=DATE:${ymd(day)}`, `DTEND;VALUE=DATE:${ymd(new Date(day.getTime() + 3 * DAY))}`);
        break;
    }
    if (kind === 'weekly-count') {
      lines.push(`RRULE:FREQ=WEEKLY;COUNT=${4 + (i % 9)}`);
      // The third occurrence is cancelled.
      lines.push(`EXDATE;TZID=Europe/Berlin:${ymd(new Date(day.getTime() + 14 * DAY))}T${hms(start)}`);
    }
    if (kind === 'monthly-until') {
      const until = new Date(day.getTime() + (60 + Math.floor(rnd() * 200)) * DAY);
      lines.push(`RRULE:FREQ=MONTHLY;BYMONTHDAY=${day.getUTCDate()};UNTIL=${ymd(until)}T235959Z`);
    }
    lines.push(`SUMMARY:${escapeText(summary)}`);
    if (rnd() < 0.7) lines.push(`LOCATION:${escapeText(pick(LOCATIONS))}`);
    if (rnd() < 0.4) {
      lines.push(`DESCRIPTION:${escapeText(`Agenda for ${summary}:\n1. Status, blockers; 2. Next steps\nÄnderungen bitte vorher melden. Long enough to be folded.`)}`);
    }
    if (rnd() < 0.3) lines.push(`CATEGORIES:${pick(['Work', 'Private', 'Travel'])}`);
    if (rnd() < 0.4) lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(summary)}`, 'TRIGGER;VALUE=DURATION:-PT15M', 'END:VALARM');
    lines.push('END:VEVENT', 'END:VCALENDAR');
    out.push(render(lines));
  }
  return out;
}

/** `count` tasks: some with a due date, some with a due time (UTC), some completed. */
export function tasks(count: number, seed = 1): string[] {
  const rnd = random(seed ^ 0x7a5c);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: string[] = [];
  for (let i = 1; i <= count; i++) {
    const due = new Date(Date.UTC(2025, 2, 1) + Math.floor(rnd() * 400) * DAY);
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//atomsync//interop tests//EN', 'BEGIN:VTODO', `UID:atomsync-interop-task-${seed}-${i}@example.com`, 'DTSTAMP:20250101T000000Z'];
    lines.push(`SUMMARY:${escapeText(`${pick(['Angebot schreiben', 'Call back José', 'Renew passport', 'Steuererklärung', 'Order toner; 3 boxes'])} #${i}`)}`);
    lines.push(i % 2 === 0 ? `DUE;VALUE=DATE:${ymd(due)}` : `DUE:${ymd(due)}T${hms(9 * 60 + 30)}Z`);
    lines.push(`PRIORITY:${pick([1, 5, 9])}`);
    if (i % 4 === 0) lines.push('STATUS:COMPLETED', `COMPLETED:${ymd(due)}T120000Z`, 'PERCENT-COMPLETE:100');
    else lines.push(`STATUS:${pick(['NEEDS-ACTION', 'IN-PROCESS'])}`);
    if (rnd() < 0.4) lines.push(`DESCRIPTION:${escapeText('Details:\n- first\n- second, with a comma')}`);
    lines.push('END:VTODO', 'END:VCALENDAR');
    out.push(render(lines));
  }
  return out;
}

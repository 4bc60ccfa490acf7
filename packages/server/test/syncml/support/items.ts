/**
 * Items a phone holds, as phones write them: vCard 3.0 with CRLF line ends, several phones and
 * addresses, non-ASCII names and the characters XML escapes (`&`, `<`), so message sizes are
 * realistic; and an iCalendar event. Deterministic per index; no two cards are twins.
 */

const GIVEN = ['Anna', 'Björn', 'Chloé', 'Dmitri', 'Eşref', 'Fatima', 'Grzegorz', 'Hélène', 'Ingrid', 'Jürgen', 'Kenji', 'Łucja'];
const FAMILY = ['Berg', 'Østergaard', 'Núñez', 'Okafor', 'Schäfer', 'Van der Berg', "O'Neill", 'Kowalczyk', 'Yamada', 'Lindqvist'];
const ORGS = ['Smith & Sons Ltd', 'Müller Maschinenbau GmbH', 'Acme <Research>', 'Nordic Ferries AB', 'Café Central'];
const CITIES = [
  ['Wien', '1010', 'Austria'],
  ['München', '80331', 'Germany'],
  ['London', 'SW1A 1AA', 'United Kingdom'],
  ['Göteborg', '411 03', 'Sweden'],
];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The n-th contact (n ≥ 1) as vCard 3.0; `note` replaces its note (to make an edit). */
export function contact(n: number, note?: string): string {
  const given = GIVEN[n % GIVEN.length]!;
  const family = FAMILY[(n * 7) % FAMILY.length]!;
  const [city, zip, country] = CITIES[n % CITIES.length]!;
  const org = ORGS[n % ORGS.length]!;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${family};${given};;;`,
    `FN:${given} ${family}`,
    `ORG:${org.replace(/;/g, '\\;')};Sales`,
    'TITLE:Key Account Manager',
    `TEL;TYPE=CELL:+49 151 ${pad(n, 8)}`,
    `TEL;TYPE=WORK,VOICE:+49 30 ${pad(n * 37, 7)}`,
    `EMAIL;TYPE=INTERNET,WORK:contact.${n}@example.com`,
    `EMAIL;TYPE=INTERNET,HOME:${n}.home@example.net`,
    `ADR;TYPE=WORK:;;Hauptstraße ${n % 200};${city};;${zip};${country}`,
    `URL:https://www.example.com/people/${n}`,
    `BDAY:19${pad(50 + (n % 50), 2)}-${pad(1 + (n % 12), 2)}-${pad(1 + (n % 28), 2)}`,
    `NOTE:${note ?? `Met at the fair\\, stand #${n}. Likes tea & cake; prefers e-mail.`}`,
    'END:VCARD',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The n-th event as iCalendar 2.0 (UTC). */
export function event(n: number): string {
  const day = pad(1 + (n % 28), 2);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//atomsync tests//scripted phone//EN',
    'BEGIN:VEVENT',
    `UID:scripted-event-${n}@example.com`,
    'DTSTAMP:20240101T000000Z',
    `DTSTART:202403${day}T090000Z`,
    `DTEND:202403${day}T100000Z`,
    `SUMMARY:Review meeting ${n}`,
    'LOCATION:Room 4 & 5',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The FN of a card (what the server's item title shows). */
export function nameOf(card: string): string {
  return /^FN:(.*)$/m.exec(card)![1]!.trim();
}

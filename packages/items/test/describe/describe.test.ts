/**
 * describeItem: the duplicate key of each dataclass (a table), the user changes that must change
 * the fingerprint, items from the real SyncML captures, and items nothing can read.
 */
import { describe, expect, it } from 'vitest';
import { DUPLICATE_KEYS, describeItem, type ItemDataclass } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const describeAs = (dataclass: ItemDataclass, body: string, title = '') =>
  describeItem({ dataclass, type: 'text/plain', title, body });

const card = (...props: string[]) => crlf('BEGIN:VCARD', 'VERSION:3.0', ...props, 'END:VCARD');
const calendar = (component: string, ...props: string[]) =>
  crlf('BEGIN:VCALENDAR', 'VERSION:2.0', `BEGIN:${component}`, ...props, `END:${component}`, 'END:VCALENDAR');

describe('the duplicate key table', () => {
  it('names the fields of each dataclass', () => {
    expect(DUPLICATE_KEYS).toEqual({
      Contacts: [['name', 'phones', 'emails']],
      Events: [['uid'], ['summary', 'start']],
      Tasks: [['uid'], ['summary', 'start']],
      Notes: [['text']],
    });
  });

  const table: [string, ItemDataclass, string, string | null][] = [
    ['contact: folded name words, E.164 phones, lower-case emails, each sorted', 'Contacts',
      card('N:Müller;Ulrich;;;', 'TEL;TYPE=HOME:+49 30 1234567', 'TEL;TYPE=CELL:+49 151 5274 00001', 'EMAIL:Ulrich@Example.NET'),
      'Contacts|name="muller ulrich"|phones=["+49151527400001","+49301234567"]|emails=["ulrich@example.net"]'],
    ['contact: name from FN when N is missing', 'Contacts', card('FN:Ulrich  Müller', 'EMAIL:u@example.net'),
      'Contacts|name="muller ulrich"|phones=[]|emails=["u@example.net"]'],
    ['contact: name from ORG for a company card', 'Contacts', card('ORG:Globex Corp.;Sales', 'TEL:+1 212 555 0134'),
      'Contacts|name="corp. globex"|phones=["+12125550134"]|emails=[]'],
    ['contact: prefix and suffix are not part of the name key', 'Contacts', card('N:Weber;Clara;;Dr.;PhD', 'EMAIL:c@example.org'),
      'Contacts|name="clara weber"|phones=[]|emails=["c@example.org"]'],
    ['contact: a national number without a region is its dial string', 'Contacts', card('N:Weber;Clara', 'TEL:(030) 123-4567'),
      'Contacts|name="clara weber"|phones=["0301234567"]|emails=[]'],
    ['contact: a national number takes the region of the card\'s international ones', 'Contacts',
      card('N:Weber;Clara', 'TEL;TYPE=CELL:+49 171 2233445', 'TEL:(030) 123-4567'),
      'Contacts|name="clara weber"|phones=["+491712233445","+49301234567"]|emails=[]'],
    ['contact: empty card has no key', 'Contacts', card('N:;;;;', 'FN:', 'TEL;TYPE=CELL:'), null],
    ['event: UID first', 'Events', calendar('VEVENT', 'UID:abc-1@example.com', 'SUMMARY:Dentist', 'DTSTART:20250201T103000Z'),
      'Events|uid="abc-1@example.com"'],
    ['event: else summary and start as a UTC instant', 'Events', calendar('VEVENT', 'SUMMARY:Dentist', 'DTSTART;TZID=America/New_York:20250201T103000'),
      'Events|summary="dentist"|start="20250201T153000Z"'],
    ['event: an all-day start is a DATE', 'Events', calendar('VEVENT', 'SUMMARY:Holiday', 'DTSTART;VALUE=DATE:20251224'),
      'Events|summary="holiday"|start="20251224"'],
    ['event: a floating start stays floating', 'Events', calendar('VEVENT', 'SUMMARY:Gym', 'DTSTART:20250201T070000'),
      'Events|summary="gym"|start="20250201T070000"'],
    ['event: vCalendar 1.0 start with TZ', 'Events',
      crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'TZ:-05', 'BEGIN:VEVENT', 'SUMMARY:Call', 'DTSTART:20250201T103000', 'END:VEVENT', 'END:VCALENDAR'),
      'Events|summary="call"|start="20250201T153000Z"'],
    ['event: nothing to key on', 'Events', calendar('VEVENT', 'DESCRIPTION:only a description'), null],
    ['task: UID', 'Tasks', calendar('VTODO', 'UID:t-1', 'SUMMARY:Pay rent'), 'Tasks|uid="t-1"'],
    ['task: summary and DUE when there is no DTSTART', 'Tasks', calendar('VTODO', 'SUMMARY:Pay rent', 'DUE;VALUE=DATE:20250301'),
      'Tasks|summary="pay rent"|start="20250301"'],
    ['task: summary alone', 'Tasks', calendar('VTODO', 'SUMMARY:Pay rent'), 'Tasks|summary="pay rent"|start=""'],
    ['note: the text, spacing folded', 'Notes', '  Buy\r\n milk  ', 'Notes|text="buy milk"'],
    ['note: empty', 'Notes', ' \r\n ', null],
    ['garbage contact: its text', 'Contacts', 'not a vcard at all', 'Contacts|text="not a vcard at all"'],
  ];
  it.each(table)('%s', (_, dataclass, body, key) => {
    expect(describeAs(dataclass, body).key).toBe(key);
  });

  it('keys carry the dataclass: a note never twins a contact or an event of the same text', () => {
    const keys = (['Contacts', 'Events', 'Tasks', 'Notes'] as const).map((d) => describeAs(d, 'Ulrich Müller').key);
    expect(new Set(keys).size).toBe(4);
    const vcard = card('N:Müller;Ulrich', 'EMAIL:u@example.net');
    expect(describeAs('Notes', vcard).key).not.toBe(describeAs('Contacts', vcard).key);
  });

  it('a summary with separators cannot forge another key', () => {
    const a = describeAs('Events', calendar('VEVENT', 'SUMMARY:a"|start="x', 'DTSTART:20250101'));
    const b = describeAs('Events', calendar('VEVENT', 'SUMMARY:a', 'DTSTART:20250101'));
    expect(a.key).not.toBe(b.key);
  });
});

describe('what SyncEvolution writes back is no change', () => {
  // It writes an empty property for every field it knows, and keeps `\;` in 3.0 text.
  const plain = card('N:Doe;John;;;', 'FN:John Doe', 'TEL:+49 151 1111111');
  it.each([
    ['an empty GEO (ical.js would read 0;0)', card('N:Doe;John;;;', 'FN:John Doe', 'TEL:+49 151 1111111', 'GEO:;')],
    ['an empty PHOTO', card('N:Doe;John;;;', 'FN:John Doe', 'TEL:+49 151 1111111', 'PHOTO:')],
    ['an empty binary PHOTO', card('N:Doe;John;;;', 'FN:John Doe', 'TEL:+49 151 1111111', 'PHOTO;ENCODING=b;TYPE=JPEG:')],
    ['empty ORG, ADR, NOTE', card('N:Doe;John;;;', 'FN:John Doe', 'ORG:;;;', 'TEL:+49 151 1111111', 'ADR:;;;;;;', 'NOTE:')],
  ])('%s', (_name, rewritten) => {
    expect(describeAs('Contacts', rewritten).fingerprint).toBe(describeAs('Contacts', plain).fingerprint);
  });
  it('a folded binary PHOTO is not empty', () => {
    const photo = card('N:Doe;John;;;', 'FN:John Doe', 'TEL:+49 151 1111111', 'PHOTO;ENCODING=b;TYPE=JPEG:', ' /9j/4AAQSkZJRgABAQ==');
    expect(describeAs('Contacts', photo).fingerprint).not.toBe(describeAs('Contacts', plain).fingerprint);
  });
  it('a 3.0 NOTE with an escaped semicolon is the 2.1 note with a plain one', () => {
    const v30 = card('N:Doe;John;;;', 'NOTE:lunch\\; then golf');
    const v21 = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N:Doe;John;;;', 'NOTE:lunch; then golf', 'END:VCARD');
    expect(describeAs('Contacts', v30).fingerprint).toBe(describeAs('Contacts', v21).fingerprint);
  });
});

describe('user changes change the fingerprint', () => {
  const ulrich = TWIN_PAIRS.find((p) => p.name === 'contact: PRODID and REV')!.a;
  const dentist = TWIN_PAIRS.find((p) => p.name.startsWith('event: property order'))!.a;
  const task = TWIN_PAIRS.find((p) => p.name === 'task: UID, DTSTAMP, SEQUENCE and order')!.a;
  const changes: [string, ItemDataclass, string, string][] = [
    ['contact: another phone number', 'Contacts', ulrich, ulrich.replace('+49 151 5274 00001', '+49 170 1111 2222')],
    ['contact: another country code', 'Contacts', ulrich, ulrich.replace('+49 151 5274 00001', '+43 151 5274 00001')],
    ['contact: a phone moved from cell to home', 'Contacts', ulrich, ulrich.replace('TEL;TYPE=CELL', 'TEL;TYPE=HOME')],
    ['contact: a phone extension', 'Contacts', card('N:A;B', 'TEL:+1 212 555 0134 x12'), card('N:A;B', 'TEL:+1 212 555 0134 x13')],
    ['contact: another family name', 'Contacts', ulrich, ulrich.replace('N:Müller;Ulrich;;;', 'N:Mueller;Ulrich;;;')],
    ['contact: a display name of its own', 'Contacts', ulrich, ulrich.replace('FN:Ulrich Müller', 'FN:Uli')],
    ['contact: another street', 'Contacts', ulrich, ulrich.replace('Hauptstraße 81', 'Hauptstraße 18')],
    ['contact: another email', 'Contacts', ulrich, ulrich.replace('ulrich.muller1@', 'ulrich.mueller1@')],
    ['contact: a note added', 'Contacts', ulrich, ulrich.replace('BDAY:', 'NOTE:Golf on Sundays\r\nBDAY:')],
    ['contact: another birthday', 'Contacts', ulrich, ulrich.replace('BDAY:19570602', 'BDAY:19570603')],
    ['contact: a user X- property', 'Contacts', ulrich, ulrich.replace('BDAY:', 'X-JABBER:uli@jabber.example\r\nBDAY:')],
    ['contact: another photo', 'Contacts', card('N:A;B', 'PHOTO;ENCODING=b;TYPE=JPEG:AAAA'), card('N:A;B', 'PHOTO;ENCODING=b;TYPE=JPEG:AAAB')],
    ['event: another start time', 'Events', dentist, dentist.replace('DTSTART;TZID=Europe/Berlin:20250201T113000', 'DTSTART;TZID=Europe/Berlin:20250201T120000')],
    ['event: another time zone', 'Events', dentist, dentist.replace('DTSTART;TZID=Europe/Berlin:', 'DTSTART;TZID=Europe/London:')],
    ['event: another summary', 'Events', dentist, dentist.replace('SUMMARY:Dentist', 'SUMMARY:Dentist (Dr. Kramer)')],
    ['event: another location', 'Events', dentist, dentist.replace('LOCATION:Zürich HB', 'LOCATION:Zürich Oerlikon')],
    ['event: another recurrence end', 'Events', dentist, dentist.replace('UNTIL=20250315T103000Z', 'UNTIL=20250322T103000Z')],
    ['event: an attendee accepted', 'Events', dentist, dentist.replace('PARTSTAT=NEEDS-ACTION;RSVP=TRUE', 'PARTSTAT=ACCEPTED;RSVP=TRUE')],
    ['event: an alarm added', 'Events', dentist,
      dentist.replace('END:VEVENT', 'BEGIN:VALARM\r\nTRIGGER:-PT15M\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nEND:VALARM\r\nEND:VEVENT')],
    ['task: done', 'Tasks', task, task.replace('PERCENT-COMPLETE:50', 'PERCENT-COMPLETE:100\r\nSTATUS:COMPLETED')],
    ['task: another summary', 'Tasks', task, task.replace('Winterreifen', 'Sommerreifen')],
    ['note: another text', 'Notes', 'Einkaufsliste\nMilch\nBrot', 'Einkaufsliste\nMilch\nBrötchen'],
    ['note: a line break moved', 'Notes', 'Milch Brot', 'Milch\nBrot'],
    ['vCard 2.1: a QUOTED-PRINTABLE name changed', 'Contacts',
      crlf('BEGIN:VCARD', 'VERSION:2.1', 'N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller;Ulrich', 'END:VCARD'),
      crlf('BEGIN:VCARD', 'VERSION:2.1', 'N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=B6ller;Ulrich', 'END:VCARD')],
    ['vCalendar 1.0: another start', 'Events',
      crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Call', 'DTSTART:20091010T100000Z', 'END:VEVENT', 'END:VCALENDAR'),
      crlf('BEGIN:VCALENDAR', 'VERSION:1.0', 'BEGIN:VEVENT', 'SUMMARY:Call', 'DTSTART:20091010T110000Z', 'END:VEVENT', 'END:VCALENDAR')],
  ];
  it.each(changes)('%s', (_, dataclass, before, after) => {
    expect(after).not.toBe(before);
    expect(describeAs(dataclass, after).fingerprint).not.toBe(describeAs(dataclass, before).fingerprint);
  });

  it('a changed phone number changes the contact key too (it is a key field)', () => {
    expect(describeAs('Contacts', changes[0]![3]).key).not.toBe(describeAs('Contacts', changes[0]![2]).key);
  });
});

describe('items of the real SyncML captures (tools/syncml-client/samples)', () => {
  // xml-contacts-slow: what SyncEvolution sent; xml-contacts-two-way: its Replace after the user
  // changed the mobile number; xml-contacts-refresh-from-server: the server's copy sent back.
  const sent = card(
    'PRODID:-//Synthesis AG//NONSGML SyncML Engine V3.4.0.47//EN', 'REV:20240202T120000Z', 'N:Müller;Ulrich;;;',
    'FN:Ulrich Müller', 'TITLE:Sales Manager', 'TEL;TYPE=CELL:+49 151 5274 00001',
    'EMAIL;TYPE=WORK,INTERNET:ulrich.muller1@example.net', 'ADR;TYPE=WORK:;;Hauptstraße 81;Wien;;1010;Austria', 'BDAY:19570602',
  );
  const replaced = sent.replace('+49 151 5274 00001', '+49 170 1111 2222');

  it('a Replace with a new mobile number is a change, and a new key', () => {
    expect(describeAs('Contacts', replaced).fingerprint).not.toBe(describeAs('Contacts', sent).fingerprint);
    expect(describeAs('Contacts', replaced).key).toBe(
      'Contacts|name="muller ulrich"|phones=["+4917011112222"]|emails=["ulrich.muller1@example.net"]',
    );
  });

  it('the event with VTIMEZONE, RRULE and EXDATE keys on its UID', () => {
    const dentist = TWIN_PAIRS.find((p) => p.name.startsWith('event: property order'))!.a;
    expect(describeAs('Events', dentist).key).toBe('Events|uid="gen-event-000003-3499aafd@example.com"');
  });
});

describe('texts no reader makes sense of', () => {
  const broken: [string, ItemDataclass, string][] = [
    ['unterminated vCard', 'Contacts', 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John\r\nTEL:+1'],
    ['END before BEGIN', 'Contacts', 'END:VCARD\r\nBEGIN:VCARD\r\n'],
    ['bad QUOTED-PRINTABLE and unknown charset', 'Contacts', 'BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=X-NOPE:=ZZ=C3\r\nEND:VCARD'],
    ['a line without a colon', 'Events', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY\r\nDTSTART:2025\r\nEND:VEVENT\r\nEND:VCALENDAR'],
    ['an unknown TZID', 'Events', calendar('VEVENT', 'SUMMARY:x', 'DTSTART;TZID=Mars/Olympus:20250101T100000')],
    ['a broken VTIMEZONE', 'Events', crlf('BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTIMEZONE', 'TZID:X', 'BEGIN:STANDARD', 'TZOFFSETTO:nope', 'END:STANDARD', 'END:VTIMEZONE', 'BEGIN:VEVENT', 'DTSTART;TZID=X:20250101T100000', 'END:VEVENT', 'END:VCALENDAR')],
    ['binary noise', 'Notes', '\u0000\u0001\uFFFD\uD800'],
    ['empty', 'Contacts', ''],
  ];
  it.each(broken)('%s: described, never thrown', (_, dataclass, body) => {
    const d = describeAs(dataclass, body);
    expect(d.fingerprint).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('an unknown TZID keeps the zone name in the start, so another zone is another key', () => {
    const a = describeAs('Events', calendar('VEVENT', 'SUMMARY:x', 'DTSTART;TZID=Mars/Olympus:20250101T100000'));
    const b = describeAs('Events', calendar('VEVENT', 'SUMMARY:x', 'DTSTART;TZID=Venus/Maxwell:20250101T100000'));
    expect(a.key).toBe('Events|summary="x"|start="20250101T100000;TZID=Mars/Olympus"');
    expect(b.key).not.toBe(a.key);
  });
});

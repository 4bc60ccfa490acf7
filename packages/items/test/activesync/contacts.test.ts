/**
 * The contact mapping rule by rule (MS-ASCNTC, MS-ASCMD ghosting): every element name is one of
 * spec/activesync/code-pages.json, elements go out in MS-ASCNTC's order, each vCard property
 * finds its slot by the table, versions gate elements, and what the phone does not send is kept
 * or deleted as MS-ASCMD's Supported rule says.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AIRSYNC_VERSIONS,
  CONTACT_ELEMENTS,
  contactFromAirSync,
  contactToAirSync,
  describeItem,
  type AirSyncProperty,
  type AirSyncVersion,
} from '@atomsync/items';
import { card, crlf, elementOf, elements, linesOf, valueOf } from './support.js';

/** A vCard 3.0 named X (N and FN, which 3.0 requires), with more lines. */
const named = (...lines: string[]) => card('N:;X;;;', 'FN:X', ...lines);

interface CodePages {
  pages: { name: string; tags: { name: string; aliases?: string[]; versions?: string[] }[] }[];
}
const codePages = JSON.parse(readFileSync(new URL('../../../../spec/activesync/code-pages.json', import.meta.url), 'utf8')) as CodePages;
/** `Page:Tag` → the versions that have it. */
const TAGS = new Map<string, readonly string[]>(
  codePages.pages.flatMap((page) => page.tags.map((tag) => [`${page.name}:${tag.name}`, tag.versions ?? AIRSYNC_VERSIONS] as const)),
);

const v14 = { version: '14.0' } as const;
const contact = (body: string) => ({ dataclass: 'Contacts', type: 'text/vcard', title: '', body }) as const;
const fingerprint = (body: string) => describeItem(contact(body)).fingerprint;

/**
 * The phone's Change after an edit: the card as we sent it, with elements replaced (text or an
 * element), added, or left out (null).
 */
function edited(vcard: string, version: AirSyncVersion, edits: Readonly<Record<string, string | AirSyncProperty | null>>): AirSyncProperty[] {
  const sent = contactToAirSync(vcard, { version });
  const change = sent.flatMap((p) => (p.name in edits ? [] : [p]));
  for (const [name, edit] of Object.entries(edits)) {
    if (edit !== null) change.push(typeof edit === 'string' ? { name, text: edit } : edit);
  }
  return change;
}

/** Every element name anywhere in a tree. */
function namesIn(properties: readonly AirSyncProperty[]): string[] {
  return properties.flatMap((p) => [p.name, ...namesIn(p.children ?? [])]);
}

const everything = card(
  'UID:urn:uuid:0b7d0a56',
  'N:Müller;Ulrich;Maria;Dr.;Jr.',
  'FN:Müller, Ulrich',
  'NICKNAME:Uli',
  'X-PHONETIC-FIRST-NAME:ウルリッヒ',
  'X-PHONETIC-LAST-NAME:ミュラー',
  'X-PHONETIC-ORG:アクメ',
  'ORG:Acme;Sales;Room 5',
  'TITLE:Sales Manager',
  'TEL;TYPE=WORK,FAX:+43 1 100',
  'TEL;TYPE=HOME,FAX:+43 1 101',
  'TEL;TYPE=PAGER:+43 1 102',
  'TEL;TYPE=CAR:+43 1 103',
  'TEL;TYPE=CELL:+43 1 104',
  'TEL;TYPE=MSG:+43 1 105',
  'TEL;TYPE=WORK,MAIN:+43 1 106',
  'TEL;TYPE=X-EVOLUTION-ASSISTANT:+43 1 107',
  'TEL;TYPE=X-EVOLUTION-RADIO:+43 1 108',
  'TEL;TYPE=WORK:+43 1 109',
  'TEL;TYPE=WORK:+43 1 110',
  'TEL;TYPE=HOME:+43 1 111',
  'TEL;TYPE=HOME:+43 1 112',
  'EMAIL;TYPE=INTERNET:one@example.net',
  'EMAIL;TYPE=INTERNET:two@example.net',
  'EMAIL;TYPE=INTERNET:three@example.net',
  'ADR;TYPE=WORK:;;Hauptstraße 81;Wien;W;1010;Austria',
  'ADR;TYPE=HOME:;;Ring 1;Graz;St;8010;Austria',
  'ADR:;;Other 2;Linz;OÖ;4020;Austria',
  'IMPP:xmpp:uli@example.net',
  'X-AIM:uli',
  'X-ICQ:12345',
  'URL:https://example.net/uli',
  'BDAY:1957-06-02',
  'X-ANNIVERSARY:1985-04-12',
  'X-EVOLUTION-SPOUSE:Maria',
  'RELATED;TYPE=child;VALUE=text:Anna',
  'RELATED;TYPE=child;VALUE=text:Ben',
  'X-EVOLUTION-ASSISTANT:Eva',
  'X-EVOLUTION-MANAGER:Max',
  'X-CUSTOMER-ID:C-1',
  'X-GOVERNMENT-ID:G-2',
  'X-ACCOUNT-NAME:A-3',
  'X-ALIAS:uli',
  'CATEGORIES:Friends,Work',
  'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRg==',
  'NOTE:Met at the fair.\\nCall in May.',
);

describe('the table', () => {
  it('names only elements of spec/activesync/code-pages.json, for the versions that have them', () => {
    for (const version of AIRSYNC_VERSIONS) {
      const sent = contactToAirSync(everything, { version, bodyPreference: { type: 1, truncationSize: 5 }, bodyTruncation: 5 });
      for (const name of namesIn(sent)) expect(TAGS.get(name), `${name} in ${version}`).toContain(version);
    }
    for (const element of CONTACT_ELEMENTS) {
      expect(TAGS.has(element.name), element.name).toBe(true);
      if (element.item) expect(TAGS.has(element.item), element.item).toBe(true);
    }
  });

  it('lists the elements in the order of MS-ASCNTC §2.2.2 (by tag name), and sends them so', () => {
    const tags = CONTACT_ELEMENTS.map((e) => e.name.slice(e.name.indexOf(':') + 1).toLowerCase());
    expect(tags).toEqual([...tags].sort());
    const sent = contactToAirSync(everything, v14).map((p) => p.name);
    const order = CONTACT_ELEMENTS.map((e) => e.name);
    expect(sent.map((n) => order.indexOf(n))).toEqual(sent.map((n) => order.indexOf(n)).sort((a, b) => a - b));
  });

  it('carries every element of a full card (14.0)', () => {
    const sent = contactToAirSync(everything, v14);
    expect(sent.map((p) => p.name).sort()).toEqual(CONTACT_ELEMENTS.filter((e) => e.name !== 'Contacts:Body').map((e) => e.name).sort());
  });
});

describe('names, organization, text', () => {
  const sent = contactToAirSync(everything, v14);
  it.each([
    ['Contacts:FileAs', 'Müller, Ulrich'],
    ['Contacts:LastName', 'Müller'],
    ['Contacts:FirstName', 'Ulrich'],
    ['Contacts:MiddleName', 'Maria'],
    ['Contacts:Title', 'Dr.'],
    ['Contacts:Suffix', 'Jr.'],
    ['Contacts:CompanyName', 'Acme'],
    ['Contacts:Department', 'Sales'],
    ['Contacts:OfficeLocation', 'Room 5'],
    ['Contacts:JobTitle', 'Sales Manager'],
    ['Contacts2:NickName', 'Uli'],
    ['Contacts:YomiFirstName', 'ウルリッヒ'],
    ['Contacts:YomiLastName', 'ミュラー'],
    ['Contacts:YomiCompanyName', 'アクメ'],
    ['Contacts:WebPage', 'https://example.net/uli'],
    ['Contacts:Spouse', 'Maria'],
    ['Contacts:Children', 'Anna|Ben'],
    ['Contacts:AssistantName', 'Eva'],
    ['Contacts2:ManagerName', 'Max'],
    ['Contacts2:CustomerId', 'C-1'],
    ['Contacts2:GovernmentId', 'G-2'],
    ['Contacts2:AccountName', 'A-3'],
    ['Contacts:Alias', 'uli'],
    ['Contacts:Categories', 'Friends|Work'],
    ['Contacts2:IMAddress', 'xmpp:uli@example.net'],
    ['Contacts2:IMAddress2', 'uli'],
    ['Contacts2:IMAddress3', '12345'],
    ['Contacts:Email1Address', 'one@example.net'],
    ['Contacts:Email2Address', 'two@example.net'],
    ['Contacts:Email3Address', 'three@example.net'],
    ['Contacts:BusinessAddressStreet', 'Hauptstraße 81'],
    ['Contacts:BusinessAddressCity', 'Wien'],
    ['Contacts:BusinessAddressState', 'W'],
    ['Contacts:BusinessAddressPostalCode', '1010'],
    ['Contacts:BusinessAddressCountry', 'Austria'],
    ['Contacts:HomeAddressStreet', 'Ring 1'],
    ['Contacts:HomeAddressCity', 'Graz'],
    ['Contacts:OtherAddressStreet', 'Other 2'],
    ['Contacts:OtherAddressState', 'OÖ'],
    ['Contacts:Birthday', '1957-06-02T00:00:00.000Z'],
    ['Contacts:Anniversary', '1985-04-12T00:00:00.000Z'],
    ['Contacts:Picture', '/9j/4AAQSkZJRg=='],
  ])('%s is %s', (name, value) => {
    expect(valueOf(sent, name)).toBe(value);
  });

  it('reads the name properties other clients write (Evolution, KDE, Outlook, vCard 4.0 RELATED)', () => {
    const other = contactToAirSync(
      card('X-KADDRESSBOOK-X-SpousesName:Maria', 'X-MS-MANAGER:Max', 'X-ASSISTANT:Eva', 'X-MS-CHILD:Anna', 'X-EVOLUTION-ANNIVERSARY:1985-04-12'),
      v14,
    );
    expect(valueOf(other, 'Contacts:Spouse')).toBe('Maria');
    expect(valueOf(other, 'Contacts2:ManagerName')).toBe('Max');
    expect(valueOf(other, 'Contacts:AssistantName')).toBe('Eva');
    expect(valueOf(other, 'Contacts:Children')).toBe('Anna');
    expect(valueOf(other, 'Contacts:Anniversary')).toBe('1985-04-12T00:00:00.000Z');
    const v4 = contactToAirSync(crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:U', 'RELATED;TYPE=spouse;VALUE=text:Maria', 'ANNIVERSARY:19850412', 'END:VCARD'), v14);
    expect(valueOf(v4, 'Contacts:Spouse')).toBe('Maria');
    expect(valueOf(v4, 'Contacts:Anniversary')).toBe('1985-04-12T00:00:00.000Z');
  });

  it('writes the phone’s new contact as vCard 3.0, new properties as the table writes them', () => {
    const vcard = contactFromAirSync(
      elements({
        'Contacts:FileAs': 'Doe, John',
        'Contacts:FirstName': 'John',
        'Contacts:LastName': 'Doe',
        'Contacts:CompanyName': 'Acme; Inc.',
        'Contacts:JobTitle': 'Boss',
        'Contacts:Spouse': 'Jane',
        'Contacts2:NickName': 'Johnny, Jo',
        'Contacts:WebPage': 'https://example.com/a,b;c',
        'Contacts:BusinessAddressStreet': 'Main St 1\r\nBuilding 2',
        'Contacts:BusinessAddressCity': 'Springfield',
      }),
      v14,
    );
    expect(vcard.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(linesOf(vcard)).toEqual([
      'FN:Doe\\, John',
      'N:Doe;John;;;',
      'ORG:Acme\\; Inc.',
      'TITLE:Boss',
      'NICKNAME:Johnny\\, Jo',
      'ADR;TYPE=WORK:;;Main St 1\\nBuilding 2;Springfield;;;',
      'URL:https://example.com/a,b;c',
      'X-EVOLUTION-SPOUSE:Jane',
    ]);
  });

  it('derives FN (vCard 3.0 needs one) when the phone sends no FileAs', () => {
    const vcard = contactFromAirSync(elements({ 'Contacts:FirstName': 'John', 'Contacts:LastName': 'Doe', 'Contacts:Title': 'Dr.' }), v14);
    expect(linesOf(vcard)).toEqual(['FN:Dr. John Doe', 'N:Doe;John;;Dr.;']);
    expect(linesOf(contactFromAirSync(elements({ 'Contacts:CompanyName': 'Acme' }), v14))).toEqual(['N:;;;;', 'FN:Acme', 'ORG:Acme']);
  });
});

describe('phone numbers: the slot rules', () => {
  it.each([
    ['TEL;TYPE=WORK,FAX', 'Contacts:BusinessFaxNumber'],
    ['TEL;TYPE=FAX', 'Contacts:HomeFaxNumber'],
    ['TEL;TYPE=HOME,FAX', 'Contacts:HomeFaxNumber'],
    ['TEL;TYPE=PAGER', 'Contacts:PagerNumber'],
    ['TEL;TYPE=WORK,PAGER', 'Contacts:PagerNumber'],
    ['TEL;TYPE=CAR', 'Contacts:CarPhoneNumber'],
    ['TEL;TYPE=CELL', 'Contacts:MobilePhoneNumber'],
    ['TEL;TYPE=CELL,VOICE,PREF', 'Contacts:MobilePhoneNumber'],
    ['TEL;TYPE=IPHONE', 'Contacts:MobilePhoneNumber'],
    ['TEL;CELL', 'Contacts:MobilePhoneNumber'],
    ['TEL;TYPE=MSG', 'Contacts2:MMS'],
    ['TEL;TYPE=TEXT', 'Contacts2:MMS'],
    ['TEL;TYPE=MAIN', 'Contacts2:CompanyMainPhone'],
    ['TEL;TYPE=X-EVOLUTION-COMPANY', 'Contacts2:CompanyMainPhone'],
    ['TEL;TYPE=X-EVOLUTION-ASSISTANT', 'Contacts:AssistantPhoneNumber'],
    ['TEL;TYPE=ASSISTANT', 'Contacts:AssistantPhoneNumber'],
    ['TEL;TYPE=X-EVOLUTION-RADIO', 'Contacts:RadioPhoneNumber'],
    ['TEL;TYPE=WORK', 'Contacts:BusinessPhoneNumber'],
    ['TEL;TYPE=WORK,VOICE', 'Contacts:BusinessPhoneNumber'],
    ['TEL;TYPE=HOME', 'Contacts:HomePhoneNumber'],
    ['TEL', 'Contacts:HomePhoneNumber'],
    ['TEL;TYPE=VOICE', 'Contacts:HomePhoneNumber'],
    ['TEL;TYPE=VIDEO', 'Contacts:HomePhoneNumber'],
  ])('%s is %s', (head, element) => {
    const sent = contactToAirSync(named(`${head}:+1 555 0100`), v14);
    expect(sent.filter((p) => p.name.endsWith('Number') || p.name.startsWith('Contacts2:')).map((p) => p.name)).toEqual([element]);
  });

  it('fills numbered slots in card order, a kind with no room left tries the next rule, the rest stays in the card', () => {
    const vcard = named('TEL;TYPE=CELL:1', 'TEL;TYPE=CELL,WORK:2', 'TEL;TYPE=CELL:3', 'TEL;TYPE=WORK:4', 'TEL;TYPE=WORK:5', 'TEL:6', 'TEL;TYPE=HOME:7', 'TEL:8');
    const sent = contactToAirSync(vcard, v14);
    expect(valueOf(sent, 'Contacts:MobilePhoneNumber')).toBe('1');
    expect(valueOf(sent, 'Contacts:BusinessPhoneNumber')).toBe('2');
    expect(valueOf(sent, 'Contacts:Business2PhoneNumber')).toBe('4');
    expect(valueOf(sent, 'Contacts:HomePhoneNumber')).toBe('6');
    expect(valueOf(sent, 'Contacts:Home2PhoneNumber')).toBe('7');
    // 3 (a second mobile), 5 (a third work number) and 8 have no slot: the phone never sees them,
    // and a Change keeps them.
    const back = contactFromAirSync(sent, { version: '14.0', previous: vcard });
    expect(linesOf(back)).toEqual(linesOf(vcard));
  });

  it('writes a tel: URI as its number', () => {
    const sent = contactToAirSync(crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:X', 'TEL;VALUE=uri;TYPE=cell:tel:+1-555-0100', 'END:VCARD'), v14);
    expect(valueOf(sent, 'Contacts:MobilePhoneNumber')).toBe('+1-555-0100');
  });

  it('writes each number the phone adds so that it reads back into the same slot', () => {
    const numbers = Object.fromEntries(
      CONTACT_ELEMENTS.filter((e) => e.kind === 'phone').map((e, i) => [e.name, `+1 555 01${String(i).padStart(2, '0')}`]),
    );
    const vcard = contactFromAirSync(elements(numbers), v14);
    const back = contactToAirSync(vcard, v14);
    expect(Object.fromEntries(back.map((p) => [p.name, p.text]))).toEqual(numbers);
    // In slot order (the table's), so that Business comes before Business2 and Home before Home2.
    expect(linesOf(vcard).filter((l) => l.startsWith('TEL'))).toEqual([
      'TEL;TYPE=WORK,FAX:+1 555 0102',
      'TEL;TYPE=HOME,FAX:+1 555 0107',
      'TEL;TYPE=PAGER:+1 555 0111',
      'TEL;TYPE=CAR:+1 555 0104',
      'TEL;TYPE=CELL:+1 555 0110',
      'TEL;TYPE=MSG:+1 555 0109',
      'TEL;TYPE=WORK,MAIN:+1 555 0105',
      'TEL;TYPE=X-EVOLUTION-ASSISTANT:+1 555 0100',
      'TEL;TYPE=X-EVOLUTION-RADIO:+1 555 0112',
      'TEL;TYPE=WORK:+1 555 0103',
      'TEL;TYPE=WORK:+1 555 0101',
      'TEL;TYPE=HOME:+1 555 0108',
      'TEL;TYPE=HOME:+1 555 0106',
    ]);
  });
});

describe('e-mail addresses', () => {
  it('sends the first three; a fourth stays in the card through any Change', () => {
    const vcard = named('EMAIL:a@example.net', 'EMAIL;TYPE=WORK:b@example.net', 'EMAIL:c@example.net', 'EMAIL;TYPE=HOME:d@example.net');
    const sent = contactToAirSync(vcard, v14);
    expect(['Contacts:Email1Address', 'Contacts:Email2Address', 'Contacts:Email3Address'].map((n) => valueOf(sent, n))).toEqual([
      'a@example.net',
      'b@example.net',
      'c@example.net',
    ]);
    const changed = sent.map((p) => (p.name === 'Contacts:Email2Address' ? { ...p, text: 'new@example.net' } : p));
    expect(linesOf(contactFromAirSync(changed, { version: '14.0', previous: vcard }))).toEqual([
      'N:;X;;;',
      'FN:X',
      'EMAIL:a@example.net',
      'EMAIL;TYPE=WORK:new@example.net',
      'EMAIL:c@example.net',
      'EMAIL;TYPE=HOME:d@example.net',
    ]);
  });

  it.each([
    ['"Jane Doe" <jane@example.net>', 'jane@example.net'],
    ['Jane Doe <jane@example.net>', 'jane@example.net'],
    ['  jane@example.net ', 'jane@example.net'],
    ['mailto:jane@example.net', 'jane@example.net'],
  ])('reads the address of %j', (text, address) => {
    expect(linesOf(contactFromAirSync(elements({ 'Contacts:FileAs': 'Jane', 'Contacts:Email1Address': text }), v14))).toContain(`EMAIL;TYPE=INTERNET:${address}`);
  });

  it('a display name the phone adds to an unchanged address changes nothing', () => {
    const vcard = card('N:;Jane;;;', 'FN:Jane', 'EMAIL;TYPE=WORK:jane@example.net');
    const back = contactFromAirSync(edited(vcard, '14.0', { 'Contacts:Email1Address': '"Jane" <jane@example.net>' }), { version: '14.0', previous: vcard });
    expect(linesOf(back)).toEqual(linesOf(vcard));
  });
});

describe('addresses', () => {
  it('keeps what ActiveSync has no element for (post office box, extended address) when the phone changes the city', () => {
    const vcard = named('ADR;TYPE=HOME:PO Box 7;Apt 3;Ring 1;Graz;;8010;Austria');
    const sent = contactToAirSync(vcard, v14);
    const changed = sent.map((p) => (p.name === 'Contacts:HomeAddressCity' ? { ...p, text: 'Wien' } : p));
    expect(linesOf(contactFromAirSync(changed, { version: '14.0', previous: vcard }))).toEqual(['N:;X;;;', 'FN:X', 'ADR;TYPE=HOME:PO Box 7;Apt 3;Ring 1;Wien;;8010;Austria']);
  });

  it.each([
    ['ADR;TYPE=WORK', 'Contacts:BusinessAddressCity'],
    ['ADR;TYPE=HOME', 'Contacts:HomeAddressCity'],
    ['ADR', 'Contacts:OtherAddressCity'],
    ['ADR;TYPE=POSTAL', 'Contacts:OtherAddressCity'],
  ])('%s is %s', (head, element) => {
    expect(contactToAirSync(named(`${head}:;;;Graz;;;`), v14).map((p) => p.name).filter((n) => n.includes('Address'))).toEqual([element]);
  });

  it('removes an address the phone emptied, unless something ActiveSync cannot show is left in it', () => {
    const vcard = named('ADR;TYPE=HOME:;;Ring 1;Graz;;;', 'ADR;TYPE=WORK:PO Box 7;;Main 1;;;;');
    const back = contactFromAirSync(contactToAirSync(vcard, v14).filter((p) => !p.name.includes('Address')), { version: '14.0', previous: vcard });
    expect(linesOf(back)).toEqual(['N:;X;;;', 'FN:X', 'ADR;TYPE=WORK:PO Box 7;;;;;;']);
  });
});

describe('Birthday and Anniversary', () => {
  it.each([
    ['BDAY:1985-04-12', '1985-04-12T00:00:00.000Z'],
    ['BDAY:19850412', '1985-04-12T00:00:00.000Z'],
    ['BDAY;VALUE=date:1985-04-12', '1985-04-12T00:00:00.000Z'],
    ['BDAY:1985-04-12T23:30:00Z', '1985-04-12T00:00:00.000Z'],
    ['BDAY:1985-04-12T10:00:00+02:00', '1985-04-12T00:00:00.000Z'],
    ['BDAY:1604-04-12', '1604-04-12T00:00:00.000Z'],
  ])('%s is sent as %s', (line, value) => {
    expect(valueOf(contactToAirSync(named(line), v14), 'Contacts:Birthday')).toBe(value);
  });

  it.each([
    // Midnight in Berlin (UTC+1, +2 in summer), Tokyo, Auckland: the day before, late.
    ['1985-04-11T22:00:00.000Z', '1985-04-12'],
    ['1985-04-11T23:00:00.000Z', '1985-04-12'],
    ['1985-04-11T15:00:00.000Z', '1985-04-12'],
    ['1985-04-11T12:00:00.000Z', '1985-04-12'],
    // Midnight UTC, and in New York (UTC−5) and Honolulu (UTC−10).
    ['1985-04-12T00:00:00.000Z', '1985-04-12'],
    ['1985-04-12T05:00:00.000Z', '1985-04-12'],
    ['1985-04-12T10:00:00.000Z', '1985-04-12'],
    ['1985-04-12T11:59:59.999Z', '1985-04-12'],
    // Across a year and a leap day; a date without a time; the basic form; an offset.
    ['1999-12-31T23:00:00.000Z', '2000-01-01'],
    ['2000-02-28T22:00:00.000Z', '2000-02-29'],
    ['2001-02-28T22:00:00.000Z', '2001-03-01'],
    ['1985-04-12', '1985-04-12'],
    ['19850411T220000Z', '1985-04-12'],
    ['1985-04-12T00:00:00+02:00', '1985-04-12'],
  ])('the phone’s %s is the day %s', (sent, day) => {
    const vcard = contactFromAirSync(elements({ 'Contacts:FileAs': 'X', 'Contacts:Birthday': sent, 'Contacts:Anniversary': sent }), v14);
    expect(linesOf(vcard)).toEqual(['N:;;;;', 'FN:X', `BDAY:${day}`, `X-ANNIVERSARY:${day}`]);
  });

  it.each([
    ['words', 'yesterday'],
    ['month 13', '1985-13-01T00:00:00.000Z'],
    ['29 February 2001', '2001-02-29T00:00:00.000Z'],
    ['hour 25', '1985-04-12T25:00:00Z'],
    ['100,000 digits', '9'.repeat(100_000)],
  ])('an unusable date (%s) is dropped: the birthday we had stays', (_, sent) => {
    {
      const vcard = named('BDAY:1957-06-02');
      const back = contactFromAirSync(edited(vcard, '14.0', { 'Contacts:Birthday': sent }), { version: '14.0', previous: vcard });
      expect(linesOf(back)).toEqual(['N:;X;;;', 'FN:X', 'BDAY:1957-06-02']);
    }
  });

  it('a birthday without a year is not sent, and not deleted by its absence; a new one from the phone replaces it', () => {
    const vcard = crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:X', 'BDAY:--0412', 'END:VCARD');
    const sent = contactToAirSync(vcard, v14);
    expect(valueOf(sent, 'Contacts:Birthday')).toBeUndefined();
    expect(linesOf(contactFromAirSync(sent, { version: '14.0', previous: vcard }))).toContain('BDAY:--0412');
    const changed = [...sent, { name: 'Contacts:Birthday', text: '1990-04-11T22:00:00.000Z' }];
    expect(linesOf(contactFromAirSync(changed, { version: '14.0', previous: vcard }))).toContain('BDAY:1990-04-12');
  });

  it('a value we never sent is not deleted by an empty element either: the phone never had it to clear', () => {
    const cases = [
      { vcard: crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:X', 'BDAY:--0412', 'END:VCARD'), element: 'Contacts:Birthday', line: 'BDAY:--0412' },
      { vcard: named('PHOTO;VALUE=uri:https://example.net/x.jpg'), element: 'Contacts:Picture', line: 'PHOTO;VALUE=uri:https://example.net/x.jpg' },
    ];
    for (const { vcard, element, line } of cases) {
      const cleared = [...contactToAirSync(vcard, v14), { name: element, text: '' }];
      expect(linesOf(contactFromAirSync(cleared, { version: '14.0', previous: vcard }))).toContain(line);
    }
  });
});

describe('the body: 2.5 Contacts:Body, 12.0+ AirSyncBase:Body', () => {
  const vcard = named('NOTE:Grüße\\nvon <Uli> & Co.');
  const text = 'Grüße\nvon <Uli> & Co.';

  it('2.5: Contacts:Body and BodyTruncated, no AirSyncBase', () => {
    const sent = contactToAirSync(vcard, { version: '2.5' });
    expect(sent.filter((p) => p.name.includes('Body'))).toEqual([
      { name: 'Contacts:Body', text },
      { name: 'Contacts:BodyTruncated', text: '0' },
    ]);
  });

  it('2.5: cut at the truncation the phone asked for, with BodySize (characters)', () => {
    const sent = contactToAirSync(vcard, { version: '2.5', bodyTruncation: 4 });
    expect(sent.filter((p) => p.name.includes('Body'))).toEqual([
      { name: 'Contacts:Body', text: 'Grüß' },
      { name: 'Contacts:BodySize', text: String(text.length) },
      { name: 'Contacts:BodyTruncated', text: '1' },
    ]);
  });

  it.each(['12.0', '14.0', '16.1'] as const)('%s: AirSyncBase:Body, plain text unless asked otherwise', (version) => {
    const sent = contactToAirSync(vcard, { version });
    expect(sent.filter((p) => p.name.includes('Body'))).toEqual([
      {
        name: 'AirSyncBase:Body',
        children: [
          { name: 'AirSyncBase:Type', text: '1' },
          { name: 'AirSyncBase:EstimatedDataSize', text: String(Buffer.byteLength(text)) },
          { name: 'AirSyncBase:Data', text },
        ],
      },
    ]);
  });

  it('12.0+: cut at TruncationSize bytes, never inside a character, Truncated 1 and the whole size', () => {
    const body = elementOf(contactToAirSync(vcard, { version: '14.0', bodyPreference: { type: 1, truncationSize: 5 } }), 'AirSyncBase:Body');
    expect(body.children).toEqual([
      { name: 'AirSyncBase:Type', text: '1' },
      { name: 'AirSyncBase:EstimatedDataSize', text: String(Buffer.byteLength(text)) },
      { name: 'AirSyncBase:Truncated', text: '1' },
      { name: 'AirSyncBase:Data', text: 'Grü' },
    ]);
  });

  it('12.0+: HTML for a phone that prefers it, read back to the same text; RTF and MIME get plain text', () => {
    const html = elementOf(contactToAirSync(vcard, { version: '14.0', bodyPreference: { type: 2 } }), 'AirSyncBase:Body');
    expect(valueOf(html.children!, 'AirSyncBase:Type')).toBe('2');
    expect(valueOf(html.children!, 'AirSyncBase:Data')).toBe('<html><body>Grüße<br>von &lt;Uli&gt; &amp; Co.</body></html>');
    expect(contactFromAirSync(edited(vcard, '14.0', { 'AirSyncBase:Body': html }), { version: '14.0', previous: vcard })).toBe(vcard);
    for (const type of [3, 4] as const) {
      const plain = elementOf(contactToAirSync(vcard, { version: '14.0', bodyPreference: { type } }), 'AirSyncBase:Body');
      expect(valueOf(plain.children!, 'AirSyncBase:Type')).toBe('1');
    }
  });

  it('reads the phone’s HTML as text', () => {
    const body = { name: 'AirSyncBase:Body', children: elements({ 'AirSyncBase:Type': '2', 'AirSyncBase:Data': '<html><head><style>p{}</style></head><body><p>One &amp; two</p><div>three&nbsp;&#x263A;</div></body></html>' }) };
    expect(linesOf(contactFromAirSync([body], v14))).toContain('NOTE:One & two\\nthree\u00a0☺\\n');
  });

  it.each([
    ['12.0+ Truncated', '14.0', [{ name: 'AirSyncBase:Body', children: elements({ 'AirSyncBase:Type': '1', 'AirSyncBase:Truncated': '1', 'AirSyncBase:Data': 'Grü' }) }]],
    ['2.5 BodyTruncated', '2.5', elements({ 'Contacts:Body': 'Grü', 'Contacts:BodyTruncated': '1' })],
    ['RTF', '14.0', [{ name: 'AirSyncBase:Body', children: elements({ 'AirSyncBase:Type': '3', 'AirSyncBase:Data': 'e1xydGYxfQ==' }) }]],
  ] as [string, AirSyncVersion, AirSyncProperty[]][])('a body we cannot take (%s) never overwrites the note', (_, version, body) => {
    const back = contactFromAirSync([...contactToAirSync(vcard, { version }).filter((p) => !p.name.includes('Body')), ...body], { version, previous: vcard });
    expect(linesOf(back)).toEqual(linesOf(vcard));
  });

  it('a new note from the phone, in either form', () => {
    expect(linesOf(contactFromAirSync(elements({ 'Contacts:Body': 'a;b\r\nc', 'Contacts:BodyTruncated': '0' }), { version: '2.5', previous: vcard }))).toContain('NOTE:a\\;b\\nc');
    const body = { name: 'AirSyncBase:Body', children: elements({ 'AirSyncBase:Type': '1', 'AirSyncBase:Data': 'new' }) };
    expect(linesOf(contactFromAirSync([body], { version: '14.0', previous: vcard }))).toContain('NOTE:new');
  });
});

describe('versions', () => {
  it('sends Contacts2 elements to a 2.5 phone too (MS-ASCNTC lists them for 2.5), but no Alias before 14.0', () => {
    const sent25 = contactToAirSync(everything, { version: '2.5' });
    expect(valueOf(sent25, 'Contacts2:NickName')).toBe('Uli');
    expect(valueOf(sent25, 'Contacts:Alias')).toBeUndefined();
    expect(valueOf(contactToAirSync(everything, { version: '12.1' }), 'Contacts:Alias')).toBeUndefined();
    expect(valueOf(contactToAirSync(everything, { version: '14.0' }), 'Contacts:Alias')).toBe('uli');
  });

  it('an element the phone’s version does not have is kept through its Changes', () => {
    const sent = contactToAirSync(everything, { version: '12.1' });
    const back = contactFromAirSync(sent, { version: '12.1', previous: everything });
    expect(linesOf(back)).toContain('X-ALIAS:uli');
    expect(fingerprint(back)).toBe(fingerprint(everything));
  });

  it('reads vCard 2.1 (QUOTED-PRINTABLE, bare types, BASE64 photo) and 4.0, and writes 3.0', () => {
    const v21 = crlf(
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen',
      'TEL;CELL;VOICE:+49 151 1',
      'PHOTO;ENCODING=BASE64;TYPE=JPEG:',
      '  /9j/4AAQ',
      '  SkZJRg==',
      '',
      'END:VCARD',
    );
    const sent = contactToAirSync(v21, v14);
    expect(valueOf(sent, 'Contacts:LastName')).toBe('Müller');
    expect(valueOf(sent, 'Contacts:FirstName')).toBe('Jürgen');
    expect(valueOf(sent, 'Contacts:MobilePhoneNumber')).toBe('+49 151 1');
    expect(valueOf(sent, 'Contacts:Picture')).toBe('/9j/4AAQSkZJRg==');
    const back = contactFromAirSync(sent, { version: '14.0', previous: v21 });
    expect(back).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(fingerprint(back)).toBe(fingerprint(v21));
    const v40 = crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:X', 'PHOTO:data:image/png;base64,iVBORw0KGgo=', 'EMAIL;PREF=1:x@example.net', 'END:VCARD');
    expect(valueOf(contactToAirSync(v40, v14), 'Contacts:Picture')).toBe('iVBORw0KGgo=');
  });
});

describe('the photo', () => {
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]).toString('base64');
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9]).toString('base64');

  it('round trip: the phone’s JPEG or PNG becomes PHOTO;ENCODING=b with its type, and goes back as it came', () => {
    for (const [data, type] of [[jpeg, 'JPEG'], [png, 'PNG']] as const) {
      const vcard = contactFromAirSync(elements({ 'Contacts:FileAs': 'X', 'Contacts:Picture': data }), { version: '2.5' });
      expect(linesOf(vcard)).toContain(`PHOTO;ENCODING=b;TYPE=${type}:${data}`);
      expect(valueOf(contactToAirSync(vcard, { version: '2.5' }), 'Contacts:Picture')).toBe(data);
      expect(valueOf(contactToAirSync(vcard, v14), 'Contacts:Picture')).toBe(data);
    }
  });

  it('a photo over 48 KB of base64, or one by URL, is not sent and not deleted; a new one replaces it', () => {
    const big = named(`PHOTO;ENCODING=b;TYPE=JPEG:${'A'.repeat(48 * 1024 + 4)}`);
    const byUrl = named('PHOTO;VALUE=uri:https://example.net/x.jpg');
    for (const vcard of [big, byUrl]) {
      const sent = contactToAirSync(vcard, v14);
      expect(valueOf(sent, 'Contacts:Picture')).toBeUndefined();
      expect(fingerprint(contactFromAirSync(sent, { version: '14.0', previous: vcard }))).toBe(fingerprint(vcard));
      expect(linesOf(contactFromAirSync([...sent, { name: 'Contacts:Picture', text: jpeg }], { version: '14.0', previous: vcard }))).toContain(
        `PHOTO;ENCODING=b;TYPE=JPEG:${jpeg}`,
      );
    }
  });

  it('bad base64 from the phone is dropped: the photo we had stays', () => {
    const vcard = named(`PHOTO;ENCODING=b;TYPE=JPEG:${jpeg}`);
    const back = contactFromAirSync(edited(vcard, '14.0', { 'Contacts:Picture': 'not*base64' }), { version: '14.0', previous: vcard });
    expect(linesOf(back)).toEqual(linesOf(vcard));
  });
});

describe('ghosting (MS-ASCMD Supported) and what ActiveSync cannot carry', () => {
  const previous = card(
    'UID:keep-me',
    'N:Doe;John;;;',
    'FN:John Doe',
    'TITLE:Boss',
    'TEL;TYPE=CELL:+1 555 0100',
    'TEL;TYPE=HOME:+1 555 0101',
    'EMAIL:a@example.net',
    'EMAIL:b@example.net',
    'EMAIL:c@example.net',
    'EMAIL:d@example.net',
    'URL:https://one.example.net',
    'URL:https://two.example.net',
    'X-JABBER-CUSTOM:keep',
    'X-CUSTOM-FIELD;X-LABEL=Shoe size:44',
    'item1.X-ABLabel:Favourite',
    'GEO:48.2;16.4',
    'ROLE:Decider',
    'NOTE:a note',
  );
  /** The phone's Change after the user removed the mobile number and the job title. */
  const change = contactToAirSync(previous, v14).filter((p) => p.name !== 'Contacts:MobilePhoneNumber' && p.name !== 'Contacts:JobTitle');

  it('without a Supported list, a carried element the Change leaves out is deleted', () => {
    const back = linesOf(contactFromAirSync(change, { version: '14.0', previous }));
    expect(back).not.toContain('TEL;TYPE=CELL:+1 555 0100');
    expect(back).not.toContain('TITLE:Boss');
    expect(back).toContain('TEL;TYPE=HOME:+1 555 0101');
  });

  it('with one, a supported element left out is deleted, an unsupported one kept', () => {
    const supported = ['Contacts:MobilePhoneNumber', 'Contacts:FileAs', 'Contacts:FirstName', 'Contacts:LastName', 'Contacts:HomePhoneNumber'];
    const back = linesOf(contactFromAirSync(change, { version: '14.0', previous, supported }));
    expect(back).not.toContain('TEL;TYPE=CELL:+1 555 0100');
    expect(back).toContain('TITLE:Boss');
    // Everything unsupported stays, even when the phone sends nothing at all.
    const empty = linesOf(contactFromAirSync([], { version: '14.0', previous, supported: ['Contacts:MobilePhoneNumber'] }));
    expect(empty).toEqual(linesOf(previous).filter((l) => l !== 'TEL;TYPE=CELL:+1 555 0100'));
  });

  it('an element sent empty is deleted, Supported or not', () => {
    const cleared = [...change.filter((p) => p.name !== 'Contacts:HomePhoneNumber'), { name: 'Contacts:HomePhoneNumber', text: '' }];
    expect(linesOf(contactFromAirSync(cleared, { version: '14.0', previous, supported: [] }))).not.toContain('TEL;TYPE=HOME:+1 555 0101');
  });

  it('what has no ActiveSync element (4th e-mail, 2nd URL, X- properties, UID, ROLE, GEO) survives any Change, even an empty one', () => {
    const kept = ['UID:keep-me', 'EMAIL:d@example.net', 'URL:https://two.example.net', 'X-JABBER-CUSTOM:keep', 'X-CUSTOM-FIELD;X-LABEL=Shoe size:44', 'item1.X-ABLabel:Favourite', 'GEO:48.2;16.4', 'ROLE:Decider'];
    for (const options of [{}, { supported: ['Contacts:Email1Address'] }]) {
      const fromChange = linesOf(contactFromAirSync(change, { version: '14.0', previous, ...options }));
      const fromNothing = linesOf(contactFromAirSync([], { version: '14.0', previous, ...options }));
      for (const line of kept) {
        expect(fromChange).toContain(line);
        expect(fromNothing).toContain(line);
      }
    }
  });

  it('a line that is no content line (a broken fold) stays too', () => {
    const broken = named('NOTE:first part', 'second part, folded without its space');
    const back = contactFromAirSync(edited(broken, '14.0', { 'Contacts:JobTitle': 'Boss' }), { version: '14.0', previous: broken });
    expect(linesOf(back)).toContain('second part, folded without its space');
    expect(linesOf(back)).toContain('TITLE:Boss');
  });

  it('an unchanged Change gives the card back line for line', () => {
    expect(contactFromAirSync(contactToAirSync(previous, v14), { version: '14.0', previous })).toBe(previous);
  });

  it('a supported name may come without its page', () => {
    const back = linesOf(contactFromAirSync(change, { version: '14.0', previous, supported: ['FileAs', 'MobilePhoneNumber'] }));
    expect(back).not.toContain('TEL;TYPE=CELL:+1 555 0100');
    expect(back).toContain('TITLE:Boss');
  });
});

describe('lists: Categories and Children', () => {
  it('a changed list replaces every property it came from; an unchanged one leaves them as they were', () => {
    const vcard = named('CATEGORIES:Friends', 'CATEGORIES:Work,Golf', 'X-CHILD:Anna');
    const sent = contactToAirSync(vcard, v14);
    expect(valueOf(sent, 'Contacts:Categories')).toBe('Friends|Work|Golf');
    expect(contactFromAirSync(sent, { version: '14.0', previous: vcard })).toBe(vcard);
    const changed = sent.map((p) =>
      p.name === 'Contacts:Categories'
        ? { name: p.name, children: [{ name: 'Contacts:Category', text: 'Work' }, { name: 'Contacts:Category', text: 'A, B' }] }
        : p.name === 'Contacts:Children'
          ? { name: p.name, children: [{ name: 'Contacts:Child', text: 'Anna' }, { name: 'Contacts:Child', text: 'Ben' }] }
          : p,
    );
    expect(linesOf(contactFromAirSync(changed, { version: '14.0', previous: vcard }))).toEqual([
      'N:;X;;;',
      'FN:X',
      'RELATED;TYPE=child;VALUE=text:Anna',
      'RELATED;TYPE=child;VALUE=text:Ben',
      'CATEGORIES:Work,A\\, B',
    ]);
  });
});

describe('bad input', () => {
  it.each(['', 'garbage', 'BEGIN:VCALENDAR\r\nEND:VCALENDAR', 'BEGIN:VCARD\r\nN:;;;\r\n', '\u0000'.repeat(1000)])('contactToAirSync(%j) sends what it can, without throwing', (text) => {
    expect(() => contactToAirSync(text, v14)).not.toThrow();
  });

  it('odd ApplicationData (no text, unknown elements, children where text belongs, a repeated element) never throws', () => {
    const odd: AirSyncProperty[] = [
      { name: 'Contacts:FirstName' },
      { name: 'Contacts:FirstName', text: 'second' },
      { name: 'Contacts:LastName', children: [{ name: 'x', text: 'y' }] },
      { name: 'Contacts:Categories', text: 'not a list' },
      { name: 'Contacts:Picture', text: '' },
      { name: 'AirSyncBase:Body' },
      { name: 'Contacts:Unknown', text: 'x' },
      { name: 'Email:Subject', text: 'x' },
    ];
    expect(linesOf(contactFromAirSync(odd, { version: '14.0', previous: named('CATEGORIES:a') }))).toEqual(['N:;;;;', 'FN:']);
  });

  // Linear: a quadratic parser does not finish these megabytes within the test's timeout (the bound against a hang); speed is the benchmarks'.
  it('huge values are handled in linear time', () => {
    const huge = 'x'.repeat(2_000_000);
    const vcard = contactFromAirSync(
      [
        ...elements({ 'Contacts:FileAs': huge, 'Contacts:Email1Address': `<${huge}` }),
        { name: 'AirSyncBase:Body', children: elements({ 'AirSyncBase:Type': '2', 'AirSyncBase:Data': '<'.repeat(500_000) + '&'.repeat(500_000) + '<b'.repeat(500_000) }) },
        { name: 'Contacts:Categories', children: Array.from({ length: 50_000 }, (_, i) => ({ name: 'Contacts:Category', text: `c${i}` })) },
        { name: 'Contacts:Children', children: Array.from({ length: 50_000 }, (_, i) => ({ name: 'Contacts:Child', text: `k${i}` })) },
      ],
      v14,
    );
    expect(valueOf(contactToAirSync(vcard, v14), 'Contacts:Children')?.length).toBeGreaterThan(50_000 * 2);
    const sent = contactToAirSync(vcard, { version: '14.0', bodyPreference: { type: 2, truncationSize: 1000 } });
    expect(valueOf(sent, 'Contacts:FileAs')).toBe(huge);
  });
});

/**
 * renderForPhone for contacts: vCard 3.0/4.0 to 2.1 (QUOTED-PRINTABLE UTF-8, bare TYPE params, no
 * comma escapes) and 2.1/4.0 to 3.0, each still the same contact to the engine (describeItem's
 * duplicate key and fingerprint); an item already in the target form left alone.
 */
import { describeItem, renderForPhone, type ItemContent, type PhoneFormat } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { describe, expect, it } from 'vitest';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard21: PhoneFormat = { type: 'text/x-vcard', version: '2.1', localTime: null, maxFieldLength: {} };
const vcard30: PhoneFormat = { type: 'text/vcard', version: '3.0', localTime: null, maxFieldLength: {} };
const contact = (body: string, type = 'text/vcard'): ItemContent => ({ dataclass: 'Contacts', type, title: '', body });

/** The rendered item as the engine sees it, next to the original. */
function described(item: ItemContent, format: PhoneFormat) {
  const out = renderForPhone(item, format);
  return { out, before: describeItem(item), after: describeItem({ ...item, type: out.type, body: out.data }) };
}

/** Logical lines (QP soft breaks joined) without BEGIN/END. */
const linesOf = (text: string) => text.replace(/=\r\n/g, '').split('\r\n').filter((l) => l !== '' && !/^(BEGIN|END):/.test(l));

const contacts = TWIN_PAIRS.filter((p) => p.dataclass === 'Contacts').flatMap((p) => [
  { name: `${p.name} (a)`, body: p.a },
  { name: `${p.name} (b)`, body: p.b },
]);

/**
 * The engine reads a 3.0 NOTE's `\;` literally (ical.js unescapes `\,` and `\n` in vCard text but
 * not `\;`), so a card whose text holds an escaped semicolon cannot keep its fingerprint in 2.1,
 * where `;` needs no escape. Its key is still checked.
 */
const ESCAPED_SEMICOLON = /^[A-Z-]+(;[^:]*)?:.*\\;/m;

describe('contacts to vCard 2.1', () => {
  it.each(contacts)('keeps the duplicate key and fingerprint: $name', ({ body }) => {
    const { out, before, after } = described(contact(body), vcard21);
    expect(out.type).toBe('text/x-vcard');
    expect(out.data).toMatch(/^BEGIN:VCARD\r\nVERSION:2\.1\r\n/);
    expect(after.key).toBe(before.key);
    if (!ESCAPED_SEMICOLON.test(body.replace(/^(N|ADR|ORG)[;:].*$/gm, ''))) expect(after.fingerprint).toBe(before.fingerprint);
  });

  it('writes the SyncEvolution card as a Nokia would: bare TYPE params, QP UTF-8 for non-ASCII', () => {
    const ulrich = TWIN_PAIRS.find((p) => p.name.startsWith('contact: PRODID'))!.a;
    expect(linesOf(renderForPhone(contact(ulrich), vcard21).data)).toEqual([
      'VERSION:2.1',
      'REV:20240202T120000Z',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;Ulrich;;;',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Ulrich M=C3=BCller',
      'TITLE:Sales Manager',
      'TEL;CELL:+49 151 5274 00001',
      'EMAIL;WORK;INTERNET:ulrich.muller1@example.net',
      'ADR;WORK;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Hauptstra=C3=9Fe 81;Wien;;1010;Austria',
      'BDAY:19570602',
    ]);
  });

  it.each([
    ['Jürgen Müller', 'N:Müller;Jürgen;;;', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;'],
    ['Zoë', 'N:Saldana;Zoë;;;', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Saldana;Zo=C3=AB;;;'],
    ['CJK', 'N:王;小明;;;', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E7=8E=8B;=E5=B0=8F=E6=98=8E;;;'],
    ['an emoji outside the BMP', 'N:Doe;Jane 🎉;;;', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Doe;Jane =F0=9F=8E=89;;;'],
    ['plain ASCII stays plain', 'N:Doe;John;;;', 'N:Doe;John;;;'],
  ])('QUOTED-PRINTABLE for %s', (_, n, expected) => {
    const body = crlf('BEGIN:VCARD', 'VERSION:3.0', n, 'TEL;TYPE=CELL:+49 170 1234567', 'END:VCARD');
    const { out, before, after } = described(contact(body), vcard21);
    expect(linesOf(out.data)).toContain(expected);
    expect(after).toEqual(before);
  });

  it('writes a multi-line or comma-holding note as a 2.1 phone reads it', () => {
    const body = crlf('BEGIN:VCARD', 'VERSION:3.0', 'N:Doe;John;;;', 'FN:John Doe', 'NOTE:First line\\, with comma\\nSecond line', 'CATEGORIES:Business,VIP', 'ORG:Tyrell\\, Inc.;Research', 'END:VCARD');
    const { out, before, after } = described(contact(body), vcard21);
    expect(linesOf(out.data)).toEqual([
      'VERSION:2.1',
      'N:Doe;John;;;',
      'FN:John Doe',
      'NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:First line, with comma=0D=0ASecond line',
      'CATEGORIES:Business;VIP',
      'ORG:Tyrell, Inc.;Research',
    ]);
    expect(after).toEqual(before);
  });

  it('escapes a semicolon inside a structured component, so it stays one component', () => {
    const body = crlf('BEGIN:VCARD', 'VERSION:3.0', 'N:Doe;John;;;', 'ADR;TYPE=HOME:;;Main St. 1\\; Apt 2;Springfield;;12345;USA', 'END:VCARD');
    const { out, before, after } = described(contact(body), vcard21);
    expect(linesOf(out.data)).toContain('ADR;HOME:;;Main St. 1\\; Apt 2;Springfield;;12345;USA');
    expect(after).toEqual(before);
  });

  it('turns vCard 4.0 into 2.1: tel: URIs, PREF=1, data: URIs, KIND', () => {
    const eva40 = TWIN_PAIRS.find((p) => p.name === 'contact: vCard 3.0 vs 4.0')!.b;
    const lines = linesOf(renderForPhone(contact(eva40), vcard21).data);
    expect(lines).toContain('TEL;CELL;PREF:+49-151-0487-00003');
    expect(lines).toContain('TEL;WORK;VOICE:+49-30-6772149');
    expect(lines).toContain('EMAIL;WORK:eva.wagner3@example.de');
    expect(lines.find((l) => l.startsWith('PHOTO'))).toBe('PHOTO;ENCODING=BASE64;TYPE=JPEG:');
    expect(lines).not.toContain('KIND:individual');
  });

  it('keeps groups and a photo given by reference', () => {
    const body = crlf('BEGIN:VCARD', 'VERSION:3.0', 'N:Doe;John;;;', 'item1.TEL:+1 555 0100', 'item1.X-ABLABEL:Boat', 'PHOTO;VALUE=uri:http://example.com/j.jpg', 'END:VCARD');
    const lines = linesOf(renderForPhone(contact(body), vcard21).data);
    expect(lines).toEqual(expect.arrayContaining(['item1.TEL:+1 555 0100', 'item1.X-ABLABEL:Boat', 'PHOTO;VALUE=URL:http://example.com/j.jpg']));
  });
});

describe('contacts to vCard 3.0', () => {
  it.each(contacts)('keeps the duplicate key and fingerprint: $name', ({ body }) => {
    const { out, before, after } = described(contact(body, 'text/x-vcard'), vcard30);
    expect(out.type).toBe('text/vcard');
    expect(out.data).toMatch(/^BEGIN:VCARD\r?\nVERSION:3\.0\r?\n/);
    expect(after).toEqual(before);
    // What we write is folded at 75 octets (RFC 2425 §5.8.1); a 3.0 card goes as it came.
    if (!/^VERSION:3\.0/m.test(body)) for (const line of out.data.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    else expect(out.data).toBe(body);
  });

  it('leaves a 3.0 card as it is, byte for byte', () => {
    const greta = TWIN_PAIRS.find((p) => p.name === 'contact: property order')!.b;
    expect(renderForPhone(contact(greta), vcard30)).toEqual({ type: 'text/vcard', data: greta });
  });

  it('turns a Sony Ericsson 2.1 card into 3.0 with FN, TYPE lists and escapes', () => {
    const haeussler = TWIN_PAIRS.find((p) => p.name.includes('ISO-8859-1'))!.a;
    expect(linesOf(renderForPhone(contact(haeussler, 'text/x-vcard'), vcard30).data)).toEqual([
      'VERSION:3.0',
      'FN:Jörg Häußler',
      'N:Häußler;Jörg;;;',
      'TEL;TYPE=HOME,VOICE:+49 40 3344556',
      'TEL;TYPE=CELL,PREF:+49 171 2233445',
      'EMAIL;TYPE=INTERNET,PREF:joerg.haeussler@example.org',
      'NOTE:Kunde seit 2009\\, Ansprechpartner für die Filiale Hamburg.\\nRückruf ',
      ' nur vormittags.',
    ]);
  });
});

describe('contacts already in vCard 2.1', () => {
  it('go out unchanged, whatever their media type said', () => {
    const nokia = TWIN_PAIRS.find((p) => p.name.includes('(Nokia)') && p.dataclass === 'Contacts')!.a;
    expect(renderForPhone(contact(nokia, 'text/plain'), vcard21)).toEqual({ type: 'text/x-vcard', data: nokia });
  });
});

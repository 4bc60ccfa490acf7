/**
 * renderForPhone to vCard 4.0 (what a CardDAV client asking for 4.0 gets): VERSION, TYPE values
 * lower case with PREF=1, inline data as data: URIs, FN required, 3.0's NAME/PROFILE gone; each
 * still the same contact to the engine.
 */
import { describeItem, renderForPhone, type ItemContent, type PhoneFormat } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const vcard40: PhoneFormat = { type: 'text/vcard', version: '4.0', localTime: null, maxFieldLength: {} };
const contact = (body: string): ItemContent => ({ dataclass: 'Contacts', type: 'text/vcard', title: '', body });

describe('contacts to vCard 4.0', () => {
  it('writes 4.0 forms of a 3.0 card', () => {
    const card = crlf(
      'BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//Apple Inc.//iOS 17//EN', 'NAME:Ada', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace',
      'TEL;TYPE=CELL,VOICE,PREF:+44 20 1234', 'EMAIL;TYPE=INTERNET,HOME:ada@example.org', 'item1.URL:https://example.org',
      'PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ', 'LOGO;VALUE=uri:https://example.org/logo.png', 'X-SOCIALPROFILE;X-USER=ada:x', 'END:VCARD',
    );
    const out = renderForPhone(contact(card), vcard40);
    expect(out.type).toBe('text/vcard');
    expect(out.data).toBe(crlf(
      'BEGIN:VCARD', 'VERSION:4.0', 'N:Lovelace;Ada;;;', 'FN:Ada Lovelace',
      'TEL;TYPE=cell,voice;PREF=1:+44 20 1234', 'EMAIL;TYPE=home:ada@example.org', 'item1.URL:https://example.org',
      'PHOTO:data:image/jpeg;base64,/9j/4AAQ', 'LOGO:https://example.org/logo.png', 'X-SOCIALPROFILE;X-USER=ada:x', 'END:VCARD',
    ));
  });

  it('gives a 2.1 phone card FN (not N) and its photo as a data: URI', () => {
    const card = crlf('BEGIN:VCARD', 'VERSION:2.1', 'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen', 'TEL;CELL:+49 170 1', 'PHOTO;ENCODING=BASE64;TYPE=PNG:', ' iVBORw0K', '', 'END:VCARD');
    const out = renderForPhone(contact(card), vcard40).data;
    expect(out).toBe(crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:Jürgen Müller', 'N:Müller;Jürgen', 'TEL;TYPE=cell:+49 170 1', 'PHOTO:data:image/png;base64,iVBORw0K', 'END:VCARD'));
    expect(() => ICAL.parse(out)).not.toThrow();
  });

  it('leaves a 4.0 card as it is', () => {
    const card = crlf('BEGIN:VCARD', 'VERSION:4.0', 'FN:Jo', 'TEL;VALUE=uri;TYPE=cell:tel:+1-555', 'END:VCARD');
    expect(renderForPhone(contact(card), vcard40).data).toBe(card);
  });

  const contacts = TWIN_PAIRS.filter((p) => p.dataclass === 'Contacts').flatMap((p) => [{ name: `${p.name} (a)`, body: p.a }, { name: `${p.name} (b)`, body: p.b }]);
  it.each(contacts)('keeps the duplicate key and fingerprint: $name', ({ body }) => {
    const out = renderForPhone(contact(body), vcard40);
    expect(out.data).toMatch(/^BEGIN:VCARD\r\nVERSION:4\.0\r\n/);
    expect(() => ICAL.parse(out.data)).not.toThrow();
    const [before, after] = [describeItem(contact(body)), describeItem(contact(out.data))];
    expect(after.key).toBe(before.key);
    expect(after.fingerprint).toBe(before.fingerprint);
  });
});

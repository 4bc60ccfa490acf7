/**
 * servedOf's shortcut for calendar objects: a body that hashes to its stored ETag is served as it
 * is (the ETag is the hash of the served bytes), any other goes through davBody — a bare TZID
 * still gets its VTIMEZONE, whatever ETag the row carries.
 */
import { davBody } from '@atomsync/items';
import { servedHash } from '@atomsync/store';
import { describe, expect, it } from 'vitest';
import { etagOf, servedOf } from '../../src/dav/representation.js';

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const bareTzid = crlf(
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:bare-1', 'DTSTAMP:20250101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20250715T090000', 'DTEND;TZID=Europe/Berlin:20250715T100000', 'SUMMARY:Bare', 'END:VEVENT', 'END:VCALENDAR',
);
const event = (body: string, etag: string | null) => ({ uuid: '2b1e6e1c-7a35-4a7e-9f55-3c7a4f1b2d11', dataclass: 'Events' as const, title: 'x', type: 'text/calendar', body, etag });

describe('servedOf (calendar objects)', () => {
  const served = davBody(event(bareTzid, null));

  it('adds the VTIMEZONE a bare TZID lacks, with the ETag the store keeps for those bytes', () => {
    expect(served).not.toBe(bareTzid);
    expect(served).toContain('BEGIN:VTIMEZONE');
    const answer = servedOf(event(bareTzid, servedHash(served)));
    expect(answer.body).toBe(served);
    expect(answer.etag).toBe(etagOf(served));
  });

  it('serves a body whose hash is its stored ETag as it is', () => {
    const answer = servedOf(event(served, servedHash(served)));
    expect(answer.body).toBe(served);
    expect(answer.etag).toBe(`"${servedHash(served)}"`);
  });

  it('reads the body whole when the stored ETag is not its hash, or there is none', () => {
    expect(servedOf(event(bareTzid, servedHash('something else'))).body).toBe(served);
    expect(servedOf(event(bareTzid, null)).body).toBe(served);
    expect(servedOf(event(bareTzid, null)).etag).toBe(etagOf(served));
  });
});

describe('servedOf (the UID the store keeps)', () => {
  const withUid = crlf('BEGIN:VCARD', 'VERSION:3.0', 'UID:card-1', 'FN:Ada', 'END:VCARD');
  const without = crlf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Ada', 'END:VCARD');
  const card = (body: string, etag: string | null, uid?: string | null) => ({
    uuid: '3b1e6e1c-7a35-4a7e-9f55-3c7a4f1b2d11',
    dataclass: 'Contacts' as const,
    title: 'Ada',
    type: 'text/vcard',
    body,
    etag,
    ...(uid === undefined ? {} : { uid }),
  });
  const given = (body: string) => body.replace('END:VCARD', 'UID:3b1e6e1c-7a35-4a7e-9f55-3c7a4f1b2d11\r\nEND:VCARD');

  it('serves a card with its own UID as stored, and gives one without its uuid, whether the UID came from the store or the body', () => {
    for (const uid of [undefined, 'card-1']) expect(servedOf(card(withUid, servedHash(withUid), uid)).body).toBe(withUid);
    for (const uid of [undefined, null]) expect(servedOf(card(without, servedHash(without), uid)).body).toBe(given(without));
  });

  it('reads the body for its UID when the row has no ETag (the kept UID may predate it)', () => {
    expect(servedOf(card(withUid, null, null)).body).toBe(withUid);
  });
});

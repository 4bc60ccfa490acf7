/**
 * The contents import (POST …/contents/import) through the SDK against a started server, on both
 * stores: a .vcf and an .ics stored item by item as a batch insert stores them, twins (of the
 * datastore, of an earlier part, of an earlier item of the body) skipped, refusals named with the
 * file's line, the item's name and why, one transaction per posted part; and bad input answered
 * with the API's error body (400, 413, 415, 404), never a 500.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatastoreContentsApi } from '@atomsync/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { refusal } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const crlf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const card = (name: string, ...more: string[]) => ['BEGIN:VCARD', 'VERSION:3.0', `N:${name};;;;`, `FN:${name}`, ...more, 'END:VCARD'];

const ICS = crlf(
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN',
  'BEGIN:VTIMEZONE', 'TZID:Office/Berlin', 'BEGIN:STANDARD', 'DTSTART:19701025T030000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100', 'END:STANDARD', 'END:VTIMEZONE',
  'BEGIN:VEVENT', 'UID:e1', 'DTSTAMP:20240101T000000Z', 'DTSTART;TZID=Office/Berlin:20240105T090000', 'SUMMARY:Stand-up', 'END:VEVENT',
  'BEGIN:VTODO', 'UID:t1', 'DTSTAMP:20240101T000000Z', 'SUMMARY:Report', 'END:VTODO',
  'END:VCALENDAR',
);

describe.each(storeKinds)('the contents import (%s)', (kind) => {
  let server: TestServer;
  let n = 0;
  const fresh = async (): Promise<{ uuid: string; contents: DatastoreContentsApi }> => {
    const entry = await server.alice.client.datastore.create({ userId: `import-${++n}` });
    return { uuid: entry.client.uuid!, contents: server.alice.client.datastore.contents(entry.client.uuid!) };
  };
  /** A raw POST of `body` as `type`, for what the SDK never sends. */
  const post = (uuid: string, body: string, type: string, query = '') =>
    fetch(`${server.url}/v2/services/datastore/${uuid}/contents/import${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`alice:${server.alice.password}`).toString('base64')}`, 'content-type': type },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores every card as a contact, skips twins of the body and of the datastore, and says so', async () => {
    const { uuid, contents } = await fresh();
    const vcf = crlf(...card('Ada Lovelace', 'EMAIL:ada@example.org'), ...card('Grace Hopper'), ...card('Ada Lovelace', 'EMAIL:ada@example.org'));
    const first = await contents.import(vcf);
    expect(first.title).toBe(`Import into import-${n}`);
    expect(first.id).toBe(`${server.url}/v2/services/datastore/${uuid}/contents/import`);
    expect(first.import).toEqual({ items: 3, added: 2, twins: 1, refusedCount: 0, refusals: [] });
    const stored = (await contents.list()).entries;
    expect(stored.map((e) => [e.title, e.dataclass, e.content?.type]).sort()).toEqual([
      ['Ada Lovelace', 'Contacts', 'text/vcard'],
      ['Grace Hopper', 'Contacts', 'text/vcard'],
    ]);
    // The same file again adds nothing: every card has its twin in the datastore now.
    const again = await contents.import(vcf);
    expect(again.import).toEqual({ items: 3, added: 0, twins: 3, refusedCount: 0, refusals: [] });
    expect((await contents.list()).entries).toHaveLength(2);
  });

  it('splits an .ics into events and tasks, each with the zones it uses', async () => {
    const { contents } = await fresh();
    const result = await contents.import(ICS);
    expect(result.import).toEqual({ items: 2, added: 2, twins: 0, refusedCount: 0, refusals: [] });
    const stored = (await contents.list()).entries;
    const event = stored.find((e) => e.dataclass === 'Events');
    expect(event?.title).toBe('Stand-up');
    expect(event?.content?.value).toContain('TZID:Office/Berlin');
    expect(stored.find((e) => e.dataclass === 'Tasks')?.title).toBe('Report');
  });

  it('names each refused item by the line of the whole file, its name and why, and stores the others', async () => {
    const { contents } = await fresh();
    // A part of a larger file that starts on its line 101: a card asked to be an event is refused
    // by the batch's checks, a card the part ends inside by the splitter.
    const part = crlf(...card('Alan Turing'), 'BEGIN:VCARD', 'VERSION:3.0', 'FN:Never ended');
    const result = await contents.import(part, { 'first-line': 101 });
    expect(result.import.added).toBe(1);
    expect(result.import.refusedCount).toBe(1);
    expect(result.import.refusals).toEqual([{ line: 106, reason: expect.stringMatching(/ends inside|VCARD/) }]);
    const asEvents = await contents.import(crlf(...card('Katherine Johnson')), { dataclass: 'Events', 'first-line': 7 });
    expect(asEvents.import).toMatchObject({ items: 1, added: 0, twins: 0, refusedCount: 1 });
    expect(asEvents.import.refusals).toEqual([{ line: 7, title: 'Katherine Johnson', reason: expect.stringMatching(/\S/) }]);
    // A character no Atom answer could carry (here a BEL in a note) is refused, not stored.
    const bell = await contents.import(crlf(...card('Bell Ringer', 'NOTE:ding \u0007 dong')));
    expect(bell.import).toMatchObject({ items: 1, added: 0, refusedCount: 1 });
    expect(bell.import.refusals).toEqual([{ line: 1, title: 'Bell Ringer', reason: 'it holds U+0007, a character XML cannot carry' }]);
    expect((await contents.list()).entries.map((e) => e.title)).toEqual(['Alan Turing']);
  });

  it('writes each posted part in one transaction, 1,000 items at once, and finds twins of earlier parts', async () => {
    const { contents } = await fresh();
    const cards = (from: number, to: number) => crlf(...Array.from({ length: to - from }, (_, i) => card(`Person ${from + i}`)).flat());
    const transaction = vi.spyOn(server.store, 'transaction');
    try {
      const first = await contents.import(cards(0, 1000));
      expect(first.import).toEqual({ items: 1000, added: 1000, twins: 0, refusedCount: 0, refusals: [] });
      expect(transaction).toHaveBeenCalledTimes(1);
      // A second part overlapping the first: its first half are twins of what the first stored.
      const second = await contents.import(cards(500, 1500));
      expect(second.import).toEqual({ items: 1000, added: 500, twins: 500, refusedCount: 0, refusals: [] });
      expect(transaction).toHaveBeenCalledTimes(2);
    } finally {
      transaction.mockRestore();
    }
    expect((await contents.list({ 'max-results': 1000 })).entries.length + (await contents.list({ 'max-results': 1000, 'start-index': 1001 })).entries.length).toBe(1500);
  });

  it('refuses what is no import with the API\'s error, storing nothing', async () => {
    const { uuid, contents } = await fresh();
    const none = await refusal(contents.import('hello, this is no vCard\r\n'));
    expect([none.status, none.code]).toEqual([400, 'validation_failed']);
    const tooMany = await refusal(contents.import(crlf(...Array.from({ length: 1001 }, (_, i) => card(`P ${i}`)).flat())));
    expect([tooMany.status, tooMany.code]).toEqual([413, 'payload_too_large']);
    expect(tooMany.message).toContain('1,000');
    const zero = await refusal(contents.import(crlf(...card('A')), { 'first-line': 0 }));
    expect([zero.status, zero.code]).toEqual([400, 'validation_failed']);
    const words = await post(uuid, crlf(...card('A')), 'text/vcard', '?first-line=ten');
    expect(words.status).toBe(400);
    expect(await words.text()).toContain('validation_failed');
    const json = await post(uuid, '{"cards":[]}', 'application/json');
    expect(json.status).toBe(415);
    expect(await json.text()).toContain('unsupported_media_type');
    // The calendar media types are taken as well, the text deciding what it holds.
    const calendar = await post(uuid, ICS, 'text/calendar');
    expect(calendar.status).toBe(200);
    expect((await contents.list()).entries).toHaveLength(2);
    // Bob's datastore is not Alice's to import into.
    const bobs = await server.bob.client.datastore.create({ userId: 'bob-import' });
    const foreign = await refusal(server.alice.client.datastore.contents(bobs.client.uuid!).import(crlf(...card('A'))));
    expect([foreign.status, foreign.code]).toEqual([404, 'not_found']);
    expect((await server.bob.client.datastore.contents(bobs.client.uuid!).list()).entries).toEqual([]);
  });
});

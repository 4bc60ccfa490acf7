/**
 * The listing's search (`?q=`) through the SDK against a started server, on both stores: every
 * word must be in the title or the text, case folded; LIKE's own characters are searched as
 * themselves; the answer pages as any listing, its `rel="next"` keeping the search; with the
 * dataclass filter; and a search that is too long, or asked of the change feed, is refused.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatastoreContentsApi } from '@atomsync/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { storeKinds } from '../support/stores.js';
import { refusal } from './fixtures.js';

vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

const card = (fn: string, note = '') => ['BEGIN:VCARD', 'VERSION:3.0', `FN:${fn}`, ...(note === '' ? [] : [`NOTE:${note}`]), 'END:VCARD', ''].join('\r\n');
const event = (summary: string) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${summary}`, `SUMMARY:${summary}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

describe.each(storeKinds)('the listing searched with ?q= (%s)', (kind) => {
  let server: TestServer;
  let contents: DatastoreContentsApi;
  const titles = async (query: Parameters<DatastoreContentsApi['list']>[0]) => (await contents.list(query)).entries.map((e) => e.title).sort();

  beforeAll(async () => {
    server = await startTestServer(kind);
    const entry = await server.alice.client.datastore.create({ userId: 'searched' });
    contents = server.alice.client.datastore.contents(entry.client.uuid!);
    const items = [
      { title: 'Grace Hopper', content: { type: 'text/vcard', value: card('Grace Hopper', 'COBOL') } },
      { title: 'Ada Lovelace', content: { type: 'text/vcard', value: card('Ada Lovelace', 'Analytical Engine') } },
      { title: 'Percent', content: { type: 'text/vcard', value: card('Percent', 'gave 100% always') } },
      { title: 'Thousand', content: { type: 'text/vcard', value: card('Thousand', 'counted 1000 sheep') } },
      { title: 'Under_score', content: { type: 'text/vcard', value: card('Under_score') } },
      { title: 'Émile Zola', content: { type: 'text/vcard', value: card('Émile Zola', 'ÉCRIVAIN À PARIS, ΟΔΟΣ') } },
      { title: 'Hopper meeting', content: { type: 'text/calendar', value: event('Hopper meeting') } },
      ...Array.from({ length: 12 }, (_, i) => ({ title: `Crowd ${i}`, content: { type: 'text/vcard', value: card(`Crowd ${i}`, i % 3 === 0 ? 'plays GO' : 'plays chess') } })),
    ];
    await contents.batch({ entries: items.map((item, i) => ({ batchId: `b${i}`, operation: { type: 'insert' as const }, ...item })) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds the items holding every word, in the title or the text, in any case', async () => {
    expect(await titles({ q: 'hopper' })).toEqual(['Grace Hopper', 'Hopper meeting']);
    expect(await titles({ q: 'GRACE   cobol' })).toEqual(['Grace Hopper']);
    expect(await titles({ q: 'analytical ada' })).toEqual(['Ada Lovelace']);
    expect(await titles({ q: 'hopper nobody' })).toEqual([]);
    // With the filter: the event is not a contact.
    expect(await titles({ q: 'hopper', dataclass: 'Contacts' })).toEqual(['Grace Hopper']);
    expect(await titles({ q: 'hopper', dataclass: 'Events' })).toEqual(['Hopper meeting']);
    // Spaces alone search nothing: the whole listing.
    expect((await contents.list({ q: '   ' })).entries).toHaveLength(19);
  });

  it('folds the case of any letter, not only ASCII ones, in the title and the text', async () => {
    expect(await titles({ q: 'émile' })).toEqual(['Émile Zola']);
    expect(await titles({ q: 'ÉMILE' })).toEqual(['Émile Zola']);
    expect(await titles({ q: 'écrivain à' })).toEqual(['Émile Zola']);
    expect(await titles({ q: 'οδο' })).toEqual(['Émile Zola']);
    // Case, not accents: an e is no é.
    expect(await titles({ q: 'emile' })).toEqual([]);
    expect(await titles({ q: 'émile hopper' })).toEqual([]);
  });

  it('searches LIKE\'s own characters as themselves', async () => {
    expect(await titles({ q: '100%' })).toEqual(['Percent']);
    expect(await titles({ q: '_' })).toEqual(['Under_score']);
    expect(await titles({ q: 'r_s' })).toEqual(['Under_score']);
  });

  it('pages a search as any listing: rel="next" keeps it', async () => {
    const first = await contents.list({ q: 'plays go', 'max-results': 2 });
    expect(first.entries).toHaveLength(2);
    const next = first.links?.find((l) => l.rel === 'next')?.href;
    expect(next).toContain('q=plays%20go');
    const found: string[] = [];
    for await (const entry of contents.iterateList({ q: 'plays go', 'max-results': 2 })) found.push(entry.title ?? '');
    expect(found.sort()).toEqual(['Crowd 0', 'Crowd 3', 'Crowd 6', 'Crowd 9']);
  });

  it('refuses a search too long, or of the change feed, with the API\'s error', async () => {
    const words = await refusal(contents.list({ q: Array.from({ length: 11 }, (_, i) => `w${i}`).join(' ') }));
    expect([words.status, words.code]).toEqual([400, 'validation_failed']);
    const long = await refusal(contents.list({ q: 'x'.repeat(201) }));
    expect([long.status, long.code]).toEqual([400, 'validation_failed']);
    const changes = await refusal(contents.changes({ since: '2009-01-01T00:00:00Z', q: 'hopper' }));
    expect([changes.status, changes.code]).toEqual([400, 'validation_failed']);
  });
});

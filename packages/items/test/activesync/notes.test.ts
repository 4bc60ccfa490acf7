/**
 * The note mapping (MS-ASNOTE): plain text and vNote 1.1 to Subject, Body, Categories,
 * LastModifiedDate and MessageClass and back; ghosting as for contacts; and the properties:
 * ActiveSync → note → ActiveSync is the identity on what ActiveSync carries, and note →
 * ActiveSync → merged back keeps the note's fingerprint.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeItem, NOTE_ELEMENTS, noteFromAirSync, noteToAirSync, type AirSyncProperty, type AirSyncVersion } from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { crlf, valueOf } from './support.js';

const v14 = { version: '14.0' } as const;
const described = (body: string) => describeItem({ dataclass: 'Notes', type: 'text/plain', title: '', body });

interface CodePages {
  pages: { name: string; tags: { name: string; versions?: string[] }[] }[];
}
const codePages = JSON.parse(readFileSync(new URL('../../../../spec/activesync/code-pages.json', import.meta.url), 'utf8')) as CodePages;
const TAGS = new Map<string, readonly string[] | undefined>(codePages.pages.flatMap((page) => page.tags.map((tag) => [`${page.name}:${tag.name}`, tag.versions] as const)));

const vnote = crlf(
  'BEGIN:VNOTE',
  'VERSION:1.1',
  'X-IRMC-LUID:000100000123',
  'SUMMARY:Shopping',
  'BODY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Milk=0D=0AK=C3=A4se',
  'CATEGORIES:Home;Errands',
  'LAST-MODIFIED:20240102T030405Z',
  'CLASS:PUBLIC',
  'END:VNOTE',
);

describe('notes: the table', () => {
  it('names elements of spec/activesync/code-pages.json, in MS-ASNOTE order, 14.0 and later only', () => {
    for (const e of NOTE_ELEMENTS) expect(TAGS.has(e.name), e.name).toBe(true);
    const tags = NOTE_ELEMENTS.map((e) => e.name.slice(e.name.indexOf(':') + 1).toLowerCase());
    expect(tags).toEqual([...tags].sort());
    for (const version of ['2.5', '12.0', '12.1'] as const) expect(noteToAirSync('text', { version })).toEqual([]);
  });
});

describe('notes to ActiveSync', () => {
  it('plain text: the text is the body, its first line the subject', () => {
    expect(noteToAirSync('Call Bob\nabout the fair', v14)).toEqual([
      {
        name: 'AirSyncBase:Body',
        children: [
          { name: 'AirSyncBase:Type', text: '1' },
          { name: 'AirSyncBase:EstimatedDataSize', text: '23' },
          { name: 'AirSyncBase:Data', text: 'Call Bob\nabout the fair' },
        ],
      },
      { name: 'Notes:MessageClass', text: 'IPM.StickyNote' },
      { name: 'Notes:Subject', text: 'Call Bob' },
    ]);
  });

  it('a vNote: BODY, SUMMARY, CATEGORIES, LAST-MODIFIED', () => {
    const sent = noteToAirSync(vnote, { version: '16.1', bodyPreference: { type: 1, truncationSize: 4 } });
    expect(sent.map((p) => p.name)).toEqual(['AirSyncBase:Body', 'Notes:Categories', 'Notes:LastModifiedDate', 'Notes:MessageClass', 'Notes:Subject']);
    expect(valueOf(sent[0]!.children!, 'AirSyncBase:Data')).toBe('Milk');
    expect(valueOf(sent[0]!.children!, 'AirSyncBase:Truncated')).toBe('1');
    expect(valueOf(sent, 'Notes:Categories')).toBe('Home|Errands');
    expect(valueOf(sent, 'Notes:LastModifiedDate')).toBe('2024-01-02T03:04:05.000Z');
    expect(valueOf(sent, 'Notes:Subject')).toBe('Shopping');
  });
});

describe('notes from ActiveSync', () => {
  const body = (text: string, truncated = false): AirSyncProperty => ({
    name: 'AirSyncBase:Body',
    children: [{ name: 'AirSyncBase:Type', text: '1' }, ...(truncated ? [{ name: 'AirSyncBase:Truncated', text: '1' }] : []), { name: 'AirSyncBase:Data', text }],
  });
  const subject = (text: string): AirSyncProperty => ({ name: 'Notes:Subject', text });

  it('a note that is only text stays plain text', () => {
    expect(noteFromAirSync([body('Call Bob\r\nsoon'), subject('Call Bob'), { name: 'Notes:MessageClass', text: 'IPM.StickyNote' }], v14)).toBe('Call Bob\nsoon');
    expect(noteFromAirSync([body('edited')], { version: '14.0', previous: 'old text' })).toBe('edited');
  });

  it('a subject of its own, categories or a date make it a vNote', () => {
    const note = noteFromAirSync(
      [body('Käse; Brot'), subject('Shopping'), { name: 'Notes:Categories', children: [{ name: 'Notes:Category', text: 'Home' }] }, { name: 'Notes:LastModifiedDate', text: '2024-01-02T03:04:05.000Z' }],
      v14,
    );
    expect(note).toBe(
      crlf('BEGIN:VNOTE', 'VERSION:1.1', 'SUMMARY:Shopping', 'BODY;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:K=C3=A4se\\; Brot', 'CATEGORIES:Home', 'LAST-MODIFIED:20240102T030405Z', 'END:VNOTE'),
    );
    expect(described(note).fingerprint).toBe(described('Käse; Brot').fingerprint);
  });

  it('a vNote keeps its other lines; an unchanged Change keeps its fingerprint', () => {
    const back = noteFromAirSync(noteToAirSync(vnote, v14), { version: '14.0', previous: vnote });
    expect(back).toContain('X-IRMC-LUID:000100000123');
    expect(back).toContain('CLASS:PUBLIC');
    expect(described(back)).toEqual(described(vnote));
  });

  it('a truncated body never replaces the text; an unsupported element left out is kept', () => {
    const sent = noteToAirSync(vnote, { version: '14.0', bodyPreference: { type: 1, truncationSize: 4 } });
    const back = noteFromAirSync(sent, { version: '14.0', previous: vnote });
    expect(described(back)).toEqual(described(vnote));
    const withoutCategories = sent.filter((p) => p.name !== 'Notes:Categories');
    expect(noteFromAirSync(withoutCategories, { version: '14.0', previous: vnote, supported: ['Notes:Subject'] })).toContain('CATEGORIES:Home;Errands');
    expect(noteFromAirSync(withoutCategories, { version: '14.0', previous: vnote })).not.toContain('CATEGORIES');
  });

  it('an unusable date changes nothing', () => {
    const sent = noteToAirSync(vnote, v14).map((p) => (p.name === 'Notes:LastModifiedDate' ? { ...p, text: 'soon' } : p));
    expect(noteFromAirSync(sent, { version: '14.0', previous: vnote })).toContain('LAST-MODIFIED:20240102T030405Z');
  });
});

// ——— Properties ———

const text = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .map((s) => s.replace(/\r/g, ''))
  .filter((s) => s.trim() !== '');
/** Category names: no `,` or `;` (vNote 1.1 lists are read split on both). */
const category = text.map((s) => s.replace(/[,;]/g, '')).filter((s) => s.trim() !== '');
const instant = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => `${d.toISOString().slice(0, 19)}.000Z`);

const airSyncNote = fc
  .record(
    {
      body: text,
      categories: fc.array(category, { minLength: 1, maxLength: 3 }),
      modified: instant,
      messageClass: fc.constantFrom('IPM.StickyNote', 'IPM.StickyNote.Yellow'),
      subject: text.map((s) => s.trim()).filter((s) => !s.includes('\n') && s !== ''),
    },
    { requiredKeys: ['messageClass'] },
  )
  .map((n): AirSyncProperty[] => [
    ...(n.body === undefined
      ? []
      : [
          {
            name: 'AirSyncBase:Body',
            children: [
              { name: 'AirSyncBase:Type', text: '1' },
              { name: 'AirSyncBase:EstimatedDataSize', text: String(Buffer.byteLength(n.body)) },
              { name: 'AirSyncBase:Data', text: n.body },
            ],
          },
        ]),
    ...(n.categories === undefined ? [] : [{ name: 'Notes:Categories', children: n.categories.map((c) => ({ name: 'Notes:Category', text: c })) }]),
    ...(n.modified === undefined ? [] : [{ name: 'Notes:LastModifiedDate', text: n.modified }]),
    { name: 'Notes:MessageClass', text: n.messageClass },
    ...(n.subject === undefined ? [] : [{ name: 'Notes:Subject', text: n.subject }]),
  ]);

describe('notes: properties', () => {
  it.each(['14.0', '16.1'] as AirSyncVersion[])('ActiveSync → note → ActiveSync is the identity on what ActiveSync carries (%s)', (version) => {
    fc.assert(
      fc.property(airSyncNote, (properties) => {
        const note = noteFromAirSync(properties, { version });
        const expected = [...properties];
        // A note without a Subject has its first line as one.
        if (!expected.some((p) => p.name === 'Notes:Subject')) {
          const data = properties[0]?.children?.find((c) => c.name === 'AirSyncBase:Data')?.text ?? '';
          const first = data.split('\n', 1)[0]!.trim();
          if (first !== '') expected.push({ name: 'Notes:Subject', text: first });
        }
        expect(noteToAirSync(note, { version })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  const notes = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    airSyncNote.map((p) => noteFromAirSync(p, v14)),
    fc.constantFrom(...TWIN_PAIRS.filter((p) => p.dataclass === 'Notes').flatMap((p) => [p.a, p.b]), vnote),
  );
  it('note → ActiveSync → merged back keeps the fingerprint', () => {
    fc.assert(
      fc.property(notes, fc.constantFrom(undefined, 1, 2) as fc.Arbitrary<1 | 2 | undefined>, fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }), (note, type, truncationSize) => {
        const sent = noteToAirSync(note, { version: '14.0', bodyPreference: type === undefined ? undefined : { type, truncationSize } });
        expect(described(noteFromAirSync(sent, { version: '14.0', previous: note }))).toEqual(described(note));
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * spec/activesync/code-pages.json, as loaded: 26 pages with MS-ASWBXML's names, every token unique
 * per page and within 0x05–0x3F, every name (aliases included) unique per page, versions a
 * contiguous run; the tables the generic WBXML reader gets; and the pages MS-ASWBXML prints that
 * the documentation search showed (10 ResolveRecipients, 12 Contacts2, 25 Find), token for token
 * and version for version.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AIRSYNC_VERSIONS } from '@atomsync/items';
import { CODE_PAGE_NAMES, CODE_PAGE_TABLES, CODE_PAGES, pageNumber, tagByName, tagByToken } from '../src/index.js';

const raw = JSON.parse(readFileSync(new URL('../../../spec/activesync/code-pages.json', import.meta.url), 'utf8')) as {
  pages: { page: number; name: string; tags: { token: string; name: string; aliases?: string[] }[] }[];
};

const ALL = [...AIRSYNC_VERSIONS];
const from = (v: string) => ALL.slice(ALL.indexOf(v as (typeof ALL)[number]));

describe('the code pages', () => {
  it('are the 26 pages of MS-ASWBXML, in order, with their names', () => {
    expect(CODE_PAGES.map((p) => `${p.number} ${p.name}`)).toEqual(CODE_PAGE_NAMES.map((n, i) => `${i} ${n}`));
    expect(CODE_PAGE_NAMES).toEqual([
      'AirSync', 'Contacts', 'Email', 'AirNotify', 'Calendar', 'Move', 'GetItemEstimate', 'FolderHierarchy', 'MeetingResponse',
      'Tasks', 'ResolveRecipients', 'ValidateCert', 'Contacts2', 'Ping', 'Provision', 'Search', 'GAL', 'AirSyncBase', 'Settings',
      'DocumentLibrary', 'ItemOperations', 'ComposeMail', 'Email2', 'Notes', 'RightsManagement', 'Find',
    ]);
    expect(raw.pages.map((p) => p.page)).toEqual([...Array(26).keys()]);
  });

  for (const page of raw.pages) {
    it(`${page.page} ${page.name}: every token unique and in 0x05–0x3F, every name unique`, () => {
      const tokens = page.tags.map((t) => t.token);
      expect(new Set(tokens).size).toBe(tokens.length);
      for (const t of tokens) {
        expect(t).toMatch(/^0x[0-9A-F]{2}$/);
        expect(Number.parseInt(t.slice(2), 16)).toBeGreaterThanOrEqual(0x05);
        expect(Number.parseInt(t.slice(2), 16)).toBeLessThanOrEqual(0x3f);
      }
      const names = page.tags.flatMap((t) => [t.name, ...(t.aliases ?? [])]);
      expect(new Set(names).size).toBe(names.length);
      expect(page.tags.length).toBeGreaterThan(0);
    });
  }

  it('give version lists that are contiguous runs of the known versions; legacy tags none', () => {
    for (const p of CODE_PAGES)
      for (const t of p.tags) {
        if (t.legacy) {
          expect(t.versions).toEqual([]);
          continue;
        }
        const start = ALL.indexOf(t.versions[0]!);
        expect(t.versions).toEqual(ALL.slice(start, start + t.versions.length));
        expect(t.since).toBe(t.versions[0]);
        expect(t.until).toBe(t.versions.at(-1) === '16.1' ? undefined : t.versions.at(-1));
      }
  });

  it('make the token → name tables of the WBXML reader, and the lookups both ways', () => {
    expect(CODE_PAGE_TABLES).toHaveLength(26);
    for (const p of CODE_PAGES)
      for (const t of p.tags) {
        expect(CODE_PAGE_TABLES[p.number]![t.token]).toBe(t.name);
        expect(tagByToken(p.number, t.token)).toBe(t);
        expect(tagByName(`${p.name}:${t.name}`)).toBe(t);
        for (const a of t.aliases) expect(tagByName(`${p.name}:${a}`)).toBe(t);
      }
    expect(tagByName('AirSync:Nope')).toBeUndefined();
    expect(tagByToken(0, 0x04)).toBeUndefined();
    expect(tagByToken(26, 0x05)).toBeUndefined();
    expect(pageNumber('AirSyncBase')).toBe(17);
  });

  it('hold what the tests and the server rely on (MS-ASWBXML §3 example tokens)', () => {
    const token = (n: string) => tagByName(n as never)?.token;
    expect(token('AirSync:Sync')).toBe(0x05);
    expect(token('AirSync:Collections')).toBe(0x1c);
    expect(token('AirSync:Collection')).toBe(0x0f);
    expect(token('AirSync:Class')).toBe(0x10);
    expect(token('AirSync:SyncKey')).toBe(0x0b);
    expect(token('AirSync:CollectionId')).toBe(0x12);
    expect(token('AirSync:Status')).toBe(0x0e);
    expect(token('AirSync:Commands')).toBe(0x16);
    expect(token('AirSync:Add')).toBe(0x07);
    expect(token('AirSync:ServerId')).toBe(0x0d);
    expect(token('AirSync:ApplicationData')).toBe(0x1d);
    expect(token('AirSyncBase:Body')).toBe(0x0a);
    expect(token('AirSyncBase:Type')).toBe(0x06);
    expect(token('AirSyncBase:EstimatedDataSize')).toBe(0x0c);
    expect(token('AirSyncBase:Truncated')).toBe(0x0d);
    expect(token('Contacts:FileAs')).toBe(0x1e);
    expect(token('AirSyncBase:NativeBodyType')).toBe(0x16);
    // Aliases name the same token; the tag keeps its own name.
    expect(tagByName('Provision:DeviceEncryptionEnabled')?.name).toBe('RequireStorageCardEncryption');
    expect(tagByName('ValidateCert:CheckCrl')?.name).toBe('CheckCRL');
  });

  // As MS-ASWBXML prints them (§2.1.2.1.11, .13, .26): name, token, protocol versions.
  const printed: [string, [string, number, string[]][]][] = [
    [
      'ResolveRecipients',
      [
        ...(['ResolveRecipients', 'Response', 'Status', 'Type', 'Recipient', 'DisplayName', 'EmailAddress', 'Certificates', 'Certificate',
          'MiniCertificate', 'Options', 'To', 'CertificateRetrieval', 'RecipientCount', 'MaxCertificates', 'MaxAmbiguousRecipients',
          'CertificateCount'].map((n, i) => [n, 0x05 + i, ALL]) as [string, number, string[]][]),
        ['Availability', 0x16, from('14.0')],
        ['StartTime', 0x17, from('14.0')],
        ['EndTime', 0x18, from('14.0')],
        ['MergedFreeBusy', 0x19, from('14.0')],
        ['Picture', 0x1a, from('14.1')],
        ['MaxSize', 0x1b, from('14.1')],
        ['Data', 0x1c, from('14.1')],
        ['MaxPictures', 0x1d, from('14.1')],
      ],
    ],
    [
      'Contacts2',
      ['CustomerId', 'GovernmentId', 'IMAddress', 'IMAddress2', 'IMAddress3', 'ManagerName', 'CompanyMainPhone', 'AccountName', 'NickName', 'MMS'].map(
        (n, i) => [n, 0x05 + i, ALL],
      ),
    ],
    [
      'Find',
      (
        [
          ['Find', 0x05], ['SearchId', 0x06], ['ExecuteSearch', 0x07], ['MailBoxSearchCriterion', 0x08], ['Query', 0x09], ['Status', 0x0a],
          ['FreeText', 0x0b], ['Options', 0x0c], ['Range', 0x0d], ['DeepTraversal', 0x0e], ['Response', 0x11], ['Result', 0x12],
          ['Properties', 0x13], ['Preview', 0x14], ['HasAttachments', 0x15], ['Total', 0x16], ['DisplayCc', 0x17], ['DisplayBcc', 0x18],
          ['GalSearchCriterion', 0x19], ['MaxPictures', 0x20], ['MaxSize', 0x21], ['Picture', 0x22],
        ] as [string, number][]
      ).map(([n, t]) => [n, t, ['16.1']]),
    ],
  ];
  for (const [name, tags] of printed) {
    it(`${name} is the table MS-ASWBXML prints`, () => {
      const page = CODE_PAGES.find((p) => p.name === name)!;
      expect(page.tags.map((t) => [t.name, t.token, [...t.versions]])).toEqual(tags);
    });
  }
});

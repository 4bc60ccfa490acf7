/**
 * The MS-ASWBXML code pages, loaded from spec/activesync/code-pages.json as they are (no
 * generated code): checked once at load, then turned into the token → name tables the generic
 * WBXML reader of @atomsync/wbxml takes, and the name → token maps the encoder uses. A table
 * that breaks a rule (a page missing or twice, a token outside 0x05–0x3F or twice on a page, a
 * name twice on a page, an unknown protocol version) throws here, at import, not on the wire.
 */
import { AIRSYNC_VERSIONS, type AirSyncVersion } from '@atomsync/items';
import type { CodePageTables } from '@atomsync/wbxml';
import data from '../../../spec/activesync/code-pages.json' with { type: 'json' };

/** The 26 code pages of MS-ASWBXML, by number; each name is also its elements' XML namespace. */
export const CODE_PAGE_NAMES = [
  'AirSync',
  'Contacts',
  'Email',
  'AirNotify',
  'Calendar',
  'Move',
  'GetItemEstimate',
  'FolderHierarchy',
  'MeetingResponse',
  'Tasks',
  'ResolveRecipients',
  'ValidateCert',
  'Contacts2',
  'Ping',
  'Provision',
  'Search',
  'GAL',
  'AirSyncBase',
  'Settings',
  'DocumentLibrary',
  'ItemOperations',
  'ComposeMail',
  'Email2',
  'Notes',
  'RightsManagement',
  'Find',
] as const;

export type CodePageName = (typeof CODE_PAGE_NAMES)[number];

/** An element's name in the tree: its code page, a colon, its tag — `AirSync:Sync`. */
export type AsName = `${CodePageName}:${string}`;

export interface AsTag {
  readonly page: CodePageName;
  readonly pageNumber: number;
  readonly token: number;
  readonly name: string;
  /** Other spellings the encoder accepts for this token (the decoder gives `name`). */
  readonly aliases: readonly string[];
  /**
   * The protocol versions that have the tag: all of them when MS-ASWBXML says "All", none for a
   * legacy tag.
   */
  readonly versions: readonly AirSyncVersion[];
  /** First version that has it (not for a legacy tag). */
  readonly since?: AirSyncVersion;
  /** Last version that has it, when a later one replaced it. */
  readonly until?: AirSyncVersion;
  /** Defined by earlier MS-ASWBXML revisions only (protocol 2.x); still read. */
  readonly legacy: boolean;
  readonly note?: string;
}

export interface AsCodePage {
  readonly number: number;
  readonly name: CodePageName;
  readonly tags: readonly AsTag[];
}

interface RawTag {
  token: string;
  name: string;
  aliases?: string[];
  versions?: string[];
  legacy?: boolean;
  note?: string;
}

function fail(what: string): never {
  throw new Error(`spec/activesync/code-pages.json: ${what}`);
}

const VERSION_INDEX = new Map<string, number>(AIRSYNC_VERSIONS.map((v, i) => [v, i]));

function loadTag(page: CodePageName, pageNumber: number, raw: RawTag): AsTag {
  const where = `${page} ${raw.token} ${raw.name}`;
  if (!/^0x[0-9A-F]{2}$/.test(raw.token)) fail(`${where}: token not written 0xHH`);
  const token = Number.parseInt(raw.token.slice(2), 16);
  if (token < 0x05 || token > 0x3f) fail(`${where}: token outside 0x05–0x3F`);
  const names = [raw.name, ...(raw.aliases ?? [])];
  for (const n of names) if (!/^[A-Za-z][A-Za-z0-9]*$/.test(n)) fail(`${where}: not a tag name: ${JSON.stringify(n)}`);
  if (raw.legacy && raw.versions) fail(`${where}: a legacy tag has no version list`);
  const versions = (raw.legacy ? [] : (raw.versions ?? [...AIRSYNC_VERSIONS])) as AirSyncVersion[];
  if (!raw.legacy && versions.length === 0) fail(`${where}: empty version list`);
  versions.forEach((v, i) => {
    const at = VERSION_INDEX.get(v) ?? fail(`${where}: unknown protocol version ${v}`);
    if (i > 0 && at !== VERSION_INDEX.get(versions[i - 1]!)! + 1) fail(`${where}: versions are not a contiguous run`);
  });
  const first = versions[0];
  const last = versions[versions.length - 1];
  return {
    page,
    pageNumber,
    token,
    name: raw.name,
    aliases: raw.aliases ?? [],
    versions,
    ...(first === undefined ? {} : { since: first }),
    ...(last === undefined || last === AIRSYNC_VERSIONS[AIRSYNC_VERSIONS.length - 1] ? {} : { until: last }),
    legacy: raw.legacy ?? false,
    ...(raw.note === undefined ? {} : { note: raw.note }),
  };
}

function load(): AsCodePage[] {
  const raw = data as { protocolVersions: string[]; pages: { page: number; name: string; tags: RawTag[] }[] };
  if (raw.protocolVersions.join() !== AIRSYNC_VERSIONS.join()) fail('protocolVersions differ from AIRSYNC_VERSIONS');
  if (raw.pages.length !== CODE_PAGE_NAMES.length) fail(`${raw.pages.length} pages, not ${CODE_PAGE_NAMES.length}`);
  return raw.pages.map((p, i) => {
    if (p.page !== i) fail(`page ${p.page} where page ${i} was expected`);
    if (p.name !== CODE_PAGE_NAMES[i]) fail(`page ${i} is named ${p.name}, not ${CODE_PAGE_NAMES[i]}`);
    const name = CODE_PAGE_NAMES[i]!;
    const tags = p.tags.map((t) => loadTag(name, i, t));
    const tokens = new Set<number>();
    const names = new Set<string>();
    for (const t of tags) {
      if (tokens.has(t.token)) fail(`${name}: token 0x${t.token.toString(16)} twice`);
      tokens.add(t.token);
      for (const n of [t.name, ...t.aliases]) {
        if (names.has(n)) fail(`${name}: name ${n} twice`);
        names.add(n);
      }
    }
    return { number: i, name, tags };
  });
}

/** Every code page, in page order, each tag as MS-ASWBXML gives it. */
export const CODE_PAGES: readonly AsCodePage[] = load();

/** Token → tag name per page, the form the walker of @atomsync/wbxml takes. */
export const CODE_PAGE_TABLES: CodePageTables = CODE_PAGES.map((p) => {
  const table: (string | undefined)[] = [];
  for (const t of p.tags) table[t.token] = t.name;
  return table;
});

const PAGE_NUMBERS = new Map<string, number>(CODE_PAGE_NAMES.map((n, i) => [n, i]));
const BY_NAME = new Map<string, AsTag>();
const BY_TOKEN: AsTag[][] = CODE_PAGES.map((p) => {
  const byToken: AsTag[] = [];
  for (const t of p.tags) {
    byToken[t.token] = t;
    for (const n of [t.name, ...t.aliases]) BY_NAME.set(`${p.name}:${n}`, t);
  }
  return byToken;
});

/** The tag a name (`AirSync:Sync`, or an alias) denotes, if any. */
export function tagByName(name: string): AsTag | undefined {
  return BY_NAME.get(name);
}

/** The tag a code page number and token denote, if any. */
export function tagByToken(page: number, token: number): AsTag | undefined {
  return BY_TOKEN[page]?.[token];
}

/** A code page's number by its name. */
export function pageNumber(name: string): number | undefined {
  return PAGE_NUMBERS.get(name);
}

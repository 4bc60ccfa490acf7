/**
 * The neutral shape of an ActiveSync item's ApplicationData: elements named `Page:Tag` as
 * MS-ASWBXML names them (spec/activesync/code-pages.json), each text or elements. @atomsync/items
 * imports no protocol package; the server turns this shape into its wire tree and back.
 */

/** One element of an item's ApplicationData, named `Page:Tag` as MS-ASWBXML names it: text, or elements. */
export interface AirSyncProperty {
  readonly name: string;
  readonly text?: string;
  readonly children?: readonly AirSyncProperty[];
}

/**
 * The ActiveSync protocol versions MS-ASHTTP defines, oldest first (MS-ASProtocolVersions,
 * §2.2.4.1.2.2). Written here once for both the item mapping and @atomsync/activesync (which
 * announces them and reads them off the request line): items imports no protocol package, so the
 * protocol package takes them from here.
 */
export const AIRSYNC_VERSIONS = ['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1'] as const;
export type AirSyncVersion = (typeof AIRSYNC_VERSIONS)[number];

/** AirSyncBase BodyPreference: 1 plain text, 2 HTML, 3 RTF, 4 MIME. */
export interface AirSyncBodyPreference {
  readonly type: 1 | 2 | 3 | 4;
  readonly truncationSize?: number;
}

export interface ToAirSyncOptions {
  readonly version: AirSyncVersion;
  /** 12.0+: the AirSyncBase BodyPreference the phone asked for (plain text, type 1, when absent). */
  readonly bodyPreference?: AirSyncBodyPreference;
  /**
   * 2.5: how many characters of the body the phone takes (its Sync Options' airsync:Truncation,
   * turned into a size by the server); the whole body when absent.
   */
  readonly bodyTruncation?: number;
}

export interface FromAirSyncOptions {
  readonly version: AirSyncVersion;
  /** The item as the phone last had it: what the phone cannot carry or did not mention (ghosting) is kept from it. */
  readonly previous?: string;
  /** The phone's `Supported` list for the collection (element names, `Contacts:…`), when it sent one. */
  readonly supported?: readonly string[];
}

/** Versions an element exists in: from `since` to `until`, both included (all when absent). */
export interface VersionRange {
  readonly since?: AirSyncVersion;
  readonly until?: AirSyncVersion;
}

export function inVersion(range: VersionRange, version: AirSyncVersion): boolean {
  const at = AIRSYNC_VERSIONS.indexOf(version);
  const since = range.since === undefined ? 0 : AIRSYNC_VERSIONS.indexOf(range.since);
  const until = range.until === undefined ? AIRSYNC_VERSIONS.length - 1 : AIRSYNC_VERSIONS.indexOf(range.until);
  return at >= since && at <= until;
}

/** A text element. */
export function textElement(name: string, text: string): AirSyncProperty {
  return { name, text };
}

/** An element of elements. */
export function parentElement(name: string, children: readonly AirSyncProperty[]): AirSyncProperty {
  return { name, children };
}

/** The first element of each name: a phone that repeats one is taken at its first word. */
export function indexProperties(properties: readonly AirSyncProperty[]): Map<string, AirSyncProperty> {
  const byName = new Map<string, AirSyncProperty>();
  for (const property of properties) if (!byName.has(property.name)) byName.set(property.name, property);
  return byName;
}

/** The text of the first child named `name`; undefined when there is none. */
export function childText(property: AirSyncProperty, name: string): string | undefined {
  return property.children?.find((c) => c.name === name)?.text;
}

/** Text as the phone typed it, one line-ending style (WBXML keeps CR LF, a vCard writes `\n`). */
export function phoneText(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Blank text (nothing, or only spacing) says "no value": an empty element deletes. */
export function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/**
 * Whether the phone's `Supported` list names `element`. A name given without its page
 * (`FirstName`) names the element of that tag on any page.
 */
export function supports(supported: readonly string[], element: string): boolean {
  const tag = element.slice(element.indexOf(':') + 1);
  return supported.some((name) => name === element || name === tag);
}

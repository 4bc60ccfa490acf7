/**
 * The Thunderbird address book TbSync's contactsync.js writes into, in memory, and TbSync's own
 * address-book layer over it (`TbSync.addressbook`: AdvancedTargetData, AbDirectory, AbItem and
 * the changelog of user changes). Written for this harness after the interfaces those files call,
 * nothing copied:
 *
 * - a card holds a vCard (`vCardProperties`: entries of name, params, type, value), which is
 *   where contactsync.js reads and writes every contact field, and a bag of other properties
 *   (`X-EAS-SERVERID`, the `EAS-*` fields it keeps for the server);
 * - Thunderbird's property names (FirstName, PrimaryEmail, WorkPhone, …) are read from the vCard
 *   by one table, `CARD_FIELDS`, the way Thunderbird's address book shows them: a `tel` of no
 *   known type is the work phone, an `adr` not marked home is the work address, emails by `pref`;
 * - the directory stores copies: a card read from it is changed only by `modifyCard`;
 * - a change the user makes (`userAddCard`, `userEditCard`, `userDeleteCard`) lands in the
 *   changelog as TbSync's address-book observer would put it: a new card gets a new primary key
 *   and `added_by_user`, an edit `modified_by_user` (an unsent add stays an add), a delete
 *   `deleted_by_user` (an unsent add is forgotten). TbSync's 1.5 s freeze against the echo of its
 *   own writes has nothing to do here: the stand-in sends it no echo.
 */
import { randomUUID } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// The vCard model (Thunderbird's VCardUtils.jsm: VCardPropertyEntry, VCardProperties)
// ---------------------------------------------------------------------------------------------

export type VCardValue = string | VCardValue[];

export class VCardPropertyEntry {
  constructor(
    readonly name: string,
    readonly params: Record<string, string | string[]>,
    public type: string,
    public value: VCardValue,
  ) {}

  clone(): VCardPropertyEntry {
    const copy = (value: VCardValue): VCardValue => (Array.isArray(value) ? value.map(copy) : value);
    return new VCardPropertyEntry(this.name, { ...this.params }, this.type, copy(this.value));
  }
}

const preference = (entry: VCardPropertyEntry): number => Number.parseInt(String(entry.params.pref ?? ''), 10) || 101;

export class VCardProperties {
  entries: VCardPropertyEntry[] = [];

  addEntry(entry: VCardPropertyEntry): boolean {
    if (!(entry instanceof VCardPropertyEntry)) throw new Error('Not a VCardPropertyEntry');
    if (this.entries.includes(entry)) return false;
    this.entries.push(entry);
    return true;
  }

  addValue(name: string, value: VCardValue): VCardPropertyEntry {
    const existing = this.getAllEntries(name).find((entry) => entry.value === value);
    if (existing) return existing;
    const entry = new VCardPropertyEntry(name, {}, 'text', value);
    this.entries.push(entry);
    return entry;
  }

  removeEntry(entry: VCardPropertyEntry): boolean {
    const index = this.entries.indexOf(entry);
    if (index < 0) return false;
    this.entries.splice(index, 1);
    return true;
  }

  clearValues(name: string): void {
    this.entries = this.entries.filter((entry) => entry.name !== name);
  }

  getFirstEntry(name: string): VCardPropertyEntry | null {
    return this.entries.find((entry) => entry.name === name) ?? null;
  }

  getFirstValue(name: string): VCardValue | null {
    return this.getFirstEntry(name)?.value ?? null;
  }

  getAllEntries(name: string): VCardPropertyEntry[] {
    return this.entries.filter((entry) => entry.name === name);
  }

  getAllValues(name: string): VCardValue[] {
    return this.getAllEntries(name).map((entry) => entry.value);
  }

  /** By `pref` (1 first, none last), then in order. */
  getAllEntriesSorted(name: string): VCardPropertyEntry[] {
    return this.getAllEntries(name).map((entry, index) => ({ entry, index })).sort((a, b) => preference(a.entry) - preference(b.entry) || a.index - b.index).map(({ entry }) => entry);
  }

  getAllValuesSorted(name: string): VCardValue[] {
    return this.getAllEntriesSorted(name).map((entry) => entry.value);
  }

  clone(): VCardProperties {
    const copy = new VCardProperties();
    copy.entries = this.entries.map((entry) => entry.clone());
    return copy;
  }
}

// ---------------------------------------------------------------------------------------------
// Thunderbird's card properties, as data: which vCard entry (and part of it) each one is
// ---------------------------------------------------------------------------------------------

/** A Thunderbird card property and where it lives in the vCard. */
type CardField =
  | { readonly property: string; readonly kind: 'text'; readonly vcard: string; readonly type?: string; readonly nth?: number }
  | { readonly property: string; readonly kind: 'part'; readonly vcard: string; readonly type?: string; readonly index: number; readonly size: number }
  | { readonly property: string; readonly kind: 'date'; readonly vcard: string; readonly part: 0 | 1 | 2 };

const text = (property: string, vcard: string, type?: string, nth?: number): CardField => ({ property, kind: 'text', vcard, ...(type ? { type } : {}), ...(nth ? { nth } : {}) });
const parts = (properties: readonly string[], vcard: string, type?: string): CardField[] =>
  properties.map((property, index) => ({ property, kind: 'part', vcard, index, size: properties.length, ...(type ? { type } : {}) }));
const date = (prefix: string, vcard: string): CardField[] => (['Year', 'Month', 'Day'] as const).map((unit, part) => ({ property: `${prefix}${unit}`, kind: 'date', vcard, part: part as 0 | 1 | 2 }));
const ADDRESS = ['POBox', 'Address2', 'Address', 'City', 'State', 'ZipCode', 'Country'];

export const CARD_FIELDS: readonly CardField[] = [
  text('DisplayName', 'fn'),
  ...parts(['LastName', 'FirstName', 'AdditionalNames', 'NamePrefix', 'NameSuffix'], 'n'),
  text('NickName', 'nickname'),
  text('PrimaryEmail', 'email'),
  text('SecondEmail', 'email', undefined, 1),
  text('Notes', 'note'),
  ...parts(['Company', 'Department'], 'org'),
  text('JobTitle', 'title'),
  ...date('Birth', 'bday'),
  ...date('Anniversary', 'anniversary'),
  ...parts(ADDRESS.map((part) => `Home${part}`), 'adr', 'home'),
  ...parts(ADDRESS.map((part) => `Work${part}`), 'adr', 'work'),
  text('HomePhone', 'tel', 'home'),
  text('WorkPhone', 'tel', 'work'),
  text('FaxNumber', 'tel', 'fax'),
  text('PagerNumber', 'tel', 'pager'),
  text('CellularNumber', 'tel', 'cell'),
  text('WebPage1', 'url', 'work'),
  text('WebPage2', 'url', 'home'),
  text('Custom1', 'x-custom1'),
  text('Custom2', 'x-custom2'),
  text('Custom3', 'x-custom3'),
  text('Custom4', 'x-custom4'),
];
const FIELD_BY_PROPERTY = new Map(CARD_FIELDS.map((field) => [field.property, field]));
const PHONE_TYPES = ['home', 'work', 'cell', 'pager', 'fax'];

const typesOf = (entry: VCardPropertyEntry): string[] => [entry.params.type ?? []].flat().map((type) => type.toLowerCase());

/** Which Thunderbird slot an entry fills: `tel.cell`, `adr.home`, `url.work`, or its name. */
function slotOf(entry: VCardPropertyEntry): string {
  const types = typesOf(entry);
  switch (entry.name) {
    case 'tel':
      return `tel.${types.find((type) => PHONE_TYPES.includes(type)) ?? 'work'}`;
    case 'adr':
      return types.includes('home') ? 'adr.home' : 'adr.work';
    case 'url':
      return types.includes('home') ? 'url.home' : types.includes('work') ? 'url.work' : 'url';
    default:
      return entry.name;
  }
}

/** The entries behind a field, preferred first (a `url` of no type is the work page when there is no other). */
function entriesOf(card: VCardProperties, field: CardField): VCardPropertyEntry[] {
  const slot = field.kind !== 'date' && field.type ? `${field.vcard}.${field.type}` : field.vcard;
  const sorted = card.getAllEntriesSorted(field.vcard);
  const found = sorted.filter((entry) => slotOf(entry) === slot);
  return found.length === 0 && slot === 'url.work' ? sorted.filter((entry) => slotOf(entry) === 'url') : found;
}

const flat = (value: VCardValue | undefined): string => (value === undefined ? '' : Array.isArray(value) ? value.map(flat).filter(Boolean).join(' ') : value);
const DATE = /^(\d{4}|--)-?(\d{2})?-?(\d{2})?/;
const dateParts = (value: VCardValue | undefined): [string, string, string] => {
  const match = DATE.exec(flat(value));
  const unit = (text: string | undefined): string => (text && text !== '--' ? String(Number(text)) : '');
  return match ? [unit(match[1]), unit(match[2]), unit(match[3])] : ['', '', ''];
};

/** Thunderbird's card properties of a vCard (what its address book shows), non-empty ones only. */
export function cardPropertiesOf(card: VCardProperties): Map<string, string> {
  const properties = new Map<string, string>();
  for (const field of CARD_FIELDS) {
    const entry = entriesOf(card, field)[field.kind === 'text' ? (field.nth ?? 0) : 0];
    if (!entry) continue;
    let value: string;
    if (field.kind === 'text') value = flat(entry.value);
    else if (field.kind === 'part') value = flat(Array.isArray(entry.value) ? entry.value[field.index] : field.index === 0 ? entry.value : '');
    else value = dateParts(entry.value)[field.part];
    if (value) properties.set(field.property, value);
  }
  return properties;
}

const isEmpty = (value: VCardValue): boolean => (Array.isArray(value) ? value.every(isEmpty) : value === '');

/** Sets one of Thunderbird's card properties in a vCard, as its contact editor does (`''` clears it). */
function setCardProperty(card: VCardProperties, field: CardField, value: string): void {
  const entries = entriesOf(card, field);
  const params = (): Record<string, string> => ({ ...(field.kind !== 'date' && field.type ? { type: field.type } : {}), ...(field.property === 'PrimaryEmail' ? { pref: '1' } : {}) });
  if (field.kind === 'text') {
    const entry = entries[field.nth ?? 0];
    if (entry) entry.value = value;
    else if (value) card.addEntry(new VCardPropertyEntry(field.vcard, params(), 'text', value));
  } else if (field.kind === 'part') {
    let entry = entries[0];
    if (!entry) {
      if (!value) return;
      card.addEntry((entry = new VCardPropertyEntry(field.vcard, params(), 'text', new Array<string>(field.size).fill(''))));
    }
    if (!Array.isArray(entry.value)) entry.value = [entry.value, ...new Array<string>(field.size - 1).fill('')];
    entry.value[field.index] = value;
  } else {
    let entry = entries[0];
    if (!entry) {
      if (!value) return;
      card.addEntry((entry = new VCardPropertyEntry(field.vcard, {}, 'date', '')));
    }
    const [year, month, day] = dateParts(entry.value);
    const next = [year, month, day];
    next[field.part] = value;
    entry.value = next.every((unit) => unit === '') ? '' : `${next[0] ? next[0].padStart(4, '0') : '--'}-${(next[1] ?? '').padStart(2, '0')}-${(next[2] ?? '').padStart(2, '0')}`;
  }
  card.entries = card.entries.filter((entry) => !isEmpty(entry.value));
}

// ---------------------------------------------------------------------------------------------
// Cards and directories (Thunderbird's AddrBookCard and nsIAbDirectory, MailServices.ab)
// ---------------------------------------------------------------------------------------------

export class AddrBookCard {
  vCardProperties = new VCardProperties();
  readonly supportsVCard = true;
  readonly isMailList = false;
  readonly photoURL = '';
  readonly #properties = new Map<string, string>();

  constructor(readonly UID: string = randomUUID()) {}

  getProperty(name: string, fallback?: string): string | undefined {
    if (name === 'UID') return this.UID;
    if (FIELD_BY_PROPERTY.has(name)) return cardPropertiesOf(this.vCardProperties).get(name) ?? fallback;
    return this.#properties.get(name) ?? fallback;
  }

  /** The vCard's fields are set through `vCardProperties` (Thunderbird refuses them here too). */
  setProperty(name: string, value: unknown): void {
    if (name === 'UID' || FIELD_BY_PROPERTY.has(name)) throw new Error(`Unable to set ${name} as a property, use vCardProperties`);
    if (value === null || value === undefined || value === '') this.#properties.delete(name);
    else this.#properties.set(name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }

  deleteProperty(name: string): void {
    this.#properties.delete(name);
  }

  get firstName(): string {
    return this.getProperty('FirstName', '')!;
  }
  get lastName(): string {
    return this.getProperty('LastName', '')!;
  }
  get primaryEmail(): string {
    return this.getProperty('PrimaryEmail', '')!;
  }
  get displayName(): string {
    return this.getProperty('DisplayName', '')!;
  }
  set displayName(value: string) {
    setCardProperty(this.vCardProperties, FIELD_BY_PROPERTY.get('DisplayName')!, value);
  }

  /** Sets Thunderbird-named properties: vCard fields through the table, anything else in the bag. */
  setProperties(properties: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(properties)) {
      const field = FIELD_BY_PROPERTY.get(name);
      if (field) setCardProperty(this.vCardProperties, field, value);
      else this.setProperty(name, value);
    }
  }

  /** Every property: the vCard's under Thunderbird's names, the bag's, and `UID`. */
  properties(): Record<string, string> {
    return { UID: this.UID, ...Object.fromEntries(cardPropertiesOf(this.vCardProperties)), ...Object.fromEntries(this.#properties) };
  }

  copy(): AddrBookCard {
    const copy = new AddrBookCard(this.UID);
    copy.vCardProperties = this.vCardProperties.clone();
    for (const [name, value] of this.#properties) copy.#properties.set(name, value);
    return copy;
  }
}

/** An address book (`nsIAbDirectory`); its cards are copies in and out, as a stored book's are. */
export class Directory {
  readonly UID = randomUUID();
  readonly URI: string;
  readonly isMailList = false;
  readonly isRemote = false;
  readonly #strings = new Map<string, string>();
  readonly #cards = new Map<string, AddrBookCard>();

  constructor(
    readonly dirPrefId: string,
    public dirName: string,
  ) {
    this.URI = `jsaddrbook://${dirPrefId}.sqlite`;
  }

  getStringValue(name: string, fallback: string): string {
    return this.#strings.get(name) ?? fallback;
  }
  setStringValue(name: string, value: string): void {
    this.#strings.set(name, String(value));
  }

  get childCards(): AddrBookCard[] {
    return [...this.#cards.values()].map((card) => card.copy());
  }

  card(uid: string): AddrBookCard | null {
    return this.#cards.get(uid)?.copy() ?? null;
  }

  getCardFromProperty(property: string, value: string, caseSensitive: boolean): AddrBookCard | null {
    const same = (a: string | undefined): boolean => (caseSensitive ? a === value : a?.toLowerCase() === String(value).toLowerCase());
    for (const card of this.#cards.values()) if (same(card.getProperty(property))) return card.copy();
    return null;
  }

  addCard(card: AddrBookCard): AddrBookCard {
    this.#cards.set(card.UID, card.copy());
    return card;
  }
  modifyCard(card: AddrBookCard): void {
    if (!this.#cards.has(card.UID)) throw new Error(`modifyCard: no card ${card.UID} in ${this.dirName}`);
    this.#cards.set(card.UID, card.copy());
  }
  deleteCards(cards: readonly AddrBookCard[]): void {
    for (const card of cards) this.#cards.delete(card.UID);
  }
  addMailList(): never {
    throw new Error('mailing lists are not in this harness');
  }
}

/** `MailServices.ab`: the address books of the profile. */
export class AddressBooks {
  readonly #books = new Map<string, Directory>();
  #next = 1;

  newAddressBook(name: string): string {
    const dirPrefId = `ldap_2.servers.tbsync${this.#next++}`;
    this.#books.set(dirPrefId, new Directory(dirPrefId, name));
    return dirPrefId;
  }
  getDirectoryFromId(dirPrefId: string): Directory | null {
    return this.#books.get(dirPrefId) ?? null;
  }
  getDirectory(uri: string): Directory | null {
    return this.directories.find((book) => book.URI === uri) ?? null;
  }
  get directories(): Directory[] {
    return [...this.#books.values()];
  }
  deleteAddressBook(uri: string): void {
    for (const [id, book] of this.#books) if (book.URI === uri) this.#books.delete(id);
  }
  byUID(uid: string): Directory | null {
    return this.directories.find((book) => book.UID === uid) ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// TbSync's address-book layer (TbSync.addressbook) and its changelog (part of TbSync.db)
// ---------------------------------------------------------------------------------------------

export interface ChangeLogRow {
  readonly parentId: string;
  readonly itemId: string;
  readonly timestamp: number;
  readonly status: string;
}

/** TbSync.db's changelog: per address book, the items changed and how (`added_by_user`, `modified_by_server`, …). */
export class ChangeLog {
  #rows: ChangeLogRow[] = [];

  status(parentId: string, itemId: string): string | null {
    return this.data(parentId, itemId)?.status ?? null;
  }
  data(parentId: string, itemId: string): ChangeLogRow | null {
    return this.#rows.find((row) => row.parentId === parentId && row.itemId === itemId) ?? null;
  }
  add(parentId: string, itemId: string, status: string): void {
    this.remove(parentId, itemId);
    this.#rows.push({ parentId, itemId, timestamp: Date.now(), status });
  }
  remove(parentId: string, itemId: string, moveToEnd = false): void {
    const index = this.#rows.findIndex((row) => row.parentId === parentId && row.itemId === itemId);
    if (index < 0) return;
    const [row] = this.#rows.splice(index, 1);
    if (moveToEnd) this.#rows.push(row!);
  }
  clear(parentId: string): void {
    if (parentId) this.#rows = this.#rows.filter((row) => !row.parentId.startsWith(parentId));
  }
  /** Rows whose status contains `status` (all if null), at most `max` (0: all), in order. */
  items(parentId: string, max: number, status: string | null): ChangeLogRow[] {
    const found = this.#rows.filter((row) => row.parentId === parentId && (status === null || row.status.includes(status)));
    return max > 0 ? found.slice(0, max) : found;
  }
}

/** What the address-book layer uses of TbSync's FolderData (host.ts). */
export interface AbFolderData {
  getFolderProperty(name: string): unknown;
  setFolderProperty(name: string, value: unknown): void;
  resetFolderProperty(name: string): void;
  readonly accountData: { readonly accountID: string; getAccountProperty(name: string): unknown };
  readonly targetData: AdvancedTargetDataLike;
}

/** What TbSync reads of a folder's TargetData (the provider's TargetData_addressbook extends ours). */
export interface AdvancedTargetDataLike {
  readonly primaryKeyField: string;
  readonly logUserChanges: boolean;
  generatePrimaryKey(): string;
  createAddressbook(name: string): Promise<Directory | null>;
  getTarget(): Promise<AbDirectoryLike>;
  hasTarget(): boolean;
  removeTarget(): void;
  disconnectTarget(): void;
  targetName: string;
}

export interface AbDirectoryLike {
  readonly _directory: Directory;
  readonly primaryKeyField: string;
  readonly UID: string;
}

/** `TbSync.addressbook`, over these address books and this changelog. */
export function createTbsyncAddressbook(books: AddressBooks, changelog: ChangeLog) {
  class AbItem {
    _card: AddrBookCard;
    readonly _isMailList = false;
    constructor(
      readonly _abDirectory: AbDirectory,
      card: AddrBookCard,
    ) {
      this._card = card;
    }
    get abDirectory(): AbDirectory {
      return this._abDirectory;
    }
    get isMailList(): boolean {
      return false;
    }
    get nativeItem(): AddrBookCard {
      return this._card;
    }
    get UID(): string {
      return this._card.UID;
    }
    get primaryKey(): string | undefined {
      const key = this._abDirectory.primaryKeyField;
      return key ? this.getProperty(key) : this.UID;
    }
    set primaryKey(value: string) {
      const key = this._abDirectory.primaryKeyField;
      if (!key || key === 'UID') throw new Error('AbItem: the UID cannot be the primary key that changes');
      this.setProperty(key, value);
    }
    /** No real clone (TbSync's is not either): the same card, for modifyItem. */
    clone(): AbItem {
      return new AbItem(this._abDirectory, this._card);
    }
    toString(): string {
      return `${this._card.displayName} (${this._card.firstName}, ${this._card.lastName}) <${this._card.primaryEmail}>`;
    }
    getProperty(property: string, fallback = ''): string {
      return property === 'UID' ? this.UID : (this._card.getProperty(property, fallback) ?? fallback);
    }
    setProperty(property: string, value: unknown): void {
      if (property === 'UID') throw new Error('AbItem.setProperty: UID cannot be changed');
      this._card.setProperty(property, value);
    }
    deleteProperty(property: string): void {
      this._card.deleteProperty(property);
    }
    get changelogData(): ChangeLogRow | null {
      return changelog.data(this._abDirectory.UID, this.primaryKey ?? '');
    }
    get changelogStatus(): string | null {
      return changelog.status(this._abDirectory.UID, this.primaryKey ?? '');
    }
    set changelogStatus(status: string | null) {
      const key = this.primaryKey;
      if (!key) return;
      if (!status) changelog.remove(this._abDirectory.UID, key);
      else if (this._abDirectory.logUserChanges || status.endsWith('_by_server')) changelog.add(this._abDirectory.UID, key, status);
    }
  }

  class AbDirectory implements AbDirectoryLike {
    constructor(
      readonly _directory: Directory,
      readonly _folderData: AbFolderData,
    ) {}
    get directory(): Directory {
      return this._directory;
    }
    get logUserChanges(): boolean {
      return this._folderData.targetData.logUserChanges;
    }
    get primaryKeyField(): string {
      return this._folderData.targetData.primaryKeyField;
    }
    get UID(): string {
      return this._directory.UID;
    }
    get URI(): string {
      return this._directory.URI;
    }
    createNewCard(): AbItem {
      return new AbItem(this, new AddrBookCard());
    }
    createNewList(): never {
      throw new Error('mailing lists are not in this harness');
    }
    async addItem(item: AbItem, pretagChangelogWithByServerEntry = true): Promise<void> {
      if (this.primaryKeyField && !item.getProperty(this.primaryKeyField)) item.setProperty(this.primaryKeyField, this._folderData.targetData.generatePrimaryKey());
      if (pretagChangelogWithByServerEntry) item.changelogStatus = 'added_by_server';
      this._directory.addCard(item._card);
    }
    modifyItem(item: AbItem, pretagChangelogWithByServerEntry: unknown = true): void {
      const status = item.changelogStatus ?? '';
      if (pretagChangelogWithByServerEntry && !status.endsWith('_by_user')) item.changelogStatus = 'modified_by_server';
      this._directory.modifyCard(item._card);
    }
    deleteItem(item: AbItem, pretagChangelogWithByServerEntry = true): void {
      if (pretagChangelogWithByServerEntry) item.changelogStatus = 'deleted_by_server';
      this._directory.deleteCards([item._card]);
    }
    async getItem(searchId: string): Promise<AbItem | null> {
      return this.getItemFromProperty(this.primaryKeyField || 'UID', searchId);
    }
    async getItemFromProperty(property: string, value: string): Promise<AbItem | null> {
      const card = this._directory.getCardFromProperty(property, value, true);
      return card ? new AbItem(this, card) : null;
    }
    getAllItems(): AbItem[] {
      return this._directory.childCards.map((card) => new AbItem(this, card));
    }
    getAddedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'added_by_user').map((row) => row.itemId);
    }
    getModifiedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'modified_by_user').map((row) => row.itemId);
    }
    getDeletedItemsFromChangeLog(max = 0): string[] {
      return changelog.items(this.UID, max, 'deleted_by_user').map((row) => row.itemId);
    }
    getItemsFromChangeLog(max = 0): ChangeLogRow[] {
      return changelog.items(this.UID, max, '_by_user');
    }
    removeItemFromChangeLog(id: string, moveToEndInsteadOfDelete = false): void {
      changelog.remove(this.UID, id, moveToEndInsteadOfDelete);
    }
    clearChangelog(): void {
      changelog.clear(this.UID);
    }
  }

  const directoryOf = (folderData: AbFolderData): Directory | null => books.byUID(String(folderData.getFolderProperty('target') ?? ''));

  /** TbSync core's prepareAndCreateAddressbook: the provider creates the book, TbSync tags and records it. */
  async function prepareAndCreateAddressbook(folderData: AbFolderData): Promise<Directory | null> {
    const cached = String(folderData.getFolderProperty('targetName') ?? '');
    const name = cached || `${String(folderData.accountData.getAccountProperty('accountname'))} (${String(folderData.getFolderProperty('foldername'))})`;
    const directory = await folderData.targetData.createAddressbook(name);
    if (!(directory instanceof Directory)) return null;
    directory.setStringValue('tbSyncProvider', String(folderData.accountData.getAccountProperty('provider')));
    directory.setStringValue('tbSyncAccountID', folderData.accountData.accountID);
    folderData.setFolderProperty('target', directory.UID);
    folderData.setFolderProperty('targetName', directory.dirName);
    return directory;
  }

  class AdvancedTargetData implements AdvancedTargetDataLike {
    _targetObj: AbDirectory | null = null;
    constructor(readonly _folderData: AbFolderData) {}
    hasTarget(): boolean {
      return directoryOf(this._folderData) !== null;
    }
    async getTarget(): Promise<AbDirectory> {
      let directory = directoryOf(this._folderData);
      if (!directory) {
        directory = await prepareAndCreateAddressbook(this._folderData);
        if (!directory) throw new Error('notargets');
      }
      if (!this._targetObj || this._targetObj.UID !== directory.UID) this._targetObj = new AbDirectory(directory, this._folderData);
      return this._targetObj;
    }
    removeTarget(): void {
      const target = String(this._folderData.getFolderProperty('target') ?? '');
      const directory = directoryOf(this._folderData);
      if (directory) books.deleteAddressBook(directory.URI);
      changelog.clear(target);
      this._folderData.resetFolderProperty('target');
    }
    disconnectTarget(): void {
      const target = String(this._folderData.getFolderProperty('target') ?? '');
      const directory = directoryOf(this._folderData);
      if (directory) {
        if (changelog.items(target, 0, '_by_user').length > 0) directory.dirName += ' (*)';
        directory.setStringValue('tbSyncProvider', 'orphaned');
        directory.setStringValue('tbSyncAccountID', '');
      }
      changelog.clear(target);
      this._folderData.resetFolderProperty('target');
    }
    get targetName(): string {
      const directory = directoryOf(this._folderData);
      if (!directory) throw new Error('notargets');
      return directory.dirName;
    }
    set targetName(name: string) {
      const directory = directoryOf(this._folderData);
      if (!directory) throw new Error('notargets');
      directory.dirName = name;
    }
    setReadOnly(): void {}
    get isAdvancedAddressbookTargetData(): boolean {
      return true;
    }
    get folderData(): AbFolderData {
      return this._folderData;
    }
    get primaryKeyField(): string {
      return 'UID';
    }
    generatePrimaryKey(): string {
      return randomUUID();
    }
    get logUserChanges(): boolean {
      return true;
    }
    directoryObserver(): void {}
    cardObserver(): void {}
    listObserver(): void {}
    async createAddressbook(name: string): Promise<Directory | null> {
      return books.getDirectoryFromId(books.newAddressBook(name));
    }
  }

  return { AdvancedTargetData, AbDirectory, AbItem, prepareAndCreateAddressbook, getDirectoryFromDirectoryUID: (uid: string) => books.byUID(uid) };
}

export type TbsyncAddressbook = ReturnType<typeof createTbsyncAddressbook>;
export type AbDirectory = InstanceType<TbsyncAddressbook['AbDirectory']>;

// ---------------------------------------------------------------------------------------------
// The user at the address book (and what TbSync's observer makes of it)
// ---------------------------------------------------------------------------------------------

/** The user creates a card: TbSync gives it a new primary key and logs `added_by_user`. Returns its UID. */
export function userAddCard(target: AbDirectory, changelog: ChangeLog, properties: Readonly<Record<string, string>>): string {
  const card = new AddrBookCard();
  card.setProperties(properties);
  const key = target._folderData.targetData.generatePrimaryKey();
  if (target.primaryKeyField !== 'UID') card.setProperty(target.primaryKeyField, key);
  target._directory.addCard(card);
  changelog.add(target.UID, target.primaryKeyField === 'UID' ? card.UID : key, 'added_by_user');
  return card.UID;
}

const cardOrFail = (target: AbDirectory, uid: string): AddrBookCard => {
  const card = target._directory.card(uid);
  if (!card) throw new Error(`no contact ${uid} in the address book "${target._directory.dirName}"`);
  return card;
};
const keyOf = (target: AbDirectory, card: AddrBookCard): string => card.getProperty(target.primaryKeyField || 'UID') ?? card.UID;

/** The user edits a card: `modified_by_user`, unless it waits to go up as an add or a change already. */
export function userEditCard(target: AbDirectory, changelog: ChangeLog, uid: string, properties: Readonly<Record<string, string>>): void {
  const card = cardOrFail(target, uid);
  card.setProperties(properties);
  target._directory.modifyCard(card);
  const key = keyOf(target, card);
  const status = changelog.status(target.UID, key);
  if (status !== 'added_by_user' && status !== 'modified_by_user') changelog.add(target.UID, key, 'modified_by_user');
}

/** The user deletes a card: `deleted_by_user`, or nothing to send if the server never had it. */
export function userDeleteCard(target: AbDirectory, changelog: ChangeLog, uid: string): void {
  const card = cardOrFail(target, uid);
  target._directory.deleteCards([card]);
  const key = keyOf(target, card);
  if (changelog.status(target.UID, key) === 'added_by_user') changelog.remove(target.UID, key);
  else changelog.add(target.UID, key, 'deleted_by_user');
}

/**
 * Contacts as ActiveSync ApplicationData (MS-ASCNTC) and back, as data: `CONTACT_ELEMENTS` says
 * which vCard property (a slot) keeps each element, `CONTACT_SLOTS` which property fills which
 * slot, and one codec walks both tables. Versions gate elements in the table (Alias 14.0+,
 * `AirSyncBase:Body` 12.0+, `Contacts:Body` 2.5 only), never in the code.
 *
 * Coming back from the phone, a contact is the previous vCard changed where the phone said so:
 * - an element the phone sent changes its slot; an element sent empty deletes it;
 * - an element the phone left out is deleted when the phone carries it (its `Supported` list
 *   names it, or it sent no list: then it sends the whole item), and kept otherwise (ghosting,
 *   MS-ASCMD Supported);
 * - an element of another protocol version, or whose value we could not send (a yearless
 *   birthday, a photo by URL or over 48 KB), is never deleted by its absence;
 * - a value the phone sent back as we sent it leaves its line as it was;
 * - every property no slot takes (a fourth e-mail, a second mobile, X- properties, UID, a second
 *   URL, ADR's post office box, ORG's fourth unit…) is kept as it was;
 * - an unusable value (a date that is none, bad base64, a truncated or RTF body) changes nothing.
 */
import type { Field } from '../lines/fields.js';
import { type Card, type CardLine, nameOfHead, newField, readCard, typesOf, wholeText, withParts, writeCard } from './card.js';
import { body } from './codec/kinds/body.js';
import { day } from './codec/kinds/dates.js';
import { list } from './codec/kinds/list.js';
import { MAX_PICTURE, base64Of, imageType, picture } from './codec/kinds/picture.js';
import { address, addressOf, text } from './codec/kinds/text.js';
import { type AnyKind, type Element, type Held, type ItemCodec, type Wire, applyElements, encodeItem, kind } from './codec/walk.js';
import { dayOfVCard } from './dates.js';
import { type AirSyncProperty, type FromAirSyncOptions, type ToAirSyncOptions, indexProperties, isBlank } from './properties.js';

/**
 * How an element's value reads and writes: text; a phone number (a `tel:` URI is its number); an
 * e-mail address (`"Name" <addr>` is `addr`); a day; a list of `item` elements; a photo (base64);
 * the body (NOTE).
 */
type Kind = 'text' | 'phone' | 'email' | 'date' | 'list' | 'picture' | 'body';

export interface ContactElement extends Element {
  readonly kind: Kind;
  /** The slot (`CONTACT_SLOTS`) whose property keeps the value. */
  readonly slot: string;
  /** The component of a structured property (N, ORG, ADR). */
  readonly part?: number;
  /** A list's item element. */
  readonly item?: string;
}

const adr = (slot: string, prefix: string): ContactElement[] => [
  // MS-ASCNTC order: City, Country, PostalCode, State, Street; ADR is box;ext;street;city;region;code;country.
  { name: `Contacts:${prefix}City`, kind: 'text', slot, part: 3 },
  { name: `Contacts:${prefix}Country`, kind: 'text', slot, part: 6 },
  { name: `Contacts:${prefix}PostalCode`, kind: 'text', slot, part: 5 },
  { name: `Contacts:${prefix}State`, kind: 'text', slot, part: 4 },
  { name: `Contacts:${prefix}Street`, kind: 'text', slot, part: 2 },
];

/** Every element we map, in the order MS-ASCNTC §2.2.2 lists them (which is the order we send). */
export const CONTACT_ELEMENTS: readonly ContactElement[] = [
  { name: 'Contacts2:AccountName', kind: 'text', slot: 'ACCOUNT' },
  { name: 'Contacts:Alias', kind: 'text', slot: 'ALIAS', since: '14.0' },
  { name: 'Contacts:Anniversary', kind: 'date', slot: 'ANNIVERSARY' },
  { name: 'Contacts:AssistantName', kind: 'text', slot: 'ASSISTANT' },
  { name: 'Contacts:AssistantPhoneNumber', kind: 'phone', slot: 'TEL:Assistant' },
  { name: 'Contacts:Birthday', kind: 'date', slot: 'BDAY' },
  { name: 'AirSyncBase:Body', kind: 'body', slot: 'NOTE', since: '12.0' },
  { name: 'Contacts:Body', kind: 'body', slot: 'NOTE', until: '2.5' },
  { name: 'Contacts:Business2PhoneNumber', kind: 'phone', slot: 'TEL:Business2' },
  ...adr('ADR:Business', 'BusinessAddress'),
  { name: 'Contacts:BusinessFaxNumber', kind: 'phone', slot: 'TEL:BusinessFax' },
  { name: 'Contacts:BusinessPhoneNumber', kind: 'phone', slot: 'TEL:Business' },
  { name: 'Contacts:CarPhoneNumber', kind: 'phone', slot: 'TEL:Car' },
  { name: 'Contacts:Categories', kind: 'list', slot: 'CATEGORIES', item: 'Contacts:Category' },
  { name: 'Contacts:Children', kind: 'list', slot: 'CHILDREN', item: 'Contacts:Child' },
  { name: 'Contacts2:CompanyMainPhone', kind: 'phone', slot: 'TEL:CompanyMain' },
  { name: 'Contacts:CompanyName', kind: 'text', slot: 'ORG', part: 0 },
  { name: 'Contacts2:CustomerId', kind: 'text', slot: 'CUSTOMER-ID' },
  { name: 'Contacts:Department', kind: 'text', slot: 'ORG', part: 1 },
  { name: 'Contacts:Email1Address', kind: 'email', slot: 'EMAIL:1' },
  { name: 'Contacts:Email2Address', kind: 'email', slot: 'EMAIL:2' },
  { name: 'Contacts:Email3Address', kind: 'email', slot: 'EMAIL:3' },
  { name: 'Contacts:FileAs', kind: 'text', slot: 'FN' },
  { name: 'Contacts:FirstName', kind: 'text', slot: 'N', part: 1 },
  { name: 'Contacts2:GovernmentId', kind: 'text', slot: 'GOVERNMENT-ID' },
  { name: 'Contacts:Home2PhoneNumber', kind: 'phone', slot: 'TEL:Home2' },
  ...adr('ADR:Home', 'HomeAddress'),
  { name: 'Contacts:HomeFaxNumber', kind: 'phone', slot: 'TEL:HomeFax' },
  { name: 'Contacts:HomePhoneNumber', kind: 'phone', slot: 'TEL:Home' },
  { name: 'Contacts2:IMAddress', kind: 'text', slot: 'IM:1' },
  { name: 'Contacts2:IMAddress2', kind: 'text', slot: 'IM:2' },
  { name: 'Contacts2:IMAddress3', kind: 'text', slot: 'IM:3' },
  { name: 'Contacts:JobTitle', kind: 'text', slot: 'TITLE' },
  { name: 'Contacts:LastName', kind: 'text', slot: 'N', part: 0 },
  { name: 'Contacts2:ManagerName', kind: 'text', slot: 'MANAGER' },
  { name: 'Contacts:MiddleName', kind: 'text', slot: 'N', part: 2 },
  { name: 'Contacts2:MMS', kind: 'phone', slot: 'TEL:MMS' },
  { name: 'Contacts:MobilePhoneNumber', kind: 'phone', slot: 'TEL:Mobile' },
  { name: 'Contacts2:NickName', kind: 'text', slot: 'NICKNAME' },
  { name: 'Contacts:OfficeLocation', kind: 'text', slot: 'ORG', part: 2 },
  ...adr('ADR:Other', 'OtherAddress'),
  { name: 'Contacts:PagerNumber', kind: 'phone', slot: 'TEL:Pager' },
  { name: 'Contacts:Picture', kind: 'picture', slot: 'PHOTO' },
  { name: 'Contacts:RadioPhoneNumber', kind: 'phone', slot: 'TEL:Radio' },
  { name: 'Contacts:Spouse', kind: 'text', slot: 'SPOUSE' },
  { name: 'Contacts:Suffix', kind: 'text', slot: 'N', part: 4 },
  { name: 'Contacts:Title', kind: 'text', slot: 'N', part: 3 },
  { name: 'Contacts:WebPage', kind: 'text', slot: 'URL' },
  { name: 'Contacts:YomiCompanyName', kind: 'text', slot: 'PHONETIC-ORG' },
  { name: 'Contacts:YomiFirstName', kind: 'text', slot: 'PHONETIC-FIRST' },
  { name: 'Contacts:YomiLastName', kind: 'text', slot: 'PHONETIC-LAST' },
];

/**
 * Which vCard property fills which slot. Each property of the card, in the card's order, takes
 * the first rule that matches it (its name, and its TYPE values: `all` of them, `any` of them,
 * `none` of them) and still has a free slot; a rule's slots fill in order (the first WORK number
 * is Business, the second Business2). A `many` rule's slot takes every property it matches. A new
 * value the phone sends is written as `write` (the first rule of the slot that has one).
 */
export interface SlotRule {
  readonly slots: readonly string[];
  readonly names: readonly string[];
  readonly all?: readonly string[];
  readonly any?: readonly string[];
  readonly none?: readonly string[];
  readonly many?: true;
  readonly write?: string;
}

/** TEL TYPE values that say what a number is for; a number with none of them is a home number. */
const PHONE_KINDS = [
  'FAX', 'PAGER', 'CAR', 'CELL', 'IPHONE', 'MOBILE', 'MSG', 'TEXT', 'MAIN', 'X-EVOLUTION-COMPANY',
  'ASSISTANT', 'X-ASSISTANT', 'X-EVOLUTION-ASSISTANT', 'RADIO', 'X-RADIO', 'X-EVOLUTION-RADIO', 'WORK', 'HOME',
];

/** Instant-messaging properties: 3.0's IMPP (RFC 4770) and the X- ones clients wrote before it. */
const IM_PROPERTIES = [
  'IMPP', 'X-JABBER', 'X-AIM', 'X-ICQ', 'X-MSN', 'X-YAHOO', 'X-SKYPE', 'X-SKYPE-USERNAME', 'X-GADUGADU',
  'X-GOOGLE-TALK', 'X-QQ', 'X-SIP', 'X-MS-IMADDRESS',
];

export const CONTACT_SLOTS: readonly SlotRule[] = [
  { slots: ['FN'], names: ['FN'], write: 'FN' },
  { slots: ['N'], names: ['N'], write: 'N' },
  { slots: ['ORG'], names: ['ORG'], write: 'ORG' },
  { slots: ['TITLE'], names: ['TITLE'], write: 'TITLE' },
  { slots: ['NICKNAME'], names: ['NICKNAME'], write: 'NICKNAME' },
  { slots: ['PHONETIC-FIRST'], names: ['X-PHONETIC-FIRST-NAME'], write: 'X-PHONETIC-FIRST-NAME' },
  { slots: ['PHONETIC-LAST'], names: ['X-PHONETIC-LAST-NAME'], write: 'X-PHONETIC-LAST-NAME' },
  { slots: ['PHONETIC-ORG'], names: ['X-PHONETIC-ORG'], write: 'X-PHONETIC-ORG' },
  // Phone numbers: the first rule that fits and has room.
  { slots: ['TEL:BusinessFax'], names: ['TEL'], all: ['FAX', 'WORK'], write: 'TEL;TYPE=WORK,FAX' },
  { slots: ['TEL:HomeFax'], names: ['TEL'], all: ['FAX'], write: 'TEL;TYPE=HOME,FAX' },
  { slots: ['TEL:Pager'], names: ['TEL'], any: ['PAGER'], write: 'TEL;TYPE=PAGER' },
  { slots: ['TEL:Car'], names: ['TEL'], any: ['CAR'], write: 'TEL;TYPE=CAR' },
  { slots: ['TEL:Mobile'], names: ['TEL'], any: ['CELL', 'IPHONE', 'MOBILE'], write: 'TEL;TYPE=CELL' },
  { slots: ['TEL:MMS'], names: ['TEL'], any: ['MSG', 'TEXT'], write: 'TEL;TYPE=MSG' },
  { slots: ['TEL:CompanyMain'], names: ['TEL'], any: ['MAIN', 'X-EVOLUTION-COMPANY'], write: 'TEL;TYPE=WORK,MAIN' },
  { slots: ['TEL:Assistant'], names: ['TEL'], any: ['ASSISTANT', 'X-ASSISTANT', 'X-EVOLUTION-ASSISTANT'], write: 'TEL;TYPE=X-EVOLUTION-ASSISTANT' },
  { slots: ['TEL:Radio'], names: ['TEL'], any: ['RADIO', 'X-RADIO', 'X-EVOLUTION-RADIO'], write: 'TEL;TYPE=X-EVOLUTION-RADIO' },
  { slots: ['TEL:Business', 'TEL:Business2'], names: ['TEL'], any: ['WORK'], write: 'TEL;TYPE=WORK' },
  { slots: ['TEL:Home', 'TEL:Home2'], names: ['TEL'], any: ['HOME'], write: 'TEL;TYPE=HOME' },
  { slots: ['TEL:Home', 'TEL:Home2'], names: ['TEL'], none: PHONE_KINDS },
  { slots: ['EMAIL:1', 'EMAIL:2', 'EMAIL:3'], names: ['EMAIL'], write: 'EMAIL;TYPE=INTERNET' },
  { slots: ['ADR:Business'], names: ['ADR'], any: ['WORK'], write: 'ADR;TYPE=WORK' },
  { slots: ['ADR:Home'], names: ['ADR'], any: ['HOME'], write: 'ADR;TYPE=HOME' },
  { slots: ['ADR:Other'], names: ['ADR'], write: 'ADR' },
  { slots: ['IM:1', 'IM:2', 'IM:3'], names: IM_PROPERTIES, write: 'IMPP' },
  { slots: ['URL'], names: ['URL'], write: 'URL' },
  { slots: ['BDAY'], names: ['BDAY'], write: 'BDAY' },
  { slots: ['ANNIVERSARY'], names: ['X-ANNIVERSARY', 'ANNIVERSARY', 'X-EVOLUTION-ANNIVERSARY', 'X-MS-ANNIVERSARY'], write: 'X-ANNIVERSARY' },
  { slots: ['SPOUSE'], names: ['X-EVOLUTION-SPOUSE', 'X-SPOUSE', 'X-MS-SPOUSE', 'X-KADDRESSBOOK-X-SPOUSESNAME'], write: 'X-EVOLUTION-SPOUSE' },
  { slots: ['SPOUSE'], names: ['RELATED'], any: ['SPOUSE'] },
  { slots: ['CHILDREN'], names: ['RELATED'], any: ['CHILD'], many: true, write: 'RELATED;TYPE=child;VALUE=text' },
  { slots: ['CHILDREN'], names: ['X-CHILD', 'X-MS-CHILD'], many: true },
  { slots: ['ASSISTANT'], names: ['X-EVOLUTION-ASSISTANT', 'X-ASSISTANT', 'X-MS-ASSISTANT', 'X-KADDRESSBOOK-X-ASSISTANTSNAME'], write: 'X-EVOLUTION-ASSISTANT' },
  { slots: ['MANAGER'], names: ['X-EVOLUTION-MANAGER', 'X-MANAGER', 'X-MS-MANAGER', 'X-KADDRESSBOOK-X-MANAGERSNAME'], write: 'X-EVOLUTION-MANAGER' },
  { slots: ['CUSTOMER-ID'], names: ['X-CUSTOMER-ID'], write: 'X-CUSTOMER-ID' },
  { slots: ['GOVERNMENT-ID'], names: ['X-GOVERNMENT-ID'], write: 'X-GOVERNMENT-ID' },
  { slots: ['ACCOUNT'], names: ['X-ACCOUNT-NAME'], write: 'X-ACCOUNT-NAME' },
  { slots: ['ALIAS'], names: ['X-ALIAS'], write: 'X-ALIAS' },
  { slots: ['CATEGORIES'], names: ['CATEGORIES'], many: true, write: 'CATEGORIES' },
  { slots: ['PHOTO'], names: ['PHOTO'], write: 'PHOTO' },
  { slots: ['NOTE'], names: ['NOTE'], write: 'NOTE' },
];

/** Components a new structured property starts with (3.0 writes all of N's and ADR's). */
const COMPONENTS: Readonly<Record<string, number>> = { N: 5, ADR: 7 };

/** A slot's new-property head and its place among new lines (the order of `CONTACT_SLOTS`). */
const SLOT_WRITES = new Map<string, { head: string; rank: number }>();
CONTACT_SLOTS.forEach((rule, i) => {
  rule.slots.forEach((slot, j) => {
    if (rule.write !== undefined && !SLOT_WRITES.has(slot)) SLOT_WRITES.set(slot, { head: rule.write, rank: i * 8 + j });
  });
});

function matches(rule: SlotRule, field: Field, typesOfField: () => ReadonlySet<string>): boolean {
  if (!rule.names.includes(field.name)) return false;
  if (!rule.all && !rule.any && !rule.none) return true;
  const types = typesOfField();
  return (
    (rule.all ?? []).every((t) => types.has(t)) &&
    (rule.any === undefined || rule.any.some((t) => types.has(t))) &&
    !(rule.none ?? []).some((t) => types.has(t))
  );
}

/** The lines (indexes) each slot holds. */
function bindSlots(lines: readonly (CardLine | null)[]): Map<string, number[]> {
  const bound = new Map<string, number[]>();
  lines.forEach((line, index) => {
    if (line === null) return;
    let types: ReadonlySet<string> | undefined;
    const typesOfLine = () => (types ??= typesOf(line.field));
    for (const rule of CONTACT_SLOTS) {
      if (!matches(rule, line.field, typesOfLine)) continue;
      const slot = rule.many ? rule.slots[0] : rule.slots.find((s) => !bound.has(s));
      if (slot === undefined) continue;
      const indexes = bound.get(slot);
      if (indexes) indexes.push(index);
      else bound.set(slot, [index]);
      return;
    }
  });
  return bound;
}

/** The base64 of inline data (3.0 ENCODING=b, or a data: URI); null for a reference or bad data. */
function inlineData(field: Field): string | null {
  const value = wholeText(field).trim();
  const data = /^data:[^,]*;base64,/i.exec(value.slice(0, 200));
  const encoded = field.params.some((p) => p.name === 'ENCODING' && /^(b|base64)$/i.test(p.values[0] ?? ''));
  if (!data && !encoded) return null;
  return base64Of(data ? value.slice(data[0].length) : value);
}

const textHeld = (value: string): Held<string> => (isBlank(value) ? undefined : { value });

/** A kind of one text value on the slot's first line: `read` takes it from the line. */
function slotText(wire: Wire<unknown, Element, string>, read: (field: Field, element: ContactElement) => Held<string>): AnyKind<EditedCard, ContactElement> {
  return kind(wire, {
    held: (element, card) => {
      const first = card.lines(element.slot)[0]?.field;
      return first ? read(first, element) : undefined;
    },
    set: (element, card, value) => card.setText(element, value),
    remove: (element, card) => card.remove(element),
  });
}

/** Each kind: its wire form, and what the card holds for it (a value we send, one we cannot send, or nothing). */
const KINDS: { readonly [K in Kind]: AnyKind<EditedCard, ContactElement> } = {
  text: slotText(text, (first, element) =>
    textHeld(element.part === undefined ? wholeText(first) : first.shape === 'structured' ? (first.parts[element.part] ?? '') : ''),
  ),
  // A `tel:` URI is its number.
  phone: slotText(text, (first) => textHeld(wholeText(first).replace(/^\s*tel:/i, ''))),
  email: slotText(address, (first) => textHeld(addressOf(wholeText(first)))),
  body: slotText(body(), (first) => textHeld(wholeText(first))),
  date: slotText(day, (first) => {
    if (isBlank(wholeText(first))) return undefined;
    const value = dayOfVCard(wholeText(first));
    return value === null ? 'withheld' : { value };
  }),
  picture: kind(picture, {
    held: (element, card) => {
      const first = card.lines(element.slot)[0]?.field;
      if (!first || isBlank(wholeText(first))) return undefined;
      const base64 = inlineData(first);
      return base64 === null || base64.length > MAX_PICTURE ? 'withheld' : { value: base64 };
    },
    set: (element, card, value) => card.setPicture(element, value),
    remove: (element, card) => card.remove(element),
  }),
  list: kind(list((element: ContactElement) => element.item!, false), {
    held: (element, card) => {
      const items = card.lines(element.slot).flatMap((l) => (l.field.shape === 'list' ? l.field.parts : [wholeText(l.field)])).filter((i) => !isBlank(i));
      return items.length === 0 ? undefined : { value: items };
    },
    set: (element, card, value) => card.setList(element, value),
    remove: (element, card) => card.remove(element),
  }),
};

const CONTACTS: ItemCodec<EditedCard, ContactElement> = { elements: CONTACT_ELEMENTS, kindOf: (element) => KINDS[element.kind] };

/** A contact (vCard 2.1/3.0/4.0 text) as ActiveSync ApplicationData, in the order MS-ASCNTC lists the elements. */
export function contactToAirSync(vcard: string, options: ToAirSyncOptions): AirSyncProperty[] {
  return encodeItem(CONTACTS, new EditedCard(readCard(vcard)), options);
}

/** ActiveSync ApplicationData (an Add or a Change) as a vCard 3.0 text, merged with `previous`. */
export function contactFromAirSync(properties: readonly AirSyncProperty[], options: FromAirSyncOptions): string {
  const card = new EditedCard(readCard(options.previous));
  applyElements(CONTACTS, { sent: indexProperties(properties), item: card, version: options.version, supported: options.supported });
  return card.write();
}

/** The previous card, changed slot by slot; removed lines stay as null so indexes hold. */
class EditedCard {
  private readonly all: (CardLine | null)[];
  private readonly stray: readonly string[];
  private readonly bound: Map<string, number[]>;
  /** Ranks of new lines, by index: they are written after the card's own, in slot order. */
  private readonly ranks = new Map<number, number>();

  constructor(card: Card) {
    this.all = card.lines;
    this.stray = card.stray;
    this.bound = bindSlots(card.lines);
  }

  /** The lines a slot holds, in the card's order. */
  lines(slot: string): CardLine[] {
    return this.at(slot).map((i) => this.all[i]!);
  }

  private at(slot: string): number[] {
    return (this.bound.get(slot) ?? []).filter((i) => this.all[i] != null);
  }

  private add(slot: string, field: Field): void {
    const index = this.all.length;
    this.all.push({ field });
    this.ranks.set(index, SLOT_WRITES.get(slot)?.rank ?? Number.MAX_SAFE_INTEGER);
    const indexes = this.bound.get(slot);
    if (indexes) indexes.push(index);
    else this.bound.set(slot, [index]);
  }

  private head(slot: string): string {
    return SLOT_WRITES.get(slot)?.head ?? slot;
  }

  /** A list's items: the slot's lines replaced, one line of a list property, else a line per item. */
  setList(element: ContactElement, value: readonly string[]): void {
    const slot = element.slot;
    for (const i of this.at(slot)) this.all[i] = null;
    const head = this.head(slot);
    const probe = newField(head, []);
    if (probe.shape === 'list') this.add(slot, newField(head, value));
    else for (const item of value) this.add(slot, newField(head, [item]));
  }

  setPicture(element: ContactElement, value: string): void {
    const [index] = this.at(element.slot);
    const type = imageType(value);
    const field = newField(`PHOTO;ENCODING=b${type ? `;TYPE=${type}` : ''}`, [value]);
    if (index === undefined) this.add(element.slot, field);
    else this.all[index] = { field: { ...field, group: this.all[index]!.field.group } };
  }

  /** A text: the whole value, or the element's component of a structured one. */
  setText(element: ContactElement, value: string): void {
    const slot = element.slot;
    const [index] = this.at(slot);
    const current = index === undefined ? undefined : this.all[index]!.field;
    if (element.part !== undefined) {
      const base = current ?? newField(this.head(slot), Array<string>(COMPONENTS[nameOfHead(this.head(slot))] ?? 0).fill(''));
      const parts = [...base.parts];
      while (parts.length <= element.part) parts.push('');
      parts[element.part] = value;
      if (current === undefined) this.add(slot, { ...base, parts });
      else this.all[index!] = { field: withParts(current, parts) };
    } else if (current === undefined) this.add(slot, newField(this.head(slot), [value]));
    else this.all[index!] = { field: withParts(current, [value]) };
  }

  remove(element: ContactElement): void {
    const indexes = this.at(element.slot);
    if (element.kind === 'list') {
      for (const i of indexes) this.all[i] = null;
      return;
    }
    const [index] = indexes;
    if (index === undefined) return;
    const current = this.all[index]!.field;
    if (element.part === undefined) {
      this.all[index] = null;
      return;
    }
    const parts = [...current.parts];
    if (element.part < parts.length) parts[element.part] = '';
    this.all[index] = parts.every((p) => p.trim() === '') ? null : { field: withParts(current, parts) };
  }

  write(): string {
    const own = this.all.filter((_, i) => !this.ranks.has(i));
    const added = [...this.ranks.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([i]) => this.all[i] ?? null);
    return writeCard([...own, ...added], this.stray);
  }
}

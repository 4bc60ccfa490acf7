/**
 * Properties of the contact mapping:
 * 1. ActiveSync → vCard → ActiveSync is the identity on what ActiveSync carries (property sets in
 *    the mapping's own vocabulary, every version).
 * 2. vCard → ActiveSync → merged back into that vCard keeps every field: the same canonical form
 *    (describeItem's fingerprint) and duplicate key, with or without a Supported list, a truncated
 *    or HTML body, for generated cards and the real clients' cards of the twin fixtures.
 * 3. vCard → ActiveSync → vCard → ActiveSync sends what the first trip sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_ELEMENTS,
  contactFromAirSync,
  contactToAirSync,
  describeItem,
  type AirSyncProperty,
  type AirSyncVersion,
  type ToAirSyncOptions,
} from '@atomsync/items';
import { TWIN_PAIRS } from '@atomsync/items/fixtures';
import { cardShape, outLine, type Field } from '../../src/lines/fields.js';
import { modernLine } from '../../src/lines/write.js';
import { inVersion } from '../../src/activesync/properties.js';

const VERSIONS: readonly AirSyncVersion[] = ['2.5', '12.0', '12.1', '14.0', '14.1', '16.0', '16.1'];
const RUNS = { numRuns: 150 };

/** Text a user types: any characters (not CR: WBXML's CR LF is a vCard's line break), some vCard's own. */
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }),
    fc.string({ unit: fc.constantFrom(...'ab ,;:\\\n"=.é日😀\t'.split(/(?:)/u)), minLength: 1, maxLength: 16 }),
  )
  .map((s) => s.replace(/\r/g, ''))
  .filter((s) => s.trim() !== '');
const phone = fc.stringMatching(/^\+?[0-9][0-9 ()-]{2,16}[0-9]$/);
const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const picture = fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from([0xff, 0xd8, 0xff, ...bytes]).toString('base64'));

/** Numbered slots: a phone that fills the second leaves the first filled too (see the README). */
const NUMBERED = [
  ['Contacts:Email1Address', 'Contacts:Email2Address', 'Contacts:Email3Address'],
  ['Contacts:BusinessPhoneNumber', 'Contacts:Business2PhoneNumber'],
  ['Contacts:HomePhoneNumber', 'Contacts:Home2PhoneNumber'],
  ['Contacts2:IMAddress', 'Contacts2:IMAddress2', 'Contacts2:IMAddress3'],
];

function body(value: string, version: AirSyncVersion): AirSyncProperty[] {
  if (version === '2.5') return [{ name: 'Contacts:Body', text: value }, { name: 'Contacts:BodyTruncated', text: '0' }];
  return [
    {
      name: 'AirSyncBase:Body',
      children: [
        { name: 'AirSyncBase:Type', text: '1' },
        { name: 'AirSyncBase:EstimatedDataSize', text: String(Buffer.byteLength(value)) },
        { name: 'AirSyncBase:Data', text: value },
      ],
    },
  ];
}

/** A property set of one version, in table order (one element per name). */
function airSyncContact(version: AirSyncVersion): fc.Arbitrary<AirSyncProperty[]> {
  const elements = CONTACT_ELEMENTS.filter((e) => inVersion(e, version));
  const fields: Record<string, fc.Arbitrary<AirSyncProperty[]>> = {};
  for (const e of elements) {
    const one = (value: fc.Arbitrary<string>) => value.map((t) => [{ name: e.name, text: t }]);
    switch (e.kind) {
      case 'phone':
        fields[e.name] = one(phone);
        break;
      case 'email':
        fields[e.name] = one(fc.emailAddress());
        break;
      case 'date':
        fields[e.name] = one(day.map((d) => `${d}T00:00:00.000Z`));
        break;
      case 'picture':
        fields[e.name] = one(picture);
        break;
      case 'list':
        fields[e.name] = fc.array(text, { minLength: 1, maxLength: 4 }).map((items) => [{ name: e.name, children: items.map((t) => ({ name: e.item!, text: t })) }]);
        break;
      case 'body':
        fields[e.name] = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).map((s) => s.replace(/\r/g, '')).filter((s) => s.trim() !== '').map((s) => body(s, version));
        break;
      default:
        fields[e.name] = one(e.slot === 'URL' ? fc.webUrl() : text);
    }
  }
  return fc.record(fields, { requiredKeys: [] }).map((chosen) => {
    for (const group of NUMBERED) {
      const gap = group.findIndex((name) => !(name in chosen));
      if (gap >= 0) for (const name of group.slice(gap)) delete chosen[name];
    }
    return elements.flatMap((e) => chosen[e.name] ?? []);
  });
}

/** FN, as the card writes it when the phone sends no FileAs (vCard 3.0 requires one). */
function derivedFileAs(properties: readonly AirSyncProperty[]): string {
  const text = (name: string) => properties.find((p) => p.name === name)?.text ?? '';
  const name = ['Contacts:Title', 'Contacts:FirstName', 'Contacts:MiddleName', 'Contacts:LastName', 'Contacts:Suffix'].map(text).filter((t) => t.trim() !== '').join(' ');
  return name || text('Contacts:CompanyName');
}

describe('ActiveSync → vCard → ActiveSync', () => {
  it.each(VERSIONS)('is the identity on what ActiveSync carries (%s)', (version) => {
    fc.assert(
      fc.property(airSyncContact(version), (properties) => {
        const vcard = contactFromAirSync(properties, { version });
        const expected = [...properties];
        if (!expected.some((p) => p.name === 'Contacts:FileAs')) {
          const fileAs = derivedFileAs(properties);
          if (fileAs.trim() !== '') {
            const order = CONTACT_ELEMENTS.map((e) => e.name);
            const at = expected.findIndex((p) => order.indexOf(p.name) > order.indexOf('Contacts:FileAs'));
            expected.splice(at < 0 ? expected.length : at, 0, { name: 'Contacts:FileAs', text: fileAs });
          }
        }
        expect(contactToAirSync(vcard, { version })).toEqual(expected);
      }),
      RUNS,
    );
  });
});

// ——— Generated vCards ———

const TEL_TYPES = ['WORK', 'HOME', 'CELL', 'FAX', 'PAGER', 'CAR', 'VOICE', 'MSG', 'MAIN', 'PREF', 'VIDEO', 'X-EVOLUTION-ASSISTANT', 'X-EVOLUTION-RADIO'];
const OTHER_TYPES = ['WORK', 'HOME', 'INTERNET', 'PREF', 'POSTAL', 'X-OTHER'];

/** Values as clients write them: often text, sometimes blank or only spacing. */
const anyText = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n') });
const types = (from: readonly string[]) => fc.subarray([...from], { maxLength: 3 });

function line(name: string, parts: readonly string[], typeValues: readonly string[] = [], group = ''): string {
  const field: Field = {
    group,
    name,
    params: typeValues.length > 0 ? [{ name: 'TYPE', values: typeValues }] : [],
    shape: cardShape(name),
    parts,
  };
  return modernLine(outLine(field, false));
}

const single = (name: string, value: fc.Arbitrary<string> = anyText) => fc.array(value.map((v) => line(name, [v])), { maxLength: 1 });
const many = (arb: fc.Arbitrary<string>, max: number) => fc.array(arb, { maxLength: max });

/** A vCard 3.0 with every kind of property, some of each beyond ActiveSync's slots, in any order. */
const vcard30 = fc
  .tuple(
    fc.array(anyText, { minLength: 0, maxLength: 6 }).map((parts) => line('N', parts)),
    text.map((v) => line('FN', [v])),
    many(fc.array(anyText, { minLength: 1, maxLength: 4 }).map((parts) => line('ORG', parts)), 2),
    single('TITLE'),
    single('ROLE'),
    many(fc.array(anyText, { minLength: 1, maxLength: 2 }).map((items) => line('NICKNAME', items)), 1),
    many(fc.tuple(phone, types(TEL_TYPES)).map(([v, t]) => line('TEL', [v], t)), 9),
    many(fc.tuple(fc.emailAddress(), types(OTHER_TYPES)).map(([v, t]) => line('EMAIL', [v], t)), 5),
    many(fc.tuple(fc.array(anyText, { minLength: 7, maxLength: 8 }), types(OTHER_TYPES)).map(([p, t]) => line('ADR', p, t)), 4),
    many(fc.tuple(fc.constantFrom('IMPP', 'X-JABBER', 'X-AIM', 'X-SKYPE'), text).map(([n, v]) => line(n, [v])), 4),
    many(fc.webUrl().map((v) => line('URL', [v])), 2),
    single('BDAY', fc.oneof(day, day.map((d) => d.replace(/-/g, '')), fc.constant('--0412'), fc.constant('yesterday'))),
    single('X-ANNIVERSARY', day),
    single('X-EVOLUTION-SPOUSE'),
    many(text.map((v) => modernLine({ name: 'RELATED', params: [{ name: 'TYPE', values: ['child'] }, { name: 'VALUE', values: ['text'] }], value: outLine({ group: '', name: 'X', params: [], shape: 'text', parts: [v] }, false).value })), 2),
    single('X-EVOLUTION-MANAGER'),
    single('X-PHONETIC-LAST-NAME'),
    many(fc.array(anyText, { minLength: 1, maxLength: 3 }).map((items) => line('CATEGORIES', items)), 2),
    many(fc.oneof(picture.map((b) => `PHOTO;ENCODING=b;TYPE=JPEG:${b}`), fc.constant('PHOTO;VALUE=uri:https://example.net/p.jpg')), 1),
    single('NOTE', fc.string({ unit: 'grapheme', maxLength: 300 }).map((s) => s.replace(/\r/g, ''))),
    many(fc.tuple(fc.constantFrom('X-FOO', 'X-CUSTOM', 'X-ALIAS', 'X-ACCOUNT-NAME'), text).map(([n, v]) => line(n, [v])), 3),
    fc.constantFrom([], ['GEO:48.2;16.4'], ['GEO:;']),
    // A line that is no content line (a client's broken fold): the fingerprint counts it.
    fc.constantFrom([], ['not a content line']),
    fc.constantFrom([], ['UID:urn:uuid:5f1c1c9e-24c1-4d3a-9f5e-0e0a7d5f3c11']),
  )
  .chain((groups) => fc.shuffledSubarray(groups.flat(), { minLength: groups.flat().length }))
  .map((lines) => `BEGIN:VCARD\r\nVERSION:3.0\r\n${lines.join('\r\n')}\r\nEND:VCARD\r\n`);

/** How a phone may ask for its items. */
const toOptions = (version: AirSyncVersion): fc.Arbitrary<ToAirSyncOptions> =>
  fc.record(
    {
      version: fc.constant(version),
      bodyPreference: fc.record({ type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>, truncationSize: fc.integer({ min: 0, max: 400 }) }, { requiredKeys: ['type'] }),
      bodyTruncation: fc.integer({ min: 0, max: 400 }),
    },
    { requiredKeys: ['version'] },
  );

const ALL_NAMES = CONTACT_ELEMENTS.map((e) => e.name);
const supportedList = fc.oneof(fc.constant(undefined), fc.constant(ALL_NAMES), fc.subarray(ALL_NAMES));

const described = (body: string) => describeItem({ dataclass: 'Contacts', type: 'text/vcard', title: '', body });

function keepsEveryField(vcard: string, options: ToAirSyncOptions, supported: readonly string[] | undefined): void {
  const sent = contactToAirSync(vcard, options);
  const back = contactFromAirSync(sent, { version: options.version, previous: vcard, supported });
  expect(described(back)).toEqual(described(vcard));
}

describe('vCard → ActiveSync → merged back', () => {
  it.each(VERSIONS)('keeps every field (%s)', (version) => {
    fc.assert(fc.property(vcard30, toOptions(version), supportedList, (vcard, options, supported) => keepsEveryField(vcard, options, supported)), RUNS);
  });

  const contacts = TWIN_PAIRS.filter((p) => p.dataclass === 'Contacts').flatMap((p) => [
    [`${p.name} (a)`, p.a],
    [`${p.name} (b)`, p.b],
  ]);
  it.each(contacts)('keeps every field of a real client’s card: %s', (_, vcard) => {
    for (const version of VERSIONS) {
      for (const supported of [undefined, ALL_NAMES, []]) {
        keepsEveryField(vcard, { version, bodyPreference: { type: 1, truncationSize: 10 }, bodyTruncation: 10 }, supported);
        keepsEveryField(vcard, { version, bodyPreference: { type: 2 } }, supported);
      }
    }
  });
});

describe('vCard → ActiveSync → vCard → ActiveSync', () => {
  it.each(VERSIONS)('sends what the first trip sent (%s)', (version) => {
    fc.assert(
      fc.property(vcard30, (vcard) => {
        const first = contactToAirSync(vcard, { version });
        const second = contactToAirSync(contactFromAirSync(first, { version }), { version });
        const withoutFileAs = (ps: AirSyncProperty[]) => ps.filter((p) => p.name !== 'Contacts:FileAs');
        // A card whose FN is blank sends no FileAs; the card made from what it sent derives one.
        expect(first.some((p) => p.name === 'Contacts:FileAs') ? second : withoutFileAs(second)).toEqual(first);
      }),
      RUNS,
    );
  });
});

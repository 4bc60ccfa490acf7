/**
 * The JSON Schema of a catalogue file (the shipped phones.json and `atomsync catalogue import`
 * files alike). Vendors hold series (a platform whose phones share SyncML facts), series hold
 * models; a model given as an object overrides its series' facts.
 *
 * Unknown stays unknown: `syncml_version: null` and `dataclasses: []` say "not known", never
 * "none". Quirk names are those of ModelQuirks (store/records.ts).
 */
export const CATALOGUE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://schemas.atomsync.dev/2009/phone-catalogue.json',
  title: 'atomsync phone catalogue',
  type: 'object',
  required: ['format', 'vendors'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    format: { const: 1 },
    vendors: { type: 'array', items: { $ref: '#/definitions/vendor' } },
  },
  definitions: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^\\S(.*\\S)?$' },
    syncmlVersion: { enum: ['1.0', '1.0.1', '1.1', '1.1.1', '1.1.2', '1.2', '1.2.1', '1.2.2', null] },
    dataclasses: {
      type: 'array',
      uniqueItems: true,
      items: { enum: ['Contacts', 'Calendar', 'Events', 'Tasks', 'Notes'] },
    },
    quirks: {
      type: 'object',
      additionalProperties: false,
      properties: {
        vcard21Only: { type: 'boolean' },
        localTime: { type: 'boolean' },
        maxFieldLength: {
          type: 'object',
          propertyNames: { pattern: '^[A-Z][A-Z0-9-]*$' },
          additionalProperties: { type: 'integer', minimum: 1 },
        },
      },
    },
    imageUrl: { type: 'string', pattern: '^(https?://\\S+)?$' },
    vendor: {
      type: 'object',
      required: ['name', 'series'],
      additionalProperties: false,
      properties: {
        name: { $ref: '#/definitions/name' },
        series: { type: 'array', minItems: 1, items: { $ref: '#/definitions/series' } },
      },
    },
    series: {
      type: 'object',
      required: ['name', 'syncml_version', 'dataclasses', 'models'],
      additionalProperties: false,
      properties: {
        name: { $ref: '#/definitions/name' },
        note: { type: 'string' },
        syncml_version: { $ref: '#/definitions/syncmlVersion' },
        dataclasses: { $ref: '#/definitions/dataclasses' },
        quirks: { $ref: '#/definitions/quirks' },
        models: { type: 'array', minItems: 1, items: { $ref: '#/definitions/model' } },
      },
    },
    // A name, or an object that overrides its series' facts (if/then/else, not oneOf, so a bad
    // model gets the errors of the form it was written in only).
    model: {
      if: { type: 'string' },
      then: { $ref: '#/definitions/name' },
      else: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { $ref: '#/definitions/name' },
          note: { type: 'string' },
          image_url: { $ref: '#/definitions/imageUrl' },
          syncml_version: { $ref: '#/definitions/syncmlVersion' },
          dataclasses: { $ref: '#/definitions/dataclasses' },
          quirks: { $ref: '#/definitions/quirks' },
        },
      },
    },
  },
} as const;

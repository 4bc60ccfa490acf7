/**
 * Reading a catalogue file (schema.ts) into the store's records: validate it, then flatten vendor
 * → series → model into VendorRecord / ModelRecord with name-derived uuids (uuid.ts). One function
 * serves the shipped dataset (seed.ts) and `atomsync catalogue import`, so both refuse the same
 * things with the same messages.
 */
import { Ajv, type ErrorObject } from 'ajv';
import type { ItemDataclass, ModelQuirks, ModelRecord, VendorRecord } from '@atomsync/store';
import { CATALOGUE_SCHEMA } from './schema.js';
import { modelUuid, vendorUuid } from './uuid.js';
import shipped from './phones.json' with { type: 'json' };

type Dataclass = ItemDataclass | 'Calendar';

/** What schema.ts admits, as TypeScript. */
export interface CatalogueFile {
  format: 1;
  vendors: CatalogueVendor[];
}
export interface CatalogueVendor {
  name: string;
  series: CatalogueSeries[];
}
interface Facts {
  syncml_version?: string | null;
  dataclasses?: Dataclass[];
  quirks?: ModelQuirks;
}
export interface CatalogueSeries extends Facts {
  name: string;
  note?: string;
  models: (string | CatalogueModel)[];
}
export interface CatalogueModel extends Facts {
  name: string;
  note?: string;
  image_url?: string;
}

export interface Catalogue {
  readonly vendors: VendorRecord[];
  readonly models: ModelRecord[];
}

/** A file that is not a valid catalogue; `problems` name the records at fault, one line each. */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid phone catalogue:\n  ${problems.join('\n  ')}`);
  }
}

const validate = new Ajv({ allErrors: true, strict: true }).compile(CATALOGUE_SCHEMA);

/** Where a JSON pointer points, in the file's own words: `vendor "Nokia" › series "S60" › model #3 ("N95")`. */
function describe(data: unknown, pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const said: string[] = [];
  let node: unknown = data;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    const parent = parts[i - 1];
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (/^\d+$/.test(key) && (parent === 'vendors' || parent === 'series' || parent === 'models')) {
      const noun = parent === 'vendors' ? 'vendor' : parent === 'series' ? 'series' : 'model';
      const name = typeof node === 'string' ? node : node !== null && typeof node === 'object' ? (node as { name?: unknown }).name : undefined;
      said.push(`${noun} #${Number(key) + 1}${typeof name === 'string' ? ` (${JSON.stringify(name)})` : ''}`);
    } else if (!['vendors', 'series', 'models'].includes(key)) {
      said.push(key);
    }
  }
  return said.length === 0 ? 'the file' : said.join(' › ');
}

function schemaProblems(data: unknown, errors: readonly ErrorObject[]): string[] {
  const problems = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'if') continue; // the branch's own errors say what is wrong
    const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
    const allowed = error.keyword === 'enum' ? ` (one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})` : '';
    problems.add(`${describe(data, error.instancePath)}: ${error.message ?? 'is invalid'}${extra}${allowed}`);
  }
  return [...problems];
}

/** Validates a parsed catalogue file and flattens it; throws CatalogueError naming every bad record. */
export function readCatalogue(data: unknown): Catalogue {
  if (!validate(data)) throw new CatalogueError(schemaProblems(data, validate.errors ?? []));
  const file = data as unknown as CatalogueFile;
  const vendors: VendorRecord[] = [];
  const models: ModelRecord[] = [];
  const problems: string[] = [];
  const seenVendors = new Set<string>();
  for (const [v, vendor] of file.vendors.entries()) {
    if (seenVendors.has(vendor.name)) problems.push(`vendor #${v + 1} (${JSON.stringify(vendor.name)}): listed twice`);
    seenVendors.add(vendor.name);
    const vUuid = vendorUuid(vendor.name);
    vendors.push({ uuid: vUuid, name: vendor.name });
    const seenModels = new Set<string>();
    for (const series of vendor.series) {
      for (const entry of series.models) {
        const model: CatalogueModel = typeof entry === 'string' ? { name: entry } : entry;
        if (seenModels.has(model.name)) problems.push(`vendor ${JSON.stringify(vendor.name)} › model ${JSON.stringify(model.name)}: listed twice`);
        seenModels.add(model.name);
        models.push({
          uuid: modelUuid(vendor.name, model.name),
          vendorUuid: vUuid,
          name: `${vendor.name} ${model.name}`,
          imageUrl: model.image_url ?? '',
          syncmlVersion: (model.syncml_version !== undefined ? model.syncml_version : series.syncml_version) ?? null,
          dataclasses: model.dataclasses ?? series.dataclasses ?? [],
          quirks: { ...series.quirks, ...model.quirks },
        });
      }
    }
  }
  if (problems.length > 0) throw new CatalogueError(problems);
  return { vendors, models };
}

/** The dataset shipped in the package (phones.json), bundled into the build so dist needs no file. */
export function shippedCatalogue(): Catalogue {
  return readCatalogue(shipped);
}

/**
 * Name-based UUIDs (RFC 9562 §5.5, version 5: SHA-1): the catalogue's uuids are derived from the
 * vendor and model names, so seeding twice, or importing a file that names a shipped model, lands
 * on the same row instead of adding a twin.
 */
import { createHash } from 'node:crypto';

/** The namespace of every catalogue uuid. Fixed forever: changing it renames every phone. */
export const CATALOGUE_NAMESPACE = '6f1b1c52-3f7e-4a53-9a57-4d1c1f0a9e3b';

export function uuidV5(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (ns.length !== 16) throw new RangeError(`not a uuid: ${namespace}`);
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const vendorUuid = (vendor: string): string => uuidV5(CATALOGUE_NAMESPACE, vendor);
export const modelUuid = (vendor: string, model: string): string => uuidV5(CATALOGUE_NAMESPACE, `${vendor}/${model}`);

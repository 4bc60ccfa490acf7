/**
 * What the engine needs to know of an item's text: its duplicate key (slow-sync twin matching) and
 * its fingerprint (change detection: two texts with one fingerprint are the same item, however a
 * client rewrote it).
 *
 * PLACEHOLDER until the per-dataclass parsers land: key and fingerprint of the raw text.
 */
import { createHash } from 'node:crypto';
import type { ItemContent } from '../connector.js';

export interface ItemDescription {
  /** Normalized key: equal keys on the two sides make twins. null: nothing to match on. */
  readonly key: string | null;
  /** Hash of the item's canonical form. */
  readonly fingerprint: string;
}

export function describeItem(item: ItemContent): ItemDescription {
  const text = item.body.replace(/\s+/g, ' ').trim();
  return { key: text === '' ? null : `${item.dataclass}:${text}`, fingerprint: createHash('sha1').update(item.body).digest('base64') };
}

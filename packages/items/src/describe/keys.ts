/**
 * The slow-sync duplicate key of each dataclass, as data (libsynthesis marks `compare="slowsync"`
 * fields the same way). A parser extracts the key fields of an item; `composeKey` builds the key
 * from this table: the first alternative whose fields are not all empty wins.
 */
import type { ItemDataclass } from '../item.js';

/** The fields parsers extract for keys (already normalized: folded text, E.164, UTC instants). */
export interface KeyFields {
  /** Contacts: the name's words, folded and sorted (N, else FN, else ORG). */
  name?: string;
  /** Contacts: canonical phone numbers (vcard/phone.ts), sorted. */
  phones?: readonly string[];
  /** Contacts: lower-case addresses, sorted. */
  emails?: readonly string[];
  /** Events, Tasks: the UID of the main component (the one without RECURRENCE-ID). */
  uid?: string;
  /** Events, Tasks: folded SUMMARY. */
  summary?: string;
  /** Events: DTSTART; Tasks: DTSTART, else DUE. A UTC instant, a DATE or a floating time (see zones/time.ts). */
  start?: string;
  /** Notes: the text, spacing folded. */
  text?: string;
}

export type KeyField = keyof KeyFields;

/** Per dataclass: alternatives, tried in order; each names the fields that make the key. */
export const DUPLICATE_KEYS: Readonly<Record<ItemDataclass, readonly (readonly KeyField[])[]>> = {
  Contacts: [['name', 'phones', 'emails']],
  Events: [['uid'], ['summary', 'start']],
  Tasks: [['uid'], ['summary', 'start']],
  Notes: [['text']],
};

function isEmpty(value: string | readonly string[] | undefined): boolean {
  return value === undefined || value.length === 0;
}

/**
 * `Dataclass|field="value"|…` from the first alternative with a non-empty field; null when every
 * field of every alternative is empty (an empty contact has nothing to be a twin by).
 */
export function composeKey(dataclass: ItemDataclass, fields: KeyFields): string | null {
  for (const alternative of DUPLICATE_KEYS[dataclass]) {
    if (alternative.every((field) => isEmpty(fields[field]))) continue;
    // JSON: a summary holding "|" or "=" cannot forge another item's key. A loop, not map (see trimComponents).
    let key: string = dataclass;
    for (const field of alternative) key += `|${field}=${JSON.stringify(fields[field] ?? '')}`;
    return key;
  }
  return null;
}

/**
 * A phone's item on the wire and in the store: ApplicationData elements ↔ the neutral property
 * list of @atomsync/items, and through the class's mapping to the stored text (a vCard, …).
 */
import { el, isContainer, nameOf, nonXmlField, textOf, type AsElement, type AsName } from '@atomsync/activesync';
import type { AirSyncProperty, AirSyncVersion } from '@atomsync/items';
import type { ItemFormat } from './formats.js';
import type { CollectionState } from './state.js';

export function propertiesOf(elements: readonly AsElement[]): AirSyncProperty[] {
  return elements.map((e) => (isContainer(e) && e.children.length > 0 ? { name: nameOf(e), children: propertiesOf(e.children) } : { name: nameOf(e), text: textOf(e) }));
}

/** Properties as elements; a name the code pages do not know is a bug of the mapping (ActiveSyncEncodeError). */
export function elementsOf(properties: readonly AirSyncProperty[]): AsElement[] {
  return properties.map((p) => (p.children !== undefined ? el(p.name as AsName, elementsOf(p.children)) : el(p.name as AsName, p.text ?? '')));
}

/** A stored item as the phone's ApplicationData, in the body form it asked for. */
export function renderItem(format: ItemFormat, body: string, state: CollectionState, version: AirSyncVersion): AsElement[] {
  return elementsOf(format.toAirSync(body, { version, ...(state.bodyPreference === undefined ? {} : { bodyPreference: state.bodyPreference }) }));
}

/** An item whose data cannot be stored as it came: its command gets Status 6, and nothing is stored. */
export class UnstorableItemError extends Error {}

/**
 * The phone's ApplicationData as the text we store, merged with what the phone last had
 * (`previous`). A field holding a character XML cannot carry is an UnstorableItemError: stored, it
 * would be shown through the Atom API, which cannot write it (@atomsync/activesync rules/text.ts).
 */
export function readItem(format: ItemFormat, data: readonly AsElement[], state: CollectionState, version: AirSyncVersion, previous?: string): string {
  const bad = nonXmlField(data);
  if (bad !== undefined) throw new UnstorableItemError(`${bad.field} holds a character XML cannot carry (${bad.char})`);
  return format.fromAirSync(propertiesOf(data), {
    version,
    ...(previous === undefined ? {} : { previous }),
    ...(state.supported === undefined ? {} : { supported: state.supported }),
  });
}

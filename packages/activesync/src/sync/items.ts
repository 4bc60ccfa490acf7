/**
 * A phone's item on the wire and in the store: ApplicationData elements ↔ the neutral property
 * list of @atomsync/items, and through the class's mapping to the stored text (a vCard, …).
 */
import type { AsName } from '../code-pages.js';
import { nonXmlField } from '../rules/text.js';
import { el, isContainer, nameOf, textOf, type AsElement } from '../tree.js';
import type { AirSyncProperty, AirSyncVersion } from '@atomsync/items';
import type { ServerCommand } from '../commands/sync.js';
import type { ItemFormat } from './formats.js';
import type { OutboxEntry } from './outbox.js';
import type { CollectionState, Fault } from './state.js';

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

/**
 * Queued changes as the phone gets them: each rendered on its own, one that does not convert left
 * out (a fault), never blocking the rest.
 */
export function serverCommandsOf(format: ItemFormat, state: CollectionState, version: AirSyncVersion, rows: readonly OutboxEntry[]): { commands: ServerCommand[]; faults: Fault[] } {
  const commands: ServerCommand[] = [];
  const faults: Fault[] = [];
  for (const row of rows) {
    if (row.op === 'delete') commands.push({ kind: 'Delete', serverId: row.serverId });
    else if (row.op === 'softdelete') commands.push({ kind: 'SoftDelete', serverId: row.serverId });
    else {
      try {
        commands.push({ kind: row.op === 'add' ? 'Add' : 'Change', serverId: row.serverId, data: renderItem(format, row.body, state, version) });
      } catch (error) {
        faults.push({ level: 'warn', message: 'ActiveSync: an item does not convert for the phone; left out', detail: { serverId: row.serverId, fault: String(error) } });
      }
    }
  }
  return { commands, faults };
}

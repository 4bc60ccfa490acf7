/**
 * What an item is, apart from where it lives: its class, media type, title and text. The classes
 * are the spec's (the generated `Dataclass`), `Calendar` left out: it is a filter (Events + Tasks),
 * never an item's class.
 */
import { DATACLASS_VALUES, type Dataclass } from '@atomsync/atom';

/** The dataclass of one item: every `Dataclass` but `Calendar`. */
export type ItemDataclass = Exclude<Dataclass, 'Calendar'>;

/** The item classes, in the spec's order. */
export const ITEM_DATACLASSES: readonly ItemDataclass[] = DATACLASS_VALUES.filter((d): d is ItemDataclass => d !== 'Calendar');

/** The item classes a dataclass names: `Calendar` is Events + Tasks, the others themselves. */
export function itemClassesOf(dataclass: Dataclass): ItemDataclass[] {
  return dataclass === 'Calendar' ? ['Events', 'Tasks'] : [dataclass];
}

/** What an item is, apart from where it lives. */
export interface ItemContent {
  readonly dataclass: ItemDataclass;
  /** Media type, e.g. `text/x-vcard`, `text/calendar`, `text/plain`. */
  readonly type: string;
  readonly title: string;
  /** The item text (vCard, vCalendar/iCalendar, note text). */
  readonly body: string;
}

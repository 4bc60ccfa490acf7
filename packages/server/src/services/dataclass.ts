/**
 * The dataclass of a content item as the service decides it: the table and the checks are
 * @atomsync/items' (`inferDataclass`, media/dataclass.ts); here a refusal's message echoes the
 * request's media type through `quote()`, as every error message echoes input, and a listing's
 * filter names its classes.
 */
import type { Dataclass } from '@atomsync/atom';
import { inferDataclass, itemClassesOf, type DataclassResult, type ItemDataclass } from '@atomsync/items';
import { quote } from '../http/safe-text.js';

export type { DataclassResult } from '@atomsync/items';

/**
 * The class of an item of media `type` holding `body`: `given` is the class the request names
 * (Calendar allowed), `fallback` the class an update keeps when neither it nor the type says one.
 */
export function resolveDataclass(type: string, body: string, given?: Dataclass, fallback?: ItemDataclass): DataclassResult {
  return inferDataclass(type, body, { given, fallback, quote });
}

/** The item classes a listing filter selects: Calendar = Events + Tasks; `all` or none = every class (undefined). */
export function classesOfFilter(filter: Dataclass | 'all' | undefined): readonly ItemDataclass[] | undefined {
  return filter === undefined || filter === 'all' ? undefined : itemClassesOf(filter);
}

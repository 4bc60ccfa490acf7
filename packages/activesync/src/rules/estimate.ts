/**
 * GetItemEstimate (MS-ASCMD §2.2.1.9) per collection, as pure steps: the Status of a collection
 * the phone was not given (2), not yet synchronized (3, "not primed": no row, or key 0) or asked
 * with a key not its current one (4, an unreadable state too), §2.2.3.177.6; and the answer once
 * the server has counted (the queue not yet sent, plus the peer's changes through the window).
 */
import type { EstimateAnswer, EstimateCollectionRequest } from '../commands/get-item-estimate.js';
import type { ItemFilter } from './filter.js';
import type { FolderDefinition } from './folders.js';
import { ESTIMATE_STATUS } from './status.js';
import { collectionStateOr, pendingOf, type CollectionState } from '../sync/state.js';
import { formatOf, type ItemFormat } from '../sync/formats.js';
import { filterOf } from '../sync/window.js';

/** A collection to count: its state, the window to count through, and how much of its queue is not yet sent. */
export interface EstimateCount {
  readonly collectionId: string;
  readonly className?: string;
  readonly format: ItemFormat;
  readonly state: CollectionState;
  readonly filter: ItemFilter;
  readonly queued: number;
}

/**
 * `folder`: the phone's folder of the CollectionId when it is bound and was given it; `row`: the
 * collection's stored key and state; `queueSize`: its queue's size (read when there is a row).
 */
export function openEstimate(
  c: EstimateCollectionRequest,
  folder: FolderDefinition | undefined,
  row: { readonly syncKey: string; readonly state: string } | undefined,
  queueSize: number,
  version: string,
  now: Date,
): { readonly answer: EstimateAnswer } | { readonly count: EstimateCount } {
  const format = folder === undefined ? undefined : formatOf(folder.className);
  if (folder === undefined || format === undefined) return { answer: { collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_COLLECTION } };
  // 2.5 echoes the Class.
  const className = version === '2.5' ? { className: folder.className } : {};
  if (row === undefined || c.syncKey === '0') return { answer: { collectionId: c.collectionId, status: ESTIMATE_STATUS.NOT_PRIMED, ...className } };
  const state = c.syncKey !== undefined && c.syncKey !== row.syncKey ? undefined : collectionStateOr(row.state);
  if (state === undefined) return { answer: { collectionId: c.collectionId, status: ESTIMATE_STATUS.INVALID_SYNC_KEY, ...className } };
  // The estimate's own FilterType, when it sends one, is the window the phone is about to ask for.
  const filter = filterOf(c.filterType === undefined ? state : { ...state, filterType: c.filterType }, now);
  return { count: { collectionId: c.collectionId, ...className, format, state, filter, queued: pendingOf(state, queueSize) } };
}

/** The answer of a counted collection: its queue not yet sent plus what the peer would bring. */
export function estimateAnswer(count: EstimateCount, peerChanges: number): EstimateAnswer {
  return { collectionId: count.collectionId, status: ESTIMATE_STATUS.OK, estimate: count.queued + peerChanges, ...(count.className === undefined ? {} : { className: count.className }) };
}

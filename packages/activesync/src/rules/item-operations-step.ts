/**
 * ItemOperations (MS-ASCMD §2.2.1.10) per operation, as a pure step: a Fetch of an item the phone
 * holds, in the body form it asks for (Status 1), of one it does not (6), or that does not convert
 * (3); the mail server's operations (EmptyFolderContents, Move, a document or attachment Fetch)
 * each "store not supported" (9), the command itself succeeding (§2.2.3.177.7).
 */
import type { ItemOperation, ItemOperationAnswer } from '../commands/item-operations.js';
import { itemOperationsResponse } from '../commands/item-operations.js';
import type { AirSyncVersion } from '@atomsync/items';
import type { AsElement } from '../tree.js';
import type { FolderDefinition } from './folders.js';
import { ITEM_OPERATIONS_STATUS } from './status.js';
import { formatOf } from '../sync/formats.js';
import { renderItem } from '../sync/items.js';
import { collectionStateOr, type CollectionState, type Fault } from '../sync/state.js';
import type { HeldItem } from '../sync/window.js';

/** The command's answer: Status 1 with each operation's answer, or 2 for no body. */
export function itemOperationsReply(answers: readonly ItemOperationAnswer[] | null): AsElement {
  return answers === null ? itemOperationsResponse(ITEM_OPERATIONS_STATUS.PROTOCOL_ERROR, []) : itemOperationsResponse(ITEM_OPERATIONS_STATUS.OK, answers);
}

/**
 * One operation's answer. `folder`: the phone's folder of its CollectionId; `item`: the item the
 * phone holds under its ServerId; `state`: the collection's stored state (its body preference),
 * when there is a row.
 */
export function itemOperationAnswer(
  op: ItemOperation,
  folder: FolderDefinition | undefined,
  item: HeldItem | undefined,
  storedState: string | undefined,
  version: AirSyncVersion,
): { readonly answer: ItemOperationAnswer; readonly faults: readonly Fault[] } {
  if (op.kind === 'unsupported') return { answer: { kind: 'unsupported', name: op.name, status: ITEM_OPERATIONS_STATUS.STORE_NOT_SUPPORTED }, faults: [] };
  const format = folder === undefined ? undefined : formatOf(folder.className);
  const notFound = { kind: 'fetch', status: ITEM_OPERATIONS_STATUS.NOT_FOUND, collectionId: op.collectionId, serverId: op.serverId } as const;
  if (format === undefined || item === undefined) return { answer: notFound, faults: [] };
  let state: CollectionState = (storedState === undefined ? undefined : collectionStateOr(storedState)) ?? { className: format.className, initial: false, generation: '', counter: 0 };
  const preference = op.bodyPreferences[0];
  if (preference !== undefined) state = { ...state, bodyPreference: { type: preference.type as 1 | 2 | 3 | 4, ...(preference.truncationSize === undefined ? {} : { truncationSize: preference.truncationSize }) } };
  try {
    const data = renderItem(format, item.body, state, version);
    return { answer: { kind: 'fetch', status: ITEM_OPERATIONS_STATUS.OK, collectionId: op.collectionId, serverId: op.serverId, className: format.className, data }, faults: [] };
  } catch (error) {
    return { answer: { ...notFound, status: ITEM_OPERATIONS_STATUS.SERVER_ERROR }, faults: [{ level: 'warn', message: 'ActiveSync ItemOperations Fetch: the item does not convert', detail: { serverId: op.serverId, fault: String(error) } }] };
  }
}

/**
 * ItemOperations: Fetch of an item the phone holds, by folder and ServerId, in the body form it
 * asks for; the mail server's operations (EmptyFolderContents, Move, a document or attachment
 * Fetch) answer "store not supported" each, the command itself succeeding.
 */
import {
  CollectionStateError,
  formatOf,
  ITEM_OPERATIONS_STATUS,
  itemOperationsResponse,
  readCollectionState,
  readItemOperationsRequest,
  renderItem,
  type AsElement,
  type CollectionState,
  type ItemOperationAnswer,
} from '@atomsync/activesync';
import { foldersOf, phoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';

export async function itemOperationsCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  if (body === null) return itemOperationsResponse(ITEM_OPERATIONS_STATUS.PROTOCOL_ERROR, []);
  const operations = readItemOperationsRequest(body);
  const folders = await foldersOf(request, await phoneBinding(request));
  const { accountId, uuid: clientUuid } = request.client;
  const devices = request.deps.store.activesyncDevices;
  const answers: ItemOperationAnswer[] = [];
  for (const op of operations) {
    if (op.kind === 'unsupported') {
      answers.push({ kind: 'unsupported', name: op.name, status: ITEM_OPERATIONS_STATUS.STORE_NOT_SUPPORTED });
      continue;
    }
    const folder = folders.find((f) => f.serverId === op.collectionId);
    const format = folder === undefined ? undefined : formatOf(folder.className);
    const item = format === undefined ? undefined : (await devices.items(accountId, clientUuid, op.collectionId, [op.serverId])).get(op.serverId);
    const notFound = { kind: 'fetch', status: ITEM_OPERATIONS_STATUS.NOT_FOUND, collectionId: op.collectionId, serverId: op.serverId } as const;
    if (format === undefined || item === undefined) {
      answers.push(notFound);
      continue;
    }
    const row = await devices.collection(accountId, clientUuid, op.collectionId);
    let state: CollectionState = { className: format.className, initial: false, generation: '', counter: 0 };
    try {
      if (row !== undefined) state = readCollectionState(row.state);
    } catch (error) {
      if (!(error instanceof CollectionStateError)) throw error;
    }
    const preference = op.bodyPreferences[0];
    if (preference !== undefined) state = { ...state, bodyPreference: { type: preference.type as 1 | 2 | 3 | 4, ...(preference.truncationSize === undefined ? {} : { truncationSize: preference.truncationSize }) } };
    try {
      const data = renderItem(format, item.body, state, request.line.protocolVersion);
      answers.push({ kind: 'fetch', status: ITEM_OPERATIONS_STATUS.OK, collectionId: op.collectionId, serverId: op.serverId, className: format.className, data });
    } catch (error) {
      request.log.warn({ serverId: op.serverId, fault: String(error) }, 'ActiveSync ItemOperations Fetch: the item does not convert');
      answers.push({ ...notFound, status: ITEM_OPERATIONS_STATUS.SERVER_ERROR });
    }
  }
  return itemOperationsResponse(ITEM_OPERATIONS_STATUS.OK, answers);
}

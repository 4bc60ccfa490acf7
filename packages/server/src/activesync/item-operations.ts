/**
 * ItemOperations: Fetch of an item the phone holds, by folder and ServerId, in the body form it
 * asks for; the mail server's operations (EmptyFolderContents, Move, a document or attachment
 * Fetch) answer "store not supported" each, the command itself succeeding.
 */
import { itemOperationAnswer, itemOperationsReply, readItemOperationsRequest, type AsElement, type ItemOperationAnswer } from '@atomsync/activesync';
import { foldersOf, phoneBinding } from './binding.js';
import type { PhoneRequest } from './context.js';
import { logFaults } from './sync/writes.js';

export async function itemOperationsCommand(request: PhoneRequest, body: AsElement | null): Promise<AsElement> {
  if (body === null) return itemOperationsReply(null);
  const operations = readItemOperationsRequest(body);
  const folders = await foldersOf(request, await phoneBinding(request));
  const { accountId, uuid: clientUuid } = request.client;
  const devices = request.deps.store.activesyncDevices;
  const answers: ItemOperationAnswer[] = [];
  for (const op of operations) {
    // Each answer and its status is itemOperationAnswer's (@atomsync/activesync); here the item and the collection's state are read.
    const folder = op.kind === 'fetch' ? folders.find((f) => f.serverId === op.collectionId) : undefined;
    const item = op.kind === 'fetch' && folder !== undefined ? (await devices.items(accountId, clientUuid, op.collectionId, [op.serverId])).get(op.serverId) : undefined;
    const row = op.kind === 'fetch' && item !== undefined ? await devices.collection(accountId, clientUuid, op.collectionId) : undefined;
    const { answer, faults } = itemOperationAnswer(op, folder, item, row?.state, request.line.protocolVersion);
    logFaults(request, faults);
    answers.push(answer);
  }
  return itemOperationsReply(answers);
}

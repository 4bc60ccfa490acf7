/**
 * The ItemOperations command (MS-ASCMD §2.2.1.10): what a contacts/calendar server does with it is
 * Fetch an item by its folder and ServerId; the other operations (EmptyFolderContents, Move, a
 * document library or attachment Fetch) belong to a mail server.
 */
import { child, childrenOf, childText, el, nameOf, type AsElement } from '../tree.js';
import { intOf, expectRoot } from './values.js';
import type { BodyPreference } from './sync.js';

export type ItemOperation =
  | { readonly kind: 'fetch'; readonly collectionId: string; readonly serverId: string; readonly bodyPreferences: readonly BodyPreference[] }
  /** Anything we do not serve, by its element's name. */
  | { readonly kind: 'unsupported'; readonly name: string };

export function readItemOperationsRequest(root: AsElement): ItemOperation[] {
  expectRoot(root, 'ItemOperations:ItemOperations');
  return childrenOf(root).map((operation): ItemOperation => {
    const collectionId = childText(operation, 'AirSync:CollectionId');
    const serverId = childText(operation, 'AirSync:ServerId');
    if (nameOf(operation) !== 'ItemOperations:Fetch' || collectionId === undefined || serverId === undefined) return { kind: 'unsupported', name: nameOf(operation) };
    const options = child(operation, 'ItemOperations:Options');
    const bodyPreferences = childrenOf(options ?? el('ItemOperations:Options'), 'AirSyncBase:BodyPreference').map((p) => ({
      type: intOf(p, 'AirSyncBase:Type', 1, 4) ?? 1,
      truncationSize: intOf(p, 'AirSyncBase:TruncationSize', 0, 2 ** 32 - 1),
    }));
    return { kind: 'fetch', collectionId, serverId, bodyPreferences };
  });
}

export type ItemOperationAnswer =
  | { readonly kind: 'fetch'; readonly status: number; readonly collectionId: string; readonly serverId: string; readonly className?: string; readonly data?: readonly AsElement[] }
  | { readonly kind: 'unsupported'; readonly name: string; readonly status: number };

export function itemOperationsResponse(status: number, answers: readonly ItemOperationAnswer[]): AsElement {
  const responses = answers.map((a) => {
    if (a.kind === 'unsupported') return el(a.name as `ItemOperations:${string}`, [el('ItemOperations:Status', String(a.status))]);
    return el('ItemOperations:Fetch', [
      el('ItemOperations:Status', String(a.status)),
      el('AirSync:CollectionId', a.collectionId),
      el('AirSync:ServerId', a.serverId),
      ...(a.className === undefined ? [] : [el('AirSync:Class', a.className)]),
      ...(a.data === undefined ? [] : [el('ItemOperations:Properties', [...a.data])]),
    ]);
  });
  return el('ItemOperations:ItemOperations', [el('ItemOperations:Status', String(status)), ...(responses.length > 0 ? [el('ItemOperations:Response', responses)] : [])]);
}

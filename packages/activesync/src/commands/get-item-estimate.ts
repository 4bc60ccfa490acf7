/** The GetItemEstimate command (MS-ASCMD §2.2.1.9): how many changes a Sync of each collection would bring. */
import { child, childrenOf, childText, el, requireText, type AsElement } from '../tree.js';
import { expectRoot, intOf } from './values.js';

export interface EstimateCollectionRequest {
  readonly collectionId: string;
  /** 12.0+: the client's SyncKey of the collection (2.5 sends none). */
  readonly syncKey?: string;
  readonly className?: string;
  readonly filterType?: number;
}

export function readGetItemEstimateRequest(root: AsElement): EstimateCollectionRequest[] {
  expectRoot(root, 'GetItemEstimate:GetItemEstimate');
  return childrenOf(child(root, 'GetItemEstimate:Collections') ?? el('GetItemEstimate:Collections'), 'GetItemEstimate:Collection').map((c) => {
    const options = child(c, 'AirSync:Options');
    const syncKey = childText(c, 'AirSync:SyncKey')?.trim();
    const className = childText(c, 'GetItemEstimate:Class');
    const filterType = intOf(options ?? c, 'AirSync:FilterType', 0, 8);
    return {
      collectionId: requireText(c, 'GetItemEstimate:CollectionId'),
      ...(syncKey === undefined ? {} : { syncKey }),
      ...(className === undefined ? {} : { className }),
      ...(filterType === undefined ? {} : { filterType }),
    };
  });
}

export interface EstimateAnswer {
  readonly collectionId: string;
  readonly status: number;
  readonly estimate?: number;
  /** 2.5: the class, echoed. */
  readonly className?: string;
}

export function getItemEstimateResponse(answers: readonly EstimateAnswer[]): AsElement {
  return el(
    'GetItemEstimate:GetItemEstimate',
    answers.map((a) =>
      el('GetItemEstimate:Response', [
        el('GetItemEstimate:Status', String(a.status)),
        el('GetItemEstimate:Collection', [
          ...(a.className === undefined ? [] : [el('GetItemEstimate:Class', a.className)]),
          el('GetItemEstimate:CollectionId', a.collectionId),
          ...(a.estimate === undefined ? [] : [el('GetItemEstimate:Estimate', String(a.estimate))]),
        ]),
      ]),
    ),
  );
}

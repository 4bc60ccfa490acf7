/**
 * The element tree both readers build (xml/read.ts from saxes events, @atomsync/wbxml's reader
 * from tokens), so that one mapper (read-message.ts) turns either wire form into the typed model.
 * The tree and its budget are @atomsync/wbxml's; what SyncML adds is its bounds (limits.ts).
 */
import { ElementBudget as WbxmlElementBudget } from '@atomsync/wbxml';
import { MAX_CHILDREN, MAX_ELEMENTS } from './limits.js';

export { addChild, NO_CHILDREN, type Element } from '@atomsync/wbxml';

/**
 * What a message may still build: MAX_ELEMENTS elements in all and MAX_CHILDREN under any one
 * parent (limits.ts). One budget is spent by a message and every DevInf document read inside it,
 * so nesting documents does not multiply the bound.
 */
export class ElementBudget extends WbxmlElementBudget {
  constructor(maxElements = MAX_ELEMENTS, maxChildren = MAX_CHILDREN) {
    super(maxElements, maxChildren);
  }
}

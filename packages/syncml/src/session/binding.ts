/**
 * A phone's mode as its binding's run takes it. The phone names one-way and refresh modes from
 * itself (202: phone → server), the binding's run from its source (202: source → target): a phone
 * that is the binding's target has them swapped.
 */
import type { SyncMode } from '@atomsync/atom';
import type { BindingSide } from './state.js';

const SWAPPED: Partial<Record<SyncMode, SyncMode>> = { 202: 204, 204: 202, 203: 205, 205: 203 };

/** The mode of the binding's run for the mode the phone performs, by the phone's side of the binding. */
export function bindingMode(phoneMode: SyncMode, side: BindingSide): SyncMode {
  return side === 'source' ? phoneMode : (SWAPPED[phoneMode] ?? phoneMode);
}

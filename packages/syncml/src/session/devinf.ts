/**
 * DevInf both ways. The phone's (Put, or Results answering our Get) is kept per device (a write):
 * it decides what we send it (renderer, large objects). A phone whose DevInf the server does not
 * have is asked for it with a Get in our package 2. A phone's Get of ours is answered with Results
 * listing the datastores it alerts in the same message.
 */
import type { Get, Item, Put, Results } from '../message.js';
import { DEVINF_MEDIA_TYPES, devinfUri, isDevinfUri } from '../rules/devinf.js';
import { StatusCode } from '../rules/status.js';
import type { TurnFacts } from './facts.js';
import { refsOf } from './reply.js';
import { serverDevInf } from './server-devinf.js';
import type { Turn } from './turn.js';

export function onPut(turn: Turn, put: Put): void {
  const kept = keepDevInf(turn, put.items);
  if (!put.noResp) turn.reply.status({ cmdRef: put.cmdId, cmd: 'Put', data: kept ? StatusCode.OK : StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED, ...refsOf(put) });
}

/** The phone's DevInf, answering our Get. */
export function onResults(turn: Turn, results: Results): void {
  keepDevInf(turn, results.items);
  if (!results.noResp) turn.reply.status({ cmdRef: results.cmdId, cmd: 'Results', data: StatusCode.OK, ...refsOf(results) });
}

/** Keeps the phone's DevInf (Put, or Results of our Get): it decides what we send it. */
function keepDevInf(turn: Turn, items: readonly Item[]): boolean {
  const devinf = items.find((item) => item.devinf !== undefined)?.devinf;
  if (devinf === undefined) return false;
  turn.writes.push({ kind: 'keep-devinf', devinf });
  turn.state.largeObjects = devinf.supportLargeObjs;
  turn.state.devinfKnown = true;
  return true;
}

/**
 * A phone whose DevInf we do not have (it Put it in a session we refused, or never does) is
 * asked for it with a Get in our package 2; its Results come with its package 3.
 */
export function askDevInf(turn: Turn, facts: TurnFacts): void {
  const { state, reply } = turn;
  if (state.devinfKnown) return;
  state.devinfKnown = true;
  if (facts.devinfKept) return;
  reply.add({ kind: 'Get', cmdId: reply.nextCmdId(), meta: { type: DEVINF_MEDIA_TYPES[state.encoding] }, items: [{ target: { locUri: devinfUri(state.version) } }] });
}

export function onGet(turn: Turn, get: Get): void {
  const { state, reply, message } = turn;
  const isDevinf = isDevinfUri(get.items[0]?.target?.locUri ?? '');
  if (!get.noResp) reply.status({ cmdRef: get.cmdId, cmd: 'Get', data: isDevinf ? StatusCode.OK : StatusCode.NOT_FOUND, ...refsOf(get) });
  if (!isDevinf) return;
  // Its datastores are those the phone alerts in this message, known only at its end (trimDevInf).
  reply.add({
    kind: 'Results',
    cmdId: reply.nextCmdId(),
    msgRef: message.header.msgId,
    cmdRef: get.cmdId,
    meta: { type: DEVINF_MEDIA_TYPES[state.encoding] },
    items: [{ source: { locUri: devinfUri(state.version) }, devinf: serverDevInf(state.version, message.header.target.locUri) }],
  });
  turn.notes.devinfResults = reply.commands.length - 1;
}

/** Our DevInf in Results lists only the datastores alerted in this message, when there are any. */
export function trimDevInf(turn: Turn): void {
  const { state, reply, message, notes } = turn;
  if (notes.devinfResults === undefined || notes.alerted.size === 0) return;
  const results = reply.commands[notes.devinfResults];
  if (results?.kind !== 'Results') throw new Error(`command ${notes.devinfResults} of the reply is not our DevInf Results`);
  reply.commands[notes.devinfResults] = {
    ...results,
    items: [{ ...results.items[0]!, devinf: serverDevInf(state.version, message.header.target.locUri, notes.alerted) }],
  };
}

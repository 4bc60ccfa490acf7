/**
 * The steps of a turn after the SyncHdr (turn.ts says how a server drives them): the message's
 * commands, the engine runs package 3 asks for, and what follows — our Sync, Alert 222, or the
 * session's end.
 */
import type { Statistics } from '@atomsync/atom';
import type { Command } from '../message.js';
import { AlertCode } from '../rules/alerts.js';
import { StatusCode } from '../rules/status.js';
import { onAlert } from './alerts.js';
import { askDevInf, onGet, onPut, onResults, trimDevInf } from './devinf.js';
import type { TurnFacts } from './facts.js';
import { onSync } from './inbound.js';
import { onMap, onStatus, sendChanges, type OutRow } from './outbound.js';
import { refsOf } from './reply.js';
import type { DatastoreState } from './state.js';
import { resultOf, type Turn, type TurnResult } from './turn.js';

/** Answers each command of the message; the phone's changes become a write. */
export function readCommands(turn: Turn, facts: TurnFacts): void {
  for (const command of turn.message.commands) dispatch(turn, command, facts);
  if (turn.notes.alerted.size > 0) askDevInf(turn, facts);
  trimDevInf(turn);
  if (turn.notes.incoming.length > 0) turn.writes.push({ kind: 'buffer-changes', changes: [...turn.notes.incoming] });
}

function dispatch(turn: Turn, command: Command, facts: TurnFacts): void {
  const { reply } = turn;
  switch (command.kind) {
    case 'Status':
      return onStatus(turn, command);
    case 'Put':
      return onPut(turn, command);
    case 'Get':
      return onGet(turn, command);
    case 'Results':
      return onResults(turn, command);
    case 'Alert':
      return onAlert(turn, command, facts);
    case 'Sync':
      return onSync(turn, command);
    case 'Map':
      return onMap(turn, command);
    case 'Unsupported':
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.name, data: StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED });
      return;
    default:
      // Add/Replace/Delete outside a Sync.
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.kind, data: StatusCode.COMMAND_NOT_ALLOWED, ...refsOf(command) });
  }
}

/**
 * The datastores whose engine run is due: package 3 is complete (the message is Final), so every
 * datastore alerted in an earlier message runs now, one after another (then afterRun for each).
 */
export function runsDue(turn: Turn): DatastoreState[] {
  if (!turn.message.final) return [];
  return turn.state.datastores.filter((d) => d.phase === 'receiving' && !turn.notes.alerted.has(d.serverUri));
}

/** How a datastore's engine run went. */
export interface RunOutcome {
  readonly result: 'completed' | 'failed';
  /** The statistics of the phone's side, when the run got that far. */
  readonly stats?: Statistics;
  readonly reason?: string;
  /** How many changes for the phone it queued (appended to the session's 'out' changes); 0 when it failed. */
  readonly queued: number;
  /** Whether the phone takes large objects, by the DevInf kept for its device (when this session had none). */
  readonly largeObjects: boolean;
}

/**
 * A datastore's run is over: it sends what was queued, or, failed, its Sync's statuses become 500
 * so the phone keeps its changes (and its anchor) for the next session.
 */
export function afterRun(turn: Turn, datastore: DatastoreState, outcome: RunOutcome): void {
  const { state } = turn;
  state.largeObjects ??= outcome.largeObjects;
  datastore.result = outcome.result;
  if (outcome.stats !== undefined) datastore.stats = outcome.stats;
  if (outcome.result === 'failed') {
    datastore.reason = outcome.reason ?? 'the synchronization failed';
    datastore.phase = 'failed';
    state.reason = datastore.reason;
    for (const ref of turn.notes.syncStatuses.get(datastore.serverUri) ?? []) turn.reply.restatus(ref, StatusCode.COMMAND_FAILED);
    return;
  }
  const total = state.datastores.reduce((n, d) => Math.max(n, d.outTo), 0);
  datastore.outFrom = total;
  datastore.outTo = total + outcome.queued;
  datastore.phase = 'sending';
}

/**
 * What follows the phone's message: our Sync (from `rows`, the page outRange named), Alert 222,
 * or the session's end with its status.
 */
export function finishTurn(turn: Turn, rows: readonly OutRow[]): TurnResult {
  const { state, reply, message } = turn;
  const datastores = state.datastores;
  if (datastores.some((d) => d.phase === 'sending')) {
    sendChanges(turn, rows);
    return resultOf(turn);
  }
  if (!message.final) {
    // We have nothing but Statuses: the phone's package goes on.
    const { header } = message;
    reply.add({ kind: 'Alert', cmdId: reply.nextCmdId(), data: AlertCode.NEXT_MESSAGE, items: [{ target: { locUri: header.source.locUri }, source: { locUri: header.target.locUri } }] });
    return resultOf(turn);
  }
  reply.final = true;
  // Package 1 answered (our Alerts): the phone's Sync comes next. Otherwise the session is over.
  if (!datastores.some((d) => d.phase === 'receiving')) {
    for (const d of datastores) {
      if (d.phase === 'mapping' && d.result === 'completed' && state.clientUuid !== undefined) {
        turn.writes.push({ kind: 'record-datastore', clientUuid: state.clientUuid, name: d.phoneUri, dataclass: d.dataclass, serverUri: d.serverUri });
      }
    }
    state.done = true;
    if (state.status === undefined) {
      const completed = datastores.length > 0 && datastores.every((d) => d.result === 'completed');
      state.status = completed ? StatusCode.OK : datastores.length === 0 ? StatusCode.NOT_FOUND : StatusCode.COMMAND_FAILED;
    }
  }
  return resultOf(turn);
}

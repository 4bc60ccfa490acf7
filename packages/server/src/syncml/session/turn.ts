/**
 * One turn of the SyncML DS session machine: one phone message in, our reply out, the session's
 * state carried between them (state.ts). The packages of a sync session:
 *
 *  1 phone: SyncHdr + Cred, Put/Get DevInf, Alert per datastore    2 server: Statuses, Results, Alerts
 *  3 phone: Sync per datastore (its changes, or all items)          4 server: Statuses, Sync (ours)
 *  5 phone: Statuses, Map (LUIDs of what we added)                  6 server: Statuses
 *
 * Any package may span several messages: a message without Final is answered with Statuses (and
 * Alert 222 when we have nothing else to say) and the package goes on. The engine runs when
 * package 3 is complete, one datastore after another; what it computes for the phone is queued
 * as the session's 'out' items and sent from there, split to fit the phone's MaxMsgSize.
 *
 * The steps, one job each: auth.ts (the SyncHdr's credentials), devinf.ts, alerts.ts, inbound.ts
 * (the phone's Sync), run.ts (the engine run per datastore), outbound.ts (our Sync, Statuses, Map).
 */
import { AlertCode, StatusCode, type Command, type SyncmlMessage } from '@atomsync/syncml';
import { refsOf } from '../reply.js';
import { onAlert } from './alerts.js';
import { authenticate } from './auth.js';
import { askDevInf, onGet, onPut, onResults, trimDevInf } from './devinf.js';
import { flushIncoming, onSync } from './inbound.js';
import { onMap, onStatus, sendChanges } from './outbound.js';
import { recordDatastore, runDatastore } from './run.js';
import { openSession, type Session, type SessionInput, type SyncmlDeps } from './session.js';
import type { SessionState } from './state.js';

/** What a message is answered with: the reply to send and the session's state after it. */
export interface Answer {
  readonly reply: SyncmlMessage;
  readonly state: SessionState;
}

/** Answers one message of a session. */
export async function answerMessage(deps: SyncmlDeps, input: SessionInput): Promise<Answer> {
  const session = openSession(deps, input);
  const { reply, state, turn } = session;
  if (!(await authenticate(session))) {
    reply.final = true;
    return { reply: reply.message(), state };
  }
  for (const command of session.message.commands) await dispatch(session, command);
  if (turn.alerted.size > 0) await askDevInf(session);
  trimDevInf(session);
  await flushIncoming(session);
  await respond(session);
  return { reply: reply.message(), state };
}

async function dispatch(session: Session, command: Command): Promise<void> {
  const { reply } = session;
  switch (command.kind) {
    case 'Status':
      return onStatus(session, command);
    case 'Put':
      return onPut(session, command);
    case 'Get':
      return onGet(session, command);
    case 'Results':
      return onResults(session, command);
    case 'Alert':
      return onAlert(session, command);
    case 'Sync':
      return onSync(session, command);
    case 'Map':
      return onMap(session, command);
    case 'Unsupported':
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.name, data: StatusCode.OPTIONAL_FEATURE_NOT_SUPPORTED });
      return;
    default:
      // Add/Replace/Delete outside a Sync.
      if (!command.noResp) reply.status({ cmdRef: command.cmdId, cmd: command.kind, data: StatusCode.COMMAND_NOT_ALLOWED, ...refsOf(command) });
  }
}

/** What follows the phone's message: the engine runs, our Sync, Alert 222, or the session's end. */
async function respond(session: Session): Promise<void> {
  const { state, reply, message, turn } = session;
  const final = message.final;
  const datastores = state.datastores;
  // Package 3 is complete: every datastore alerted in an earlier message runs now.
  if (final) {
    for (const datastore of datastores) {
      if (datastore.phase === 'receiving' && !turn.alerted.has(datastore.serverUri)) await runDatastore(session, datastore);
    }
  }
  if (datastores.some((d) => d.phase === 'sending')) return sendChanges(session);
  if (!final) {
    // We have nothing but Statuses: the phone's package goes on.
    const { header } = message;
    reply.add({ kind: 'Alert', cmdId: reply.nextCmdId(), data: AlertCode.NEXT_MESSAGE, items: [{ target: { locUri: header.source.locUri }, source: { locUri: header.target.locUri } }] });
    return;
  }
  reply.final = true;
  // Package 1 answered (our Alerts): the phone's Sync comes next. Otherwise the session is over.
  if (!datastores.some((d) => d.phase === 'receiving')) {
    for (const datastore of datastores) if (datastore.phase === 'mapping') await recordDatastore(session, datastore);
    state.done = true;
    if (state.status === undefined) {
      const completed = datastores.length > 0 && datastores.every((d) => d.result === 'completed');
      state.status = completed ? StatusCode.OK : datastores.length === 0 ? StatusCode.NOT_FOUND : StatusCode.COMMAND_FAILED;
    }
  }
}

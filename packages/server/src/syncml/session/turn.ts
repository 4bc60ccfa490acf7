/**
 * The server's side of one turn of the SyncML session machine (@atomsync/syncml, which makes
 * every protocol decision): it checks the message's credentials, loads the facts the machine
 * asks for, runs the engine for each datastore it says is due, loads the queued changes it will
 * send, and hands the endpoint the reply, the next state and the writes, which the endpoint makes
 * in one transaction with the state. When the engine runs, what the message's commands wrote (the
 * phone's changes, its Map) is written first, in one transaction of its own: the run reads them.
 */
import { afterRun, answerCredentials, finishTurn, needsCredentials, openTurn, outRange, readCommands, resultOf, runsDue, type TurnResult } from '@atomsync/syncml';
import type { CredentialCheck } from '../auth.js';
import { IN_CHANGE, queuedChange } from './codecs.js';
import { checkMessageCredentials } from './credentials.js';
import { loadFacts } from './facts.js';
import { runDatastore } from './run.js';
import { applyWrites } from './writes.js';
import type { SessionInput, SyncmlDeps } from './session.js';

/** What a message is answered with; `credentials`, when this message's were checked, and the nonce accepted ones were given. */
export interface Answer extends TurnResult {
  readonly credentials?: CredentialCheck;
  readonly nextNonce?: string;
}

/** Answers one message of a session. */
export async function answerMessage(deps: SyncmlDeps, input: SessionInput): Promise<Answer> {
  const turn = openTurn({ state: input.state, message: input.message, respUri: input.respUri, now: input.now });
  const checked = needsCredentials(turn.state) ? await checkMessageCredentials(deps, input) : undefined;
  const signed = { ...(checked ? { credentials: checked.check } : {}), ...(checked?.outcome.kind === 'accepted' ? { nextNonce: checked.outcome.nextNonce } : {}) };
  if (!answerCredentials(turn, checked?.outcome)) return { ...resultOf(turn), ...signed };
  readCommands(turn, await loadFacts(deps.store, turn.state, input.message));
  const due = runsDue(turn);
  let written = 0;
  if (due.length > 0) {
    const writes = [...turn.writes];
    await deps.store.transaction((tx) => applyWrites(tx, input.id, turn.state, writes));
    written = writes.length;
    // Every change the phone sent in this session, this message's with them.
    const kept = await deps.store.syncmlSessions.items(input.id, 'in');
    const phoneSent = kept.map((row) => IN_CHANGE.decode(row.body, `change ${row.seq} the phone sent in this session`));
    for (const datastore of due) afterRun(turn, datastore, await runDatastore(deps, input.id, turn.state, datastore, phoneSent));
  }
  const range = outRange(turn);
  const rows = range === undefined ? [] : await deps.store.syncmlSessions.items(input.id, 'out', range.from, range.limit);
  const result = finishTurn(turn, rows.map(queuedChange));
  for (const event of result.events) deps.log[event.level](event.fields, event.message);
  return { ...result, writes: result.writes.slice(written), ...signed };
}

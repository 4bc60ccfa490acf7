/**
 * Drives the session machine as a server would, with no store: facts given per test, the 'out'
 * changes a run queues kept in an array, the writes collected.
 */
import {
  afterRun,
  answerCredentials,
  finishTurn,
  initialState,
  openTurn,
  outRange,
  readCommands,
  runsDue,
  type Command,
  type CredentialOutcome,
  type DatastoreFact,
  type OutChange,
  type RunOutcome,
  type SessionState,
  type SessionWrite,
  type Status,
  type SyncmlEncoding,
  type SyncmlMessage,
  type TurnFacts,
  type TurnResult,
} from '../../src/index.js';

export const ACCEPTED: CredentialOutcome = { kind: 'accepted', accountId: 7, username: 'alice', nextNonce: 'bmV4dA==' };

/** A phone message of session 42, from `IMEI:1` to the server. */
export function phoneMessage(commands: readonly Command[], options: { msgId?: string; final?: boolean; maxMsgSize?: number } = {}): SyncmlMessage {
  return {
    header: {
      verDTD: '1.2',
      verProto: 'SyncML/1.2',
      sessionId: '42',
      msgId: options.msgId ?? '1',
      target: { locUri: 'http://example.net/syncml' },
      source: { locUri: 'IMEI:1' },
      ...(options.maxMsgSize ? { meta: { maxMsgSize: options.maxMsgSize } } : {}),
    },
    commands,
    final: options.final ?? true,
  };
}

/** A datastore with a binding whose anchors are `kept` (the phone side's) and `peer`. */
export const bound = (kept: string | null = null, peer: string | null = null): DatastoreFact => ({ bindingId: 3, side: 'source', anchors: { kept, peer } });

export function facts(datastores: Record<string, DatastoreFact> = { contacts: bound() }, extra: Partial<TurnFacts> = {}): TurnFacts {
  return { client: { uuid: 'c-1', claims: false }, datastores: new Map(Object.entries(datastores)), devinfKept: true, ...extra };
}

export function alert(code: number, options: { cmdId?: string; target?: string; last?: string; next?: string; noResp?: boolean } = {}): Command {
  const anchor = { ...(options.last !== undefined ? { last: options.last } : {}), next: options.next ?? 'n1' };
  return { kind: 'Alert', cmdId: options.cmdId ?? '1', data: code, ...(options.noResp ? { noResp: true } : {}), items: [{ target: { locUri: options.target ?? './contacts' }, source: { locUri: './C' }, meta: { anchor } }] };
}

/** The Statuses of a reply to the commands named `cmd`, as codes. */
export function codes(reply: SyncmlMessage, cmd: string): number[] {
  return reply.commands.filter((c): c is Status => c.kind === 'Status' && c.cmd === cmd).map((s) => s.data);
}

/** What a run does in these tests: queues `out` for the phone, or fails. */
export type FakeRun = { readonly queue: readonly OutChange[] } | { readonly fail: string };

/** `value` and everything it holds frozen (a change to any of it throws: test modules are strict). */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** A server without a store: state, 'out' changes and writes kept between turns. */
export class MemoryServer {
  state: SessionState;
  readonly out: OutChange[] = [];
  readonly writes: SessionWrite[] = [];
  constructor(first: SyncmlMessage, readonly run: FakeRun = { queue: [] }, encoding: SyncmlEncoding = 'xml') {
    this.state = initialState(first, encoding, Date.UTC(2026, 0, 1));
  }

  turn(message: SyncmlMessage, turnFacts: TurnFacts = facts(), credentials: CredentialOutcome = ACCEPTED): TurnResult {
    // A turn works on a copy of the kept state (openTurn): frozen, any change to it throws here.
    deepFreeze(this.state);
    const turn = openTurn({ state: this.state, message, respUri: 'http://example.net/syncml?session=k', now: Date.UTC(2026, 0, 1) });
    if (answerCredentials(turn, this.state.accountId === undefined ? credentials : undefined)) {
      readCommands(turn, turnFacts);
      for (const datastore of runsDue(turn)) afterRun(turn, datastore, this.runOutcome());
      const range = outRange(turn);
      const rows = range === undefined ? [] : this.out.slice(range.from, range.from + range.limit).map((change, i) => ({ seq: range.from + i, change }));
      const result = finishTurn(turn, rows);
      return this.keep(result);
    }
    return this.keep({ reply: turn.reply.message(), state: turn.state, writes: turn.writes, events: turn.events });
  }

  private runOutcome(): RunOutcome {
    if ('fail' in this.run) return { result: 'failed', reason: this.run.fail, queued: 0, largeObjects: false };
    this.out.push(...this.run.queue);
    return { result: 'completed', queued: this.run.queue.length, largeObjects: false };
  }

  private keep(result: TurnResult): TurnResult {
    this.state = result.state;
    this.writes.push(...result.writes);
    return result;
  }
}

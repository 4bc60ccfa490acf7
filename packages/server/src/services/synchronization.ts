/**
 * One run of a binding for one dataclass (`runBinding`), logged as its sync log entry: what
 * POST /v2/syncengine/<binding_id>/synchronization/ answers (its handler maps the posted entry to
 * a BindingRun), and what a SyncML phone's session runs with the phone as one side.
 *
 * What is refused with an error answer, before anything runs: a binding that is not the caller's
 * (404, by the handler), a side the engine cannot run on request (syncml, activesync: 409), a
 * dataclass an extdata side has no datastore for (400 at /entry/dataclass), and a binding another
 * run holds (409 with Retry-After, at once for a run request; run-lock.ts).
 *
 * What runs is logged, whatever happens: its entry is written 'running' once its state is read (so a
 * long run shows in the sync log while it goes on); the engine applies remote sides first and the
 * local one inside `commit`, where the id map, the anchors and the entry's end, 'completed', are
 * written in the same transaction. Any failure (SyncFailure, a remote's error, a bug) rolls that
 * transaction back and ends the entry 'failed' with zero statistics and a reason, answered with 200
 * like a completed run: the run happened, and failed. An entry left running by a server that died
 * is ended 'failed', interrupted, when its lease is found run out (interrupted-runs.ts).
 */
import type { Dataclass, SyncMode } from '@atomsync/atom';
import { emptyStats, performedMode, synchronize, SyncFailure, type Anchors, type Connector, type SideName, type SyncOutcome } from '@atomsync/engine';
import { itemClassesOf, type ItemDataclass } from '@atomsync/items';
import type { Logger } from 'pino';
import type { AccountPrincipal } from '../auth/principal.js';
import { connectorFor, unrunnableKind, type ConnectorDeps } from '../connectors/index.js';
import { ServedBodies } from '../connectors/datastore.js';
import { extdataCoverage } from '../connectors/extdata/index.js';
import { ServiceError } from '../errors.js';
import type { BindingRecord, ExtdataClientRecord, NewSyncLog, SyncLogRecord } from '@atomsync/store';
import type { Repositories } from '@atomsync/store';
import { logInterrupted } from './interrupted-runs.js';
import { withLease, type BindingRuns, type Lease, type LeaseOptions, type LeaseRequest } from './run-lock.js';
import { Violations } from './validation.js';
import { quote } from '../http/safe-text.js';

export interface SynchronizationDeps extends ConnectorDeps {
  /** This server's chain of runs per binding (one per server). */
  readonly runs: BindingRuns;
  /** The request's logger: failures are logged here, never with secrets. */
  readonly log: Logger;
  /** The binding's lease and how long a phone's run waits for its turn; `runs.lease` when absent. */
  readonly lease?: LeaseOptions;
}

/** A reason longer than this is cut: it is a log line for people, not a dump. */
export const MAX_REASON_LENGTH = 500;

const SIDES: readonly SideName[] = ['source', 'target'];

/** One run of a binding, in the server's terms. */
export interface BindingRun {
  readonly account: AccountPrincipal;
  /** The binding, already found to be the account's. */
  readonly binding: BindingRecord;
  /** The mode asked for (the log entry says the mode performed: 201 without anchors in step). */
  readonly mode: SyncMode;
  readonly dataclass: Dataclass;
  /** A side the caller drives itself instead of the side's own connector (a SyncML phone). */
  readonly driven?: DrivenSide;
  /**
   * A run request: a binding another run holds is refused at once (409 with Retry-After) instead
   * of waited for. A phone's run (driven) waits its turn: its session cannot be told to come back.
   */
  readonly atOnce?: boolean;
}


/**
 * A side of a run driven by its caller: a SyncML phone, inside its session. Its connector (the
 * engine's PhoneConnector) stands for the binding's syncml client, and `onCommit` runs in the
 * run's transaction after the state is saved (the session queues what goes to the phone there, so
 * a run is never committed without it).
 */
export interface DrivenSide {
  readonly side: SideName;
  readonly connector: Connector;
  readonly onCommit: (tx: Repositories, outcome: SyncOutcome) => Promise<void>;
}

/**
 * Runs the binding as `request` asks and returns its log record. Throws ServiceError only for the
 * refusals above; a run that fails is a 'failed' record.
 */
export async function runBinding(deps: SynchronizationDeps, request: BindingRun): Promise<EndedRun> {
  const { account, binding, driven } = request;
  for (const side of SIDES) {
    if (driven?.side === side) continue;
    const refusal = unrunnableKind(binding[side].kind);
    if (refusal !== undefined) throw new ServiceError(409, 'conflict', refusal);
  }
  // `Calendar` runs its two item classes from one anchor.
  const dataclasses = itemClassesOf(request.dataclass);
  const extdata = await extdataSides(deps, account, binding, request.dataclass, dataclasses);

  const lease = deps.lease ?? deps.runs.lease;
  const now = Date.now();
  const deadline = request.atOnce === true ? now : now + lease.waitMs;
  const gone = (): ServiceError => new ServiceError(404, 'not_found', 'there is no such binding in your account');
  const leaseRequest: LeaseRequest = {
    run: { dataclass: request.dataclass, syncMode: request.mode, started: new Date(now) },
    deadline,
    onInterrupted: async (tx, interrupted) => {
      const entry = await logInterrupted(tx, binding, interrupted);
      deps.log.warn({ bindingId: binding.id, logId: entry.id, dataclass: entry.dataclass, expired: interrupted.expired }, 'synchronization interrupted: its lease ran out unrenewed; logged as failed');
    },
    onLeaseError: (error) => deps.log.warn({ bindingId: binding.id, error: String(error) }, 'sync lease renew/release failed'),
  };
  const leased = (): Promise<EndedRun> =>
    withLease(deps.store, binding, lease, leaseRequest, async (held) => {
      // Read again now that it is this run's turn: a binding deleted or changed (conflict_winner)
      // while the request waited is taken as it is now.
      const current = await deps.store.bindings.get(account.id, binding.id);
      if (current === undefined) throw gone();
      const watched = deps.runs.watch?.began({ binding: current, dataclass: request.dataclass, mode: request.mode });
      let logged: EndedRun | undefined;
      try {
        logged = await run(deps, { ...request, binding: current }, dataclasses, extdata, held);
        return logged;
      } finally {
        watched?.(logged);
      }
    });
  try {
    // A request that does not wait has no turn to wait for here either: the lease says at once.
    return await (request.atOnce === true ? leased() : deps.runs.serialize(binding.id, deadline, leased));
  } catch (error) {
    // The lease row and the log entry reference the binding: deleted meanwhile, their writes fail.
    if (!(error instanceof ServiceError) && (await deps.store.bindings.get(account.id, binding.id)) === undefined) throw gone();
    throw error;
  }
}

type ExtdataSides = Partial<Record<SideName, ExtdataClientRecord>>;

/**
 * The extdata clients of the binding, read once; 400 when one has no datastore for a class of the
 * run (naming the client). A client whose row is gone is left to the run, which fails and is logged.
 */
async function extdataSides(
  deps: SynchronizationDeps,
  account: AccountPrincipal,
  binding: BindingRecord,
  asked: Dataclass,
  dataclasses: readonly ItemDataclass[],
): Promise<ExtdataSides> {
  const sides: ExtdataSides = {};
  const v = new Violations();
  for (const side of SIDES) {
    if (binding[side].kind !== 'extdata') continue;
    const client = await deps.store.extdata.get(account.id, binding[side].uuid);
    if (client === undefined) continue;
    sides[side] = client;
    const missing = extdataCoverage(client, dataclasses);
    if (missing.length > 0) {
      v.add('/entry/dataclass', `the ${side} extdata client ${client.uuid} (user_id ${quote(client.userId)}) has no datastore for ${missing.join(' or ')}, so it cannot synchronize ${asked}`);
    }
  }
  v.check('the binding cannot synchronize this dataclass');
  return sides;
}

/** One run holding the binding's lease: completed, or logged as failed. */
async function run(deps: SynchronizationDeps, request: BindingRun, dataclasses: readonly ItemDataclass[], extdata: ExtdataSides, lease: Lease): Promise<EndedRun> {
  const { store } = deps;
  const { binding, driven } = request;
  const anchorKey = request.dataclass;
  const head = {
    accountId: binding.accountId,
    bindingId: binding.id,
    source: binding.source,
    target: binding.target,
    dataclass: request.dataclass,
  } satisfies Partial<NewSyncLog>;
  let anchors: Anchors | undefined;
  /** The run's entry, logged running from its start (issue 26: a long run shows in the log while it goes on). */
  let entry: SyncLogRecord | undefined;
  try {
    const state = await store.syncState.load(binding, dataclasses, anchorKey);
    anchors = state.anchors;
    entry = await store.syncLog.append({ ...head, syncMode: performedMode(request.mode, hasAnchors(anchors)), stats: emptyStats(), result: 'running', reason: null });
    const running = entry;
    // What one datastore side reads, the other's copies of it are written with (UID and ETag).
    const served = new ServedBodies();
    const source = driven?.side === 'source' ? driven.connector : await connectorFor(deps, binding.accountId, binding.source, 'source', extdata.source, served);
    const target = driven?.side === 'target' ? driven.connector : await connectorFor(deps, binding.accountId, binding.target, 'target', extdata.target, served);
    let logged: SyncLogRecord | undefined;
    await synchronize({
      mode: request.mode,
      dataclasses,
      conflictWinner: binding.conflictWinner,
      source,
      target,
      state,
      // The local apply (inside `work`), the state and the log entry: one transaction.
      commit: (work) =>
        store.transaction(async (tx) => {
          const done = await work();
          await lease.confirm();
          await tx.syncState.save(binding, anchorKey, done.state);
          if (driven !== undefined) await driven.onCommit(tx, done);
          const outcome = { syncMode: done.mode, stats: done.stats, result: 'completed', reason: null } as const;
          // Its entry could be gone only were the binding deleted meanwhile, whose lease (confirmed above) goes with it.
          logged = (await tx.syncLog.finish(binding.accountId, running.id, outcome)) ?? (await tx.syncLog.append({ ...head, ...outcome }));
          return done;
        }),
    });
    if (logged === undefined) throw new Error('the engine returned without committing the run');
    return ended(logged);
  } catch (error) {
    const hidden = secretsOf(deps, extdata);
    const reason = reasonOf(error, hidden);
    const bug = isBug(error);
    deps.log[bug ? 'error' : 'warn'](
      { bindingId: binding.id, dataclass: request.dataclass, syncMode: request.mode, reason, ...(bug ? { stack: scrub(String((error as Error).stack), hidden) } : {}) },
      bug ? 'synchronization failed on a bug' : 'synchronization failed',
    );
    // Logged as the mode it would have performed: without anchors (or before they were read), a slow sync.
    const outcome = { syncMode: performedMode(request.mode, hasAnchors(anchors)), stats: emptyStats(), result: 'failed', reason } as const;
    const finished = entry === undefined ? undefined : await store.syncLog.finish(binding.accountId, entry.id, outcome);
    return ended(finished ?? (await store.syncLog.append({ ...head, ...outcome })));
  }
}

/** A run's log record once it ended: completed or failed, never running. */
export type EndedRun = SyncLogRecord & { readonly result: Exclude<SyncLogRecord['result'], 'running'> };

function ended(record: SyncLogRecord): EndedRun {
  if (record.result === 'running') throw new Error(`sync log entry ${record.id} is still running after its run ended`);
  return record as EndedRun;
}

const hasAnchors = (anchors: Anchors | undefined): boolean => anchors !== undefined && anchors.source !== null && anchors.target !== null;


/**
 * Errors of our own code (as opposed to a refusing remote, a store fault or a SyncFailure): still a
 * failed run for the caller, but logged at error level. undici's `fetch failed` is a TypeError
 * that means the network, not a bug.
 */
function isBug(error: unknown): boolean {
  if (error instanceof SyncFailure) return false;
  if (error instanceof TypeError && error.message === 'fetch failed') return false;
  return error instanceof TypeError || error instanceof ReferenceError || error instanceof RangeError || error instanceof SyntaxError;
}

/** The extdata token key and secret of the binding's sides, in the clear: never in a reason. */
function secretsOf(deps: SynchronizationDeps, extdata: ExtdataSides): string[] {
  const hidden: string[] = [];
  for (const client of Object.values(extdata)) {
    for (const d of client.datastores) {
      if (d.token === null) continue;
      for (const sealed of [d.token.sealedKey, d.token.sealedSecret]) {
        try {
          hidden.push(deps.secrets.open(sealed));
        } catch {
          // A token sealed under another key cannot be in any message either.
        }
      }
    }
  }
  return hidden;
}

/** The failure's message for the log entry: secrets and URL credentials out, length capped. */
export function reasonOf(error: unknown, hidden: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = scrub(message, hidden).trim() || (error instanceof Error ? error.name : 'the run failed');
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason;
}

function scrub(text: string, hidden: readonly string[]): string {
  let out = text;
  for (const secret of hidden) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out
    .replace(/(\/\/)[^/\s@]+@/g, '$1[redacted]@')
    .replace(/(oauth_(?:signature|token|consumer_key)=)[^&\s",]+/gi, '$1[redacted]');
}

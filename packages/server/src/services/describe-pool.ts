/**
 * The descriptions of a batch's items (fingerprint and duplicate key, `describeItem`), computed on
 * two threads: describing is the largest share of a 1,000-entry insert batch's server time, and the
 * batch runs in its writer's turn, so on one thread nothing else overlaps it. The request's thread
 * and a helper thread take chunks of the batch from one shared counter until none is left: when
 * the helper is busy or slow to wake (a shared machine), the request's thread simply takes more.
 *
 * Same results as `describeItem` on each item, in order, whatever happens to the helper: an item
 * it did not describe (it failed, exited, or could not be started) is described here. Small
 * batches, a one-core machine, and a build where `@atomsync/items` cannot be resolved for the
 * helper stay on the request's thread.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describeItem, type ItemContent, type ItemDescription } from '@atomsync/items';

/** Items per claim: small enough to share the tail, large enough that claims cost nothing. */
const CHUNK = 50;
/** Below this a message to the helper and back costs more than it saves. */
const MIN_SHARED = 200;

/** The helper: claims chunks from the counter the request's thread also claims from. */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { describeItem } = require(workerData);
parentPort.on('message', ({ id, items, next }) => {
  const counter = new Int32Array(next);
  const starts = [];
  const described = [];
  for (;;) {
    const start = Atomics.add(counter, 0, ${CHUNK});
    if (start >= items.length) break;
    const end = Math.min(start + ${CHUNK}, items.length);
    const chunk = [];
    for (let i = start; i < end; i++) chunk.push(describeItem(items[i]));
    starts.push(start);
    described.push(chunk);
  }
  parentPort.postMessage({ id, starts, described });
});
`;

interface Answer {
  readonly id: number;
  readonly starts: number[];
  readonly described: ItemDescription[][];
}

interface Helper {
  readonly worker: Worker;
  readonly pending: Map<number, { resolve: (a: Answer) => void; reject: (e: unknown) => void }>;
  nextId: number;
}

let helper: Helper | undefined;
/** False once the helper cannot be had here (one core, no resolvable items build): never retried. */
let possible = availableParallelism() > 1;

function itemsModule(): string | undefined {
  try {
    // The helper loads the built package (CommonJS, for an eval'd worker); under a bundle without
    // import.meta (the CommonJS build) there is none to find, and describing stays here.
    return createRequire(import.meta.url).resolve('@atomsync/items');
  } catch {
    return undefined;
  }
}

function theHelper(): Helper | undefined {
  if (helper !== undefined || !possible) return helper;
  const module = itemsModule();
  if (module === undefined) {
    possible = false;
    return undefined;
  }
  const worker = new Worker(HELPER_SOURCE, { eval: true, workerData: module });
  // Idle, never what keeps the process alive; while it has work, the caller's await needs it to
  // (a CLI import awaiting nothing else would otherwise exit under it).
  worker.unref();
  const started: Helper = { worker, pending: new Map(), nextId: 0 };
  const fail = (error: unknown) => {
    if (helper === started) helper = undefined;
    for (const { reject } of started.pending.values()) reject(error);
    started.pending.clear();
  };
  worker.on('message', (answer: Answer) => {
    const waiting = started.pending.get(answer.id);
    started.pending.delete(answer.id);
    if (started.pending.size === 0) worker.unref();
    waiting?.resolve(answer);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`describe helper exited with ${code}`)));
  helper = started;
  return helper;
}

function ask(h: Helper, items: readonly ItemContent[], next: SharedArrayBuffer): Promise<Answer> {
  const id = h.nextId++;
  return new Promise<Answer>((resolve, reject) => {
    if (h.pending.size === 0) h.worker.ref();
    h.pending.set(id, { resolve, reject });
    try {
      h.worker.postMessage({ id, items, next });
    } catch (error) {
      h.pending.delete(id);
      reject(error);
    }
  });
}

/** `describeItem` of each item, in order. */
export async function describeAll(items: readonly ItemContent[]): Promise<ItemDescription[]> {
  const out = new Array<ItemDescription | undefined>(items.length);
  const h = items.length >= MIN_SHARED ? theHelper() : undefined;
  if (h !== undefined) {
    const next = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const counter = new Int32Array(next);
    // Only what describing reads: the items' other fields (uuids, clients) stay here.
    const answer = ask(h, items.map(({ dataclass, title, type, body }) => ({ dataclass, title, type, body })), next);
    for (;;) {
      const start = Atomics.add(counter, 0, CHUNK);
      if (start >= items.length) break;
      const end = Math.min(start + CHUNK, items.length);
      for (let i = start; i < end; i++) out[i] = describeItem(items[i]!);
    }
    try {
      const { starts, described } = await answer;
      starts.forEach((start, c) => described[c]!.forEach((d, k) => (out[start + k] = d)));
    } catch {
      // The helper failed: what it claimed is described below.
    }
  }
  for (let i = 0; i < items.length; i++) out[i] ??= describeItem(items[i]!);
  return out as ItemDescription[];
}

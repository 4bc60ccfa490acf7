/**
 * The descriptions of a batch's new items (fingerprint and duplicate key, `describeItem`), made on
 * a helper thread. Describing is the largest share of a 1,000-entry insert batch's server time,
 * and it depends on nothing stored, so a batch has it made before it asks for its writer's turn
 * (content-batch.ts's planBatch): while the helper describes the next batches, the request's
 * thread stores and answers the one whose turn it is. (Sharing one batch between both threads
 * inside the turn, tried before, gained nothing: nothing else could run meanwhile.)
 *
 * Same results as `describeItem` on each item, in order, whatever happens to the helper: items it
 * did not describe (it failed, exited, or could not be started) are described here. Small
 * batches, a one-core machine, and a build where `@atomsync/items` cannot be resolved for the
 * helper stay on the request's thread. The helper takes batches in the order they come.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { describeItem, type ItemContent, type ItemDescription } from '@atomsync/items';

/** Below this a message to the helper and back costs more than it saves. */
const MIN_FOR_HELPER = 100;

/**
 * A batch as sent to the helper: each field of the items as one string and the lengths of its
 * parts. Copying four long strings costs a fraction of cloning a thousand objects of four
 * properties each (the clone was a tenth of the request thread's time per batch).
 */
interface Packed {
  readonly id: number;
  readonly count: number;
  /** Per field (dataclass, type, title, body): the items' values, one after another. */
  readonly fields: readonly [string, string, string, string];
  /** Per field, the length of each item's value (UTF-16 units): fields × count. */
  readonly lengths: Uint32Array;
}

const FIELDS = ['dataclass', 'type', 'title', 'body'] as const;

function pack(id: number, items: readonly ItemContent[]): Packed {
  const count = items.length;
  const lengths = new Uint32Array(FIELDS.length * count);
  const fields = FIELDS.map((field, f) => {
    const parts = new Array<string>(count);
    for (let i = 0; i < count; i++) {
      const value = items[i]![field];
      parts[i] = value;
      lengths[f * count + i] = value.length;
    }
    return parts.join('');
  }) as unknown as Packed['fields'];
  return { id, count, fields, lengths };
}

/** The helper: unpacks each batch it is sent (as pack's inverse) and describes it whole. */
const HELPER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { describeItem } = require(workerData);
const FIELDS = ${JSON.stringify(FIELDS)};
parentPort.on('message', ({ id, count, fields, lengths }) => {
  let described;
  try {
    const items = Array.from({ length: count }, () => ({}));
    FIELDS.forEach((field, f) => {
      let at = 0;
      for (let i = 0; i < count; i++) {
        const end = at + lengths[f * count + i];
        items[i][field] = fields[f].slice(at, end);
        at = end;
      }
    });
    described = items.map(describeItem);
  } catch (error) {
    described = undefined;
  }
  parentPort.postMessage({ id, described });
});
`;

interface Answer {
  readonly id: number;
  /** undefined: the helper failed on this batch (it is described on the request's thread). */
  readonly described: ItemDescription[] | undefined;
}

interface Helper {
  readonly worker: Worker;
  readonly pending: Map<number, { resolve: (a: Answer) => void; reject: (e: unknown) => void }>;
  nextId: number;
}

let helper: Helper | undefined;
let helperDescribed = 0;

/** How many items the helper thread has described in this process (what its tests check it did). */
export function describedOnHelper(): number {
  return helperDescribed;
}
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

function ask(h: Helper, items: readonly ItemContent[]): Promise<Answer> {
  const id = h.nextId++;
  return new Promise<Answer>((resolve, reject) => {
    if (h.pending.size === 0) h.worker.ref();
    h.pending.set(id, { resolve, reject });
    try {
      const packed = pack(id, items);
      h.worker.postMessage(packed, [packed.lengths.buffer as ArrayBuffer]);
    } catch (error) {
      h.pending.delete(id);
      reject(error);
    }
  });
}

/** `describeItem` of each item, in order. */
export async function describeAll(items: readonly ItemContent[]): Promise<ItemDescription[]> {
  const h = items.length >= MIN_FOR_HELPER ? theHelper() : undefined;
  if (h !== undefined) {
    try {
      // Only what describing reads (pack): the items' other fields (uuids, clients) stay here.
      const { described } = await ask(h, items);
      if (described !== undefined && described.length === items.length) {
        helperDescribed += described.length;
        return described;
      }
    } catch {
      // The helper failed or exited: described below.
    }
  }
  return items.map((item) => describeItem(item));
}

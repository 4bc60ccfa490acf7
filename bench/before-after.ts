/**
 * Before/after of the item and WBXML work on the sync paths, in one process: another tree's built
 * packages (OLD, e.g. a worktree at an earlier commit, built) and this tree's (NEW, default: here)
 * imported side by side, each task run on both, alternating batch by batch so that load from the
 * rest of a shared machine falls on both alike. Written for issue 23 (the protocol redesign), whose
 * end-to-end benches on a machine with a load of 15+ varied more from run to run than the change.
 *
 *   - 5,000 contacts as an ActiveSync first sync sends them: contactToAirSync (14.0) → elements →
 *     encodeResponse, in windows of 100; the bytes must be the same on both sides (checked)
 *   - those 50 responses read back (decodeRequest: the WBXML reader)
 *   - describeItem of the 5,000 vCards (every stored item's fingerprint)
 *   - 2,000 events the same two ways (eventToAirSync; describeItem)
 *
 * Each figure: median wall and CPU (process.cpuUsage) of REPS batches per side, and new/old. No floor.
 * Only public APIs both trees export are called. Run, after building both trees:
 *   OLD=/path/to/old/tree npx tsx --tsconfig bench/tsconfig.json bench/before-after.ts
 * (bench/tsconfig.json: the root one maps @atomsync/* to this tree's sources, and the old build's own
 * imports of @atomsync/* must resolve to the old tree.)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contacts, events, vcard30 } from '../packages/server/test/interop/support/items.js';

const OLD = process.env.OLD;
if (OLD === undefined) throw new Error('OLD=<path of the other tree, built> is needed');
const NEW = process.env.NEW ?? fileURLToPath(new URL('..', import.meta.url));
const REPS = Number(process.env.REPS ?? 15);

/** A tree's built @atomsync/items and @atomsync/activesync (dist/index.js), as untyped modules: the two trees' types differ. */
async function load(root: string): Promise<{ items: any; as: any }> {
  const items: unknown = await import(resolve(root, 'packages/items/dist/index.js'));
  const as: unknown = await import(resolve(root, 'packages/activesync/dist/index.js'));
  return { items, as } as { items: any; as: any };
}
type Side = Awaited<ReturnType<typeof load>>;
type Name = 'old' | 'new';
const sides: Record<Name, Side> = { old: await load(OLD), new: await load(NEW) };

const cards = contacts(5_000, 5).map((c) => vcard30(c));
const calendar = events(2_000, 5);

interface Property {
  readonly name: string;
  readonly text?: string;
  readonly children?: readonly Property[];
}
/** As the server turns the mapping's properties into elements. */
const elementsOf = (s: Side, properties: readonly Property[]): unknown[] =>
  properties.map((p) => (p.children !== undefined ? s.as.el(p.name, elementsOf(s, p.children)) : s.as.el(p.name, p.text ?? '')));

/** Sync responses of 100 Adds each, as a first sync with WindowSize 100 sends `bodies`. */
function firstSyncBytes(s: Side, bodies: readonly string[], toAirSync: (body: string, options: object) => Property[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bodies.length; i += 100) {
    const adds = bodies
      .slice(i, i + 100)
      .map((body, j) => s.as.el('AirSync:Add', [s.as.el('AirSync:ServerId', `2:${i + j}`), s.as.el('AirSync:ApplicationData', elementsOf(s, toAirSync(body, { version: '14.0' })))]));
    const collection = s.as.el('AirSync:Collection', [s.as.el('AirSync:SyncKey', `{k}${i}`), s.as.el('AirSync:CollectionId', '2'), s.as.el('AirSync:Status', '1'), s.as.el('AirSync:Commands', adds)]);
    out.push(s.as.encodeResponse(s.as.el('AirSync:Sync', [s.as.el('AirSync:Collections', [collection])])) as Uint8Array);
  }
  return out;
}

const responses = new Map<Side, Uint8Array[]>();
for (const s of Object.values(sides)) responses.set(s, firstSyncBytes(s, cards, s.items.contactToAirSync));
const joined = (name: Name) => Buffer.concat(responses.get(sides[name])!);
// The same bytes, or the two sides did different work and the comparison means nothing.
if (!joined('old').equals(joined('new'))) throw new Error('the two trees encode the 5,000 contacts differently: no before/after of the same work');

const tasks: Record<string, (s: Side) => unknown> = {
  'contacts → AirSync → WBXML (5,000, windows of 100)': (s) => firstSyncBytes(s, cards, s.items.contactToAirSync),
  'WBXML → elements (those 50 responses)': (s) => responses.get(s)!.map((bytes) => s.as.decodeRequest(bytes)),
  'describeItem, 5,000 vCards': (s) => cards.map((body) => s.items.describeItem({ dataclass: 'Contacts', type: 'text/vcard', title: '', body })),
  'events → AirSync → WBXML (2,000)': (s) => firstSyncBytes(s, calendar, s.items.eventToAirSync),
  'describeItem, 2,000 events': (s) => calendar.map((body) => s.items.describeItem({ dataclass: 'Events', type: 'text/calendar', title: '', body })),
};

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`before/after, median of ${REPS} alternated batches per side — old ${OLD}, new ${NEW}`);
for (const [label, task] of Object.entries(tasks)) {
  for (const s of Object.values(sides)) task(s); // warm-up: both sides compiled before either is timed
  const wall: Record<Name, number[]> = { old: [], new: [] };
  const cpu: Record<Name, number[]> = { old: [], new: [] };
  for (let rep = 0; rep < REPS; rep++) {
    // Which side goes first alternates too.
    for (const name of (rep % 2 === 0 ? ['old', 'new'] : ['new', 'old']) as Name[]) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      task(sides[name]);
      wall[name].push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  const [wo, wn, co, cn] = [median(wall.old), median(wall.new), median(cpu.old), median(cpu.new)];
  console.log(
    `  ${label.padEnd(52)} wall old ${wo.toFixed(0).padStart(6)} ms, new ${wn.toFixed(0).padStart(6)} ms (${(wn / wo).toFixed(2)})   CPU old ${co.toFixed(0).padStart(5)} ms, new ${cn.toFixed(0).padStart(5)} ms (${(cn / co).toFixed(2)})`,
  );
}

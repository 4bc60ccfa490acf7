/**
 * Planning a run: from what the two sides report and the id map, the changes to apply to each
 * side and what each does to the map once applied. Pure and linear in the number of items read.
 *
 * The id map keeps, per pair, the fingerprint each side had when the pair was last in step. A side
 * whose item's fingerprint differs from its map hash has changed it; one whose fingerprint equals it
 * is only repeating (a re-read past the anchor, or our own write coming back): an echo, ignored.
 *
 * Incremental modes (200, 202, 204) read the changes since the anchors:
 *   - a pair changed on one side: that change is sent, if the mode sends that side's changes;
 *   - a pair changed on both: the same fingerprint is no conflict; otherwise `conflict_winner`'s
 *     change is applied to the other side (a winner's replace re-adds an item the loser deleted);
 *   - unmapped adds of the two sides are matched as twins by duplicate key first, so an item both
 *     sides gained between runs (or a re-run after a half-applied failed run) is not doubled.
 * Full modes (201 slow, 203/205 refresh) read every item:
 *   - pairs still present on both sides are reconciled by their map hashes (the side that changed
 *     wins; both changed is a conflict);
 *   - slow sync is a union: it never deletes, except a second identical copy of an item on one side
 *     (a double, `duplicates_removed`); twins are matched by duplicate key; the rest is added to
 *     the other side;
 *   - refresh makes the other side an exact copy: twins and pairs are overwritten where they differ,
 *     the rest of the other side is deleted.
 * A mode that sends one side's changes only (202/204) leaves the other side's changes pending:
 * that side's anchor does not advance, and where it won a conflict its map hash is set so that its
 * version still reads as a change on the next run that sends it.
 *
 * A map hash may be a fingerprint an earlier release gave the same content (a vCalendar 1.0 item,
 * now described as its iCalendar 2.0 form: @atomsync/items earlierFingerprints). Such a pair is
 * rehashed before planning — in step, at today's fingerprint — and the rehash is saved with the
 * run, so an item nobody touched is not sent again.
 */
import type { ConflictWinner } from '@atomsync/atom';
import { describeItem, isEarlierFingerprint, type ItemContent, type ItemDataclass, type ItemDescription } from '@atomsync/items';
import type { Change, Item, OutgoingChange } from './connector.js';
import { otherSide, SIDES, sends, type ModeRule, type SideName } from './sides.js';
import type { MapEntry } from './state.js';
import { Tally, type Operation } from './tally.js';

/** An item as read, with its description. */
interface Seen {
  readonly item: Item;
  readonly fingerprint: string;
  readonly key: string | null;
  /** The side's own description object when it kept one: a copy of the item hands it on as is (see `copy`). */
  readonly description: ItemDescription | undefined;
}

/** An item as read: its side's description of it when the side keeps one, else ours. */
const see = (item: Item): Seen => {
  const { description } = item;
  if (description !== undefined) return { item, fingerprint: description.fingerprint, key: description.key, description };
  const { fingerprint, key } = describeItem(item);
  return { item, fingerprint, key, description: undefined };
};

const contentOf = (item: Item): ItemContent => ({ dataclass: item.dataclass, type: item.type, title: item.title, body: item.body });

/** A hash that matches no fingerprint: the side's item reads as changed until it is sent. */
const PENDING = '';

/** What an applied action does to the id map. */
export interface MapDelta {
  readonly upsert?: MapEntry;
  readonly remove?: MapEntry;
}

export interface Action {
  readonly to: SideName;
  readonly op: Operation;
  readonly change: OutgoingChange;
  /** Removes a double (a second identical copy on `to`), counted apart from ordinary deletes. */
  readonly double?: boolean;
  /** The map change once applied; `id` is the item's id on `to` (new for an add). */
  readonly onApplied: (id: string) => MapDelta;
}

export interface Plan {
  readonly actions: Action[];
  /** Map changes that need nothing applied (twins already equal, echoes that moved hashes, …). */
  readonly upsert: MapEntry[];
  readonly remove: MapEntry[];
  readonly tally: Tally;
}

const hashOf = (entry: MapEntry, side: SideName): string => (side === 'source' ? entry.sourceHash : entry.targetHash);
const idOf = (entry: MapEntry, side: SideName): string => (side === 'source' ? entry.sourceId : entry.targetId);

/** A map entry from per-side ids and hashes. */
function pairEntry(dataclass: ItemDataclass, ids: Record<SideName, string>, hashes: Record<SideName, string>): MapEntry {
  return { dataclass, sourceId: ids.source, targetId: ids.target, sourceHash: hashes.source, targetHash: hashes.target };
}

const both = <T>(side: SideName, mine: T, theirs: T): Record<SideName, T> =>
  side === 'source' ? { source: mine, target: theirs } : { source: theirs, target: mine };

/**
 * The map with every hash that is an earlier fingerprint of its item as read (`seen`, by side and
 * id) moved to the item's fingerprint; `rehashed` gets the entries moved.
 */
function rehashMap(map: readonly MapEntry[], seen: Record<SideName, ReadonlyMap<string, Seen>>, rehashed: MapEntry[]): MapEntry[] {
  return map.map((entry) => {
    let out = entry;
    for (const side of SIDES) {
      const item = seen[side].get(idOf(entry, side));
      const hash = hashOf(entry, side);
      if (item === undefined || item.fingerprint === hash || !isEarlierFingerprint(contentOf(item.item), hash)) continue;
      out = side === 'source' ? { ...out, sourceHash: item.fingerprint } : { ...out, targetHash: item.fingerprint };
    }
    if (out !== entry) rehashed.push(out);
    return out;
  });
}

/**
 * The rehashed entries saved with the run, first (a later upsert of the same pair wins), but not
 * those the plan removes or whose item it deletes: saving them would bring the pair back.
 */
function saveRehashed(plan: Plan, rehashed: readonly MapEntry[]): void {
  if (rehashed.length === 0) return;
  const removed = new Set(plan.remove.map((e) => `${e.sourceId}\u0000${e.targetId}`));
  const deleted = new Set(plan.actions.filter((a) => a.change.op === 'delete').map((a) => `${a.to}\u0000${a.change.op === 'delete' ? a.change.id : ''}`));
  const kept = rehashed.filter(
    (e) => !removed.has(`${e.sourceId}\u0000${e.targetId}`) && !deleted.has(`source\u0000${e.sourceId}`) && !deleted.has(`target\u0000${e.targetId}`),
  );
  plan.upsert.unshift(...kept);
}

/** The plan under construction, with the actions every mode uses. */
class Planner {
  readonly plan: Plan = { actions: [], upsert: [], remove: [], tally: new Tally() };

  constructor(
    readonly rule: ModeRule,
    readonly winner: ConflictWinner,
  ) {}

  /**
   * Sends `from`'s item to the other side: a replace of `toId` there, or an add when there is none.
   * Once applied the two are one pair in step at the item's fingerprint; `previous` is the pair it
   * supersedes.
   */
  copy(from: SideName, seen: Seen, toId: string | null, expected: string | undefined, previous?: MapEntry): void {
    const to = otherSide(from);
    const { item, fingerprint } = seen;
    // The copy is the item's content exactly, so the item's description is the copy's too. The
    // side's own object when it gave one: a side that read the item can then know the copy for
    // its own by identity (the datastore connector's ServedBodies) instead of hashing its body.
    const description = seen.description ?? { fingerprint, key: seen.key };
    const change: OutgoingChange =
      toId === null
        ? { op: 'add', item: contentOf(item), description }
        : { op: 'replace', id: toId, item: contentOf(item), description, ...(expected !== undefined ? { expected } : {}) };
    this.plan.actions.push({
      to,
      op: change.op,
      change,
      onApplied: (id) => {
        const upsert = pairEntry(item.dataclass, both(from, item.id, id), both(from, fingerprint, fingerprint));
        const superseded = previous !== undefined && (previous.sourceId !== upsert.sourceId || previous.targetId !== upsert.targetId);
        return superseded ? { upsert, remove: previous } : { upsert };
      },
    });
  }

  /** Deletes `id` on `on`; once applied, `entry` (its pair) is gone. */
  delete(on: SideName, id: string, dataclass: ItemDataclass, expected: string | undefined, entry: MapEntry | undefined, double = false): void {
    const change: OutgoingChange = { op: 'delete', id, dataclass, ...(expected !== undefined ? { expected } : {}) };
    this.plan.actions.push({ to: on, op: 'delete', change, double, onApplied: () => (entry !== undefined ? { remove: entry } : {}) });
  }

  /** Records two items as one pair in step (no change applied). */
  pair(dataclass: ItemDataclass, ids: Record<SideName, string>, hashes: Record<SideName, string>, previous?: MapEntry): void {
    const entry = pairEntry(dataclass, ids, hashes);
    if (previous !== undefined && previous.sourceHash === entry.sourceHash && previous.targetHash === entry.targetHash && previous.sourceId === entry.sourceId && previous.targetId === entry.targetId) return;
    this.plan.upsert.push(entry);
  }

  /**
   * Two versions of one item met (a pair changed on both sides, or twins that differ): the winner's
   * goes to the other side. When this mode does not send the winner's side, its version waits: the
   * loser's current hash is recorded, the winner's left (or set) different from its item, so the
   * next run that sends the winner applies it cleanly.
   */
  settle(ids: Record<SideName, string>, versions: Record<SideName, Seen>, previous: MapEntry | undefined): void {
    this.plan.tally.conflictsDetected++;
    const w: SideName = this.winner;
    const l = otherSide(w);
    if (sends(this.rule, w)) {
      this.copy(w, versions[w], ids[l], versions[l].fingerprint, previous);
    } else {
      const dataclass = versions[w].item.dataclass;
      this.pair(dataclass, ids, both(w, previous !== undefined ? hashOf(previous, w) : PENDING, versions[l].fingerprint));
    }
  }

  /**
   * Matches unpaired items of the two sides by duplicate key, in linear time: each pair of twins
   * is counted and paired (reconciled if their contents differ); what is left is returned.
   */
  matchTwins(sources: readonly Seen[], targets: readonly Seen[], reconcile: (s: Seen, t: Seen) => void): Record<SideName, Seen[]> {
    // Most keys name one target: it is held alone, and a list (with the next untaken) only for a
    // key several targets share (a slow sync reads 10,000s of items; these maps are its hot path).
    const byKey = new Map<string, Seen | Candidates>();
    const left: Record<SideName, Seen[]> = { source: [], target: [] };
    for (const t of targets) {
      if (t.key === null) continue;
      const held = byKey.get(t.key);
      if (held === undefined) byKey.set(t.key, t);
      else if (held instanceof Candidates) held.list.push(t);
      else byKey.set(t.key, new Candidates([held, t]));
    }
    const taken = new Set<Seen>();
    for (const s of sources) {
      const held = s.key === null ? undefined : byKey.get(s.key);
      let t: Seen | undefined;
      if (held instanceof Candidates) t = held.list[held.next++];
      else if (held !== undefined) {
        t = held;
        byKey.delete(s.key!);
      }
      if (t === undefined) {
        left.source.push(s);
        continue;
      }
      taken.add(t);
      this.plan.tally.twins();
      reconcile(s, t);
    }
    for (const t of targets) if (!taken.has(t)) left.target.push(t);
    return left;
  }
}

/** The targets several share one duplicate key, matched in order. */
class Candidates {
  next = 0;
  constructor(readonly list: Seen[]) {}
}

// ---- incremental modes (200, 202, 204) ---------------------------------------------------------

type Pending = { readonly op: 'upsert'; readonly seen: Seen } | { readonly op: 'delete' };

export function planChanges(rule: ModeRule, winner: ConflictWinner, map: readonly MapEntry[], changes: Record<SideName, readonly Change[]>): Plan {
  const p = new Planner(rule, winner);
  const reported: Record<SideName, Map<string, Seen>> = { source: new Map(), target: new Map() };
  for (const side of SIDES) {
    for (const change of changes[side]) {
      if (change.op === 'delete') reported[side].delete(change.id);
      else reported[side].set(change.item.id, see(change.item));
    }
  }
  const rehashed: MapEntry[] = [];
  const index = { source: new Map<string, MapEntry>(), target: new Map<string, MapEntry>() };
  for (const entry of rehashMap(map, reported, rehashed)) {
    index.source.set(entry.sourceId, entry);
    index.target.set(entry.targetId, entry);
  }
  const touched = new Map<MapEntry, Partial<Record<SideName, Pending>>>();
  const fresh: Record<SideName, Seen[]> = { source: [], target: [] };

  for (const side of SIDES) {
    // A feed may report one id more than once: the last report is its state.
    const last = new Map<string, Change>();
    for (const change of changes[side]) last.set(change.op === 'delete' ? change.id : change.item.id, change);
    for (const [id, change] of last) {
      const entry = index[side].get(id);
      if (change.op === 'delete') {
        if (entry !== undefined) touch(touched, entry)[side] = { op: 'delete' };
        continue; // an item never paired, gone again: nothing to tell the other side
      }
      const seen = reported[side].get(change.item.id) ?? see(change.item);
      if (entry === undefined) fresh[side].push(seen);
      else if (seen.fingerprint !== hashOf(entry, side)) touch(touched, entry)[side] = { op: 'upsert', seen };
    }
  }

  for (const [entry, pending] of touched) resolveChangedPair(p, entry, pending);

  const left = p.matchTwins(fresh.source, fresh.target, (s, t) => {
    const ids = { source: s.item.id, target: t.item.id };
    if (s.fingerprint === t.fingerprint) p.pair(s.item.dataclass, ids, { source: s.fingerprint, target: t.fingerprint });
    else p.settle(ids, { source: s, target: t }, undefined);
  });
  for (const side of SIDES) {
    if (!sends(rule, side)) continue;
    for (const seen of left[side]) p.copy(side, seen, null, undefined);
  }
  saveRehashed(p.plan, rehashed);
  return p.plan;
}

function touch(touched: Map<MapEntry, Partial<Record<SideName, Pending>>>, entry: MapEntry): Partial<Record<SideName, Pending>> {
  let pending = touched.get(entry);
  if (pending === undefined) touched.set(entry, (pending = {}));
  return pending;
}

function resolveChangedPair(p: Planner, entry: MapEntry, pending: Partial<Record<SideName, Pending>>): void {
  const ids = { source: entry.sourceId, target: entry.targetId };
  const { source: sc, target: tc } = pending;
  if (sc !== undefined && tc !== undefined) {
    if (sc.op === 'delete' && tc.op === 'delete') {
      p.plan.remove.push(entry);
      return;
    }
    if (sc.op === 'upsert' && tc.op === 'upsert') {
      if (sc.seen.fingerprint === tc.seen.fingerprint) p.pair(entry.dataclass, ids, { source: sc.seen.fingerprint, target: tc.seen.fingerprint });
      else p.settle(ids, { source: sc.seen, target: tc.seen }, entry);
      return;
    }
    // One side replaced, the other deleted.
    p.plan.tally.conflictsDetected++;
    const w: SideName = p.winner;
    const l = otherSide(w);
    const wc = pending[w]!;
    const lc = pending[l]!;
    if (!sends(p.rule, w)) {
      // The winner's change waits for a run that sends it. A loser's delete unpairs the item, so the
      // winner's version comes back as an add; a loser's replace is recorded as the loser's state.
      if (lc.op === 'delete') p.plan.remove.push(entry);
      else p.pair(entry.dataclass, ids, both(w, hashOf(entry, w), lc.seen.fingerprint));
      return;
    }
    if (wc.op === 'upsert') p.copy(w, wc.seen, null, undefined, entry); // the loser deleted it: re-add
    else if (lc.op === 'upsert') p.delete(l, idOf(entry, l), entry.dataclass, lc.seen.fingerprint, entry);
    return;
  }
  const side: SideName = sc !== undefined ? 'source' : 'target';
  const change = (sc ?? tc)!;
  if (!sends(p.rule, side)) return; // pending: this side's anchor does not advance in this mode
  const to = otherSide(side);
  if (change.op === 'upsert') p.copy(side, change.seen, idOf(entry, to), hashOf(entry, to), entry);
  else p.delete(to, idOf(entry, to), entry.dataclass, hashOf(entry, to), entry);
}

// ---- full modes (201 slow, 203/205 refresh) ----------------------------------------------------

export function planFull(rule: ModeRule, winner: ConflictWinner, map: readonly MapEntry[], items: Record<SideName, readonly Item[]>): Plan {
  const p = new Planner(rule, winner);
  const seen = { source: new Map<string, Seen>(), target: new Map<string, Seen>() };
  for (const side of SIDES) for (const item of items[side]) seen[side].set(item.id, see(item));

  const rehashed: MapEntry[] = [];
  const paired = new Set<Seen>();
  for (const entry of rehashMap(map, seen, rehashed)) {
    const s = seen.source.get(entry.sourceId);
    const t = seen.target.get(entry.targetId);
    if (s !== undefined && t !== undefined) {
      paired.add(s).add(t);
      reconcileFullPair(p, entry, s, t);
    } else {
      // One side (or both) no longer has the item: the survivor is matched afresh below.
      p.plan.remove.push(entry);
    }
  }

  const unpaired: Record<SideName, Seen[]> = { source: [], target: [] };
  for (const side of SIDES) {
    const identical = new Copies();
    // Paired items first: a copy identical to one of them is a double too.
    for (const s of seen[side].values()) if (paired.has(s) && s.key !== null) identical.met(s.key, s.fingerprint);
    for (const s of seen[side].values()) {
      if (paired.has(s)) continue;
      if (!rule.refresh && s.key !== null && identical.met(s.key, s.fingerprint)) {
        p.delete(side, s.item.id, s.item.dataclass, s.fingerprint, undefined, true);
        continue;
      }
      unpaired[side].push(s);
    }
  }

  const from = rule.from;
  const left = p.matchTwins(unpaired.source, unpaired.target, (s, t) => {
    const ids = { source: s.item.id, target: t.item.id };
    if (s.fingerprint === t.fingerprint) p.pair(s.item.dataclass, ids, { source: s.fingerprint, target: t.fingerprint });
    else if (rule.refresh && from !== null) p.copy(from, from === 'source' ? s : t, ids[otherSide(from)], (from === 'source' ? t : s).fingerprint);
    else p.settle(ids, { source: s, target: t }, undefined);
  });

  for (const side of SIDES) {
    for (const s of left[side]) {
      if (!rule.refresh || side === from) p.copy(side, s, null, undefined);
      else p.delete(side, s.item.id, s.item.dataclass, s.fingerprint, undefined);
    }
  }
  saveRehashed(p.plan, rehashed);
  return p.plan;
}

/**
 * The (duplicate key, fingerprint) pairs met on one side: a second item with both equal is a
 * double. Kept by fingerprint (short) with its key, or its keys in the rare case of several,
 * rather than one joined string per item.
 */
class Copies {
  private readonly byFingerprint = new Map<string, string | Set<string>>();

  /** Whether an item with this key and fingerprint was met before; records it. */
  met(key: string, fingerprint: string): boolean {
    const held = this.byFingerprint.get(fingerprint);
    if (held === undefined) {
      this.byFingerprint.set(fingerprint, key);
      return false;
    }
    if (typeof held === 'string') {
      if (held === key) return true;
      this.byFingerprint.set(fingerprint, new Set([held, key]));
      return false;
    }
    if (held.has(key)) return true;
    held.add(key);
    return false;
  }
}

function reconcileFullPair(p: Planner, entry: MapEntry, s: Seen, t: Seen): void {
  const ids = { source: s.item.id, target: t.item.id };
  if (s.fingerprint === t.fingerprint) {
    p.pair(entry.dataclass, ids, { source: s.fingerprint, target: t.fingerprint }, entry);
    return;
  }
  const from = p.rule.refresh ? p.rule.from : null;
  if (from !== null) {
    const [mine, theirs] = from === 'source' ? [s, t] : [t, s];
    p.copy(from, mine, theirs.item.id, theirs.fingerprint, entry);
    return;
  }
  const sourceChanged = s.fingerprint !== entry.sourceHash;
  const targetChanged = t.fingerprint !== entry.targetHash;
  if (sourceChanged && !targetChanged) p.copy('source', s, t.item.id, t.fingerprint, entry);
  else if (targetChanged && !sourceChanged) p.copy('target', t, s.item.id, s.fingerprint, entry);
  else p.settle(ids, { source: s, target: t }, entry);
}

/**
 * An in-memory side for engine tests: items by id, a change log for `changesSince` (anchors are
 * positions in the log), and `apply` with the local store's stale check. It is the edge of what the
 * engine owns, so tests drive the real engine through it.
 */
import type { ClientKind } from '@atomsync/atom';
import type { ApplyResult, Change, Connector, Item, Listing, OutgoingChange } from '@atomsync/engine';
import { describeItem, type ItemContent, type ItemDataclass } from '@atomsync/items';

export class MemorySide implements Connector {
  readonly items = new Map<string, Item>();
  /** Every change, oldest first: the id and the log position it happened at. */
  private readonly log: { id: string; dataclass: ItemDataclass }[] = [];
  private nextId = 1;
  /** Calls of apply, for tests that count them. */
  applyCalls = 0;
  /** When set, apply throws this (a remote failing mid-sync). */
  failApply: Error | undefined;

  constructor(
    readonly name: string,
    readonly local = true,
    readonly kind: ClientKind = 'datastore',
  ) {}

  /** A user's create, outside any sync. */
  create(content: ItemContent): Item {
    const item = { ...content, id: `${this.name}-${this.nextId++}` };
    this.write(item);
    return item;
  }

  /** A user's edit. */
  edit(id: string, body: string): void {
    const item = this.items.get(id);
    if (item === undefined) throw new Error(`no item ${id} on ${this.name}`);
    this.write({ ...item, body, title: body.slice(0, 20) });
  }

  /** A user's delete. */
  remove(id: string): void {
    const item = this.items.get(id);
    if (item === undefined) throw new Error(`no item ${id} on ${this.name}`);
    this.items.delete(id);
    this.log.push({ id, dataclass: item.dataclass });
  }

  bodies(): string[] {
    return [...this.items.values()].map((item) => item.body).sort();
  }

  private write(item: Item): void {
    this.items.set(item.id, item);
    this.log.push({ id: item.id, dataclass: item.dataclass });
  }

  async changesSince(dataclasses: readonly ItemDataclass[], anchor: string): Promise<Listing<Change>> {
    const from = Number(anchor);
    const entries: Change[] = [];
    for (let i = from; i < this.log.length; i++) {
      const { id, dataclass } = this.log[i]!;
      if (!dataclasses.includes(dataclass)) continue;
      const item = this.items.get(id);
      entries.push(item === undefined ? { op: 'delete', id, dataclass } : { op: 'upsert', item });
    }
    return { entries, anchor: String(this.log.length) };
  }

  async all(dataclasses: readonly ItemDataclass[]): Promise<Listing<Item>> {
    return { entries: [...this.items.values()].filter((item) => dataclasses.includes(item.dataclass)), anchor: String(this.log.length) };
  }

  async apply(changes: readonly OutgoingChange[]): Promise<ApplyResult[]> {
    this.applyCalls++;
    if (this.failApply !== undefined) throw this.failApply;
    return changes.map((change): ApplyResult => {
      if (change.op === 'add') {
        const item = { ...change.item, id: `${this.name}-${this.nextId++}` };
        this.write(item);
        return { ok: true, id: item.id };
      }
      const current = this.items.get(change.id);
      if (current === undefined || (change.expected !== undefined && describeItem(current).fingerprint !== change.expected)) return { ok: false, stale: true };
      if (change.op === 'replace') this.write({ ...change.item, id: change.id });
      else this.remove(change.id);
      return { ok: true, id: change.id };
    });
  }
}

export const note = (body: string): ItemContent => ({ dataclass: 'Notes', type: 'text/plain', title: body.slice(0, 20), body });

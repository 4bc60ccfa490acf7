/**
 * The rules of sync-engine bindings and phone-to-datastore bindings (seed "Sync binding",
 * "Phone-to-datastore binding"; guide/protocol.md#specific-refusals), each write one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { BindingEntry, ClientRef, PhoneDatastoreBindingEntry } from '@atomsync/atom';
import type { AccountPrincipal } from '../auth/principal.js';
import { ServiceError } from '../errors.js';
import type { BindingRecord, ClientRefRecord, PhoneBindingRecord } from '@atomsync/store';
import type { Store } from '@atomsync/store';
import { checkPhoneFields, clientExists, insertSyncmlClient } from './clients.js';
import { Violations } from './validation.js';

const SIDES = ['source', 'target'] as const;

/**
 * POST /v2/syncengine/: source and target name two different clients of the caller, of the kinds
 * given. A client that does not exist and one of another account get the same 400
 * validation_failed (no existence leak). conflict_winner defaults to `source`. The checks and the
 * insert share one transaction, so a client deleted meanwhile cannot end up bound.
 */
export function createBinding(store: Store, account: AccountPrincipal, entry: BindingEntry): Promise<BindingRecord> {
  return store.transaction(async (tx) => {
    const v = new Violations();
    const refs: Partial<Record<(typeof SIDES)[number], ClientRefRecord>> = {};
    for (const side of SIDES) {
      const ref = entry[side];
      if (ref === undefined) {
        v.add(`/entry/${side}`, 'is missing');
      } else if (await clientExists(tx, account.id, ref.syncSource, ref.uuid)) {
        refs[side] = { kind: ref.syncSource, uuid: ref.uuid };
      } else {
        v.add(`/entry/${side}/uuid`, `names no ${ref.syncSource} client of your account`);
      }
    }
    if (entry.source !== undefined && entry.target !== undefined && entry.source.uuid.toLowerCase() === entry.target.uuid.toLowerCase()) {
      v.add('/entry/target/uuid', 'a client cannot be bound to itself');
    }
    v.check('the binding breaks a field rule');
    return tx.bindings.create({ accountId: account.id, source: refs.source!, target: refs.target!, conflictWinner: entry.conflictWinner ?? 'source' });
  });
}

function sameSide(given: ClientRef, stored: ClientRefRecord): boolean {
  return given.syncSource === stored.kind && given.uuid.toLowerCase() === stored.uuid.toLowerCase();
}

/**
 * PUT /v2/syncengine/<id>/: only conflict_winner changes. A source or target equal to the stored
 * one is tolerated (a client may PUT back the entry it got; spec/openapi.yaml updateBinding); one
 * that differs is 400 bad_request, nothing changed. Without conflict_winner there is nothing to
 * change: 400 validation_failed. undefined when the binding is not the caller's.
 */
export function updateBinding(store: Store, account: AccountPrincipal, id: number, entry: BindingEntry): Promise<BindingRecord | undefined> {
  return store.transaction(async (tx) => {
    const current = await tx.bindings.get(account.id, id);
    if (current === undefined) return undefined;
    const changed = SIDES.filter((side) => entry[side] !== undefined && !sameSide(entry[side]!, current[side]));
    if (changed.length > 0) {
      throw new ServiceError(400, 'bad_request', `only conflict_winner of a binding can be changed, not its ${changed.join(' or ')}`);
    }
    if (entry.conflictWinner === undefined) {
      new Violations().add('/entry/conflict_winner', 'is missing: it is the only field a binding update changes').check();
    }
    return tx.bindings.setConflictWinner(account.id, id, entry.conflictWinner!);
  });
}

/**
 * POST /v2/syncengine/phone_datastore_bindings: in ONE transaction, the SyncML client of the phone,
 * the caller's datastore client for foreign_user_id (the existing one with that user_id, else a new
 * one: user_id is unique per account), a sync binding from the phone (source) to the datastore
 * (target, conflict_winner `source`: the phone is what the user edits), and the phone binding
 * record. All of them land or none does. Fields are checked like a SyncML client's, at `/entry`.
 */
export async function createPhoneDatastoreBinding(store: Store, account: AccountPrincipal, entry: PhoneDatastoreBindingEntry): Promise<PhoneBindingRecord> {
  return store.transaction(async (tx) => {
    const v = new Violations();
    v.required('/entry/foreign_user_id', entry.foreignUserId);
    await checkPhoneFields(tx, entry, '/entry', v);
    v.check('the phone-to-datastore binding breaks a field rule');
    const foreignUserId = entry.foreignUserId!;
    const phone = await insertSyncmlClient(tx, account, entry);
    const datastore =
      (await tx.datastores.byUserId(account.id, foreignUserId)) ??
      (await tx.datastores.create({ uuid: randomUUID(), accountId: account.id, userId: foreignUserId }));
    if (datastore === undefined) throw new Error(`datastore client for user_id ${foreignUserId} neither found nor created`);
    await tx.bindings.create({
      accountId: account.id,
      source: { kind: 'syncml', uuid: phone.uuid },
      target: { kind: 'datastore', uuid: datastore.uuid },
      conflictWinner: 'source',
    });
    return tx.phoneBindings.create({
      accountId: account.id,
      modelUuid: phone.modelUuid,
      phoneNumber: phone.phoneNumber,
      foreignUserId,
      timezone: phone.timezone,
      syncmlClientUuid: phone.uuid,
      datastoreClientUuid: datastore.uuid,
    });
  });
}

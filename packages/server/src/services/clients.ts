/**
 * The rules of external data, SyncML and ActiveSync clients beyond what the XSD checks, and the
 * writes that touch more than one row (guide/protocol.md#where-request-fields-sit, seed "Resources and their fields").
 *
 * Deleting a client deletes the bindings that name it, in the same transaction: a binding with a
 * side that no longer exists could never run, and leaving it would make the peer of the other
 * side ambiguous. Deleting a SyncML client also deletes its phone-to-datastore bindings (not the
 * datastore client, which holds the user's data). The synchronization log outlives them all
 * (SyncLogRecord.bindingId becomes null).
 */
import { randomUUID } from 'node:crypto';
import type { ActivesyncClient, ClientKind, ExtdataClient, ExtdataDatastore, SyncmlClient } from '@atomsync/atom';
import { itemClassesOf } from '@atomsync/items';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { AccountPrincipal } from '../auth/principal.js';
import { ServiceError } from '../errors.js';
import type { SecretBox } from '../secrets/box.js';
import type { ActivesyncClientRecord, ExtdataDatastoreRecord, ItemDataclass, ModelRecord, SyncmlClientRecord } from '@atomsync/store';
import { ActivesyncNameTaken, type Repositories, type Store } from '@atomsync/store';
import { isInternationalNumber, isTimeZone, passwordLengthProblem, Violations } from './validation.js';
import { quote } from '../http/safe-text.js';
import { checkRemote, type RemoteCheck, type RemoteCheckRequest } from '../connectors/extdata/index.js';

// ---- external data clients ------------------------------------------------------------------


/**
 * The datastore of `existing` that a requested one names: the same dataclass and href (URLs
 * compared as parsed, so `HTTPS://Host/x` is `https://host/x`). An update naming one replaces its
 * credentials in place (a changed password, a token the provider refused to refresh) instead of
 * adding a second datastore of the class.
 */
export function sameDatastore(existing: readonly ExtdataDatastoreRecord[], requested: Pick<ExtdataDatastore, 'dataclass' | 'href'>): ExtdataDatastoreRecord | undefined {
  const href = normalHref(requested.href);
  return existing.find((d) => d.dataclass === requested.dataclass && normalHref(d.href) === href);
}

const normalHref = (href: string): string => (URL.canParse(href) ? new URL(href).href : href);

/**
 * The datastores of a create or update request, their token key and secret sealed, one per
 * requested datastore and in its order. One datastore per dataclass (seed): a datastore
 * overlapping one already registered (`existing`) or another of the request (`Calendar` overlaps
 * `Events` and `Tasks`) is refused, since the sync engine must know which remote feed holds an
 * item — except one naming a registered datastore (sameDatastore), which is that datastore with
 * the request's token in place of its own (it must give one; its name, if given, must be the
 * registered one: the binding's anchors and id map belong to that collection). A token needs its
 * type, key and secret.
 */
export function extdataDatastores(
  requested: readonly ExtdataDatastore[],
  existing: readonly ExtdataDatastoreRecord[],
  secrets: SecretBox,
  violations: Violations,
): ExtdataDatastoreRecord[] {
  const replaced = requested.map((d) => sameDatastore(existing, d));
  const taken = new Set<ItemDataclass>(existing.filter((d) => !replaced.includes(d)).flatMap((d) => itemClassesOf(d.dataclass)));
  const records: ExtdataDatastoreRecord[] = [];
  requested.forEach((d, i) => {
    const at = `/entry/client/datastore[${i + 1}]`;
    const classes = itemClassesOf(d.dataclass);
    const same = replaced[i];
    if (same !== undefined && replaced.indexOf(same) !== i) violations.add(`${at}/@href`, 'names the same datastore as an earlier one of the request');
    else if (classes.some((c) => taken.has(c))) violations.add(`${at}/@dataclass`, `the client already has a datastore for ${d.dataclass}`);
    for (const c of classes) taken.add(c);
    if (!isAbsoluteUrl(d.href)) violations.add(`${at}/@href`, 'is not an absolute URL');
    if (d.name !== undefined && d.name.trim() === '') violations.add(`${at}/@name`, 'is empty (omit it to use the dataclass)');
    if (same !== undefined && d.token === undefined) violations.add(`${at}/token`, 'is missing: the client already has this datastore, and a request naming it replaces its token');
    if (same !== undefined && d.name !== undefined && d.name !== same.name) {
      violations.add(`${at}/@name`, `is not the registered datastore's (${quote(same.name ?? d.dataclass)}): a token is replaced in place, the collection it syncs stays`);
    }
    let token: ExtdataDatastoreRecord['token'] = null;
    if (d.token !== undefined) {
      // Requests name the type token_type (seed); a client echoing a listing's `type` means the same.
      const type = d.token.tokenType ?? d.token.type;
      if (type === undefined) violations.add(`${at}/token/token_type`, 'is missing');
      const key = d.token.key;
      const secret = d.token.secret;
      const hasKey = violations.required(`${at}/token/key`, key);
      const hasSecret = violations.required(`${at}/token/secret`, secret);
      if (hasKey && hasSecret && type !== undefined) {
        token = { type, sealedKey: secrets.seal(key), sealedSecret: secrets.seal(secret), scopes: [...(d.token.scopes ?? [])] };
      }
    }
    // The name defaults to the dataclass (seed): stored so, and so written in every answer.
    records.push(same !== undefined ? { ...same, token } : { dataclass: d.dataclass, href: d.href, name: d.name ?? d.dataclass, token });
  });
  return records;
}

function isAbsoluteUrl(value: string): boolean {
  return URL.canParse(value) && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/** Checks a datastore's href against its remote (connectors/extdata/dav/register.ts); tests inject their own. */
export type RemoteChecker = (request: RemoteCheckRequest) => Promise<RemoteCheck>;

/**
 * The remote check of each requested datastore, once the request passed its own rules: a CardDAV/
 * CalDAV remote gets the collection discovery chose; one that answered and refused is a violation
 * at its href, with the remote's reason. A datastore of `existing` given a new token is checked
 * with it at the collection it syncs (the one discovery chose at registration), so the new
 * credentials are known to open that very collection. Run outside any transaction (it waits for
 * the network).
 */
async function withRemotes(records: ExtdataDatastoreRecord[], requested: readonly ExtdataDatastore[], check: RemoteChecker, existing: readonly ExtdataDatastoreRecord[] = []): Promise<ExtdataDatastoreRecord[]> {
  const v = new Violations();
  const checked = await Promise.all(
    records.map(async (record, i) => {
      if (!/^https?:\/\//i.test(record.href)) return record;
      const token = requested[i]!.token;
      const credentials = token?.key !== undefined && token.secret !== undefined ? { key: token.key, secret: token.secret, scopes: token.scopes ?? [] } : undefined;
      const collection = sameDatastore(existing, requested[i]!)?.dav?.collection;
      const result = await check(
        collection !== undefined
          ? { dataclass: record.dataclass, href: collection, name: undefined, credentials }
          : { dataclass: record.dataclass, href: record.href, name: requested[i]!.name, credentials },
      );
      if (result.outcome === 'refused') v.add(`/entry/client/datastore[${i + 1}]/@href`, result.reason);
      return result.outcome === 'dav' ? { ...record, dav: result.dav } : record;
    }),
  );
  v.check('the remote refused the datastore');
  return checked;
}

/** POST /v2/services/extdata/: user_id and at least one datastore (400 validation_failed otherwise); each href checked against its remote. */
export async function createExtdataClient(store: Store, secrets: SecretBox, account: AccountPrincipal, client: ExtdataClient, check: RemoteChecker = checkRemote) {
  const v = new Violations();
  v.required('/entry/client/user_id', client.userId);
  const requested = client.datastores ?? [];
  if (requested.length === 0) v.add('/entry/client/datastore', 'at least one datastore is required');
  const datastores = extdataDatastores(requested, [], secrets, v);
  v.check('the external data client breaks a field rule');
  const checked = await withRemotes(datastores, requested, check);
  return store.extdata.create({ uuid: randomUUID(), accountId: account.id, userId: client.userId!, datastores: checked });
}

/**
 * PUT /v2/services/extdata/<uuid>/: adds datastores, replaces the token of those it names again
 * (same dataclass and href: sameDatastore), and may set user_id; undefined when the client is not
 * the caller's. A replaced token is the only change to its datastore: the bindings' anchors and id
 * maps are theirs, not the datastore's, so the next run syncs from where the last one stopped. The
 * uuid cannot change: a different one in the body is 400 bad_request (the same one is tolerated,
 * as a client may PUT back what it got). The hrefs are checked against their remotes (a new token
 * with it) before the transaction, which then checks the rules again; a refusal changes nothing.
 */
export async function updateExtdataClient(store: Store, secrets: SecretBox, account: AccountPrincipal, uuid: string, client: ExtdataClient, check: RemoteChecker = checkRemote) {
  const requested = client.datastores ?? [];
  const before = await store.extdata.get(account.id, uuid);
  if (before === undefined) return undefined;
  const probe = new Violations();
  const unchecked = extdataDatastores(requested, before.datastores, secrets, probe);
  const remotes = probe.empty ? await withRemotes(unchecked, requested, check, before.datastores) : unchecked;
  return store.transaction(async (tx) => {
    const current = await tx.extdata.get(account.id, uuid);
    if (current === undefined) return undefined;
    if (client.uuid !== undefined && client.uuid.toLowerCase() !== current.uuid.toLowerCase()) {
      throw new ServiceError(400, 'bad_request', 'the uuid of a client cannot be changed');
    }
    const v = new Violations();
    if (client.userId !== undefined) v.required('/entry/client/user_id', client.userId);
    if (requested.length === 0 && client.userId === undefined) v.add('/entry/client', 'give user_id or at least one datastore to add or give a new token');
    const datastores = extdataDatastores(requested, current.datastores, secrets, v).map((d, i) => (remotes[i]?.dav === undefined ? d : { ...d, dav: remotes[i]!.dav }));
    v.check('the external data client update breaks a field rule');
    const replacing = new Map<ExtdataDatastoreRecord, ExtdataDatastoreRecord>();
    const added: ExtdataDatastoreRecord[] = [];
    datastores.forEach((d, i) => {
      const same = sameDatastore(current.datastores, requested[i]!);
      if (same === undefined) added.push(d);
      else replacing.set(same, d);
    });
    // Both writes in this transaction: the row is locked by the first (FOR UPDATE on PostgreSQL).
    if (replacing.size > 0) {
      await tx.extdata.updateDatastores(account.id, uuid, (stored) => {
        const same = sameDatastore([...replacing.keys()], stored);
        return same === undefined ? undefined : replacing.get(same);
      });
    }
    return tx.extdata.addDatastores(account.id, uuid, client.userId ?? current.userId, added);
  });
}

// ---- SyncML clients -------------------------------------------------------------------------

export interface PhoneFields {
  readonly phoneNumber?: string | undefined;
  readonly modelUuid?: string | undefined;
  readonly timezone?: string | undefined;
}

/**
 * The fields every phone registration needs (SyncML create, phone-to-datastore binding):
 * an international phone number, a model of the catalogue, an IANA time zone. `at` is the path
 * of the element holding them (`/entry/client` or `/entry`). Returns the model.
 */
export async function checkPhoneFields(repos: Repositories, fields: PhoneFields, at: string, v: Violations): Promise<ModelRecord | undefined> {
  if (v.required(`${at}/phone_number`, fields.phoneNumber) && !isInternationalNumber(fields.phoneNumber)) {
    v.add(`${at}/phone_number`, 'is not in international format (+ and 7 to 15 digits, e.g. +46702345678)');
  }
  if (v.required(`${at}/timezone`, fields.timezone) && !isTimeZone(fields.timezone)) {
    v.add(`${at}/timezone`, `${quote(fields.timezone)} is not a time zone name (e.g. Europe/Stockholm)`);
  }
  if (!v.required(`${at}/model_uuid`, fields.modelUuid)) return undefined;
  const model = await repos.catalogue.getModel(fields.modelUuid);
  if (model === undefined) v.add(`${at}/model_uuid`, 'is not a model of the phone catalogue');
  return model;
}

/** Inserts a SyncML client whose fields passed checkPhoneFields; its user_id is the account's name. */
export function insertSyncmlClient(repos: Repositories, account: AccountPrincipal, fields: PhoneFields): Promise<SyncmlClientRecord> {
  return repos.syncml.create({
    uuid: randomUUID(),
    accountId: account.id,
    userId: account.username,
    phoneNumber: fields.phoneNumber!,
    modelUuid: fields.modelUuid!,
    timezone: fields.timezone!,
  });
}

/** POST /v2/services/syncml/: phone_number, model_uuid, timezone; imei and setup come later. */
export async function createSyncmlClient(store: Store, account: AccountPrincipal, client: SyncmlClient) {
  const v = new Violations();
  const model = await checkPhoneFields(store, client, '/entry/client', v);
  v.check('the SyncML client breaks a field rule');
  return { client: await insertSyncmlClient(store, account, client), model: model! };
}

// ---- ActiveSync clients ---------------------------------------------------------------------

/** A password being set for an ActiveSync client: present, and of the length every password has (validation.ts). */
function checkPhonePassword(password: string | undefined, v: Violations): void {
  if (password === undefined || password === '') v.add('/entry/client/password', 'is missing');
  else {
    const problem = passwordLengthProblem(password);
    if (problem !== undefined) v.add('/entry/client/password', problem);
  }
}

function nameTaken(username: string): ServiceError {
  return new ServiceError(409, 'conflict', `the ActiveSync username ${quote(username)} is taken; choose another`);
}

/**
 * POST /v2/services/activesync/: username and password required (400 validation_failed), the
 * password of 8 to 1,024 characters and kept as a scrypt hash only; phone_number in
 * international format when given. model_uuid is kept as given: ActiveSync phones are not in the
 * SyncML phone catalogue. A username any client of any account holds, whatever its ASCII case,
 * is 409 conflict: a phone's sign-in names no account, so the name alone must say whose phone it is.
 */
export async function createActivesyncClient(store: Store, account: AccountPrincipal, client: ActivesyncClient) {
  const v = new Violations();
  v.required('/entry/client/username', client.username);
  checkPhonePassword(client.password, v);
  if (client.phoneNumber !== undefined && client.phoneNumber !== '' && !isInternationalNumber(client.phoneNumber)) {
    v.add('/entry/client/phone_number', 'is not in international format (+ and 7 to 15 digits, e.g. +46702345678)');
  }
  v.check('the ActiveSync client breaks a field rule');
  // Checked first so a taken name does not cost a scrypt; the store's claim of the name decides races.
  if ((await store.activesync.byUsername(client.username!)) !== undefined) throw nameTaken(client.username!);
  try {
    return await store.activesync.create({
      uuid: randomUUID(),
      accountId: account.id,
      userId: account.username,
      username: client.username!,
      passwordHash: await hashPassword(client.password!),
      phoneNumber: client.phoneNumber ?? '',
      modelUuid: client.modelUuid ?? '',
    });
  } catch (error) {
    if (error instanceof ActivesyncNameTaken) throw nameTaken(client.username!);
    throw error;
  }
}

/** The fields of a PUT other than old_pass and password that differ from the stored client. */
function changedFields(current: ActivesyncClientRecord, client: ActivesyncClient): string[] {
  const same = (given: string | undefined, stored: string) => given === undefined || given === stored;
  const changed: string[] = [];
  if (!same(client.uuid?.toLowerCase(), current.uuid.toLowerCase())) changed.push('uuid');
  if (!same(client.userId, current.userId)) changed.push('user_id');
  if (!same(client.username, current.username)) changed.push('username');
  if (!same(client.phoneNumber, current.phoneNumber)) changed.push('phone_number');
  if (!same(client.modelUuid?.toLowerCase(), current.modelUuid.toLowerCase())) changed.push('model_uuid');
  if (client.lastSync !== undefined && (client.lastSync?.getTime() ?? null) !== (current.lastSync?.getTime() ?? null)) changed.push('last_sync');
  return changed;
}

/**
 * PUT /v2/services/activesync/<uuid>: only the password changes, and only with the current one in
 * old_pass. In this order: not the caller's → undefined (404); another field changed → 400
 * bad_request (a field equal to the stored one is tolerated, so a client may PUT back the entry it
 * got, as for bindings); old_pass or password missing, or the new one too short or long → 400
 * validation_failed; old_pass wrong →
 * 403 forbidden. Nothing changes unless all pass.
 */
export async function changeActivesyncPassword(store: Store, account: AccountPrincipal, uuid: string, client: ActivesyncClient) {
  const current = await store.activesync.get(account.id, uuid);
  if (current === undefined) return undefined;
  const changed = changedFields(current, client);
  if (changed.length > 0) {
    throw new ServiceError(400, 'bad_request', `only the password of an ActiveSync client can be changed, not ${changed.join(', ')}`);
  }
  const v = new Violations();
  if (client.oldPassword === undefined || client.oldPassword === '') v.add('/entry/client/old_pass', 'the current password is required to change it');
  checkPhonePassword(client.password, v);
  v.check('a password change needs old_pass and a new password of 8 to 1,024 characters');
  if (!(await verifyPassword(client.oldPassword!, current.passwordHash))) {
    throw new ServiceError(403, 'forbidden', 'old_pass is not the current password; nothing changed');
  }
  return store.activesync.setPassword(account.id, uuid, await hashPassword(client.password!));
}

// ---- every kind -----------------------------------------------------------------------------

/** The repository of each client kind, as far as a binding side needs it: does the caller own it? */
export function clientExists(repos: Repositories, accountId: number, kind: ClientKind, uuid: string): Promise<boolean> {
  const repo = { syncml: repos.syncml, datastore: repos.datastores, extdata: repos.extdata, activesync: repos.activesync }[kind];
  return repo.get(accountId, uuid).then((c) => c !== undefined);
}

/**
 * Deletes a client of `kind` and, in the same transaction, every binding with it on either side.
 * False when the caller has no such client (nothing is touched).
 */
export function deleteClient(store: Store, accountId: number, kind: Exclude<ClientKind, 'datastore'>, uuid: string): Promise<boolean> {
  return store.transaction(async (tx) => {
    const repo = { syncml: tx.syncml, extdata: tx.extdata, activesync: tx.activesync }[kind];
    if ((await repo.get(accountId, uuid)) === undefined) return false;
    for (const binding of await tx.bindings.byClient(accountId, uuid)) {
      const sides = [binding.source, binding.target];
      if (sides.some((side) => side.kind === kind && side.uuid === uuid)) await tx.bindings.delete(accountId, binding.id);
    }
    // A phone-to-datastore binding without its phone would link to a client that is gone; its
    // datastore client stays (it holds the user's data and may serve other bindings).
    if (kind === 'syncml') await tx.phoneBindings.deleteBySyncmlClient(accountId, uuid);
    return repo.delete(accountId, uuid);
  });
}

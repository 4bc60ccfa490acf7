/**
 * An integrator's feature, as a CRM might ship it: register a customer's phone with atomsync and
 * back up the contacts the CRM holds for them, so the phone's first sync brings them down.
 *
 * It talks to atomsync only through @atomsync/sdk; its tests (test/phone-backup.test.ts) run it
 * against @atomsync/msw, the real server in memory, with no server to start.
 */
import type { AtomSyncClient, BatchContentEntry } from '@atomsync/sdk';

export interface Contact {
  /** Shown as the item's title. */
  name: string;
  /** The contact as a vCard (2.1 or 3.0). */
  vcard: string;
}

export interface PhoneBackupRequest {
  /** The customer's id in the CRM: one backup store per customer, reused across phones. */
  customerId: string;
  phoneNumber: string;
  /** A model of the phone catalogue (`client.phones.models()`). */
  modelUuid: string;
  timezone: string;
  contacts: readonly Contact[];
}

export interface PhoneBackupResult {
  phoneUuid: string;
  backupUuid: string;
  bindingId: number;
  /** Contacts stored. */
  saved: number;
  /** Contacts the service refused, with its reason. */
  failed: { name: string; status: number; reason: string }[];
}

/**
 * Registers the phone, finds or creates the customer's backup store (a datastore client),
 * uploads the contacts in one batch, and binds phone and store so they sync. A failure of the
 * service rejects with the SDK's AtomSyncError (status, code, message) before anything after it
 * is attempted.
 */
export async function registerPhoneWithBackup(client: AtomSyncClient, request: PhoneBackupRequest): Promise<PhoneBackupResult> {
  const phone = await client.syncml.create({ phoneNumber: request.phoneNumber, modelUuid: request.modelUuid, timezone: request.timezone });
  const backupUuid = await backupStoreOf(client, request.customerId);

  const feed = {
    title: `Contacts of ${request.customerId}`,
    entries: request.contacts.map(
      (c, i): BatchContentEntry => ({
        title: c.name,
        content: { dataclass: 'Contacts', type: 'text/x-vcard', value: c.vcard },
        operation: { type: 'insert' },
        batchId: String(i),
      }),
    ),
  };
  const results = request.contacts.length > 0 ? (await client.datastore.contents(backupUuid).batch(feed)).entries : [];
  const failed: PhoneBackupResult['failed'] = [];
  for (const r of results) {
    const code = r.status?.code ?? 0;
    if (code >= 300) failed.push({ name: request.contacts[Number(r.batchId)]?.name ?? `entry ${r.batchId}`, status: code, reason: r.status?.reason ?? '' });
  }

  const binding = await client.syncengine.create({
    source: { syncSource: 'syncml', uuid: phone.client.uuid! },
    target: { syncSource: 'datastore', uuid: backupUuid },
    conflictWinner: 'target',
  });
  return { phoneUuid: phone.client.uuid!, backupUuid, bindingId: binding.bindingId, saved: results.length - failed.length, failed };
}

/** The customer's datastore client: `user_id` is unique per account, so look before creating. */
async function backupStoreOf(client: AtomSyncClient, customerId: string): Promise<string> {
  const existing = (await client.datastore.list()).entries.find((e) => e.client.userId === customerId);
  if (existing) return existing.client.uuid!;
  return (await client.datastore.create({ userId: customerId })).client.uuid!;
}

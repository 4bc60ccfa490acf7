/**
 * Our server's side of an interop test, through the SDK only, as a user would set a phone up:
 * pick a model from the catalogue, create a phone-to-datastore binding (a SyncML client with an
 * empty imei, which the first device to sync adopts, a datastore client for the foreign user id,
 * and the binding between them), and read the datastore's contents back.
 */
import type { AtomSyncClient } from '@atomsync/sdk';

export type ContentDataclass = 'Contacts' | 'Events' | 'Tasks' | 'Notes' | 'Calendar';

export interface PhoneBinding {
  /** The SyncML client the phone syncs as. */
  readonly syncmlClient: string;
  /** The datastore client its data goes to (shared by every phone bound with the same foreign user id). */
  readonly datastoreClient: string;
}

/**
 * A catalogue model for a SyncEvolution phone: one named like SyncEvolution, else the first.
 * Per-model quirks (vCard 2.1 only, local time) change what the server sends, so tests add a
 * quirk-free "SyncEvolution" model to the catalogue first.
 */
export async function syncEvolutionModel(client: AtomSyncClient): Promise<string> {
  const models = (await client.phones.models()).entries;
  const model = models.find((m) => /syncevolution/i.test(m.title ?? '')) ?? models[0];
  if (model === undefined) throw new Error('the phone catalogue is empty');
  return model.uuid;
}

let phoneNumbers = 0;

/** Registers a phone for `foreignUserId` (POST /v2/syncengine/phone_datastore_bindings). */
export async function bindPhone(client: AtomSyncClient, foreignUserId: string, modelUuid?: string): Promise<PhoneBinding> {
  const entry = await client.phoneDatastoreBindings.create({
    modelUuid: modelUuid ?? (await syncEvolutionModel(client)),
    // Ofcom's range for fiction: valid, and nobody's.
    phoneNumber: `+447700900${String(++phoneNumbers % 1000).padStart(3, '0')}`,
    foreignUserId,
    timezone: 'Europe/Berlin',
  });
  const uuidOf = (rel: string) => {
    const href = entry.links?.find((l) => l.rel === rel)?.href;
    if (href === undefined) throw new Error(`the phone-to-datastore binding has no ${rel} link`);
    return href.replace(/\/$/, '').split('/').at(-1)!;
  };
  return { syncmlClient: uuidOf('syncml_client'), datastoreClient: uuidOf('datastore_client') };
}

/** The item texts the server's datastore client holds. */
export async function datastoreItems(client: AtomSyncClient, datastoreClient: string, dataclass: ContentDataclass): Promise<string[]> {
  const texts: string[] = [];
  // Every page: a list call answers one.
  for await (const e of client.datastore.contents(datastoreClient).iterateList({ dataclass })) texts.push(e.content?.value ?? '');
  return texts;
}

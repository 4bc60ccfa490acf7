// generated — do not edit. Written by codegen/src/emit/sdk.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import { operations } from '@atomsync/atom';
import type { Account, AccountEntryResponse, ActivesyncClient, ActivesyncClientEntryResponse, ActivesyncWipeEntry, AppPassword, AppPasswordEntryResponse, BatchContentEntry, BindingEntry, BindingEntryResponse, ChatMessageEntryResponse, ConsumerEntryResponse, ContentEntry, ContentEntryResponse, ContentImportEntryResponse, DatastoreClient, DatastoreClientEntryResponse, ExtdataClient, ExtdataClientEntryResponse, Feed, OutboxEntryResponse, PhoneDatastoreBindingEntry, PhoneDatastoreBindingEntryResponse, PhoneModelEntryResponse, SessionEntryResponse, SyncLogEntryResponse, SynchronizationEntry, SyncmlClient, SyncmlClientEntryResponse, SyncmlSetupEntry, SyncmlSetupEntryResponse, TokenEntryResponse, VendorEntryResponse } from '@atomsync/atom';
import type { ConditionalRequestOptions, ConditionalWriteOptions, Invoke, Iterate, NotModified, RequestOptions } from '../invoke.js';
import type { AtomSyncError } from '../errors.js';

/** Every operation of the atomsync API, grouped by resource. */
export interface AtomSyncApi {
  /**
   * External data clients — accounts on a remote calendar and contacts service, reached through its public data API with OAuth tokens supplied at registration.
   */
  readonly extdata: ExtdataApi;
  /**
   * Datastore clients — accounts of the internal content store. Each holds content items and can be one side of a sync binding.
   */
  readonly datastore: DatastoreApi;
  /**
   * SyncML phones — registration, sending setup (OMA Client Provisioning) to the phone, server-initiated sync requests, the gateway outbox, and session records.
   */
  readonly syncml: SyncmlApi;
  /**
   * ActiveSync phones — registration and password changes. The password is write-only.
   */
  readonly activesync: ActivesyncApi;
  /**
   * Sync bindings (a registered pair of clients), running synchronizations, and the synchronization log (statistics only, not the transferred data).
   */
  readonly syncengine: SyncengineApi;
  /**
   * Create, in one step, a SyncML client bound to a datastore client of the caller's account.
   */
  readonly phoneDatastoreBindings: PhoneDatastoreBindingsApi;
  /**
   * The phone catalogue — vendors and SyncML-capable models. Read only; needs no authentication.
   */
  readonly phones: PhonesApi;
  /**
   * The caller's own account — app passwords, the named passwords its devices sign in to CardDAV/CalDAV with. A password is shown only in the answer that creates it.
   */
  readonly account: AccountApi;
  /**
   * The caller's own account — app passwords, the named passwords its devices sign in to CardDAV/CalDAV with. A password is shown only in the answer that creates it.
   */
  readonly appPasswords: AppPasswordsApi;
  /**
   * Account administration (site administrators only) — accounts, bearer tokens and OAuth 1.0a consumers. Secrets are shown only in the answer that creates them.
   */
  readonly admin: AdminApi;
  /**
   * The SyncML DS endpoint phones post their SyncML messages to (XML or WBXML). The messages carry their own credentials.
   */
  readonly syncmlProtocol: SyncmlProtocolApi;
  /**
   * The liveness probe of the API contract (`/healthz`); readiness, for load balancers, is `/readyz` beside the API.
   */
  readonly health: HealthApi;
}

/**
 * External data clients — accounts on a remote calendar and contacts service, reached through its public data API with OAuth tokens supplied at registration.
 */
export interface ExtdataApi {
  /**
   * List external data clients.
   *
   * `GET /v2/services/extdata/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<ExtdataClientEntryResponse>>;
  /**
   * List external data clients.
   *
   * `GET /v2/services/extdata/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<ExtdataClientEntryResponse> | NotModified>;
  /**
   * List external data clients.
   *
   * `GET /v2/services/extdata/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<ExtdataClientEntryResponse>;
  /**
   * Register an external data client.
   *
   * `POST /v2/services/extdata/` → 201
   * @param client the `client` of the ExtdataClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(client: ExtdataClient, options?: RequestOptions): Promise<ExtdataClientEntryResponse>;
  /**
   * Get an external data client.
   *
   * `GET /v2/services/extdata/{clientUuid}/` → 200
   * @param clientUuid The client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  get(clientUuid: string, options?: RequestOptions): Promise<ExtdataClientEntryResponse>;
  /**
   * Get an external data client.
   *
   * `GET /v2/services/extdata/{clientUuid}/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param clientUuid The client's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(clientUuid: string, options: ConditionalRequestOptions): Promise<ExtdataClientEntryResponse | NotModified>;
  /**
   * Add datastores to an external data client, or give one a new token.
   *
   * `PUT /v2/services/extdata/{clientUuid}/` → 200 Updated
   * @param clientUuid The client's `uuid`.
   * @param client the `client` of the ExtdataClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  update(clientUuid: string, client: ExtdataClient, options?: RequestOptions): Promise<ExtdataClientEntryResponse>;
  /**
   * Delete an external data client.
   *
   * `DELETE /v2/services/extdata/{clientUuid}/` → 200 Deleted
   * @param clientUuid The client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  delete(clientUuid: string, options?: RequestOptions): Promise<void>;
}

/**
 * Datastore clients — accounts of the internal content store. Each holds content items and can be one side of a sync binding.
 */
export interface DatastoreApi {
  /**
   * List datastore clients.
   *
   * `GET /v2/services/datastore/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<DatastoreClientEntryResponse>>;
  /**
   * List datastore clients.
   *
   * `GET /v2/services/datastore/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<DatastoreClientEntryResponse> | NotModified>;
  /**
   * List datastore clients.
   *
   * `GET /v2/services/datastore/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<DatastoreClientEntryResponse>;
  /**
   * Create a datastore client.
   *
   * `POST /v2/services/datastore/` → 201
   * @param client the `client` of the DatastoreClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(client: DatastoreClient, options?: RequestOptions): Promise<DatastoreClientEntryResponse>;
  /**
   * Get a datastore client.
   *
   * `GET /v2/services/datastore/{clientUuid}/` → 200
   * @param clientUuid The datastore client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  get(clientUuid: string, options?: RequestOptions): Promise<DatastoreClientEntryResponse>;
  /**
   * Get a datastore client.
   *
   * `GET /v2/services/datastore/{clientUuid}/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param clientUuid The datastore client's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(clientUuid: string, options: ConditionalRequestOptions): Promise<DatastoreClientEntryResponse | NotModified>;
  /**
   * List content of all clients (not allowed).
   *
   * `GET /v2/services/datastore/content/`
   *
   * The service always refuses this: it rejects with an {@link AtomSyncError} 400 (`bad_request`).
   * @param options abort signal and extra headers for this request
   */
  allContents(options?: RequestOptions): Promise<void>;
  /**
   * Content items (contacts, events, tasks, notes) of one datastore client, with item-level REST, a change feed (`?since=`) and GData-style batch posts.
   * @param clientUuid The datastore client's `uuid`.
   */
  contents(clientUuid: string): DatastoreContentsApi;
}

/**
 * Content items (contacts, events, tasks, notes) of one datastore client, with item-level REST, a change feed (`?since=`) and GData-style batch posts.
 * @param clientUuid The datastore client's `uuid`.
 */
export interface DatastoreContentsApi {
  /**
   * List a client's content items, or its changes since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * Without `since`; for the `since` form, see `datastore.contents(clientUuid).changes`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options abort signal and extra headers for this request
   */
  list(query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions): Promise<Feed<ContentEntryResponse>>;
  /**
   * List a client's content items, or its changes since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   *
   * Without `since`; for the `since` form, see `datastore.contents(clientUuid).changes`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string } | undefined, options: ConditionalRequestOptions): Promise<Feed<ContentEntryResponse> | NotModified>;
  /**
   * List a client's content items, or its changes since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   *
   * Without `since`; for the `since` form, see `datastore.contents(clientUuid).changes`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options abort signal and extra headers for this request
   */
  iterateList(query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions): AsyncIterableIterator<ContentEntryResponse>;
  /**
   * List the changes to a client's content items since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * The `since` form of this path; without it, see `datastore.contents(clientUuid).list`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `since`: UTC time `YYYY-MM-DDTHH:MM:SS`, optionally with a trailing `Z`. Selects the change feed. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options abort signal and extra headers for this request
   */
  changes(query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; since: string; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions): Promise<Feed<BatchContentEntry>>;
  /**
   * List the changes to a client's content items since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   *
   * The `since` form of this path; without it, see `datastore.contents(clientUuid).list`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `since`: UTC time `YYYY-MM-DDTHH:MM:SS`, optionally with a trailing `Z`. Selects the change feed. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  changes(query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; since: string; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options: ConditionalRequestOptions): Promise<Feed<BatchContentEntry> | NotModified>;
  /**
   * List the changes to a client's content items since a time.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/` → 200
   *
   * Every entry of `changes`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   *
   * The `since` form of this path; without it, see `datastore.contents(clientUuid).list`.
   * @param query `dataclass`: Only items of this dataclass. `Calendar` means Events and Tasks; `all` is the same as omitting the parameter. `since`: UTC time `YYYY-MM-DDTHH:MM:SS`, optionally with a trailing `Z`. Selects the change feed. `max-results`: Page size, 1 to 1,000 (GData). With it the answer is one page, linking the next with `rel="next"`; without it, every entry. `start-index`: The 1-based position of the page's first entry (GData); default 1. Set in every `rel="next"` link, beside `start-after`, which decides where the page starts. `start-after`: Where the page starts, as the previous page's `rel="next"` link gives it (opaque; copy it, do not build it). `q`: Only the items whose title or text holds every word of it, as written or in other case (words are split at spaces; at most 10 words, 200 characters in all; the case of every letter is folded, on both stores, but not accents: `e` does not find `é`). The server searches, so a datastore of 100,000 items is never sent whole; page the answer as any listing (`rel="next"` keeps `q`). Not with `since`.
   * @param options abort signal and extra headers for this request
   */
  iterateChanges(query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; since: string; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions): AsyncIterableIterator<BatchContentEntry>;
  /**
   * Create a content item.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/` → 201
   * @param entry the ContentEntry to send
   * @param query `dataclass`: The item's dataclass; inferred from the content type when omitted.
   * @param options abort signal and extra headers for this request
   */
  create(entry: ContentEntry, query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" }, options?: RequestOptions): Promise<ContentEntryResponse>;
  /**
   * Get a content item.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200
   * @param contentUuid The content item's uuid.
   * @param options abort signal and extra headers for this request
   */
  get(contentUuid: string, options?: RequestOptions): Promise<ContentEntryResponse>;
  /**
   * Get a content item.
   *
   * `GET /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param contentUuid The content item's uuid.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(contentUuid: string, options: ConditionalRequestOptions): Promise<ContentEntryResponse | NotModified>;
  /**
   * Replace a content item.
   *
   * `PUT /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200
   * @param contentUuid The content item's uuid.
   * @param entry the ContentEntry to send
   * @param options abort signal and extra headers for this request, and `ifMatch`: the ETag of the copy the change is based on (`etagOf`), so it is refused with a PreconditionFailedError (412) when the item has changed since
   */
  update(contentUuid: string, entry: ContentEntry, options?: ConditionalWriteOptions): Promise<ContentEntryResponse>;
  /**
   * Delete a content item.
   *
   * `DELETE /v2/services/datastore/{clientUuid}/contents/{contentUuid}` → 200 Deleted
   * @param contentUuid The content item's uuid.
   * @param options abort signal and extra headers for this request, and `ifMatch`: the ETag of the copy the change is based on (`etagOf`), so it is refused with a PreconditionFailedError (412) when the item has changed since
   */
  delete(contentUuid: string, options?: ConditionalWriteOptions): Promise<void>;
  /**
   * Apply a batch of content changes.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/batch` → 200
   * @param feed the feed of BatchContentEntry to send
   * @param query `dataclass`: Dataclass of the inserted items that carry no `content@dataclass`; else inferred from the content type.
   * @param options abort signal and extra headers for this request
   */
  batch(feed: Feed<BatchContentEntry>, query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" }, options?: RequestOptions): Promise<Feed<BatchContentEntry>>;
  /**
   * Import a .vcf or .ics.
   *
   * `POST /v2/services/datastore/{clientUuid}/contents/import` → 200
   * @param body the text/vcard message
   * @param query `dataclass`: The class of every item (an item whose body says otherwise is refused); default, each item's own (Contacts, Events, Tasks). `first-line`: The line of the whole file the body's first line is (default 1); refusals are numbered from it.
   * @param options abort signal and extra headers for this request
   */
  import(body: string, query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Calendar"; 'first-line'?: number }, options?: RequestOptions): Promise<ContentImportEntryResponse>;
}

/**
 * SyncML phones — registration, sending setup (OMA Client Provisioning) to the phone, server-initiated sync requests, the gateway outbox, and session records.
 */
export interface SyncmlApi {
  /**
   * List SyncML clients.
   *
   * `GET /v2/services/syncml/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<SyncmlClientEntryResponse>>;
  /**
   * List SyncML clients.
   *
   * `GET /v2/services/syncml/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<SyncmlClientEntryResponse> | NotModified>;
  /**
   * List SyncML clients.
   *
   * `GET /v2/services/syncml/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<SyncmlClientEntryResponse>;
  /**
   * Register a SyncML phone.
   *
   * `POST /v2/services/syncml/` → 201
   * @param client the `client` of the SyncmlClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(client: SyncmlClient, options?: RequestOptions): Promise<SyncmlClientEntryResponse>;
  /**
   * Get a SyncML client.
   *
   * `GET /v2/services/syncml/{clientUuid}` → 200
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  get(clientUuid: string, options?: RequestOptions): Promise<SyncmlClientEntryResponse>;
  /**
   * Get a SyncML client.
   *
   * `GET /v2/services/syncml/{clientUuid}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param clientUuid The SyncML client's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(clientUuid: string, options: ConditionalRequestOptions): Promise<SyncmlClientEntryResponse | NotModified>;
  /**
   * Update a SyncML client (not offered).
   *
   * `PUT /v2/services/syncml/{clientUuid}`
   *
   * The service always refuses this: it rejects with an {@link AtomSyncError} 405 (`method_not_allowed`).
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  update(clientUuid: string, options?: RequestOptions): Promise<void>;
  /**
   * Delete a SyncML client.
   *
   * `DELETE /v2/services/syncml/{clientUuid}` → 200 Deleted
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  delete(clientUuid: string, options?: RequestOptions): Promise<void>;
  /**
   * Send synchronization settings to the phone.
   *
   * `POST /v2/services/syncml/{clientUuid}/setup/` → 201
   * @param clientUuid The SyncML client's `uuid`.
   * @param entry the SyncmlSetupEntry to send
   * @param options abort signal and extra headers for this request
   */
  setup(clientUuid: string, entry: SyncmlSetupEntry, options?: RequestOptions): Promise<SyncmlSetupEntryResponse>;
  /**
   * Request a server-initiated sync.
   *
   * `POST /v2/services/syncml/{clientUuid}/sync/` → 200
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  requestSync(clientUuid: string, options?: RequestOptions): Promise<void>;
  /**
   * List what was sent to the phone.
   *
   * `GET /v2/services/syncml/{clientUuid}/outbox/` → 200
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  outbox(clientUuid: string, options?: RequestOptions): Promise<Feed<OutboxEntryResponse>>;
  /**
   * List what was sent to the phone.
   *
   * `GET /v2/services/syncml/{clientUuid}/outbox/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param clientUuid The SyncML client's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  outbox(clientUuid: string, options: ConditionalRequestOptions): Promise<Feed<OutboxEntryResponse> | NotModified>;
  /**
   * List what was sent to the phone.
   *
   * `GET /v2/services/syncml/{clientUuid}/outbox/` → 200
   *
   * Every entry of `outbox`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param clientUuid The SyncML client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  iterateOutbox(clientUuid: string, options?: RequestOptions): AsyncIterableIterator<OutboxEntryResponse>;
  /**
   * List SyncML sessions.
   *
   * `GET /v2/services/syncml/sessions/` → 200
   * @param options abort signal and extra headers for this request
   */
  sessions(options?: RequestOptions): Promise<Feed<SessionEntryResponse>>;
  /**
   * List SyncML sessions.
   *
   * `GET /v2/services/syncml/sessions/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  sessions(options: ConditionalRequestOptions): Promise<Feed<SessionEntryResponse> | NotModified>;
  /**
   * List SyncML sessions.
   *
   * `GET /v2/services/syncml/sessions/` → 200
   *
   * Every entry of `sessions`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateSessions(options?: RequestOptions): AsyncIterableIterator<SessionEntryResponse>;
  /**
   * List the SyncML chat log (administrators).
   *
   * `GET /v2/services/syncml/sessions/chatlog/` → 200
   * @param options abort signal and extra headers for this request
   */
  chatlog(options?: RequestOptions): Promise<Feed<ChatMessageEntryResponse>>;
  /**
   * List the SyncML chat log (administrators).
   *
   * `GET /v2/services/syncml/sessions/chatlog/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  chatlog(options: ConditionalRequestOptions): Promise<Feed<ChatMessageEntryResponse> | NotModified>;
  /**
   * List the SyncML chat log (administrators).
   *
   * `GET /v2/services/syncml/sessions/chatlog/` → 200
   *
   * Every entry of `chatlog`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateChatlog(options?: RequestOptions): AsyncIterableIterator<ChatMessageEntryResponse>;
  /**
   * List phone datastores (not implemented).
   *
   * `GET /v2/services/syncml/datastores/`
   *
   * Not implemented by the service: always rejects with an {@link AtomSyncError} 501 (`not_implemented`).
   * @param options abort signal and extra headers for this request
   */
  datastores(options?: RequestOptions): Promise<void>;
}

/**
 * ActiveSync phones — registration and password changes. The password is write-only.
 */
export interface ActivesyncApi {
  /**
   * List ActiveSync clients.
   *
   * `GET /v2/services/activesync/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<ActivesyncClientEntryResponse>>;
  /**
   * List ActiveSync clients.
   *
   * `GET /v2/services/activesync/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<ActivesyncClientEntryResponse> | NotModified>;
  /**
   * List ActiveSync clients.
   *
   * `GET /v2/services/activesync/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<ActivesyncClientEntryResponse>;
  /**
   * Register an ActiveSync phone.
   *
   * `POST /v2/services/activesync/` → 201
   * @param client the `client` of the ActivesyncClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(client: ActivesyncClient, options?: RequestOptions): Promise<ActivesyncClientEntryResponse>;
  /**
   * Get an ActiveSync client.
   *
   * `GET /v2/services/activesync/{clientUuid}` → 200
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  get(clientUuid: string, options?: RequestOptions): Promise<ActivesyncClientEntryResponse>;
  /**
   * Get an ActiveSync client.
   *
   * `GET /v2/services/activesync/{clientUuid}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(clientUuid: string, options: ConditionalRequestOptions): Promise<ActivesyncClientEntryResponse | NotModified>;
  /**
   * Change an ActiveSync client's password.
   *
   * `PUT /v2/services/activesync/{clientUuid}` → 200
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param client the `client` of the ActivesyncClientEntry to send
   * @param options abort signal and extra headers for this request
   */
  update(clientUuid: string, client: ActivesyncClient, options?: RequestOptions): Promise<ActivesyncClientEntryResponse>;
  /**
   * Delete an ActiveSync client.
   *
   * `DELETE /v2/services/activesync/{clientUuid}` → 200 Deleted
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  delete(clientUuid: string, options?: RequestOptions): Promise<void>;
  /**
   * Remotely wipe the client's phone.
   *
   * `POST /v2/services/activesync/{clientUuid}/wipe` → 202
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param entry the ActivesyncWipeEntry to send
   * @param options abort signal and extra headers for this request
   */
  wipe(clientUuid: string, entry: ActivesyncWipeEntry, options?: RequestOptions): Promise<ActivesyncClientEntryResponse>;
  /**
   * Cancel a remote wipe.
   *
   * `DELETE /v2/services/activesync/{clientUuid}/wipe` → 200
   * @param clientUuid The ActiveSync client's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  cancelWipe(clientUuid: string, options?: RequestOptions): Promise<ActivesyncClientEntryResponse>;
}

/**
 * Sync bindings (a registered pair of clients), running synchronizations, and the synchronization log (statistics only, not the transferred data).
 */
export interface SyncengineApi {
  /**
   * List sync bindings.
   *
   * `GET /v2/syncengine/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<BindingEntryResponse>>;
  /**
   * List sync bindings.
   *
   * `GET /v2/syncengine/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<BindingEntryResponse> | NotModified>;
  /**
   * List sync bindings.
   *
   * `GET /v2/syncengine/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<BindingEntryResponse>;
  /**
   * Bind two clients.
   *
   * `POST /v2/syncengine/` → 200
   * @param entry the BindingEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(entry: BindingEntry, options?: RequestOptions): Promise<BindingEntryResponse>;
  /**
   * Get a sync binding.
   *
   * `GET /v2/syncengine/{bindingId}/` → 200
   * @param bindingId The binding id (the entry's `binding_id`, and its `title`).
   * @param options abort signal and extra headers for this request
   */
  get(bindingId: number, options?: RequestOptions): Promise<BindingEntryResponse>;
  /**
   * Get a sync binding.
   *
   * `GET /v2/syncengine/{bindingId}/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param bindingId The binding id (the entry's `binding_id`, and its `title`).
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  get(bindingId: number, options: ConditionalRequestOptions): Promise<BindingEntryResponse | NotModified>;
  /**
   * Change a binding's conflict winner.
   *
   * `PUT /v2/syncengine/{bindingId}/` → 200 Updated
   * @param bindingId The binding id.
   * @param entry the BindingEntry to send
   * @param options abort signal and extra headers for this request
   */
  update(bindingId: number, entry: BindingEntry, options?: RequestOptions): Promise<BindingEntryResponse>;
  /**
   * Delete a sync binding.
   *
   * `DELETE /v2/syncengine/{bindingId}/` → 200 Deleted
   * @param bindingId The binding id.
   * @param options abort signal and extra headers for this request
   */
  delete(bindingId: number, options?: RequestOptions): Promise<void>;
  /**
   * List the synchronization log.
   *
   * `GET /v2/syncengine/synchronization/` → 200
   * @param options abort signal and extra headers for this request
   */
  log(options?: RequestOptions): Promise<Feed<SyncLogEntryResponse>>;
  /**
   * List the synchronization log.
   *
   * `GET /v2/syncengine/synchronization/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  log(options: ConditionalRequestOptions): Promise<Feed<SyncLogEntryResponse> | NotModified>;
  /**
   * List the synchronization log.
   *
   * `GET /v2/syncengine/synchronization/` → 200
   *
   * Every entry of `log`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateLog(options?: RequestOptions): AsyncIterableIterator<SyncLogEntryResponse>;
  /**
   * List one binding's synchronization log.
   *
   * `GET /v2/syncengine/{bindingId}/synchronization/` → 200
   * @param bindingId The binding id.
   * @param options abort signal and extra headers for this request
   */
  bindingLog(bindingId: number, options?: RequestOptions): Promise<Feed<SyncLogEntryResponse>>;
  /**
   * List one binding's synchronization log.
   *
   * `GET /v2/syncengine/{bindingId}/synchronization/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param bindingId The binding id.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  bindingLog(bindingId: number, options: ConditionalRequestOptions): Promise<Feed<SyncLogEntryResponse> | NotModified>;
  /**
   * List one binding's synchronization log.
   *
   * `GET /v2/syncengine/{bindingId}/synchronization/` → 200
   *
   * Every entry of `bindingLog`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param bindingId The binding id.
   * @param options abort signal and extra headers for this request
   */
  iterateBindingLog(bindingId: number, options?: RequestOptions): AsyncIterableIterator<SyncLogEntryResponse>;
  /**
   * Run a synchronization.
   *
   * `POST /v2/syncengine/{bindingId}/synchronization/` → 200
   * @param bindingId The binding id.
   * @param entry the SynchronizationEntry to send
   * @param options abort signal and extra headers for this request
   */
  synchronize(bindingId: number, entry: SynchronizationEntry, options?: RequestOptions): Promise<SyncLogEntryResponse>;
  /**
   * Get one synchronization log entry.
   *
   * `GET /v2/syncengine/synclog/{logId}` → 200
   * @param logId The log entry id.
   * @param options abort signal and extra headers for this request
   */
  logEntry(logId: number, options?: RequestOptions): Promise<SyncLogEntryResponse>;
  /**
   * Get one synchronization log entry.
   *
   * `GET /v2/syncengine/synclog/{logId}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param logId The log entry id.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  logEntry(logId: number, options: ConditionalRequestOptions): Promise<SyncLogEntryResponse | NotModified>;
  /**
   * List sync sources (not implemented).
   *
   * `GET /v2/syncengine/sources/`
   *
   * Not implemented by the service: always rejects with an {@link AtomSyncError} 501 (`not_implemented`).
   * @param options abort signal and extra headers for this request
   */
  sources(options?: RequestOptions): Promise<void>;
  /**
   * Register a sync source (not implemented).
   *
   * `POST /v2/syncengine/sources/`
   *
   * Not implemented by the service: always rejects with an {@link AtomSyncError} 501 (`not_implemented`).
   * @param options abort signal and extra headers for this request
   */
  registerSource(options?: RequestOptions): Promise<void>;
}

/**
 * Create, in one step, a SyncML client bound to a datastore client of the caller's account.
 */
export interface PhoneDatastoreBindingsApi {
  /**
   * List phone-to-datastore bindings.
   *
   * `GET /v2/syncengine/phone_datastore_bindings/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<PhoneDatastoreBindingEntryResponse>>;
  /**
   * List phone-to-datastore bindings.
   *
   * `GET /v2/syncengine/phone_datastore_bindings/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<PhoneDatastoreBindingEntryResponse> | NotModified>;
  /**
   * List phone-to-datastore bindings.
   *
   * `GET /v2/syncengine/phone_datastore_bindings/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<PhoneDatastoreBindingEntryResponse>;
  /**
   * Create a phone bound to a datastore.
   *
   * `POST /v2/syncengine/phone_datastore_bindings` → 201
   * @param entry the PhoneDatastoreBindingEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(entry: PhoneDatastoreBindingEntry, options?: RequestOptions): Promise<PhoneDatastoreBindingEntryResponse>;
}

/**
 * The phone catalogue — vendors and SyncML-capable models. Read only; needs no authentication.
 */
export interface PhonesApi {
  /**
   * List phone vendors.
   *
   * `GET /v2/phones/vendors/` → 200
   * @param options abort signal and extra headers for this request
   */
  vendors(options?: RequestOptions): Promise<Feed<VendorEntryResponse>>;
  /**
   * List phone vendors.
   *
   * `GET /v2/phones/vendors/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  vendors(options: ConditionalRequestOptions): Promise<Feed<VendorEntryResponse> | NotModified>;
  /**
   * List phone vendors.
   *
   * `GET /v2/phones/vendors/` → 200
   *
   * Every entry of `vendors`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateVendors(options?: RequestOptions): AsyncIterableIterator<VendorEntryResponse>;
  /**
   * Get a phone vendor.
   *
   * `GET /v2/phones/vendors/{vendorUuid}` → 200
   * @param vendorUuid The vendor's uuid (from its `id`, `urn:uuid:<vendor_uuid>`).
   * @param options abort signal and extra headers for this request
   */
  vendor(vendorUuid: string, options?: RequestOptions): Promise<VendorEntryResponse>;
  /**
   * Get a phone vendor.
   *
   * `GET /v2/phones/vendors/{vendorUuid}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param vendorUuid The vendor's uuid (from its `id`, `urn:uuid:<vendor_uuid>`).
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  vendor(vendorUuid: string, options: ConditionalRequestOptions): Promise<VendorEntryResponse | NotModified>;
  /**
   * List one vendor's phone models.
   *
   * `GET /v2/phones/vendors/{vendorUuid}/models/` → 200
   * @param vendorUuid The vendor's uuid.
   * @param options abort signal and extra headers for this request
   */
  vendorModels(vendorUuid: string, options?: RequestOptions): Promise<Feed<PhoneModelEntryResponse>>;
  /**
   * List one vendor's phone models.
   *
   * `GET /v2/phones/vendors/{vendorUuid}/models/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param vendorUuid The vendor's uuid.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  vendorModels(vendorUuid: string, options: ConditionalRequestOptions): Promise<Feed<PhoneModelEntryResponse> | NotModified>;
  /**
   * List one vendor's phone models.
   *
   * `GET /v2/phones/vendors/{vendorUuid}/models/` → 200
   *
   * Every entry of `vendorModels`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param vendorUuid The vendor's uuid.
   * @param options abort signal and extra headers for this request
   */
  iterateVendorModels(vendorUuid: string, options?: RequestOptions): AsyncIterableIterator<PhoneModelEntryResponse>;
  /**
   * List all phone models.
   *
   * `GET /v2/phones/vendors/models/` → 200
   * @param options abort signal and extra headers for this request
   */
  models(options?: RequestOptions): Promise<Feed<PhoneModelEntryResponse>>;
  /**
   * List all phone models.
   *
   * `GET /v2/phones/vendors/models/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  models(options: ConditionalRequestOptions): Promise<Feed<PhoneModelEntryResponse> | NotModified>;
  /**
   * List all phone models.
   *
   * `GET /v2/phones/vendors/models/` → 200
   *
   * Every entry of `models`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateModels(options?: RequestOptions): AsyncIterableIterator<PhoneModelEntryResponse>;
  /**
   * Get a phone model.
   *
   * `GET /v2/phones/vendors/models/{modelUuid}` → 200
   * @param modelUuid The model's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  model(modelUuid: string, options?: RequestOptions): Promise<PhoneModelEntryResponse>;
  /**
   * Get a phone model.
   *
   * `GET /v2/phones/vendors/models/{modelUuid}` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param modelUuid The model's `uuid`.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  model(modelUuid: string, options: ConditionalRequestOptions): Promise<PhoneModelEntryResponse | NotModified>;
}

/**
 * The caller's own account — app passwords, the named passwords its devices sign in to CardDAV/CalDAV with. A password is shown only in the answer that creates it.
 */
export interface AccountApi {
  /**
   * Change the caller's own password.
   *
   * `PUT /v2/account/password` → 200
   * @param account the `account` of the AccountEntry to send
   * @param options abort signal and extra headers for this request
   */
  changePassword(account: Account, options?: RequestOptions): Promise<AccountEntryResponse>;
}

/**
 * The caller's own account — app passwords, the named passwords its devices sign in to CardDAV/CalDAV with. A password is shown only in the answer that creates it.
 */
export interface AppPasswordsApi {
  /**
   * List the account's app passwords.
   *
   * `GET /v2/account/app_passwords/` → 200
   * @param options abort signal and extra headers for this request
   */
  list(options?: RequestOptions): Promise<Feed<AppPasswordEntryResponse>>;
  /**
   * List the account's app passwords.
   *
   * `GET /v2/account/app_passwords/` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  list(options: ConditionalRequestOptions): Promise<Feed<AppPasswordEntryResponse> | NotModified>;
  /**
   * List the account's app passwords.
   *
   * `GET /v2/account/app_passwords/` → 200
   *
   * Every entry of `list`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateList(options?: RequestOptions): AsyncIterableIterator<AppPasswordEntryResponse>;
  /**
   * Create an app password.
   *
   * `POST /v2/account/app_passwords/` → 201
   * @param appPassword the `app_password` of the AppPasswordEntry to send
   * @param options abort signal and extra headers for this request
   */
  create(appPassword: AppPassword, options?: RequestOptions): Promise<AppPasswordEntryResponse>;
  /**
   * Revoke an app password.
   *
   * `DELETE /v2/account/app_passwords/{appPasswordUuid}` → 200 Deleted
   * @param appPasswordUuid The app password's `uuid`.
   * @param options abort signal and extra headers for this request
   */
  revoke(appPasswordUuid: string, options?: RequestOptions): Promise<void>;
}

/**
 * Account administration (site administrators only) — accounts, bearer tokens and OAuth 1.0a consumers. Secrets are shown only in the answer that creates them.
 */
export interface AdminApi {
  /**
   * List accounts.
   *
   * `GET /v2/admin/accounts` → 200
   * @param options abort signal and extra headers for this request
   */
  accounts(options?: RequestOptions): Promise<Feed<AccountEntryResponse>>;
  /**
   * List accounts.
   *
   * `GET /v2/admin/accounts` → 200
   *
   * With `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`): resolves to {@link NotModified} while the answer still has that tag (HTTP 304, no body), else to the fresh answer.
   * @param options as for the other form, and `ifNoneMatch`: the ETag of the copy held (`etagOf`)
   */
  accounts(options: ConditionalRequestOptions): Promise<Feed<AccountEntryResponse> | NotModified>;
  /**
   * List accounts.
   *
   * `GET /v2/admin/accounts` → 200
   *
   * Every entry of `accounts`, page after page: yields the entries of each page and follows its `link rel="next"` (on the same origin) until a page has none.
   * @param options abort signal and extra headers for this request
   */
  iterateAccounts(options?: RequestOptions): AsyncIterableIterator<AccountEntryResponse>;
  /**
   * Create an account.
   *
   * `POST /v2/admin/accounts` → 201
   * @param account the `account` of the AccountEntry to send
   * @param options abort signal and extra headers for this request
   */
  createAccount(account: Account, options?: RequestOptions): Promise<AccountEntryResponse>;
  /**
   * Reset an account's password.
   *
   * `PUT /v2/admin/accounts/{username}` → 200
   * @param username The account's username.
   * @param account the `account` of the AccountEntry to send
   * @param options abort signal and extra headers for this request
   */
  updateAccount(username: string, account: Account, options?: RequestOptions): Promise<AccountEntryResponse>;
  /**
   * Delete an account.
   *
   * `DELETE /v2/admin/accounts/{username}` → 200 Deleted
   * @param username The account's username.
   * @param options abort signal and extra headers for this request
   */
  deleteAccount(username: string, options?: RequestOptions): Promise<void>;
  /**
   * Issue a bearer token for an account.
   *
   * `POST /v2/admin/accounts/{username}/tokens` → 201
   * @param username The account's username.
   * @param options abort signal and extra headers for this request
   */
  createToken(username: string, options?: RequestOptions): Promise<TokenEntryResponse>;
  /**
   * Issue an OAuth 1.0a consumer for an account.
   *
   * `POST /v2/admin/accounts/{username}/consumers` → 201
   * @param username The account's username.
   * @param options abort signal and extra headers for this request
   */
  createConsumer(username: string, options?: RequestOptions): Promise<ConsumerEntryResponse>;
}

/**
 * The SyncML DS endpoint phones post their SyncML messages to (XML or WBXML). The messages carry their own credentials.
 */
export interface SyncmlProtocolApi {
  /**
   * Exchange a SyncML message.
   *
   * `POST /syncml` → 200
   * @param body the application/vnd.syncml+xml message
   * @param options abort signal and extra headers for this request
   */
  post(body: Uint8Array, options?: RequestOptions): Promise<Uint8Array>;
}

/**
 * The liveness probe of the API contract (`/healthz`); readiness, for load balancers, is `/readyz` beside the API.
 */
export interface HealthApi {
  /**
   * Liveness probe.
   *
   * `GET /healthz` → 200
   * @param options abort signal and extra headers for this request
   */
  get(options?: RequestOptions): Promise<string>;
}

/**
 * Binds every operation to `invoke`, which executes an operation from its spec alone, and every
 * feed operation's `iterate…` twin to `iterate`, which walks its pages.
 */
export function createOperations(invoke: Invoke, iterate: Iterate): AtomSyncApi {
  return {
    extdata: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listExtdataClients, {}, options),
      iterateList: (options) => iterate(operations.listExtdataClients, {}, options),
      create: (client, options) => invoke(operations.createExtdataClient, { body: { client } }, options),
      get: (clientUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getExtdataClient, { path: { clientUuid } }, options),
      update: (clientUuid, client, options) => invoke(operations.updateExtdataClient, { path: { clientUuid }, body: { client } }, options),
      delete: (clientUuid, options) => invoke(operations.deleteExtdataClient, { path: { clientUuid } }, options),
    },
    datastore: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listDatastoreClients, {}, options),
      iterateList: (options) => iterate(operations.listDatastoreClients, {}, options),
      create: (client, options) => invoke(operations.createDatastoreClient, { body: { client } }, options),
      get: (clientUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getDatastoreClient, { path: { clientUuid } }, options),
      allContents: (options) => invoke(operations.listAllContents, {}, options),
      contents: (clientUuid) => ({
        list: (query?: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listContents, { path: { clientUuid }, query }, options),
        iterateList: (query, options) => iterate(operations.listContents, { path: { clientUuid }, query }, options),
        changes: (query: { dataclass?: "Contacts" | "Events" | "Tasks" | "Notes" | "Calendar" | "all"; since: string; 'max-results'?: number; 'start-index'?: number; 'start-after'?: string; q?: string }, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listContentChanges, { path: { clientUuid }, query }, options),
        iterateChanges: (query, options) => iterate(operations.listContentChanges, { path: { clientUuid }, query }, options),
        create: (entry, query, options) => invoke(operations.createContent, { path: { clientUuid }, body: entry, query }, options),
        get: (contentUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getContent, { path: { clientUuid, contentUuid } }, options),
        update: (contentUuid, entry, options) => invoke(operations.updateContent, { path: { clientUuid, contentUuid }, body: entry }, options),
        delete: (contentUuid, options) => invoke(operations.deleteContent, { path: { clientUuid, contentUuid } }, options),
        batch: (feed, query, options) => invoke(operations.batchContents, { path: { clientUuid }, body: feed, query }, options),
        import: (body, query, options) => invoke(operations.importContents, { path: { clientUuid }, body, query }, options),
      }),
    },
    syncml: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listSyncmlClients, {}, options),
      iterateList: (options) => iterate(operations.listSyncmlClients, {}, options),
      create: (client, options) => invoke(operations.createSyncmlClient, { body: { client } }, options),
      get: (clientUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getSyncmlClient, { path: { clientUuid } }, options),
      update: (clientUuid, options) => invoke(operations.updateSyncmlClient, { path: { clientUuid } }, options),
      delete: (clientUuid, options) => invoke(operations.deleteSyncmlClient, { path: { clientUuid } }, options),
      setup: (clientUuid, entry, options) => invoke(operations.createSyncmlSetup, { path: { clientUuid }, body: entry }, options),
      requestSync: (clientUuid, options) => invoke(operations.requestSyncmlSync, { path: { clientUuid } }, options),
      outbox: (clientUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listSyncmlOutbox, { path: { clientUuid } }, options),
      iterateOutbox: (clientUuid, options) => iterate(operations.listSyncmlOutbox, { path: { clientUuid } }, options),
      sessions: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listSyncmlSessions, {}, options),
      iterateSessions: (options) => iterate(operations.listSyncmlSessions, {}, options),
      chatlog: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listSyncmlChatlog, {}, options),
      iterateChatlog: (options) => iterate(operations.listSyncmlChatlog, {}, options),
      datastores: (options) => invoke(operations.listSyncmlDatastores, {}, options),
    },
    activesync: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listActivesyncClients, {}, options),
      iterateList: (options) => iterate(operations.listActivesyncClients, {}, options),
      create: (client, options) => invoke(operations.createActivesyncClient, { body: { client } }, options),
      get: (clientUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getActivesyncClient, { path: { clientUuid } }, options),
      update: (clientUuid, client, options) => invoke(operations.updateActivesyncClient, { path: { clientUuid }, body: { client } }, options),
      delete: (clientUuid, options) => invoke(operations.deleteActivesyncClient, { path: { clientUuid } }, options),
      wipe: (clientUuid, entry, options) => invoke(operations.wipeActivesyncDevice, { path: { clientUuid }, body: entry }, options),
      cancelWipe: (clientUuid, options) => invoke(operations.cancelActivesyncWipe, { path: { clientUuid } }, options),
    },
    syncengine: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listBindings, {}, options),
      iterateList: (options) => iterate(operations.listBindings, {}, options),
      create: (entry, options) => invoke(operations.createBinding, { body: entry }, options),
      get: (bindingId: number, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getBinding, { path: { bindingId } }, options),
      update: (bindingId, entry, options) => invoke(operations.updateBinding, { path: { bindingId }, body: entry }, options),
      delete: (bindingId, options) => invoke(operations.deleteBinding, { path: { bindingId } }, options),
      log: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listSyncLog, {}, options),
      iterateLog: (options) => iterate(operations.listSyncLog, {}, options),
      bindingLog: (bindingId: number, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listBindingSyncLog, { path: { bindingId } }, options),
      iterateBindingLog: (bindingId, options) => iterate(operations.listBindingSyncLog, { path: { bindingId } }, options),
      synchronize: (bindingId, entry, options) => invoke(operations.synchronize, { path: { bindingId }, body: entry }, options),
      logEntry: (logId: number, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getSyncLogEntry, { path: { logId } }, options),
      sources: (options) => invoke(operations.listSyncSources, {}, options),
      registerSource: (options) => invoke(operations.registerSyncSource, {}, options),
    },
    phoneDatastoreBindings: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listPhoneDatastoreBindings, {}, options),
      iterateList: (options) => iterate(operations.listPhoneDatastoreBindings, {}, options),
      create: (entry, options) => invoke(operations.createPhoneDatastoreBinding, { body: entry }, options),
    },
    phones: {
      vendors: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listVendors, {}, options),
      iterateVendors: (options) => iterate(operations.listVendors, {}, options),
      vendor: (vendorUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getVendor, { path: { vendorUuid } }, options),
      vendorModels: (vendorUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listVendorModels, { path: { vendorUuid } }, options),
      iterateVendorModels: (vendorUuid, options) => iterate(operations.listVendorModels, { path: { vendorUuid } }, options),
      models: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listModels, {}, options),
      iterateModels: (options) => iterate(operations.listModels, {}, options),
      model: (modelUuid: string, options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.getModel, { path: { modelUuid } }, options),
    },
    account: {
      changePassword: (account, options) => invoke(operations.changeOwnPassword, { body: { account } }, options),
    },
    appPasswords: {
      list: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listAppPasswords, {}, options),
      iterateList: (options) => iterate(operations.listAppPasswords, {}, options),
      create: (appPassword, options) => invoke(operations.createAppPassword, { body: { appPassword } }, options),
      revoke: (appPasswordUuid, options) => invoke(operations.revokeAppPassword, { path: { appPasswordUuid } }, options),
    },
    admin: {
      accounts: (options?: RequestOptions | ConditionalRequestOptions) => invoke(operations.listAccounts, {}, options),
      iterateAccounts: (options) => iterate(operations.listAccounts, {}, options),
      createAccount: (account, options) => invoke(operations.createAccount, { body: { account } }, options),
      updateAccount: (username, account, options) => invoke(operations.updateAccount, { path: { username }, body: { account } }, options),
      deleteAccount: (username, options) => invoke(operations.deleteAccount, { path: { username } }, options),
      createToken: (username, options) => invoke(operations.createAccountToken, { path: { username } }, options),
      createConsumer: (username, options) => invoke(operations.createAccountConsumer, { path: { username } }, options),
    },
    syncmlProtocol: {
      post: (body, options) => invoke(operations.postSyncmlMessage, { body }, options),
    },
    health: {
      get: (options) => invoke(operations.getHealth, {}, options),
    },
  };
}

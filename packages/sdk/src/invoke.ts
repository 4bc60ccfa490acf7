/**
 * The contract between the generated methods and the runtime: a generated method hands
 * `invoke` the operation's spec from the table plus its inputs, and gets the typed result back;
 * a feed method's `iterate…` twin hands the same to `iterate`, and gets the entries of every page.
 */
import type { Feed, OperationId, OperationSpec, OperationTypes } from '@atomsync/atom';

/** Per-request settings every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the request; the promise then rejects with the signal's reason (an `AbortError`), never retried. */
  signal?: AbortSignal;
  /** Extra headers; they win over the client's headers and over the SDK's own (even `Content-Type`). */
  headers?: HeaderValues;
  /** This request's timeout per attempt, in milliseconds, instead of the client's (`false`: none). */
  timeout?: number | false;
  /** Only a conditional GET takes one: see ConditionalRequestOptions below. */
  ifNoneMatch?: undefined;
  /** Only a conditional write takes one: see ConditionalWriteOptions below. */
  ifMatch?: undefined;
}

/**
 * The options of a conditional write (a content item's update and delete): RequestOptions and the
 * tag of the copy the change is based on. While the item still has that tag the write happens;
 * once it has changed the call rejects with a PreconditionFailedError (412), whose `etag` is the
 * item's current tag, and nothing is changed.
 *
 *   const item = await contents.get(uuid);
 *   await contents.update(uuid, edited, { ifMatch: etagOf(item) });
 */
export interface ConditionalWriteOptions extends Omit<RequestOptions, 'ifMatch'> {
  /** The ETag of the copy the change is based on (`etagOf` of what a get or an update returned); undefined sends none: an unconditional write. */
  ifMatch?: string | undefined;
}

/**
 * The options of a conditional GET (every GET answering an entry or a feed): RequestOptions and
 * the tag of the copy the caller holds. The call then resolves to the fresh answer, or to
 * NotModified while the answer still has that tag (conditional.ts).
 */
export interface ConditionalRequestOptions extends Omit<RequestOptions, 'ifNoneMatch'> {
  /** The ETag of the copy the caller holds (`etagOf`); undefined sends none, and the answer is always fresh. */
  ifNoneMatch: string | undefined;
}

/** What a conditional GET resolves to when the caller's copy is current (HTTP 304): `isNotModified` tells it apart. */
export interface NotModified {
  readonly notModified: true;
  /** The tag the answer repeated: still the copy's. */
  readonly etag: string;
  /** The 304 answer, for its headers. */
  readonly response: Response;
}

/** What the `Headers` constructor takes: a record, a list of pairs, or a `Headers`. */
export type HeaderValues = ConstructorParameters<typeof Headers>[0];

/** An operation's inputs, typed by the generated OperationTypes. */
export interface OperationInput<Id extends OperationId> {
  path?: OperationTypes[Id]['path'];
  query?: OperationTypes[Id]['query'];
  body?: OperationTypes[Id]['body'];
}

/** A spec from the generated `operations` table; its literal `id` selects the types. */
export type OperationSpecOf<Id extends OperationId> = OperationSpec & { readonly id: Id };

/**
 * Runs an operation. With ConditionalRequestOptions (which only a conditional GET's generated
 * overload lets a caller pass) it may resolve to NotModified instead, as that overload says;
 * ConditionalWriteOptions only a conditional write's method takes.
 */
export type Invoke = <Id extends OperationId>(
  spec: OperationSpecOf<Id>,
  input: OperationInput<Id>,
  options: RequestOptions | ConditionalRequestOptions | ConditionalWriteOptions | undefined,
) => Promise<OperationTypes[Id]['response']>;

/** The entry type of a feed type. */
export type EntryOf<F> = F extends Feed<infer E> ? E : never;

export type Iterate = <Id extends OperationId>(
  spec: OperationSpecOf<Id>,
  input: OperationInput<Id>,
  options: RequestOptions | undefined,
) => AsyncIterableIterator<EntryOf<OperationTypes[Id]['response']>>;

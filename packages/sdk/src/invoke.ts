/**
 * The contract between the generated methods and the runtime: a generated method hands
 * `invoke` the operation's spec from the table plus its inputs, and gets the typed result back.
 */
import type { OperationId, OperationSpec, OperationTypes } from '@atomsync/atom';

/** Per-request settings every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the request; the promise then rejects with the signal's reason (an `AbortError`). */
  signal?: AbortSignal;
  /** Extra headers; they win over the client's headers and over the SDK's own (even `Content-Type`). */
  headers?: HeaderValues;
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

export type Invoke = <Id extends OperationId>(
  spec: OperationSpecOf<Id>,
  input: OperationInput<Id>,
  options: RequestOptions | undefined,
) => Promise<OperationTypes[Id]['result']>;

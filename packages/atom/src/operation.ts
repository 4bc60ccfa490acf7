/**
 * What an operation is, as data: the generated operation table (generated/operations.ts) holds
 * one OperationSpec per operation of spec/openapi.yaml, and both the SDK and the server execute
 * any operation from its spec alone.
 */
import type { EntryShapeName } from './generated/model.js';

export type AuthClass = 'none' | 'account' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type BodySpec =
  | { readonly kind: 'entry'; readonly shape: EntryShapeName; readonly field?: string }
  | { readonly kind: 'feed'; readonly shape: EntryShapeName }
  | { readonly kind: 'raw'; readonly mediaType: string }
  | { readonly kind: 'empty' };

export interface ParamSpec {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly type: 'string' | 'integer';
  readonly enum?: readonly string[];
}

export interface OperationSpec {
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. `/v2/services/syncml/{clientUuid}`. */
  readonly path: string;
  readonly tag: string;
  readonly params: readonly ParamSpec[];
  readonly auth: AuthClass;
  readonly request?: BodySpec;
  readonly response: BodySpec;
  readonly status: number;
  readonly reason?: string;
  /** False for the operations the description marks not implemented (501). */
  readonly implemented: boolean;
  /** Set on a variant: the operation whose method and path it shares. */
  readonly variantOf?: string;
  /** Set on a variant: the query parameter whose presence selects it. */
  readonly when?: string;
  /**
   * A conditional GET: its success answer carries an `ETag`, and a request whose
   * `If-None-Match` names it is answered 304 Not Modified, without a body (conditional.ts).
   */
  readonly conditional?: boolean;
  /**
   * A conditional write (PUT, DELETE): a request whose `If-Match` no longer names the resource's
   * `ETag` (the one its GET answers) is answered 412 `precondition_failed` with the current `ETag`,
   * and changes nothing; a PUT's answer carries the `ETag` of what it stored.
   */
  readonly preconditioned?: boolean;
  readonly errors: readonly { readonly status: number; readonly code: string }[];
}

/** Fills a path template: `/a/{x}/b` with { x: 'y z' } → `/a/y%20z/b`. */
export function expandPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Conditional GET: a poll that finds nothing new costs a 304 and no body. Every GET answering an
 * entry or a feed takes `ifNoneMatch` (the ETag of an earlier answer, from `etagOf`) and then
 * resolves to the fresh entry or feed, or to `NotModified` while it has not changed:
 *
 *   let feed = await contents.list();
 *   const next = await contents.list({}, { ifNoneMatch: etagOf(feed) });
 *   if (!isNotModified(next)) feed = next;
 *
 * (ConditionalRequestOptions and NotModified, part of what a generated method promises, sit
 * with RequestOptions in invoke.ts.)
 */
import type { NotModified } from './invoke.js';

/** True for the NotModified a conditional GET resolves to. */
export function isNotModified(value: unknown): value is NotModified {
  return typeof value === 'object' && value !== null && (value as { notModified?: unknown }).notModified === true;
}

const tags = new WeakMap<object, string>();

/** The ETag of an entry or feed the SDK returned, to pass as `ifNoneMatch` next time; undefined when the answer had none. */
export function etagOf(value: object): string | undefined {
  return tags.get(value);
}

/** Records the ETag of a decoded answer (execute.ts). */
export function rememberEtag(value: unknown, etag: string | null): void {
  if (etag !== null && typeof value === 'object' && value !== null) tags.set(value, etag);
}

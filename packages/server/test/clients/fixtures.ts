/** Helpers of the client and binding suites: a catalogue model, refusals, raw HTTP answers. */
import { randomUUID } from 'node:crypto';
import { AtomSyncError } from '@atomsync/sdk';
import { expect } from 'vitest';
import type { Store } from '../../src/store/store.js';
import type { TestAccount, TestServer } from '../support/server.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A vendor and model of our own in the catalogue (the shipped dataset is not assumed): returns
 * the model's uuid.
 */
export async function addModel(store: Store, name = 'Nokia E71', vendor = 'Nokia'): Promise<string> {
  const vendorUuid = randomUUID();
  const uuid = randomUUID();
  await store.catalogue.upsert(
    [{ uuid: vendorUuid, name: vendor }],
    [{ uuid, vendorUuid, name, imageUrl: '', syncmlVersion: '1.2', dataclasses: ['Contacts', 'Calendar'], quirks: {} }],
  );
  return uuid;
}

/** The AtomSyncError `call` rejects with; fails the test when it resolves. */
export async function refusal(call: Promise<unknown>): Promise<AtomSyncError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AtomSyncError);
  return error as AtomSyncError;
}

export interface RawAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly text: string;
}

/** A request outside the SDK, to see what it hides: the reason phrase, headers, the raw body. */
export async function raw(server: TestServer, account: TestAccount, method: string, path: string, body?: string): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
    accept: 'application/atom+xml',
  };
  if (body !== undefined) headers['content-type'] = 'application/atom+xml';
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  return { status: response.status, statusText: response.statusText, headers: response.headers, text: await response.text() };
}

/** An entry document around `inner` (service elements with the `s:` prefix). */
export function entryXml(inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">${inner}</entry>`;
}

/** Helpers of the client and binding suites: raw HTTP answers (the catalogue model, refusals and the uuid pattern come from ../support/server.ts). */
import type { TestAccount, TestServer } from '../support/server.js';


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

export { addModel, refusal, UUID } from '../support/server.js';

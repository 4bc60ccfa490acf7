/**
 * Calling the app in memory (h3's `app.fetch`) and reading its answers. Every error document an
 * answer carries is kept, so each suite can validate them all against the XSD in one JVM run.
 */
import { decodeServiceError, type ServiceError as ErrorDocument } from '@atomsync/atom';
import type { H3 } from 'h3';
import { expect, it } from 'vitest';
import type { OperationHandlers } from '../../src/index.js';
import { validateDocuments } from '../../../../test/support/xsd.js';

export interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The decoded error document, when the answer is one. */
  error?: ErrorDocument;
}

const emitted: string[] = [];

export interface CallOptions {
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function call(app: H3, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const init: RequestInit & { duplex?: 'half' } = { method, headers: options.headers, body: options.body };
  if (options.body instanceof ReadableStream) init.duplex = 'half';
  const response = await app.fetch(new Request(`http://atomsync.test${path}`, init));
  return read(response);
}

export async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  const answer: Answer = { status: response.status, statusText: response.statusText, headers: response.headers, text };
  if (response.headers.get('content-type') === 'application/xml' && text !== '') {
    emitted.push(text);
    answer.error = decodeServiceError(text);
  }
  return answer;
}

/** Records an error document received some other way (a real socket). */
export function keepErrorDocument(text: string): void {
  emitted.push(text);
}

/** The suite's last test: every error document it received is valid against spec/xsd (one JVM run). */
export function itValidatesErrorDocuments(): void {
  it('answered only error documents that are valid against the XSD', async () => {
    const docs = [...new Set(emitted)];
    expect(docs.length).toBeGreaterThan(0);
    expect(await validateDocuments(docs)).toEqual([]);
  });
}

export const ATOM = { 'content-type': 'application/atom+xml' };

/** A handler for every operation id (fixed ones included), each recording that it ran. */
export function recordingHandlers(ran: string[], ids: readonly string[]): OperationHandlers {
  return Object.fromEntries(ids.map((id) => [id, async () => void ran.push(id)])) as OperationHandlers;
}

/**
 * A 207 written as it is read: the multistatus writer's chunks, pulled as the socket takes them.
 * The first page is read before the answer starts, so a store that fails at once is a 5xx; one that
 * fails later cuts the connection (an answer begun with 207 can no longer say so, and a client
 * must never read a cut listing as "everything was deleted": the XML stays unclosed), logged.
 *
 * An answer that is one chunk (the writer gathers 64 K before it yields: a Depth 0 PROPFIND, a
 * multiget of a few items, a delta of a few changes — most of what a syncing client asks) goes as
 * one string with its Content-Length (answer.ts): one write to the socket, where a stream costs a
 * web stream's machinery and a second write for the chunked encoding's end.
 */
import { MULTISTATUS_MEDIA_TYPE } from '@atomsync/dav';
import type { Logger } from 'pino';
import { davAnswer, type DavAnswer } from './answer.js';

export async function multistatusResponse(chunks: AsyncIterator<string>, log: Logger, headers: Record<string, string> = {}): Promise<DavAnswer> {
  const whole = (text: string) =>
    davAnswer(text, { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE, ...headers } });
  const first = await chunks.next();
  if (first.done) return whole('');
  const second = await chunks.next();
  if (second.done) return whole(first.value);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(first.value));
      controller.enqueue(encoder.encode(second.value));
    },
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error({ err: error }, 'DAV: a multistatus could not be finished; the connection is cut');
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return?.(undefined);
    },
  });
  return davAnswer(body, { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE, ...headers } });
}

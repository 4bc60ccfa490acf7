/**
 * A 207 written as it is read: the multistatus writer's chunks, pulled as the socket takes them.
 * The first page is read before the answer starts, so a store that fails at once is a 5xx; one that
 * fails later cuts the connection (an answer begun with 207 can no longer say so, and a client
 * must never read a cut listing as "everything was deleted": the XML stays unclosed), logged.
 */
import { MULTISTATUS_MEDIA_TYPE } from '@atomsync/dav';
import type { Logger } from 'pino';

export async function multistatusResponse(chunks: AsyncIterator<string>, log: Logger, headers: Record<string, string> = {}): Promise<Response> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      if (first.done) return;
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
  return new Response(body, { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE, ...headers } });
}

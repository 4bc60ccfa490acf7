/**
 * A 207 written as it is read: the multistatus writer's chunks, pulled as the socket takes them.
 * The first page is read before the answer starts, so a store that fails at once is a 5xx; one that
 * fails later cuts the connection (an answer begun with 207 can no longer say so, and a client
 * must never read a cut listing as "everything was deleted": the XML stays unclosed), logged.
 *
 * An answer of at most WHOLE_CHARS (a Depth 0 PROPFIND, a multiget, a delta, and listings up to
 * about 10,000 members — most of what a syncing client asks) goes as one string with its
 * Content-Length (answer.ts): one write to the socket, where a stream costs a web stream's
 * machinery per chunk, a write per chunk and one more for the chunked encoding's end (a third of
 * a 5,000-member listing's CPU, issue 21). Past that it streams, the chunks read so far first:
 * what is held at once stays bounded whatever the collection's size.
 */
import { MULTISTATUS_MEDIA_TYPE } from '@atomsync/dav';
import type { Logger } from 'pino';
import { davAnswer, type DavAnswer } from './answer.js';

/** The most characters of an answer sent whole (4 MB at most, as UTF-8 of ASCII-heavy XML: a listing's ~250 bytes a member). */
export const WHOLE_CHARS = 2 * 1024 * 1024;

export async function multistatusResponse(chunks: AsyncIterator<string>, log: Logger, headers: Record<string, string> = {}): Promise<DavAnswer> {
  const whole = (text: string) =>
    davAnswer(text, { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE, ...headers } });
  const read: string[] = [];
  let chars = 0;
  while (chars <= WHOLE_CHARS) {
    const next = await chunks.next();
    if (next.done) return whole(read.join(''));
    read.push(next.value);
    chars += next.value.length;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of read.splice(0)) controller.enqueue(encoder.encode(chunk));
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

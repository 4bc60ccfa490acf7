/**
 * A feed answered in pages: a handler returns `streamedFeed(head, first, rest)` where it would
 * return a feed too long to build at once; the answer is written as the head, then each page's
 * entries as the store yields them, then `</feed>`, with memory bounded by a page. The bytes are
 * exactly those the feed's codec writes for the whole feed (test/feed-stream.test.ts).
 *
 * Such an answer carries no ETag: its tag would need all of it before the first byte.
 */
import type { Feed, FeedHead } from '@atomsync/atom';
import { setImmediate as afterIo } from 'node:timers/promises';
import type { Logger } from 'pino';

const PAGES = Symbol('atomsync.feedPages');

interface StreamedFeed<E> extends Feed<E> {
  readonly [PAGES]: AsyncIterable<E[]>;
}

/**
 * A feed of `first` and then the pages `rest` yields, typed as the feed a handler returns
 * (its `entries` are `first` only: the rest is read while the answer is written).
 */
export function streamedFeed<E>(head: FeedHead, first: E[], rest: AsyncIterable<E[]>): Feed<E> {
  const feed: StreamedFeed<E> = { ...head, entries: first, [PAGES]: rest };
  return feed;
}

/** The pages after `entries` of a streamed feed; undefined for an ordinary one. */
export function pagesOf(feed: Feed<unknown>): AsyncIterable<unknown[]> | undefined {
  return (feed as Partial<StreamedFeed<unknown>>)[PAGES];
}

const CLOSE = '</feed>';

/** How many of the first entries are written at a time (the pages after come as the store reads them). */
const FIRST_PIECE = 250;

interface FeedCodec {
  encodeFeed(feed: Feed<unknown>): string;
}

/**
 * The bytes of `feed` (head and first entries) and of every page after, as one stream. A page
 * the store fails to give ends the stream with an error (the connection is cut: the answer,
 * already begun with 200, can no longer say so), logged.
 */
export function feedStream(codec: FeedCodec, feed: Feed<unknown>, rest: AsyncIterable<unknown[]>, log: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  // What the codec writes around entries: the XML declaration and the open tag, then `</feed>`.
  const open = codec.encodeFeed({ entries: [] }).slice(0, -CLOSE.length);
  const entriesOf = (page: unknown[]) => codec.encodeFeed({ entries: page }).slice(open.length, -CLOSE.length);
  const start = codec.encodeFeed({ ...feed, entries: [] }).slice(0, -CLOSE.length);
  // The first entries (a whole page read to know the answer is long) are written in pieces like
  // the pages after, not in one synchronous step with the head.
  const first: unknown[][] = [];
  for (let i = 0; i < feed.entries.length; i += FIRST_PIECE) first.push(feed.entries.slice(i, i + FIRST_PIECE));
  const pages = rest[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(start));
    },
    async pull(controller) {
      try {
        // Each pull enqueues something (a pull that enqueues nothing is not called again).
        for (;;) {
          // A reader as fast as the server (loopback) takes every page as soon as it is written,
          // so nothing but promises would run from the first page to the last: 200,000 entries
          // held every other request up for seconds. Each page waits for the I/O ready meanwhile.
          await afterIo();
          const piece = first.shift();
          if (piece !== undefined) {
            controller.enqueue(encoder.encode(entriesOf(piece)));
            return;
          }
          const next = await pages.next();
          if (next.done) {
            controller.enqueue(encoder.encode(CLOSE));
            controller.close();
            return;
          }
          if (next.value.length === 0) continue;
          controller.enqueue(encoder.encode(entriesOf(next.value)));
          return;
        }
      } catch (error) {
        log.error({ err: error }, 'a feed answered in pages failed part way: the connection is cut');
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return?.();
    },
  });
}

/** A feed answered in pages (http/feed-stream.ts): the codec's bytes for the whole feed, and a failing page cuts the stream. */
import { entryCodecs, type ContentEntry, type Feed } from '@atomsync/atom';
import { describe, expect, it } from 'vitest';
import { feedStream, pagesOf, streamedFeed } from '../src/http/feed-stream.js';
import { createLogger } from '../src/log.js';

const codec = entryCodecs.ContentEntry as unknown as { encodeFeed(feed: Feed<unknown>): string };
const entry = (n: number): ContentEntry => ({ id: `urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, title: `<item ${n} & co>`, updated: new Date(n * 1000), content: { type: 'text/plain', value: `body ${n}` } });
const head = { id: 'http://x/v2/services/datastore/c/contents/', title: 'Contents', updated: new Date(5000), links: [{ rel: 'self', href: 'http://x/' }] };

async function* pages(...lists: ContentEntry[][]): AsyncGenerator<ContentEntry[]> {
  for (const list of lists) yield list;
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('feedStream', () => {
  it('writes exactly what the codec writes for the whole feed, empty pages and all', async () => {
    const first = [entry(1), entry(2)];
    const feed = streamedFeed(head, first, pages([entry(3)], [], [entry(4), entry(5)]));
    expect(feed.entries).toEqual(first);
    const streamed = await text(feedStream(codec, feed, pagesOf(feed)!, createLogger('silent')));
    expect(streamed).toBe(codec.encodeFeed({ ...head, entries: [1, 2, 3, 4, 5].map(entry) }));
    expect(pagesOf({ entries: [] })).toBeUndefined();
  });

  it('cuts the stream when a page fails, after what was written', async () => {
    async function* failing(): AsyncGenerator<ContentEntry[]> {
      yield [entry(2)];
      throw new Error('the store went away');
    }
    const feed = streamedFeed(head, [entry(1)], failing());
    await expect(text(feedStream(codec, feed, pagesOf(feed)!, createLogger('silent')))).rejects.toThrow('the store went away');
  });
});

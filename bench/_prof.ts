import { encodeContentFeed, decodeContentFeed } from '@atomsync/atom';
import { contentFeed } from './codec.bench.js';
const big = encodeContentFeed(contentFeed(10_000));
for (let i = 0; i < 15; i++) decodeContentFeed(big);

/**
 * Every document an encoder produces in the tests is valid against spec/xsd: this setup file
 * (vitest `setupFiles`, so it runs in every test file) records each document the generated
 * encoders write through the codec registry that the SDK, the server and the mocks all use, and
 * after the file's tests validates them all in one batched validator run.
 */
import { afterAll } from 'vitest';
import { entryCodecs } from '@atomsync/atom';
import { validateDocuments } from './xsd.js';

const emitted = new Set<string>();

for (const codec of Object.values(entryCodecs) as { encodeEntry(v: unknown): string; encodeFeed(v: unknown): string }[]) {
  const { encodeEntry, encodeFeed } = codec;
  codec.encodeEntry = (v) => {
    const xml = encodeEntry(v);
    emitted.add(xml);
    return xml;
  };
  codec.encodeFeed = (v) => {
    const xml = encodeFeed(v);
    emitted.add(xml);
    return xml;
  };
}

afterAll(async () => {
  if (emitted.size === 0) return;
  const documents = [...emitted];
  const failures = await validateDocuments(documents);
  if (failures.length > 0) {
    const report = failures.slice(0, 5).map((f) => `${f.messages.join(' | ')}\n  in: ${documents[f.index]!.slice(0, 400)}`);
    throw new Error(`${failures.length} of ${documents.length} encoded documents are not valid against spec/xsd:\n${report.join('\n')}`);
  }
}, 180_000);

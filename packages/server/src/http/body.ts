/**
 * The request body of an operation: media type checked (415), size bounded while it streams
 * (413, and a declared Content-Length past the limit is refused before a byte is read), bytes
 * read as UTF-8 and decoded by the operation's generated codec with our namespaces strict
 * (400 `invalid_xml` / `validation_failed`), batch feeds capped (413).
 */
import { AtomDecodeError, entryCodecs, type BodySpec, type OperationSpec, STRICT_DECODE } from '@atomsync/atom';
import type { Readable } from 'node:stream';
import type { H3Event } from 'h3';
import type { Turn } from './writer-queue.js';
import { ServiceError } from '../errors.js';
import type { RouteSpec } from '../generated/routes.js';
import { MAX_BATCH_ENTRIES, MAX_BODY_BYTES } from './limits.js';


function tooLarge(): ServiceError {
  return new ServiceError(413, 'payload_too_large', `the request body is larger than ${MAX_BODY_BYTES} bytes`);
}

/** `application/atom+xml; type=entry; charset=utf-8` → `application/atom+xml`. */
export function mediaTypeOf(event: H3Event): string | undefined {
  const header = event.req.headers.get('content-type');
  if (header === null) return undefined;
  return header.split(';', 1)[0]!.trim().toLowerCase();
}

function checkMediaType(event: H3Event, route: RouteSpec): void {
  const type = mediaTypeOf(event);
  if (type === undefined || !route.mediaTypes.includes(type)) {
    throw new ServiceError(415, 'unsupported_media_type', `the body must be ${route.mediaTypes.join(' or ')}, not ${type ?? 'untyped'}`);
  }
}

/** Under node:http a client that sent `Expect: 100-continue` sends its body once told to (listen.ts defers it to here). */
function continueIfExpected(event: H3Event): void {
  const node = event.runtime?.node;
  if (node?.res && !node.res.headersSent && node.req.headers.expect?.toLowerCase() === '100-continue') node.res.writeContinue();
}

/**
 * Reads the whole body, never holding more than the limit: a declared length past it is refused
 * before a byte is read (or, with `Expect: 100-continue`, sent), then every chunk is counted as it
 * arrives. On overflow the rest is left unread: cancelling the stream would reset a node socket
 * before the 413 reached the client; listen.ts discards what follows once the answer is sent.
 */
export async function readBytes(event: H3Event, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = event.req.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  const node = event.runtime?.node?.req;
  if (node !== undefined && !('rawBody' in node) && !node.readableEnded && !node.destroyed && !event.req.bodyUsed) {
    continueIfExpected(event);
    return readNodeBody(node, limit);
  }
  const body = event.req.body;
  if (body === null) return new Uint8Array(0);
  continueIfExpected(event);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw new ServiceError(400, 'bad_request', 'the request body could not be read to its end');
    }
    if (result.done) break;
    size += result.value.byteLength;
    if (size > limit) {
      if (event.runtime?.node) reader.releaseLock();
      else void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(result.value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/**
 * readBytes under node:http: from the request itself. srvx's web stream over it (Readable.toWeb, a
 * reader's promise per chunk) cost about a tenth of a DAV PUT's or PROPFIND's CPU. On overflow the
 * rest is left unread, as above (listen.ts discards it once the answer is sent).
 */
function readNodeBody(req: Readable, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onError);
    };
    function onData(chunk: Buffer): void {
      size += chunk.length;
      if (size > limit) {
        stop();
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    }
    function onEnd(): void {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    }
    // An error, or the connection closed before the end (a client gone mid-body).
    function onError(): void {
      stop();
      reject(new ServiceError(400, 'bad_request', 'the request body could not be read to its end'));
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onError);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ServiceError(400, 'invalid_xml', 'the body is not UTF-8 text');
  }
}

function decode(spec: BodySpec, xml: string): unknown {
  if (spec.kind === 'entry') return entryCodecs[spec.shape].decodeEntry(xml, STRICT_DECODE);
  if (spec.kind === 'feed') {
    const feed = entryCodecs[spec.shape].decodeFeed(xml, STRICT_DECODE);
    if (feed.entries.length > MAX_BATCH_ENTRIES) {
      throw new ServiceError(413, 'payload_too_large', `a feed may hold at most ${MAX_BATCH_ENTRIES} entries, this one has ${feed.entries.length}`);
    }
    return feed;
  }
  return undefined;
}

/**
 * The operation's decoded body; undefined for an operation that takes none (its body is not read).
 * `turn`: a writer's place in the store's line: the body is read at once, and decoded once the
 * writer is near its turn (writer-queue.ts `approach`), so few decoded bodies wait at once.
 */
export async function readOperationBody(event: H3Event, route: RouteSpec, operation: OperationSpec, turn?: Turn): Promise<unknown> {
  const spec = operation.request;
  if (spec === undefined || spec.kind === 'empty') return undefined;
  checkMediaType(event, route);
  const bytes = await readBytes(event);
  await turn?.approach();
  if (spec.kind === 'raw') return spec.mediaType.startsWith('text/') ? text(bytes) : bytes;
  const xml = text(bytes);
  try {
    return decode(spec, xml);
  } catch (err) {
    if (!(err instanceof AtomDecodeError)) throw err;
    const details = err.violations.map((v) => ({ path: v.path, message: v.message }));
    throw new ServiceError(400, err.code, err.message, details);
  }
}

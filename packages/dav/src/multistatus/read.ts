/**
 * The client half: a server's 207 read into typed responses, streamed. Each DAV:response is handed
 * over as it closes and dropped from the tree, so a listing of 100,000 members holds one response
 * at a time; every bound of the request readers holds too (no DOCTYPE, depth), with the elements
 * held at once capped per response (MAX_ELEMENTS_PER_RESPONSE) and a property's text at
 * MAX_RESPONSE_TEXT_CHARS (a vCard with its photo fits). What is not a multistatus is a
 * DavResponseError, never a partial listing read as complete.
 */
import { DavResponseError } from '../errors.js';
import { MAX_CHILDREN_PER_ELEMENT, MAX_ELEMENT_DEPTH, MAX_ELEMENTS_PER_RESPONSE, MAX_RESPONSE_TEXT_CHARS } from '../limits.js';
import { DAV_NS, type QName } from '../namespaces.js';
import { parseStatusLine } from '../status.js';
import { bodyText, childNamed, childrenNamed, TreeParser, type XmlNode } from '../xml/tree.js';

/** A property as a server wrote it: its name, text, and element (for structured values). */
export interface ReadProp {
  readonly name: QName;
  readonly text: string;
  readonly node: XmlNode;
}

export interface ReadPropStat {
  readonly status: number;
  readonly props: readonly ReadProp[];
}

export interface ReadResponse {
  /** The first href (the only one, but for a status response naming several). */
  readonly href: string;
  readonly hrefs: readonly string[];
  /** The response's own status (a deleted member: 404; a truncated collection: 507); undefined with propstats. */
  readonly status: number | undefined;
  readonly propstats: readonly ReadPropStat[];
  /** The preconditions a DAV:error in the response names. */
  readonly errors: readonly QName[];
}

export interface ReadMultistatusEnd {
  readonly syncToken: string | undefined;
}

const fail = (message: string, cause?: unknown) => new DavResponseError(`not a multistatus we read: ${message}`, { cause });

function statusOf(node: XmlNode | undefined, where: string): number {
  const status = node && parseStatusLine(node.text);
  if (status === undefined) throw fail(`${where} without a status line`);
  return status;
}

function responseOf(node: XmlNode): ReadResponse {
  const hrefs = childrenNamed(node, DAV_NS, 'href').map((h) => h.text.trim());
  if (hrefs.length === 0) throw fail('a response without an href');
  const propstats = childrenNamed(node, DAV_NS, 'propstat').map((ps) => ({
    status: statusOf(childNamed(ps, DAV_NS, 'status'), 'a propstat'),
    props: (childNamed(ps, DAV_NS, 'prop')?.children ?? []).map((p) => ({ name: { ns: p.ns, name: p.name }, text: p.text, node: p })),
  }));
  const statusNode = childNamed(node, DAV_NS, 'status');
  if (propstats.length === 0 && statusNode === undefined) throw fail(`the response for ${hrefs[0]} has neither status nor propstat`);
  const error = childNamed(node, DAV_NS, 'error');
  return {
    href: hrefs[0]!,
    hrefs,
    status: statusNode === undefined ? undefined : statusOf(statusNode, 'a response'),
    propstats,
    errors: (error?.children ?? []).map((e) => ({ ns: e.ns, name: e.name })),
  };
}

/** A streamed read: feed chunks as they arrive; each response reaches `onResponse` as it closes. */
export class MultistatusReader {
  private readonly tree: TreeParser;
  private readonly decoder = new TextDecoder('utf-8');
  private syncToken: string | undefined;
  private sawRoot = false;

  constructor(onResponse: (response: ReadResponse) => void) {
    this.tree = new TreeParser({
      maxDepth: MAX_ELEMENT_DEPTH,
      maxElements: MAX_ELEMENTS_PER_RESPONSE,
      maxChildren: MAX_CHILDREN_PER_ELEMENT,
      maxText: MAX_RESPONSE_TEXT_CHARS,
      fail,
      rootText: false,
      // The document element is checked as it opens: nothing inside another document is handed over.
      opened: (node, depth) => {
        if (depth !== 1) return;
        if (node.ns !== DAV_NS || node.name !== 'multistatus') throw fail(`the document element is {${node.ns}}${node.name}`);
        this.sawRoot = true;
      },
      release: (node, depth) => {
        if (depth !== 2 || node.ns !== DAV_NS) return false;
        if (node.name === 'response') {
          onResponse(responseOf(node));
          return true;
        }
        if (node.name === 'sync-token') this.syncToken = node.text.trim();
        return true;
      },
    });
  }

  write(chunk: string | Uint8Array): this {
    this.tree.write(typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
    return this;
  }

  close(): ReadMultistatusEnd {
    this.tree.write(this.decoder.decode());
    this.tree.close();
    if (!this.sawRoot) throw fail('no DAV:multistatus');
    return { syncToken: this.syncToken };
  }
}

/** A whole (bounded) body: every response, and the sync token when there is one. */
export function readMultistatus(body: string | Uint8Array): { responses: ReadResponse[]; syncToken: string | undefined } {
  const responses: ReadResponse[] = [];
  const reader = new MultistatusReader((r) => responses.push(r));
  reader.write(bodyText(body, fail));
  return { responses, ...reader.close() };
}

/**
 * Responses as they arrive from a body stream (fetch's `response.body`); the generator's return
 * value carries the sync token, read after the last response.
 */
export async function* streamMultistatus(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<ReadResponse, ReadMultistatusEnd, undefined> {
  const ready: ReadResponse[] = [];
  const reader = new MultistatusReader((r) => ready.push(r));
  for await (const chunk of chunks) {
    reader.write(chunk);
    while (ready.length > 0) yield ready.shift()!;
  }
  const end = reader.close();
  while (ready.length > 0) yield ready.shift()!;
  return end;
}

/** The 200 value of a property in a response, if the server found it. */
export function foundProp(response: ReadResponse, ns: string, name: string): ReadProp | undefined {
  for (const ps of response.propstats) {
    if (ps.status !== 200) continue;
    const p = ps.props.find((x) => x.name.ns === ns && x.name.name === name);
    if (p) return p;
  }
  return undefined;
}

/** The preconditions a `DAV:error` body names (a 403/409 a server answered), empty if it is not one. */
export function readErrorBody(body: string | Uint8Array): QName[] {
  try {
    const text = bodyText(body, fail);
    const tree = new TreeParser({ maxDepth: MAX_ELEMENT_DEPTH, maxElements: MAX_ELEMENTS_PER_RESPONSE, maxChildren: MAX_CHILDREN_PER_ELEMENT, maxText: 64 * 1024, fail });
    const root = tree.write(text).close();
    if (root.ns !== DAV_NS || root.name !== 'error') return [];
    return root.children.map((c) => ({ ns: c.ns, name: c.name }));
  } catch {
    return [];
  }
}

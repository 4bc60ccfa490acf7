/**
 * Sample data: the golden examples of spec/examples (generated into samples.ts), decoded with the
 * same codecs the SDK and the server use, and `sampleHandlers()`, which answer them in place of a
 * server: fixed ids, no state, no checks. That suits tests of a client's wire format (the SDK's
 * own); a consumer's tests want the real server (createMockServer). Every call decodes afresh, so
 * a test may change what it gets without touching another test's data.
 */
import {
  entryCodecs,
  operations,
  type EntryShapeName,
  type EntryShapes,
  type Feed,
  type OperationId,
  type OperationTypes,
} from '@atomsync/atom';
import type { HttpHandler } from 'msw';
import { errorResponse } from './errors.js';
import { mockRoutes } from './generated/routes.js';
import { operationSamples, samples } from './generated/samples.js';
import { encodeResult, operationHandlers, type HandlersOptions } from './handler.js';

/** The sample entry of a shape, e.g. `sampleEntry('SyncmlClientEntry')`. */
export function sampleEntry<S extends EntryShapeName>(shape: S): EntryShapes[S] {
  const codec = entryCodecs[shape];
  const { entry, feed } = samples[shape];
  if (entry !== undefined) return codec.decodeEntry(entry);
  const first = codec.decodeFeed(feed).entries[0];
  if (first === undefined) throw new Error(`@atomsync/msw: no sample entry of ${shape}`);
  return first;
}

/** The sample feed of a shape, e.g. `sampleFeed('ContentEntry')`. */
export function sampleFeed<S extends EntryShapeName>(shape: S): Feed<EntryShapes[S]> {
  return entryCodecs[shape].decodeFeed(samples[shape].feed);
}

/**
 * A SyncML DS 1.2 server package answering a phone's first message: the SyncHdr status (212,
 * authentication accepted) and Final, which is what a phone expects before it starts syncing.
 */
const SYNCML_REPLY = `<?xml version="1.0" encoding="UTF-8"?>
<SyncML xmlns="SYNCML:SYNCML1.2">
  <SyncHdr>
    <VerDTD>1.2</VerDTD>
    <VerProto>SyncML/1.2</VerProto>
    <SessionID>1</SessionID>
    <MsgID>1</MsgID>
    <Target><LocURI>IMEI:356938035643809</LocURI></Target>
    <Source><LocURI>http://127.0.0.1:8080/syncml</LocURI></Source>
  </SyncHdr>
  <SyncBody>
    <Status>
      <CmdID>1</CmdID>
      <MsgRef>1</MsgRef>
      <CmdRef>0</CmdRef>
      <Cmd>SyncHdr</Cmd>
      <TargetRef>http://127.0.0.1:8080/syncml</TargetRef>
      <SourceRef>IMEI:356938035643809</SourceRef>
      <Data>212</Data>
    </Status>
    <Final/>
  </SyncBody>
</SyncML>
`;

const RAW_SAMPLES: Readonly<Record<string, string>> = {
  'application/vnd.syncml+xml': SYNCML_REPLY,
  'text/plain': 'ok\n',
};

/**
 * What the mock of an operation answers by default, decoded: e.g. `mockResult('listSyncmlClients')`
 * is the feed `client.syncml.list()` resolves to against the default handlers.
 */
export function mockResult<Id extends OperationId>(operationId: Id): OperationTypes[Id]['result'] {
  const spec = operations[operationId];
  const res = spec.response;
  if (spec.status >= 400 || res.kind === 'empty') return undefined as OperationTypes[Id]['result'];
  if (res.kind === 'raw') {
    const text = RAW_SAMPLES[res.mediaType] ?? '';
    return (res.mediaType.startsWith('text/') ? text : new TextEncoder().encode(text)) as OperationTypes[Id]['result'];
  }
  const own = operationSamples[operationId];
  const codec = entryCodecs[res.shape];
  if (res.kind === 'entry') return (own === undefined ? sampleEntry(res.shape) : codec.decodeEntry(own)) as OperationTypes[Id]['result'];
  return (own === undefined ? sampleFeed(res.shape) : codec.decodeFeed(own)) as OperationTypes[Id]['result'];
}

/**
 * A handler for every operation answering its sample (`mockResult`), or, for an operation that
 * always refuses (400, 405, 501), the service's error; `overrides` as for the server's handlers.
 */
export function sampleHandlers(options: HandlersOptions = {}): HttpHandler[] {
  return operationHandlers(async (request, id) => {
    const spec = operations[id];
    if (spec.status >= 400) return errorResponse({ status: spec.status, ...(mockRoutes[id].refusal ?? { code: 'internal', message: id }) });
    return encodeResult(spec, mockResult(id), request);
  }, options);
}

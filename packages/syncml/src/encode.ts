/**
 * `encodeMessage`: the typed message → the body to send, XML or WBXML, in DTD element order
 * (write-message.ts). The message's VerDTD decides the namespace / public id and the DevInf form.
 * The DevInf media type is spelled for the wire: `+wbxml` in WBXML, `+xml` in XML.
 */
import type { SyncmlEncoding, SyncmlMessage } from './message.js';
import { WbxmlSink, syncmlHeader } from './wbxml/sink.js';
import { writeMessage } from './write-message.js';
import { XmlSink } from './xml/write.js';

const utf8 = new TextEncoder();

export function encodeMessage(message: SyncmlMessage, encoding: SyncmlEncoding): Uint8Array {
  const version = message.header.verDTD;
  if (encoding === 'xml') {
    const sink = new XmlSink(version);
    writeMessage(sink, message);
    return utf8.encode(sink.toString());
  }
  if (encoding === 'wbxml') {
    const sink = new WbxmlSink(syncmlHeader(version));
    writeMessage(sink, message);
    return sink.writer.finish();
  }
  throw new RangeError(`unknown encoding ${JSON.stringify(encoding)}`);
}

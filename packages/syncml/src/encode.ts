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

/**
 * The start of `message` written as XML: the whole text (`cut` false), or, when it is longer, a
 * prefix of it of at least `minChars` characters (UTF-16 units) and `cut` true. A reader that keeps
 * only the start of a message (the chat log) asks for that much and no more is written.
 */
export function encodeXmlStart(message: SyncmlMessage, minChars: number): { readonly xml: string; readonly cut: boolean } {
  const sink = new XmlSink(message.header.verDTD, minChars);
  writeMessage(sink, message);
  return { xml: sink.toString(), cut: sink.cut };
}

/**
 * The WBXML sink, written the way SyncEvolution and the phones write SyncML (checked byte for byte
 * against captured traffic in the tests): WBXML version 1.2, charset UTF-8, no string table except
 * for a 1.1 public identifier, text as STR_I, item data as OPAQUE, code pages switched lazily (just
 * before the next tag that needs another page), and DevInf as a WBXML document of its own inside
 * OPAQUE (its public id 0x1203 for 1.2, the string `-//SYNCML//DTD DevInf 1.1//EN` for 1.1).
 */
import type { DevInf } from '../devinf.js';
import type { SyncmlVersion } from '../message.js';
import type { Sink } from '../sink.js';
import { DEVINF_WBXML_TYPE, PUBLIC_ID_LITERALS, PUBLIC_IDS, type Tag } from '../tags.js';
import { writeDevInf } from '../write-devinf.js';
import { CHARSET_UTF8, type WbxmlHeader, WbxmlWriter } from '@atomsync/wbxml';

/** WBXML 1.2: the version byte SyncML phones and SyncEvolution send. */
const WBXML_VERSION_12 = 0x02;

export function syncmlHeader(version: SyncmlVersion): WbxmlHeader {
  return {
    version: WBXML_VERSION_12,
    publicId: version === '1.2' ? PUBLIC_IDS.syncml12 : { literal: PUBLIC_ID_LITERALS.syncml11 },
    charset: CHARSET_UTF8,
  };
}

function devinfHeader(form: SyncmlVersion): WbxmlHeader {
  return {
    version: WBXML_VERSION_12,
    publicId: form === '1.2' ? PUBLIC_IDS.devinf12 : { literal: PUBLIC_ID_LITERALS.devinf11 },
    charset: CHARSET_UTF8,
  };
}

export class WbxmlSink implements Sink {
  readonly devinfType = DEVINF_WBXML_TYPE;
  readonly writer: WbxmlWriter;

  constructor(header: WbxmlHeader) {
    this.writer = new WbxmlWriter(header);
  }

  start(tag: Tag): void {
    this.writer.start(tag.token, tag.page);
  }

  end(): void {
    this.writer.end();
  }

  leaf(tag: Tag, text: string): void {
    if (text === '') this.writer.empty(tag.token, tag.page);
    else {
      this.writer.start(tag.token, tag.page);
      this.writer.text(text);
      this.writer.end();
    }
  }

  flag(tag: Tag): void {
    this.writer.empty(tag.token, tag.page);
  }

  data(text: string): void {
    this.writer.opaqueText(text);
  }

  devinf(devinf: DevInf, form: SyncmlVersion): void {
    const inner = new WbxmlSink(devinfHeader(form));
    writeDevInf(inner, devinf, form);
    this.writer.opaque(inner.writer.finish());
  }
}

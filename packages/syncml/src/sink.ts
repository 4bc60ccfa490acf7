/**
 * What the message and DevInf writers (write-message.ts, write-devinf.ts) write to: one walk of the
 * model in DTD order, two wire forms behind it (xml/write.ts, wbxml/sink.ts).
 */
import type { DevInf } from './devinf.js';
import type { SyncmlVersion } from './message.js';
import type { Tag } from './tags.js';

export interface Sink {
  /** The DevInf media type as this wire spells it (`application/vnd.syncml-devinf+xml` / `+wbxml`). */
  readonly devinfType: string;
  /** A start tag; its content follows, then `end()`. */
  start(tag: Tag): void;
  end(): void;
  /** An element holding text (an empty element for ''). */
  leaf(tag: Tag, text: string): void;
  /** An element without content: a flag (`<Final/>`, `<NoResp/>`). */
  flag(tag: Tag): void;
  /** Item data: escaped text in XML, OPAQUE bytes in WBXML. */
  data(text: string): void;
  /** A DevInf document in its form (1.1 or 1.2): inline in XML, a WBXML document inside OPAQUE. */
  devinf(devinf: DevInf, form: SyncmlVersion): void;
}

/**
 * An item's body as CardDAV and CalDAV serve it: what a DAV client PUT goes back byte for byte,
 * but a vCard 2.1 a phone wrote goes as vCard 3.0 (CardDAV clients read 3.0 and 4.0, RFC 6352
 * §5.1). Here rather than in the server's DAV glue because the store hashes these bytes into the
 * ETag it keeps beside the body on every write (a listing then hashes nothing).
 */
import type { ItemContent } from '../item.js';
import { renderForPhone } from './render.js';

const VCARD_3 = { type: 'text/vcard', version: '3.0', localTime: null, maxFieldLength: {} } as const;

export function davBody(item: ItemContent): string {
  if (item.dataclass !== 'Contacts') return item.body;
  // 2.1 only: 3.0 and 4.0 go as they are (a client asking 4.0 of a 3.0 card is for later).
  if (!/^VERSION:2\.1\s*$/im.test(item.body.slice(0, 4096))) return item.body;
  return renderForPhone(item, VCARD_3).data;
}

/**
 * The body on the wire (body.ts writes and reads it): `AirSyncBase:Body` from 12.0, the class's
 * own `Page:Body` with `Page:BodyTruncated` (and `Page:BodySize`) in 2.5. A body we cannot read (cut,
 * RTF, MIME) is unusable: it never replaces the item's text.
 */
import { type PhoneBody, airSyncBase, legacyBody, readAirSyncBase, readLegacyBody } from '../../body.js';
import type { Element, Wire } from '../walk.js';
import { saidText } from './text.js';

const AIRSYNCBASE_BODY = 'AirSyncBase:Body';

/** `sizeless`: the 2.5 page has no BodySize (MS-ASCAL). */
export function body(sizeless = false): Wire<unknown, Element, string> {
  return {
    encode: (element, value, options) => {
      if (element.name === AIRSYNCBASE_BODY) return [airSyncBase(value, options.bodyPreference)];
      const page = element.name.slice(0, element.name.indexOf(':'));
      const out = legacyBody(page, value, options.bodyTruncation);
      return sizeless ? out.filter((p) => p.name !== `${page}:BodySize`) : out;
    },
    decode: (element, property, reading) => {
      const phone: PhoneBody =
        element.name === AIRSYNCBASE_BODY ? readAirSyncBase(property) : readLegacyBody(property, reading.sent.get(`${element.name}Truncated`));
      return phone.kind === 'unusable' ? 'unusable' : saidText(phone.text);
    },
  };
}

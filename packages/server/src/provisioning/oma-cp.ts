/**
 * The OMA Client Provisioning document that sets a phone up for SyncML DS with this server
 * (OMA-WAP-TS-ProvCont-V1_1, with the DS application characteristic of the w5 registration,
 * OMA-TS-DS_DataSyncRep / "w5"). In XML it is:
 *
 *   <wap-provisioningdoc version="1.0">
 *     <characteristic type="APPLICATION">
 *       <parm name="APPID" value="w5"/>
 *       <parm name="PROVIDER-ID" value="atomsync"/>      (SERVER_ID, also the SAN's server identifier)
 *       <parm name="NAME" value="atomsync"/>              (the setup name the phone shows)
 *       <parm name="TO-NAPID" value="INTERNET"/>          (any internet connection the phone has)
 *       <parm name="ADDR" value="{base_url}/syncml"/>
 *       <characteristic type="APPAUTH">
 *         <parm name="AAUTHLEVEL" value="APPSRV"/>        (credentials the phone presents to the server)
 *         <parm name="AAUTHNAME" value="{username}"/>     (no AAUTHSECRET: we never hold the password)
 *       </characteristic>
 *       <characteristic type="RESOURCE">                  (one per server datastore)
 *         <parm name="URI" value="contacts"/> <parm name="NAME" value="Contacts"/>
 *         <parm name="AACCEPT" value="text/x-vcard"/>
 *       </characteristic> …
 *     </characteristic>
 *   </wap-provisioningdoc>
 *
 * encoded as WBXML 1.3, public id 0x0B (-//WAPFORUM//DTD PROV 1.0//EN), UTF-8, no string table,
 * with the OMA code pages: tags from page 0 (wap-provisioningdoc 0x05, characteristic 0x06,
 * parm 0x07), `version="1.0"` (0x46) from attribute page 0, everything inside APPLICATION from
 * attribute page 1 (type="APPLICATION" 0x55, "APPAUTH" 0x57, "RESOURCE" 0x59; name="APPID" 0x36,
 * "PROVIDER-ID" 0x38, "NAME" 0x07, "TO-NAPID" 0x22, "ADDR" 0x34, "AAUTHLEVEL" 0x30,
 * "AAUTHNAME" 0x31, "URI" 0x3A, "AACCEPT" 0x2E; value 0x06; the value token APPSRV 0x8D), other
 * values as inline strings.
 *
 * Delivery (WAP push, WAP-230-WSP §8.4.2.24/Table 38 and OMA-WAP-TS-ProvBoot): the document is the
 * push body; its content type carries SEC=USERPIN and MAC = the uppercase hex HMAC-SHA1 of the
 * WBXML bytes keyed with the pincode the user types to install it. As text that is
 * `application/vnd.wap.connectivity-wbxml; SEC=USERPIN; MAC=<40 hex>` (what the outbox records);
 * in the push PDU's binary WSP header (wspContentType) it is the 47 bytes
 *   1F 2D         Length-quote, value-length 45 (uintvar; past 30, WSP needs the quote)
 *   B6            well-known media 0x36, application/vnd.wap.connectivity-wbxml
 *   91 81         SEC (0x11) = USERPIN (0x81)
 *   92 <40> 00    MAC (0x12) = the hex MAC as a null-terminated text string
 */
import { createHmac } from 'node:crypto';
import { encodeWbxml, type WbxmlAttribute, type WbxmlElement } from './wbxml.js';

export const CP_MEDIA_TYPE = 'application/vnd.wap.connectivity-wbxml';
/** What the phone shows and what the SAN names the server as: one name for one server. */
export const SERVER_ID = 'atomsync';

/** Tokens of OMA-WAP-TS-ProvCont-V1_1 §9 (the ones we write). */
const T = {
  wapProvisioningDoc: 0x05,
  characteristic: 0x06,
  parm: 0x07,
} as const;
const A0 = { version10: 0x46 } as const;
const A1 = {
  name: 0x05,
  value: 0x06,
  nameNAME: 0x07,
  nameTO_NAPID: 0x22,
  nameAACCEPT: 0x2e,
  nameAAUTHLEVEL: 0x30,
  nameAAUTHNAME: 0x31,
  nameADDR: 0x34,
  nameAPPID: 0x36,
  namePROVIDER_ID: 0x38,
  nameURI: 0x3a,
  typeAPPLICATION: 0x55,
  typeAPPAUTH: 0x57,
  typeRESOURCE: 0x59,
  valueAPPSRV: 0x8d,
} as const;

/** A server datastore offered to the phone. */
export interface CpResource {
  /** The server datastore URI (`contacts`, `calendar`, …). */
  readonly uri: string;
  /** What the phone shows. */
  readonly name: string;
  /** Media types the datastore accepts, comma-separated in AACCEPT. */
  readonly accept: readonly string[];
}

export interface SyncmlSetup {
  /** The setup's name (APPLICATION NAME). */
  readonly name: string;
  /** `{base_url}/syncml`. */
  readonly serverUrl: string;
  /** The account username the phone authenticates with. */
  readonly username: string;
  readonly resources: readonly CpResource[];
}

const attr1 = (start: number, value?: string | number): WbxmlAttribute => ({
  start,
  page: 1,
  value: value === undefined ? undefined : [typeof value === 'number' ? { token: value, page: 1 } : value],
});
const parm = (name: number, value: string | number): WbxmlElement => ({ tag: T.parm, attributes: [attr1(name), attr1(A1.value, value)] });
const characteristic = (type: number, content: WbxmlElement[]): WbxmlElement => ({ tag: T.characteristic, attributes: [attr1(type)], content });

/** The WBXML provisioning document (no security wrapper). */
export function encodeSyncmlSetup(setup: SyncmlSetup): Uint8Array {
  return encodeWbxml({
    publicId: 0x0b,
    charset: 106,
    root: {
      tag: T.wapProvisioningDoc,
      attributes: [{ start: A0.version10 }],
      content: [
        characteristic(A1.typeAPPLICATION, [
          parm(A1.nameAPPID, 'w5'),
          parm(A1.namePROVIDER_ID, SERVER_ID),
          parm(A1.nameNAME, setup.name),
          parm(A1.nameTO_NAPID, 'INTERNET'),
          parm(A1.nameADDR, setup.serverUrl),
          characteristic(A1.typeAPPAUTH, [parm(A1.nameAAUTHLEVEL, A1.valueAPPSRV), parm(A1.nameAAUTHNAME, setup.username)]),
          ...setup.resources.map((r) => characteristic(A1.typeRESOURCE, [parm(A1.nameURI, r.uri), parm(A1.nameNAME, r.name), parm(A1.nameAACCEPT, r.accept.join(','))])),
        ]),
      ],
    },
  });
}

/** MAC = uppercase hex HMAC-SHA1(key = the pincode, data = the WBXML document). */
export function userPinMac(document: Uint8Array, pincode: string): string {
  return createHmac('sha1', Buffer.from(pincode, 'utf8')).update(document).digest('hex').toUpperCase();
}

/** The content type as text, with its SEC and MAC parameters. */
export function cpContentType(mac: string): string {
  return `${CP_MEDIA_TYPE}; SEC=USERPIN; MAC=${mac}`;
}

/** The same content type in WSP binary form, for a push PDU header (see the module comment). */
export function wspContentType(mac: string): Uint8Array {
  const macBytes = Buffer.from(mac, 'ascii');
  const body = [0xb6, 0x91, 0x81, 0x92, ...macBytes, 0x00];
  // Value-length: a short length up to 30, else Length-quote + uintvar (one byte below 128).
  return Uint8Array.from(body.length <= 30 ? [body.length, ...body] : [0x1f, body.length, ...body]);
}

export interface SignedSetup {
  readonly payload: Uint8Array;
  readonly mac: string;
  /** `application/vnd.wap.connectivity-wbxml; SEC=USERPIN; MAC=…` */
  readonly mediaType: string;
}

export function signedSyncmlSetup(setup: SyncmlSetup, pincode: string): SignedSetup {
  const payload = encodeSyncmlSetup(setup);
  const mac = userPinMac(payload, pincode);
  return { payload, mac, mediaType: cpContentType(mac) };
}

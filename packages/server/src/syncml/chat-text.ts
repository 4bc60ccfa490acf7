/**
 * A SyncML message as the chat log keeps it (GET /v2/services/syncml/sessions/chatlog/): an XML
 * message as it crossed the wire, a WBXML one as its XML form, with every secret in it redacted,
 * and at most CHATLOG_MAX_BODY_BYTES of it.
 *
 * Secrets: the data of every `Cred`, wherever it sits (the SyncHdr's, and SyncML 1.2 allows one
 * in an Alert, a Sync, an Add, a Put, ...: auth-basic is the password itself), and the session key
 * wherever it appears (our RespURI, the phone's Target LocURI). An XML message is kept as written
 * only when every Cred in it has the plain form `<Cred>[<Meta>...</Meta>]<Data>...</Data></Cred>`
 * (any prefix, any attributes); one written otherwise (CDATA, comments, text beside the Data, a
 * Cred left open) is shown as its XML form instead, which carries the SyncHdr's Cred redacted and
 * no other (the model keeps no command's Cred), and is redacted the same way again.
 */
import { encodeMessage, encodeXmlStart, type SyncmlMessage } from '@atomsync/syncml';

/** What the chat log shows in place of a secret. */
export const REDACTED = '[redacted]';

/**
 * The most of one message the chat log keeps, in UTF-8 bytes: a longer one is cut there and says
 * so. The chat log is a debugging aid: the start of a message (its SyncHdr and first commands) is
 * what one reads, and 64 KiB holds a whole package 1 with DevInf, or dozens of items.
 */
export const CHATLOG_MAX_BODY_BYTES = 64 * 1024;

/** The chat log's text of `message`: `raw` is its bytes when it came as XML; `key` its session key. */
export function chatText(message: SyncmlMessage, raw: Uint8Array | undefined, key: string): string {
  const asSent = raw === undefined ? undefined : redactCredentials(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'));
  if (asSent !== undefined) return capped(withoutKey(asSent, key), CHATLOG_MAX_BODY_BYTES);
  return start(message, key) ?? capped(withoutKey(asXml(message), key), CHATLOG_MAX_BODY_BYTES);
}

const withoutKey = (text: string, key: string): string => text.split(key).join(REDACTED);

/**
 * The chat log's text of `message` from the start of its XML form only, or undefined when that
 * start cannot stand for the whole (the caller then writes the whole). A reply of hundreds of items
 * is several times the cap: writing it all, to keep 64 KiB, was most of what the chat log cost.
 *
 * A UTF-16 unit is at least one UTF-8 byte, so the first CHATLOG_MAX_BODY_BYTES characters of the
 * redacted text hold all the cap keeps. The key redacted in a prefix is redacted as in the whole,
 * but for its last key.length − 1 characters (the start of a key the prefix cuts), which are
 * dropped. A prefix that cuts a Cred open, or that redacting the key shortened below the cap, is
 * not used: KEY_SLACK more characters are written for the key's own occurrences (our RespURI, the
 * phone's Target), each one REDACTED shorter than it.
 */
function start(message: SyncmlMessage, key: string): string | undefined {
  const { xml, cut } = encodeXmlStart(redactedHeader(message), CHATLOG_MAX_BODY_BYTES + key.length + KEY_SLACK);
  // No lone surrogate to replace as the whole's UTF-8 round trip did: the writer's escaper
  // (escapeText 'replace') already wrote each one as U+FFFD.
  const redacted = redactCredentials(xml);
  if (redacted === undefined) return undefined;
  if (!cut) return capped(withoutKey(redacted, key), CHATLOG_MAX_BODY_BYTES);
  const text = withoutKey(redacted, key);
  const sure = text.slice(0, text.length - Math.max(key.length - 1, 0));
  return sure.length > CHATLOG_MAX_BODY_BYTES ? capped(sure, CHATLOG_MAX_BODY_BYTES, false) : undefined;
}

const KEY_SLACK = 1024;

/** `message` with the SyncHdr's Cred redacted (the model keeps no other). */
function redactedHeader(message: SyncmlMessage): SyncmlMessage {
  const cred = message.header.cred;
  return cred === undefined ? message : { ...message, header: { ...message.header, cred: { ...cred, data: REDACTED } } };
}

/** The message written as XML, the SyncHdr's Cred redacted (and any other the writer may write). */
function asXml(message: SyncmlMessage): string {
  const text = Buffer.from(encodeMessage(redactedHeader(message), 'xml')).toString('utf8');
  // Our writer writes every Cred plainly: this never falls through, but a secret is never shown.
  return redactCredentials(text) ?? '[this message is not shown: a credential in it could not be redacted]';
}

/** A Cred start or end tag, any prefix. `[^<>]*` stops at the next `<`: linear however hostile the text. */
const CRED_TAG = /<(\/?)((?:[^\s<>/:]+:)?)Cred(?=[\s/>])[^<>]*>/g;
/** A Data element holding text only, any prefix (`[^<]*`: linear too). */
const DATA = /(<((?:[^\s<>/:]+:)?)Data(?:\s[^<>]*)?>)[^<]*(<\/\2Data\s*>)/g;
const META_START = /<((?:[^\s<>/:]+:)?)Meta(?=[\s/>])/;

/**
 * `xml` with the Data of every Cred replaced by REDACTED; undefined when a Cred in it is not in
 * the plain form, so the caller shows the message another way rather than risk showing a secret.
 * One pass over the text, whatever it holds.
 */
export function redactCredentials(xml: string): string | undefined {
  // No Cred tag without the word: most messages of a session (every one after the first, every
  // reply of ours) have none, and a search for the word is far cheaper than trying CRED_TAG at
  // every tag of a message of hundreds of items.
  if (!xml.includes('Cred')) return xml;
  const parts: string[] = [];
  let at = 0;
  CRED_TAG.lastIndex = 0;
  for (let open = CRED_TAG.exec(xml); open !== null; open = CRED_TAG.exec(xml)) {
    if (open[1] === '/') return undefined;
    if (open[0].endsWith('/>')) continue;
    const close = CRED_TAG.exec(xml);
    if (close === null || close[1] !== '/' || close[2] !== open[2]) return undefined;
    const innerStart = open.index + open[0].length;
    const inner = redactedInner(xml.slice(innerStart, close.index));
    if (inner === undefined) return undefined;
    parts.push(xml.slice(at, innerStart), inner);
    at = close.index;
  }
  parts.push(xml.slice(at));
  return parts.join('');
}

/** A Cred's content with its Data redacted; undefined when it holds more than its Meta and Data. */
function redactedInner(inner: string): string | undefined {
  const hidden = inner.replace(DATA, (_data: string, open: string, _prefix: string, close: string) => `${open}${REDACTED}${close}`);
  let rest = hidden.replace(DATA, '');
  const meta = META_START.exec(rest);
  if (meta !== null) {
    const end = rest.lastIndexOf(`</${meta[1]}Meta`);
    if (end < meta.index) return undefined;
    rest = rest.slice(0, meta.index) + rest.slice(rest.indexOf('>', end) + 1);
  }
  return rest.trim() === '' ? hidden : undefined;
}

/**
 * `text` in at most `maxBytes` UTF-8 bytes: cut at a character boundary, saying how much was cut.
 * `whole` false: `text` is only the start of the message (longer than the cap), so its size is
 * given as a lower bound.
 */
export function capped(text: string, maxBytes: number, whole = true): string {
  // Fewer UTF-16 units than a third of the cap: at most the cap in UTF-8, no need to count.
  if (whole && text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (whole && bytes.length <= maxBytes) return text;
  const size = whole ? `${bytes.length} bytes` : `more than ${bytes.length} bytes`;
  const note = (kept: number) => `\n[cut: the message is ${size}, the chat log keeps the first ${kept}]`;
  let end = maxBytes - Buffer.byteLength(note(maxBytes));
  // Back to the first byte of a character (continuation bytes are 10xxxxxx).
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8') + note(end);
}

/** An answer the server sends as it is: status, headers and a small body (the streamed multistatus goes its own way). */
import type { PropStat } from '../multistatus/model.js';
import { MULTISTATUS_MEDIA_TYPE, writeMultistatus } from '../multistatus/write.js';

export interface DavReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/** A 207 about the request-URI alone: PROPPATCH's answer (RFC 4918 §9.2.1), a refused MKCALENDAR's (RFC 4791 §5.3.1.1). */
export function propstatsReply(href: string, propstats: readonly PropStat[]): DavReply {
  return { status: 207, headers: { 'content-type': MULTISTATUS_MEDIA_TYPE }, body: writeMultistatus([{ href, propstats }]) };
}

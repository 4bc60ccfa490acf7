/**
 * /autodiscover/autodiscover.xml: a phone set up with an e-mail address and a password asks
 * where its server is. The credentials are the ActiveSync client's (401 otherwise, as Exchange
 * answers, so the phone asks the user); the answer is this server's ActiveSync URL as the phone
 * reached us (or ATOMSYNC_BASE_URL). A phone looks here when its address's domain points at us
 * (DNS of `autodiscover.<domain>`, or the domain itself).
 */
import { AUTODISCOVER_RESPONSE_SCHEMA, autodiscoverError, autodiscoverResponse, AutodiscoverRequestError, readAutodiscoverRequest } from '@atomsync/activesync';
import type { H3Event } from 'h3';
import { readBytes } from '../http/body.js';
import { sourceOf } from '../http/client-address.js';
import type { Body } from '../http/respond.js';
import type { PhoneAuthenticator } from './auth.js';
import { publicOrigin, type OriginSettings } from './public-origin.js';

export const AUTODISCOVER_PATHS = ['/autodiscover/autodiscover.xml', '/Autodiscover/Autodiscover.xml', '/AutoDiscover/AutoDiscover.xml'] as const;

/** An Autodiscover request is a few hundred bytes. */
const MAX_REQUEST_BYTES = 64 * 1024;

export async function autodiscover(event: H3Event, auth: PhoneAuthenticator, where: OriginSettings, activesyncPath: string): Promise<Body> {
  const { client } = await auth.authenticate(event.req.headers.get('authorization'), sourceOf(event));
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await readBytes(event, MAX_REQUEST_BYTES));
  event.res.headers.set('content-type', 'text/xml; charset=utf-8');
  let request;
  try {
    request = readAutodiscoverRequest(text);
  } catch (error) {
    if (!(error instanceof AutodiscoverRequestError)) throw error;
    return autodiscoverError(600, error.message);
  }
  if (request.acceptableResponseSchema !== '' && request.acceptableResponseSchema !== AUTODISCOVER_RESPONSE_SCHEMA) {
    return autodiscoverError(601, `this server answers with ${AUTODISCOVER_RESPONSE_SCHEMA} only`);
  }
  const origin = publicOrigin(event, where);
  return autodiscoverResponse({ emailAddress: request.emailAddress, displayName: client.username, url: `${origin}${activesyncPath}` });
}

/**
 * OAuth 2.0 for a CardDAV/CalDAV remote that signs in with bearer tokens (Google): the operator's
 * OAuth clients (ATOMSYNC_OAUTH_CLIENTS, guide/operators.md#oauth-20-clients-for-external-accounts)
 * and the refresh grant (RFC 6749 §6) that renews an access token the remote stopped taking.
 *
 * A refresh token is bound to the OAuth client it was issued to, so the server refreshes with the
 * operator's client for the provider: the one whose `origins` hold the collection's origin. The
 * token endpoint is the operator's to set, never the user's: it receives the client secret.
 *
 * Written here rather than taken from a library: it is one form POST and one JSON answer, and the
 * libraries that do it (oauth4webapi, openid-client) want an issuer's discovery and https, which a
 * test's provider on 127.0.0.1 has not.
 */
import type { FetchLike } from '@atomsync/dav';
import { ExtdataError } from '../transport.js';

/** The scope that marks a token as an OAuth 2.0 bearer token rather than Basic credentials (here, not
 *  in credentials.ts, so the refresh's lease in refreshed.ts can tell a bearer token without an import
 *  cycle). */
export const OAUTH2_BEARER_SCOPE = 'urn:ietf:params:oauth:token-type:access_token';

export const isBearer = (scopes: readonly string[]): boolean => scopes.includes(OAUTH2_BEARER_SCOPE);

/** One OAuth client of the operator's, registered at a provider (Google's console, …). */
export interface OAuthClient {
  /** The operator's name for it (`google`): said in run failures. */
  readonly name: string;
  /** The collection origins whose bearer tokens this client refreshes (`https://apidata.googleusercontent.com`). */
  readonly origins: readonly string[];
  /** RFC 6749 §3.2 (`https://oauth2.googleapis.com/token`). */
  readonly tokenEndpoint: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** What a refresh answered: the new access token, and the new refresh token when the provider rotates them. */
export interface RefreshedTokens {
  readonly accessToken: string;
  readonly refreshToken: string | undefined;
}

/** A refresh the provider refused, or that could not be made: the run fails with this reason. */
export class RefreshRefused extends ExtdataError {}

/** The operator's client for a collection at `url`, or undefined when none names its origin. */
export function oauthClientFor(clients: readonly OAuthClient[], url: string): OAuthClient | undefined {
  const origin = new URL(url).origin;
  return clients.find((c) => c.origins.includes(origin));
}

/** How much of a provider's error_description goes into a reason. */
const DESCRIPTION_CHARS = 200;

/**
 * The refresh grant: `grant_type=refresh_token` POSTed to the client's token endpoint, the client
 * authenticated with HTTP Basic (client_secret_basic, which RFC 6749 §2.3.1 has every server take,
 * each part form-encoded first). Throws RefreshRefused with the provider's `error` and
 * `error_description` (§5.2: `invalid_grant` for a revoked or expired refresh token).
 */
export async function refreshAccessToken(client: OAuthClient, refreshToken: string, fetch: FetchLike): Promise<RefreshedTokens> {
  const refused = (why: string) => new RefreshRefused(`extdata: the OAuth provider ${client.name} (${new URL(client.tokenEndpoint).origin}) refused to refresh the access token: ${why}; the account must be signed in again and the datastore given the new tokens (PUT the client naming the datastore: its bindings keep their state)`);
  const form = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  const basic = Buffer.from(`${form(client.clientId)}:${form(client.clientSecret)}`, 'utf8').toString('base64');
  let answer: Response;
  try {
    answer = await fetch(client.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': 'atomsync-extdata' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      redirect: 'manual',
    });
  } catch (error) {
    throw new RefreshRefused(`extdata: the OAuth provider ${client.name} could not be reached to refresh the access token (${error instanceof Error ? error.message : String(error)})`);
  }
  const text = await answer.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: said below by status.
  }
  if (!answer.ok) {
    const error = typeof body.error === 'string' ? body.error : `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
    const description = typeof body.error_description === 'string' ? `: ${body.error_description.slice(0, DESCRIPTION_CHARS)}` : '';
    throw refused(`${error}${description}`);
  }
  const accessToken = body.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') throw refused(`its ${answer.status} answer holds no access_token`);
  if (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') throw refused(`it issued a ${body.token_type} token, not a bearer token`);
  const rotated = typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : undefined;
  return { accessToken, refreshToken: rotated };
}

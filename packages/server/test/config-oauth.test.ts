/**
 * ATOMSYNC_OAUTH_CLIENTS: the operator's OAuth 2.0 clients, read from the JSON file the variable
 * names; anything wrong in it stops the start with a ConfigError saying what, never a secret.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, resolveServeConfig } from '../src/index.js';
import { oauthClientFor } from '../src/connectors/extdata/dav/oauth.js';

const dir = mkdtempSync(join(tmpdir(), 'atomsync-oauth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string): string => {
  writeFileSync(join(dir, name), text, { mode: 0o600 });
  return name;
};
const google = { origins: ['https://apidata.googleusercontent.com', 'https://www.googleapis.com/'], token_endpoint: 'https://oauth2.googleapis.com/token', client_id: 'id.apps.googleusercontent.com', client_secret: 'GOCSPX-not-a-real-one' };
const configOf = (file: string) => resolveServeConfig({}, { ATOMSYNC_OAUTH_CLIENTS: file }, dir);

describe('ATOMSYNC_OAUTH_CLIENTS', () => {
  it('reads the clients from the file, relative to the working directory, origins normalized; none when unset', () => {
    const clients = configOf(write('ok.json', JSON.stringify({ google }))).oauthClients;
    expect(clients).toEqual([
      { name: 'google', origins: ['https://apidata.googleusercontent.com', 'https://www.googleapis.com'], tokenEndpoint: 'https://oauth2.googleapis.com/token', clientId: google.client_id, clientSecret: google.client_secret },
    ]);
    expect(oauthClientFor(clients, 'https://www.googleapis.com/carddav/v1/principals/a@gmail.com/lists/default/')?.name).toBe('google');
    expect(oauthClientFor(clients, 'https://carddav.fastmail.com/dav/addressbooks/user/a@fastmail.com/Default/')).toBeUndefined();
    expect(resolveServeConfig({}, {}, dir).oauthClients).toEqual([]);
  });

  it.each([
    ['missing.json', undefined, /cannot read/],
    ['not-json.json', '{ google: ', /not JSON/],
    ['array.json', '[]', /must be a JSON object/],
    ['no-origins.json', JSON.stringify({ google: { ...google, origins: [] } }), /google: origins must be a list/],
    ['bad-endpoint.json', JSON.stringify({ google: { ...google, token_endpoint: 'ftp://x/token' } }), /google: token_endpoint must be an http or https URL/],
    ['no-secret.json', JSON.stringify({ google: { ...google, client_secret: '' } }), /google: client_secret must be a non-empty string/],
    ['twice.json', JSON.stringify({ google, other: { ...google, origins: ['https://www.googleapis.com'] } }), /https:\/\/www\.googleapis\.com is among the origins of both google and other/],
  ])('refuses %s, saying why and never the secret', (name, text, why) => {
    const file = text === undefined ? name : write(name, text);
    let error: unknown;
    try {
      configOf(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^ATOMSYNC_OAUTH_CLIENTS/);
    expect((error as Error).message).toMatch(why);
    expect((error as Error).message).not.toContain(google.client_secret);
  });
});

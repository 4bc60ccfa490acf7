/**
 * Every surface answers a store it cannot reach with its protocol's "try later" (issue 27): the
 * REST API 503 `unavailable` with Retry-After, SyncML phones HTTP 503 with Retry-After (our reply
 * is never sent half-made, and the session is not moved, so the phone's next try goes on), ActiveSync
 * phones HTTP 503 with Retry-After, /readyz 503 `unavailable`; and all of them as before once it is
 * back. The store here fails every call as an unreachable PostgreSQL does (StoreUnavailable) while
 * `down` is set; the real outage is test/ops/db-outage.test.ts.
 */
import { encodeMessage, SYNCML_MEDIA_TYPES, type SyncmlMessage } from '@atomsync/syncml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_RETRY_AFTER_S } from '../../src/http/failure.js';
import { listen, type RunningServer } from '../../src/listen.js';
import { createLogger } from '../../src/log.js';
import { SecretBox } from '../../src/secrets/box.js';
import { createServer } from '../../src/server.js';
import { createAccount } from '../../src/services/accounts.js';
import { StoreUnavailable } from '@atomsync/store';
import { openStore } from '@atomsync/store';
import type { Store } from '@atomsync/store';

// scrypt's cost is not this file's question, only its answers: scrypt runs cheap here, the same answers
// (support/cheap-scrypt.ts); at full cost its accounts' hashing and first sign-ins were much of its time.
vi.mock('node:crypto', async (importOriginal) => (await import('../support/cheap-scrypt.js')).cheapScrypt(await importOriginal()));

/** `store`, whose every method fails as an unreachable database does while `down()`. */
function switchable(store: Store, down: () => boolean): Store {
  const unreachable = () => Promise.reject(new StoreUnavailable('ECONNREFUSED', 'none'));
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key) as unknown;
        if (typeof value === 'function') return (...args: unknown[]) => (down() ? unreachable() : (value as (...a: unknown[]) => unknown).apply(object, args));
        if (typeof value === 'object' && value !== null) return wrap(value);
        return value;
      },
    });
  return wrap(store);
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('a store that cannot be reached, on every surface', () => {
  let store: Store;
  let down = false;
  let server: RunningServer;

  beforeAll(async () => {
    store = await openStore({ kind: 'sqlite', file: ':memory:' });
    const secrets = SecretBox.ephemeral();
    await createAccount({ store, secrets }, { username: 'kim', password: 'kim-secret-pw', admin: false });
    server = await listen(createServer({ store: switchable(store, () => down), secrets, logger: createLogger('silent') }), { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close(1_000);
    await store?.close();
  });

  const rest = () => fetch(`${server.url}/v2/services/datastore/`, { headers: { authorization: basic('kim', 'kim-secret-pw') } });
  const syncml = () => {
    const message: SyncmlMessage = {
      header: { verDTD: '1.2', verProto: 'SyncML/1.2', sessionId: '1', msgId: '1', target: { locUri: `${server.url}/syncml` }, source: { locUri: 'IMEI:490154203237518' } },
      commands: [],
      final: true,
    };
    return fetch(`${server.url}/syncml`, {
      method: 'POST',
      headers: { 'content-type': SYNCML_MEDIA_TYPES.xml, authorization: basic('kim', 'kim-secret-pw') },
      body: encodeMessage(message, 'xml') as BodyInit,
    });
  };
  const activesync = () =>
    fetch(`${server.url}/Microsoft-Server-ActiveSync?Cmd=FolderSync&User=phone&DeviceId=DOWN1&DeviceType=iPhone`, {
      method: 'POST',
      headers: { authorization: basic('phone', 'Phone-pw-1'), 'ms-asprotocolversion': '14.0', 'content-type': 'application/vnd.ms-sync.wbxml' },
    });

  it.each([
    ['the REST API', rest],
    ['a SyncML phone', syncml],
    ['an ActiveSync phone', activesync],
  ])('answers %s 503 unavailable with Retry-After while it is down', async (_, ask) => {
    down = true;
    try {
      const answer = await ask();
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe(String(UNAVAILABLE_RETRY_AFTER_S));
      expect(await answer.text()).toContain('<code>unavailable</code>');
    } finally {
      down = false;
    }
  });

  it('answers /readyz 503 unavailable while it is down, and all of them as before once it is back', async () => {
    down = true;
    const notReady = await fetch(`${server.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.text()).toContain('<code>unavailable</code>');
    down = false;
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await rest()).status).toBe(200);
    // The SyncML phone gets a SyncML reply (here a challenge or a refusal in SyncML), the ActiveSync one its 401 (no such phone).
    expect((await syncml()).status).toBe(200);
    expect((await activesync()).status).toBe(401);
  });
});

/**
 * The reason a failed run is logged with (services/synchronization.ts `reasonOf`): the error's
 * message, with the binding's extdata token key and secret, URL credentials and OAuth parameters
 * taken out, cut to MAX_REASON_LENGTH; never empty.
 */
import { SyncFailure } from '@atomsync/engine';
import { describe, expect, it } from 'vitest';
import { MAX_REASON_LENGTH, reasonOf } from '../../src/services/synchronization.js';

describe('reasonOf', () => {
  it('keeps a plain message as it is', () => {
    expect(reasonOf(new SyncFailure('the target datastore client no longer exists'), [])).toBe('the target datastore client no longer exists');
  });

  it('takes out the token key and secret, URL credentials and OAuth parameters', () => {
    const message =
      'extdata https://anna:hunter22@remote.example/feed/: 401 for oauth_consumer_key=ck-4711&oauth_signature=c2lnbmF0dXJl, ' +
      'token tok-key-7f3a9c2e51 / tok-secret-b84d1f6a0e';
    const reason = reasonOf(new Error(message), ['tok-key-7f3a9c2e51', 'tok-secret-b84d1f6a0e']);
    for (const secret of ['hunter22', 'anna:', 'ck-4711', 'c2lnbmF0dXJl', 'tok-key-7f3a9c2e51', 'tok-secret-b84d1f6a0e']) expect(reason).not.toContain(secret);
    expect(reason).toContain('https://[redacted]@remote.example/feed/: 401');
  });

  it('cuts a long message to the cap, and names an error without a message by its name', () => {
    const reason = reasonOf(new Error('x'.repeat(5_000)), []);
    expect(reason).toHaveLength(MAX_REASON_LENGTH);
    expect(reason.endsWith('…')).toBe(true);
    expect(reasonOf(new TypeError(''), [])).toBe('TypeError');
    expect(reasonOf('a thrown string', [])).toBe('a thrown string');
  });
});

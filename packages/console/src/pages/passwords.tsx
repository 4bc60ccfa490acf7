/**
 * Passwords for devices (app passwords): a CardDAV/CalDAV device's own password, shown once when
 * made, listed with its last use, revoked at once (after a confirmation).
 */
import { useState } from 'preact/hooks';
import type { AppPasswordEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { describeFailure, sessionEnded } from '../session.js';
import { ago, when } from '../format.js';
import { useLoad } from '../load.js';
import { Failed, Loading } from './status.js';

export function Passwords({ onSignedOut }: { onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(async () => (await api.appPasswords.list()).entries, onSignedOut);
  const [created, setCreated] = useState<AppPasswordEntryResponse>();
  const [revoking, setRevoking] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      reload();
    } catch (failure) {
      if (sessionEnded(failure)) onSignedOut();
      else setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Passwords for devices</h1>
      </div>
      <p>
        Give each computer or app that syncs over CardDAV or CalDAV (a Mac, Thunderbird, DAVx⁵) a password of its own, and revoke it when the device is lost. They do not open the console or the
        administration API.
      </p>
      <form
        class="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget as HTMLFormElement;
          const name = String(new FormData(form).get('name') ?? '').trim();
          void run(async () => {
            setCreated(await api.appPasswords.create({ name }));
            form.reset();
          });
        }}
      >
        <label for="app-password-name">New password for</label>
        <input id="app-password-name" name="name" required maxLength={200} placeholder="Mac Contacts" />
        <button type="submit" disabled={busy}>
          Create
        </button>
      </form>
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {created !== undefined && (
        <div class="panel ok" role="status">
          <p>
            The password for “{created.appPassword.name}” is <code class="secret">{created.appPassword.password}</code>
          </p>
          <p>Enter it on the device now: it is shown only this once.</p>
          <button type="button" class="secondary" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      )}
      {loaded.state === 'loading' && <Loading what="your device passwords" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && loaded.value.length === 0 && <p class="empty">No device has a password of its own yet.</p>}
      {loaded.state === 'ready' && loaded.value.length > 0 && (
        <ul class="list">
          {loaded.value.map(({ appPassword, published }) => (
            <li key={appPassword.uuid}>
              <div>
                <strong>{appPassword.name}</strong>
                <span class="muted small">
                  {published == null ? '' : `created ${when(published)}; `}
                  {appPassword.lastUsed == null ? 'never used' : `last used ${ago(appPassword.lastUsed)}`}
                </span>
              </div>
              {revoking === appPassword.uuid ? (
                <div class="actions">
                  <button type="button" class="danger" disabled={busy} onClick={() => run(() => api.appPasswords.revoke(appPassword.uuid))}>
                    Revoke “{appPassword.name}”
                  </button>
                  <button type="button" class="secondary" onClick={() => setRevoking(undefined)}>
                    Keep it
                  </button>
                </div>
              ) : (
                <button type="button" class="secondary" onClick={() => setRevoking(appPassword.uuid)}>
                  Revoke…
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

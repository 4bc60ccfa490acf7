/**
 * The account's own password (`account.changePassword` of the SDK: the current one, then the new).
 * The console's session is bound to the password (packages/server/src/console/session-cookie.ts),
 * so the change ends every session of the account, this one too: the page signs in again at once
 * with the new password, so this browser stays signed in and every other one is signed out.
 */
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { signIn } from '../session.js';
import { useAction } from '../load.js';

export function OwnAccount({ username, admin, onSignedOut }: { username: string; admin: boolean; onSignedOut: () => void }) {
  const [busy, error, run] = useAction(onSignedOut);
  const [done, setDone] = useState(false);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Your password</h1>
      </div>
      <p>
        You are signed in as <strong>{username}</strong>
        {admin ? ', an administrator' : ''}. This password opens the console and the API, and phones that sign in with the account’s own password. Changing it signs out every other
        browser where you are signed in to the console; this one stays signed in. Your passwords for devices do not change.
      </p>
      {done && (
        <p class="panel ok" role="status">
          Your password is changed. Every other console session has ended; phones and programs that used the old password need the new one.
        </p>
      )}
      <form
        class="panel"
        aria-labelledby="change-password"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget as HTMLFormElement;
          const data = new FormData(form);
          const oldPassword = String(data.get('current') ?? '');
          const password = String(data.get('new') ?? '');
          setDone(false);
          void run(async () => {
            if (password !== String(data.get('again') ?? '')) throw new Error('The new password and its repetition differ: type the same twice.');
            await api.account.changePassword({ username, oldPassword, password }).catch((failure: unknown) => {
              // The API's 403 names its field (old_pass); the person typed "Current password".
              if ((failure as { status?: unknown }).status === 403) throw new Error('The current password is not right, so nothing changed. Type it again.');
              throw failure;
            });
            // The change ended this session with the others: a new one, on the new password.
            await signIn(username, password);
            form.reset();
            setDone(true);
          });
        }}
      >
        <h2 id="change-password">Change your password</h2>
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autocomplete="username" value={username} readOnly hidden />
        <div class="grid-form">
          <label for="current-password">Current password</label>
          <input id="current-password" name="current" type="password" required autocomplete="current-password" />
          <label for="new-password">New password</label>
          <input id="new-password" name="new" type="password" required minLength={8} maxLength={1024} autocomplete="new-password" aria-describedby="new-password-hint" />
          <span />
          <span id="new-password-hint" class="muted small">
            8 characters or more.
          </span>
          <label for="again-password">New password again</label>
          <input id="again-password" name="again" type="password" required minLength={8} maxLength={1024} autocomplete="new-password" />
        </div>
        {error !== undefined && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Change the password
        </button>
      </form>
    </>
  );
}

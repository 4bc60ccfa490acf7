/** Signing in with the account's username and password (the server keeps the session in a cookie). */
import { useRef, useState } from 'preact/hooks';
import { describeFailure, signIn, type SessionAccount } from '../session.js';

export function SignIn({ onSignedIn }: { onSignedIn: (account: SessionAccount) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const password = useRef<HTMLInputElement>(null);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signIn(String(form.get('username') ?? ''), String(form.get('password') ?? '')));
    } catch (failure) {
      setError(describeFailure(failure));
      setBusy(false);
      password.current?.select();
    }
  };

  return (
    <main class="sign-in">
      <form onSubmit={submit} aria-describedby={error === undefined ? undefined : 'sign-in-error'}>
        <h1>atomsync</h1>
        <p class="muted">Sign in to see your phones, address books and calendars sync.</p>
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck={false} required autofocus />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required ref={password} />
        {error !== undefined && (
          <p id="sign-in-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="muted small">
          A new server prints the <code>demo</code> account's password once, when <code>npm start</code> first runs. The{' '}
          <a href="/docs/">API reference</a> needs no sign-in.
        </p>
      </form>
    </main>
  );
}

/**
 * Accounts, for administrators (the admin API, `admin.*` of the SDK): every account, a new one
 * made, a password reset, an account deleted after a confirmation that names what goes with it.
 * The API's refusals are shown in its own words (the last administrator is not deleted, and the
 * server says what to do instead).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AccountEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { useAction, useLoad } from '../load.js';
import { Failed, Loading } from './status.js';

const byName = (a: AccountEntryResponse, b: AccountEntryResponse) => a.account.username.localeCompare(b.account.username);

function NewAccount({ onCreated, onSignedOut }: { onCreated: (username: string) => void; onSignedOut: () => void }) {
  const [busy, error, run] = useAction(onSignedOut);
  return (
    <form
      class="panel"
      aria-labelledby="new-account"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget as HTMLFormElement;
        const data = new FormData(form);
        const username = String(data.get('username') ?? '').trim();
        void run(async () => {
          await api.admin.createAccount({ username, password: String(data.get('password') ?? ''), admin: data.get('admin') === 'on' });
          form.reset();
          onCreated(username);
        });
      }}
    >
      <h2 id="new-account">New account</h2>
      <div class="grid-form">
        <label for="new-username">Username</label>
        <input id="new-username" name="username" required maxLength={64} pattern="[A-Za-z0-9._@\-]{1,64}" autocomplete="off" aria-describedby="new-username-hint" />
        <span />
        <span id="new-username-hint" class="muted small">
          Letters, digits and . _ @ - (up to 64).
        </span>
        <label for="new-password">Password</label>
        <input id="new-password" name="password" type="password" required minLength={8} maxLength={1024} autocomplete="new-password" aria-describedby="new-password-hint" />
        <span />
        <span id="new-password-hint" class="muted small">
          8 characters or more. Give it to the person in person or by another channel: it is not shown again.
        </span>
      </div>
      <label class="choice">
        <input type="checkbox" name="admin" />
        An administrator: manages every account and sees the server’s health and the SyncML chat log.
      </label>
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Create the account
      </button>
    </form>
  );
}

type Open = { what: 'reset' | 'delete'; username: string } | undefined;

function Account({ entry, me, open, setOpen, onChanged, onSignedOut }: {
  entry: AccountEntryResponse;
  me: string;
  open: Open;
  setOpen: (open: Open) => void;
  onChanged: (message: string) => void;
  onSignedOut: () => void;
}) {
  const { username, admin } = entry.account;
  const [busy, error, run] = useAction(onSignedOut);
  const mine = username === me;
  const opened = open?.username === username ? open.what : undefined;
  // Keyboard users follow what opens: its first control takes the focus, and when it closes the button that opened it has it back.
  const first = useRef<HTMLInputElement & HTMLButtonElement>(null);
  const buttons = { reset: useRef<HTMLButtonElement>(null), delete: useRef<HTMLButtonElement>(null) };
  const was = useRef<typeof opened>(undefined);
  useEffect(() => {
    if (opened !== undefined) first.current?.focus();
    else if (was.current !== undefined) buttons[was.current].current?.focus();
    was.current = opened;
  }, [opened]);
  return (
    <li class="account-row">
      <div>
        <strong>{username}</strong>
        <span class="muted small">
          {admin ? 'Administrator' : 'Account'}
          {mine ? ' — you' : ''}
        </span>
      </div>
      {opened === undefined && (
        <div class="actions">
          <button type="button" class="secondary" ref={buttons.reset} onClick={() => setOpen({ what: 'reset', username })}>
            Reset password…<span class="visually-hidden"> for {username}</span>
          </button>
          <button type="button" class="secondary" ref={buttons.delete} onClick={() => setOpen({ what: 'delete', username })}>
            Delete…<span class="visually-hidden"> {username}</span>
          </button>
        </div>
      )}
      {opened === 'reset' && (
        <form
          class="panel wide"
          onSubmit={(event) => {
            event.preventDefault();
            const password = String(new FormData(event.currentTarget as HTMLFormElement).get('password') ?? '');
            void run(async () => {
              await api.admin.updateAccount(username, { username, password });
              setOpen(undefined);
              onChanged(`The password of ${username} is reset. Their old password and every console session of theirs no longer work; their device passwords still do.`);
            });
          }}
        >
          <fieldset>
            <legend>Reset the password of {username}</legend>
            <label for={`reset-${username}`}>New password</label>
            <input ref={first} id={`reset-${username}`} name="password" type="password" required minLength={8} maxLength={1024} autocomplete="new-password" />
            {mine && <p>This is your own account: you will be asked to sign in again with the new password.</p>}
            {error !== undefined && (
              <p class="error" role="alert">
                {error}
              </p>
            )}
            <div class="actions">
              <button type="submit" disabled={busy}>
                Set the new password
              </button>
              <button type="button" class="secondary" onClick={() => setOpen(undefined)}>
                Cancel
              </button>
            </div>
          </fieldset>
        </form>
      )}
      {opened === 'delete' && (
        <div class="panel danger wide" role="group" aria-labelledby={`delete-${username}`}>
          <p id={`delete-${username}`}>
            <strong>Delete {username}?</strong>
          </p>
          <p>Everything the account owns goes with it, at once, and cannot be brought back:</p>
          <ul class="goes">
            <li>its phones (ActiveSync and SyncML) and their sessions: they can no longer sign in;</li>
            <li>its address books and calendars, with every contact, event, task and note in them;</li>
            <li>its external accounts, its bindings and its sync log;</li>
            <li>its passwords for devices, bearer tokens and OAuth consumers.</li>
          </ul>
          {mine && <p>This is your own account: you will be signed out.</p>}
          {error !== undefined && (
            <p class="error" role="alert">
              Not deleted: {error}
            </p>
          )}
          <div class="actions">
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await api.admin.deleteAccount(username);
                  setOpen(undefined);
                  onChanged(`${username} is deleted, with everything it owned.`);
                })
              }
            >
              Delete {username} and all it owns
            </button>
            <button type="button" class="secondary" ref={first} onClick={() => setOpen(undefined)}>
              Keep {username}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

export function Accounts({ me, onSignedOut }: { me: string; onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(async () => (await api.admin.accounts()).entries.sort(byName), onSignedOut);
  const [open, setOpen] = useState<Open>();
  const [done, setDone] = useState<string>();
  const changed = (message: string) => {
    setDone(message);
    reload();
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Accounts</h1>
      </div>
      {done !== undefined && (
        <p class="panel ok" role="status">
          {done}
        </p>
      )}
      {loaded.state === 'loading' && <Loading what="the accounts" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && (
        <ul class="list accounts">
          {loaded.value.map((entry) => (
            <Account key={entry.account.username} entry={entry} me={me} open={open} setOpen={setOpen} onChanged={changed} onSignedOut={onSignedOut} />
          ))}
        </ul>
      )}
      <NewAccount onCreated={(username) => changed(`${username} can sign in now.`)} onSignedOut={onSignedOut} />
    </>
  );
}

/**
 * The console: signing in, then the pages, under one header with the navigation and sign-out.
 * The first script holds only the sign-in (a newcomer's first screen, light); the pages and the
 * SDK they use come in a chunk of their own once someone is signed in (pages/index.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { SignIn } from './pages/sign-in.js';
import { Failed, Loading } from './pages/status.js';
import { ADMIN_PAGES, hrefOf, useRoute, type Route } from './route.js';
import { currentAccount, describeFailure, signOut, type SessionAccount } from './session.js';

type Pages = typeof import('./pages/index.js');

const NAVIGATION: readonly [Route, string][] = [
  [{ page: 'overview' }, 'Overview'],
  [{ page: 'devices' }, 'Devices'],
  [{ page: 'books' }, 'Address books & calendars'],
  [{ page: 'bindings' }, 'Bindings'],
  [{ page: 'passwords' }, 'Passwords for devices'],
  [{ page: 'account' }, 'Your password'],
];
/** Shown to administrators alone; the API refuses the rest (403), and so does each page. */
const ADMINISTRATION: readonly [Route, string][] = [
  [{ page: 'accounts' }, 'Accounts'],
  [{ page: 'chatlog' }, 'SyncML chat log'],
  [{ page: 'health' }, 'Server health'],
];

type Session = { state: 'checking' } | { state: 'failed'; message: string } | { state: 'out' } | { state: 'in'; account: SessionAccount };

export function App() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const [pages, setPages] = useState<Pages>();
  const check = () => {
    setSession({ state: 'checking' });
    currentAccount().then(
      (account) => setSession(account === undefined ? { state: 'out' } : { state: 'in', account }),
      (error: unknown) => setSession({ state: 'failed', message: describeFailure(error) }),
    );
  };
  useEffect(check, []);
  const signedIn = session.state === 'in';
  useEffect(() => {
    if (!signedIn || pages !== undefined) return;
    import('./pages/index.js').then(setPages, (error: unknown) => setSession({ state: 'failed', message: describeFailure(error) }));
  }, [signedIn]);
  // A new page: its heading takes the focus, so keyboard and screen-reader users start there.
  useEffect(() => {
    main.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [route, pages]);

  if (session.state === 'checking') return <Loading what="the console" />;
  if (session.state === 'failed') return <Failed message={session.message} retry={check} />;
  const signedOut = () => setSession({ state: 'out' });
  if (session.state === 'out') return <SignIn onSignedIn={(account) => setSession({ state: 'in', account })} />;

  return (
    <>
      <a class="skip" href="#main" onClick={(event) => { event.preventDefault(); main.current?.focus(); }}>
        Skip to the page
      </a>
      <header class="top">
        <a class="brand" href="#/">
          atomsync
        </a>
        <nav aria-label="Console">
          <ul>
            {(session.account.admin ? [...NAVIGATION, ...ADMINISTRATION] : NAVIGATION).map(([target, label]) => (
              <li key={label}>
                <a href={hrefOf(target)} aria-current={target.page === route.page ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <a href="/docs/">API reference</a>
            </li>
          </ul>
        </nav>
        <div class="account">
          <span>
            {session.account.username}
            {session.account.admin && <span class="muted"> (admin)</span>}
          </span>
          <button type="button" class="secondary" onClick={() => signOut().then(signedOut, (error: unknown) => setSession({ state: 'failed', message: describeFailure(error) }))}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {pages === undefined && route.page !== 'unknown' && (session.account.admin || !ADMIN_PAGES.has(route.page)) && <Loading what="the page" />}
        {pages !== undefined && route.page === 'overview' && <pages.Overview onSignedOut={signedOut} />}
        {pages !== undefined && route.page === 'devices' && <pages.Devices key={route.uuid ?? ''} uuid={route.uuid} onSignedOut={signedOut} />}
        {pages !== undefined && route.page === 'books' && <pages.Books key={route.uuid ?? ''} uuid={route.uuid} item={route.item} onSignedOut={signedOut} />}
        {pages !== undefined && route.page === 'bindings' && <pages.Bindings onSignedOut={signedOut} />}
        {pages !== undefined && route.page === 'passwords' && <pages.Passwords onSignedOut={signedOut} />}
        {pages !== undefined && route.page === 'account' && <pages.OwnAccount username={session.account.username} admin={session.account.admin} onSignedOut={signedOut} />}
        {ADMIN_PAGES.has(route.page) && !session.account.admin && (
          <>
            <h1 tabIndex={-1}>For administrators</h1>
            <p>
              This page is for the server’s administrators, and {session.account.username} is not one. Ask an administrator, or go to the <a href="#/">overview</a>.
            </p>
          </>
        )}
        {pages !== undefined && session.account.admin && route.page === 'accounts' && <pages.Accounts me={session.account.username} onSignedOut={signedOut} />}
        {pages !== undefined && session.account.admin && route.page === 'chatlog' && <pages.ChatLog onSignedOut={signedOut} />}
        {pages !== undefined && session.account.admin && route.page === 'health' && <pages.Health onSignedOut={signedOut} />}
        {route.page === 'unknown' && (
          <>
            <h1 tabIndex={-1}>Not found</h1>
            <p>
              There is no page “{route.path}” in the console. Go to the <a href="#/">overview</a>.
            </p>
          </>
        )}
      </main>
    </>
  );
}

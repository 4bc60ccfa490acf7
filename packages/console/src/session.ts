/**
 * The console's session (packages/server/src/console/mount.ts): who is signed in, signing in and
 * out, and what a failure means for the person. Plain fetch, nothing of the SDK: this module is in
 * the first script the page loads, and the SDK (api.ts) comes only after signing in.
 *
 * No credentials in the page: the session is an HttpOnly cookie the browser sends with every
 * same-origin request, and `X-Atomsync-Console: 1` on each request is what lets the server take
 * it (a header no other site's page can add: packages/server/src/console/csrf.ts).
 */

export const CONSOLE_HEADERS = { 'x-atomsync-console': '1' } as const;

export interface SessionAccount {
  readonly username: string;
  readonly admin: boolean;
}

/** A refusal the page shows as is: the server's own words. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The `<message>` of the server's error body, else a sentence for the status. */
export async function refusalOf(response: Response): Promise<Refusal> {
  const text = await response.text();
  const message = new DOMParser().parseFromString(text, 'application/xml').getElementsByTagNameNS('*', 'message')[0]?.textContent;
  return new Refusal(response.status, message ?? `the server answered ${response.status}`);
}

async function session(method: 'GET' | 'POST' | 'DELETE', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...CONSOLE_HEADERS };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch('/console/session', { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  if (!response.ok) throw await refusalOf(response);
  return response;
}

/** Who is signed in, or undefined. */
export async function currentAccount(): Promise<SessionAccount | undefined> {
  try {
    return (await (await session('GET')).json()) as SessionAccount;
  } catch (error) {
    if (error instanceof Refusal && error.status === 401) return undefined;
    throw error;
  }
}

export async function signIn(username: string, password: string): Promise<SessionAccount> {
  return (await (await session('POST', { username, password })).json()) as SessionAccount;
}

export async function signOut(): Promise<void> {
  await session('DELETE');
}

/**
 * An error the server answered: ours, or the SDK's AtomSyncError, known by its name as the SDK's
 * own isAtomSyncError knows it (importing that would bring the whole SDK into the first script).
 */
function answered(error: unknown): error is Error & { status: number } {
  return error instanceof Refusal || (error instanceof Error && error.name === 'AtomSyncError' && typeof (error as { status?: unknown }).status === 'number');
}

/** Whether a failure means the session is over (the page goes back to signing in). */
export function sessionEnded(error: unknown): boolean {
  return answered(error) && error.status === 401;
}

/** What to tell the person about a failure: the server's words where it gave some. */
export function describeFailure(error: unknown): string {
  if (answered(error)) return error.message;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection, then try again.';
  return error instanceof Error ? error.message : String(error);
}

/** What every handler group is built from (server.ts wires them). */
import type { SignInGuard } from '../auth/sign-in.js';
import type { Gateway } from '../gateway/gateway.js';
import type { BindingRuns } from '../services/run-lock.js';
import type { SecretBox } from '../secrets/box.js';
import type { Store } from '@atomsync/store';
import type { OperationHandlers } from '../context.js';
import type { OAuthClient } from '../connectors/extdata/dav/oauth.js';

export interface HandlerDeps {
  readonly store: Store;
  /** Seals and opens the secrets the store keeps (secrets/box.ts). */
  readonly secrets: SecretBox;
  /** Where setup documents and sync notifications go (gateway/gateway.ts). */
  readonly gateway: Gateway;
  /** This server's chain of runs per binding: requested runs and phone sessions wait for each other here. */
  readonly runs: BindingRuns;
  /** The server's sign-in guard (auth/sign-in.ts), shared by every protocol; default: the SyncML endpoint's own. */
  readonly signIn?: SignInGuard;
  /** The operator's OAuth 2.0 clients (ATOMSYNC_OAUTH_CLIENTS): runs refresh extdata bearer tokens with them. */
  readonly oauthClients?: readonly OAuthClient[];
}

/** One group of operations (a handlers/*.ts module): the handlers it implements. */
export type HandlerGroup = (deps: HandlerDeps) => Partial<OperationHandlers>;

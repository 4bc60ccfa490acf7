/**
 * Handlers of the admin API: accounts, their bearer tokens and OAuth consumers
 * (guide/protocol.md#accounts-and-the-admin-api); and the caller's own password change, which
 * answers the same account entry. The rules live in services/accounts.ts; this maps
 * records to the entries of spec/examples/{account,token,consumer}.*.xml.
 *
 * Deleting the account you are signed in as is allowed (the spec declares no refusal for it):
 * the next request with its credentials answers 401. An operator who removes the last admin
 * gets one back with `atomsync account add NAME --admin` or ATOMSYNC_ADMIN_USER/PASSWORD.
 */
import { randomUUID } from 'node:crypto';
import type { AccountEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import * as accounts from '../services/accounts.js';
import type { AccountRecord } from '@atomsync/store';
import { SignInGuard } from '../auth/sign-in.js';
import { sourceOf } from '../http/client-address.js';
import { authorOf, caller, editableEntryHead, feedOf, linksTo, urlOf } from './atom.js';
import type { HandlerGroup } from './deps.js';

const ACCOUNTS = '/v2/admin/accounts';

function accountUrl(ctx: RequestContext, username: string): string {
  return urlOf(ctx, `${ACCOUNTS}/${encodeURIComponent(username)}`);
}

function accountEntry(ctx: RequestContext, account: AccountRecord): AccountEntry {
  const href = accountUrl(ctx, account.username);
  return {
    ...editableEntryHead(ctx, href, account),
    title: account.username,
    account: { username: account.username, admin: account.admin },
  };
}

export const accountsHandlers: HandlerGroup = (deps) => {
  // The server's one guard, so a wrong old_pass counts with every other failed sign-in of the name.
  const signIn = deps.signIn ?? new SignInGuard();
  return {
  async listAccounts(_input, ctx) {
    const all = await accounts.listAccounts(deps);
    return feedOf(ctx, ACCOUNTS, 'Accounts', all.map((a) => accountEntry(ctx, a)));
  },

  async createAccount({ body }, ctx) {
    const { username, password, admin } = body.account;
    return accountEntry(ctx, await accounts.createAccount(deps, { username, password: password ?? '', admin }));
  },

  async updateAccount({ path, body }, ctx) {
    return accountEntry(ctx, await accounts.resetPassword(deps, path.username, body.account));
  },

  async changeOwnPassword({ body }, ctx) {
    return accountEntry(ctx, await accounts.changeOwnPassword({ ...deps, signIn }, caller(ctx).id, sourceOf(ctx.event), body.account));
  },

  async deleteAccount({ path }) {
    await accounts.deleteAccount(deps, path.username);
  },

  async createAccountToken({ path }, ctx) {
    const issued = await accounts.issueToken(deps, path.username);
    return {
      author: authorOf(ctx),
      id: `urn:uuid:${randomUUID()}`,
      links: linksTo(accountUrl(ctx, issued.account.username), 'related'),
      published: issued.record.created,
      updated: issued.record.created,
      title: `Bearer token for ${issued.account.username}`,
      token: issued.token,
    };
  },

  async createAccountConsumer({ path }, ctx) {
    const issued = await accounts.issueConsumer(deps, path.username);
    return {
      author: authorOf(ctx),
      id: `urn:uuid:${randomUUID()}`,
      links: linksTo(accountUrl(ctx, issued.account.username), 'related'),
      published: issued.record.created,
      updated: issued.record.created,
      title: `OAuth consumer for ${issued.account.username}`,
      consumer: { key: issued.key, secret: issued.secret },
    };
  },
};
};

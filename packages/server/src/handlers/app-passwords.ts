/**
 * Handlers of the caller's app passwords (`/v2/account/app_passwords/`): thin, over
 * services/app-passwords.ts; records map to the entries of spec/examples/app-password.*.xml. The
 * password appears only in the answer to the create; a listing shows none.
 */
import type { AppPasswordEntry } from '@atomsync/atom';
import type { RequestContext } from '../context.js';
import * as appPasswords from '../services/app-passwords.js';
import type { AppPasswordRecord } from '@atomsync/store';
import { authorOf, caller, feedOf, linksTo, urlOf } from './atom.js';
import type { HandlerGroup } from './deps.js';

const APP_PASSWORDS = '/v2/account/app_passwords/';

/** id = its URL, where it is revoked (DELETE): link rel=edit; published and updated when it was created. */
function appPasswordEntry(ctx: RequestContext, record: AppPasswordRecord, password?: string): AppPasswordEntry {
  const href = urlOf(ctx, APP_PASSWORDS + record.uuid);
  return {
    author: authorOf(ctx),
    id: href,
    links: linksTo(href, 'edit'),
    published: record.created,
    updated: record.created,
    title: record.name,
    appPassword: { uuid: record.uuid, name: record.name, ...(password !== undefined ? { password } : {}), lastUsed: record.lastUsed },
  };
}

export const appPasswordsHandlers: HandlerGroup = ({ store }) => ({
  async listAppPasswords(_input, ctx) {
    const all = await appPasswords.listAppPasswords(store, caller(ctx).id);
    return feedOf(ctx, APP_PASSWORDS, 'App passwords', all.map((p) => appPasswordEntry(ctx, p)));
  },

  async createAppPassword({ body }, ctx) {
    const created = await appPasswords.createAppPassword(store, caller(ctx).id, body.appPassword.name);
    return appPasswordEntry(ctx, created.record, created.password);
  },

  async revokeAppPassword({ path }, ctx) {
    await appPasswords.revokeAppPassword(store, caller(ctx).id, path.appPasswordUuid);
  },
});

/**
 * `atomsync account …`: the admin API from the command line (guide/operators.md#accounts), on the
 * configured store directly (--data / ATOMSYNC_DATA_DIR, or DATABASE_URL with
 * ATOMSYNC_SECRET_KEY: the same resolution as `serve`), through services/accounts.ts.
 *
 * Secrets (a generated password, a token, a consumer secret) are printed once, on stdout, and
 * kept nowhere in the clear. Failures go to stderr with exit code 1 (2 for configuration).
 */
import { createInterface } from 'node:readline/promises';
import { defineCommand } from 'citty';
import type { OpenedStore } from '../bootstrap.js';
import { STORE_ENVIRONMENT } from '../config.js';
import { ServiceError } from '../errors.js';
import * as accounts from '../services/accounts.js';
import * as appPasswords from '../services/app-passwords.js';
import { fail, openStoreOrFail } from './failure.js';
import { accountNamed, shellWord } from './owned.js';
import { documentEnvironment } from './usage.js';

const dataArg = { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' } as const;
const usernameArg = { type: 'positional', description: 'The account\'s username', required: true } as const;
const passwordArg = { type: 'string', description: 'The password (default: generate one and print it once)' } as const;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Opens the configured store, runs `work` on it, and closes it whatever happens. */
export async function withStore(data: string | undefined, work: (opened: OpenedStore) => Promise<void>): Promise<void> {
  const opened = await openStoreOrFail(data);
  try {
    await work(opened);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    const details = err.details.map((d) => `\n  ${d.path?.replace(/^\/entry\/\w+\//, '') ?? ''} ${d.message}`).join('');
    await opened.store.close();
    fail(`${err.message}${details}`, 1);
  }
  await opened.store.close();
}

const add = defineCommand({
  meta: { name: 'add', description: 'Create an account' },
  args: {
    username: usernameArg,
    admin: { type: 'boolean', description: 'Make it an administrator', default: false },
    password: passwordArg,
    data: dataArg,
  },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const password = args.password ?? accounts.generatePassword();
      const account = await accounts.createAccount(deps, { username: args.username, password, admin: args.admin });
      print(`created ${account.admin ? 'admin ' : ''}account ${account.username}`);
      if (args.password === undefined) print(`password: ${password}`);
    }),
});

const list = defineCommand({
  meta: { name: 'list', description: 'List the accounts' },
  args: { data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const all = await accounts.listAccounts(deps);
      const width = Math.max(8, ...all.map((a) => a.username.length));
      print(`${'USERNAME'.padEnd(width)}  ADMIN  CREATED`);
      for (const a of all) print(`${a.username.padEnd(width)}  ${(a.admin ? 'yes' : 'no').padEnd(5)}  ${a.created.toISOString()}`);
    }),
});

/** Asks `question` at the terminal; true for y or yes. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^\s*y(es)?\s*$/i.test(await rl.question(`${question} [y/N] `));
  } finally {
    rl.close();
  }
}

const remove = defineCommand({
  meta: { name: 'delete', description: 'Delete an account and everything it owns (asks first at a terminal; --yes elsewhere)' },
  args: {
    username: usernameArg,
    yes: { type: 'boolean', alias: 'y', description: 'Delete without asking (needed when stdin is not a terminal)', default: false },
    data: dataArg,
  },
  run: ({ args }) => {
    // Nobody to ask (a script, a pipe): the command must say it means it.
    if (!args.yes && process.stdin.isTTY !== true) {
      fail(`deleting ${args.username} and everything it owns needs --yes when not run at a terminal: \`atomsync account delete ${shellWord(args.username)} --yes\``, 2);
    }
    return withStore(args.data, async (deps) => {
      const account = await accountNamed(deps.store, args.username);
      // Refused before asking, so nobody confirms a delete that cannot happen; deleteAccount checks
      // again in the delete's own transaction (another delete may run meanwhile).
      if (account.admin && (await accounts.listAccounts(deps)).filter((a) => a.admin).length <= 1) throw accounts.lastAdmin(account.username);
      if (!args.yes && !(await confirm(`Delete the account ${account.username} and everything it owns (clients, items, bindings, tokens)?`))) {
        print(`kept account ${account.username}`);
        return;
      }
      await accounts.deleteAccount(deps, account.username);
      print(`deleted account ${account.username}`);
    });
  },
});

const passwd = defineCommand({
  meta: { name: 'passwd', description: 'Set an account\'s password (its old one stops working at once)' },
  args: { username: usernameArg, password: passwordArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const password = args.password ?? accounts.generatePassword();
      await accounts.changePassword(deps, args.username, password);
      print(`changed the password of ${args.username}`);
      if (args.password === undefined) print(`password: ${password}`);
    }),
});

const token = defineCommand({
  meta: { name: 'token', description: 'Issue a bearer token for an account (printed once)' },
  args: { username: usernameArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const issued = await accounts.issueToken(deps, args.username);
      print(`token: ${issued.token}`);
    }),
});

const consumer = defineCommand({
  meta: { name: 'consumer', description: 'Issue an OAuth 1.0a consumer for an account (secret printed once)' },
  args: { username: usernameArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const issued = await accounts.issueConsumer(deps, args.username);
      print(`key: ${issued.key}`);
      print(`secret: ${issued.secret}`);
    }),
});

const appPasswordAdd = defineCommand({
  meta: { name: 'add', description: 'Create an app password for one device\'s CardDAV/CalDAV sign-in (printed once)' },
  args: { username: usernameArg, name: { type: 'positional', description: 'The device it is for, e.g. "Mac Contacts" (1 to 100 characters, unique in the account)', required: true }, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const account = await accounts.getAccount(deps, args.username);
      const created = await appPasswords.createAppPassword(deps.store, account.id, args.name);
      print(`created app password ${created.record.uuid} (${created.record.name}) for ${account.username}`);
      print(`password: ${created.password}`);
    }),
});

const appPasswordList = defineCommand({
  meta: { name: 'list', description: 'List an account\'s app passwords (never the passwords)' },
  args: { username: usernameArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const account = await accounts.getAccount(deps, args.username);
      print(`${'UUID'.padEnd(36)}  CREATED                   LAST USED                 NAME`);
      for (const p of await appPasswords.listAppPasswords(deps.store, account.id)) {
        print(`${p.uuid}  ${p.created.toISOString()}  ${(p.lastUsed?.toISOString() ?? 'never').padEnd(24)}  ${p.name}`);
      }
    }),
});

const appPasswordRevoke = defineCommand({
  meta: { name: 'revoke', description: 'Revoke an app password: no device signs in with it from now on' },
  args: { username: usernameArg, uuid: { type: 'positional', description: 'The app password\'s uuid (see `list`)', required: true }, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      const account = await accounts.getAccount(deps, args.username);
      await appPasswords.revokeAppPassword(deps.store, account.id, args.uuid);
      print(`revoked app password ${args.uuid} of ${account.username}`);
    }),
});

const appPassword = defineCommand({
  meta: { name: 'app-password', description: 'Manage an account\'s app passwords (CardDAV/CalDAV devices)' },
  subCommands: { add: appPasswordAdd, list: appPasswordList, revoke: appPasswordRevoke },
});

export const accountCommand = defineCommand({
  meta: { name: 'account', description: 'Manage accounts' },
  subCommands: { add, list, delete: remove, passwd, token, consumer, 'app-password': appPassword },
});

for (const command of [accountCommand, add, list, remove, passwd, token, consumer, appPassword, appPasswordAdd, appPasswordList, appPasswordRevoke]) {
  documentEnvironment(command, STORE_ENVIRONMENT);
}

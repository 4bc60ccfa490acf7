/**
 * `atomsync account …`: the admin API from the command line (guide/operators.md#accounts), on the
 * configured store directly (--data / ATOMSYNC_DATA_DIR, or DATABASE_URL with
 * ATOMSYNC_SECRET_KEY: the same resolution as `serve`), through services/accounts.ts.
 *
 * Secrets (a generated password, a token, a consumer secret) are printed once, on stdout, and
 * kept nowhere in the clear. Failures go to stderr with exit code 1 (2 for configuration).
 */
import { defineCommand } from 'citty';
import type { OpenedStore } from '../bootstrap.js';
import { STORE_ENVIRONMENT } from '../config.js';
import { ServiceError } from '../errors.js';
import * as accounts from '../services/accounts.js';
import { fail, openStoreOrFail } from './failure.js';
import { documentEnvironment } from './usage.js';

const dataArg = { type: 'string', description: 'Data directory (ATOMSYNC_DATA_DIR, default ./.atomsync)', valueHint: 'DIR' } as const;
const usernameArg = { type: 'positional', description: 'The account\'s username', required: true } as const;
const passwordArg = { type: 'string', description: 'The password (default: generate one and print it once)' } as const;

function print(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Opens the configured store, runs `work` on it, and closes it whatever happens. */
async function withStore(data: string | undefined, work: (opened: OpenedStore) => Promise<void>): Promise<void> {
  const opened = await openStoreOrFail(data);
  try {
    await work(opened);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    const details = err.details.map((d) => `\n  ${d.path?.replace('/entry/account/', '') ?? ''} ${d.message}`).join('');
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

const remove = defineCommand({
  meta: { name: 'delete', description: 'Delete an account and everything it owns' },
  args: { username: usernameArg, data: dataArg },
  run: ({ args }) =>
    withStore(args.data, async (deps) => {
      await accounts.deleteAccount(deps, args.username);
      print(`deleted account ${args.username}`);
    }),
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

export const accountCommand = defineCommand({
  meta: { name: 'account', description: 'Manage accounts' },
  subCommands: { add, list, delete: remove, passwd, token, consumer },
});

for (const command of [accountCommand, add, list, remove, passwd, token, consumer]) documentEnvironment(command, STORE_ENVIRONMENT);

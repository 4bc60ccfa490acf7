/**
 * The database's warnings, logged with the statement that drew them (issue 24). PostgreSQL sends
 * a WARNING to the session that ran the statement and nowhere else; unlogged, an operator never
 * sees it. On Citus, `citus.multi_task_query_log_level = 'warning'` (guide/operators.md, "What to
 * watch") makes every statement that reaches more than one shard warn: each instance then logs
 * which statements fan out, and how often. The statement is its text as the store prepares it,
 * values as placeholders ($1): no value (a password's hash, an item's body) reaches the log.
 * Notices below WARNING (a migration's "already exists, skipping") are not logged.
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** A pg client that remembers the text of the statement it runs (the notice itself does not carry it). */
class StatementClient extends pg.Client {
  statement: string | undefined;

  override query(...args: unknown[]): never {
    const [first] = args;
    this.statement = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The pool's client class and its `connect` listener: together they log each warning with its statement. */
export function loggingWarnings(log: Logger): { Client: typeof pg.Client; onConnect(client: pg.PoolClient): void } {
  return {
    Client: StatementClient,
    onConnect(client) {
      client.on('notice', (notice) => {
        if (notice.severity !== 'WARNING') return;
        log.warn({ statement: (client as unknown as StatementClient).statement, warning: notice.message }, 'the database warned of a statement');
      });
    },
  };
}

/**
 * Debian's litmus (0.13, the WebDAV server test suite) run against a collection URL, its output
 * read into one result per test. litmus MKCOLs `litmus/` under the URL it is given and works
 * inside it, so the URL must be a collection where the account may create a plain collection.
 *
 * The output format (neon's test framework, not on a terminal: no colour): per suite
 * "-> running `basic':", per test "\r 3. put_get............... " rewritten with its outcome —
 * "pass", "pass (with N warning(s))", "XFAIL", "FAIL (reason)", "SKIPPED (reason)", "fatal error -
 * FAIL (reason)" — where a reason may run over several lines; a warning prints "WARNING: text"
 * after the test's prefix and moves the outcome to a line of its own ("    ...... pass (with 1
 * warning)"); each suite ends "<- summary for `basic': of 14 tests run: 11 passed, 3 failed. 78.6%"
 * or "<- all tests skipped for `x'". litmus sometimes prints freed memory as a reason's path
 * (observed: "PUT of `9M-<...': 400 Bad Request"), so match reasons loosely.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runClient, type RunResult } from './process.js';

const LITMUS = '/usr/bin/litmus';

export type LitmusSuite = 'basic' | 'copymove' | 'props' | 'locks' | 'http';
export type LitmusOutcome = 'pass' | 'warn' | 'xfail' | 'fail' | 'fatal' | 'skip' | 'oops';

export interface LitmusResult {
  readonly suite: string;
  readonly number: number;
  readonly name: string;
  readonly outcome: LitmusOutcome;
  /** The test's context: why it failed or was skipped. */
  readonly reason?: string;
  readonly warnings: readonly string[];
}

export interface LitmusSummary {
  readonly suite: string;
  /** Tests run (skipped ones not counted), passed, failed; all 0 when every test was skipped. */
  readonly run: number;
  readonly passed: number;
  readonly failed: number;
}

export interface LitmusReport {
  readonly results: readonly LitmusResult[];
  readonly summaries: readonly LitmusSummary[];
}

interface Building {
  suite: string;
  number: number;
  name: string;
  outcome?: LitmusOutcome;
  reason?: string;
  warnings: string[];
}

const ANSI = /\x1b\[[0-9;]*m/g;
const SUITE = /^-> running `([^']+)':/;
const TEST = /^\s*(\d+)\. ([A-Za-z0-9_-]+)\.*\s(.*)$/;
const WARNED_PREFIX = /^ {4}\.+\s(.*)$/;
const OUTCOME = /^(pass|XFAIL|FAIL|SKIPPED|fatal error - FAIL|OOPS)(.*)$/;
const SUMMARY = /^<- summary for `([^']+)': of (\d+) tests run: (\d+) passed, (\d+) failed/;
const ALL_SKIPPED = /^<- all tests skipped for `([^']+)'/;

export function parseLitmus(output: string): LitmusReport {
  const results: LitmusResult[] = [];
  const summaries: LitmusSummary[] = [];
  let suite = '';
  let current: Building | undefined;
  /** A reason whose closing parenthesis has not come yet. */
  let openReason = false;

  const finish = () => {
    if (current?.outcome !== undefined) {
      const { reason, ...rest } = current;
      results.push({ ...rest, outcome: current.outcome, ...(reason === undefined ? {} : { reason }) });
    }
    current = undefined;
    openReason = false;
  };
  const outcome = (rest: string) => {
    if (current === undefined) return;
    if (rest.startsWith('WARNING: ')) {
      current.warnings.push(rest.slice('WARNING: '.length));
      return;
    }
    const match = OUTCOME.exec(rest);
    if (match === null) return;
    const [, word, tail] = match as unknown as [string, string, string];
    const warned = /^ \(with \d+ warnings?\)/.test(tail);
    current.outcome = ({ pass: warned ? 'warn' : 'pass', XFAIL: 'xfail', FAIL: 'fail', SKIPPED: 'skip', 'fatal error - FAIL': 'fatal', OOPS: 'oops' } as const)[word as 'pass'];
    const reason = /^ \((.*)$/s.exec(tail)?.[1];
    if (reason !== undefined && !warned) {
      openReason = !reason.endsWith(')');
      current.reason = openReason ? reason : reason.slice(0, -1);
    }
    if (!openReason) finish();
  };

  for (const raw of output.replace(ANSI, '').split('\n')) {
    // A test's line is rewritten with \r: what is after the last one is what a terminal shows.
    // Only a \r that starts a test's line again is one: litmus prints freed memory as propinit's
    // path, and a \r among those bytes (seen in CI) is kept as U+FFFD, part of the reason.
    const rewrite = [...raw.matchAll(/\r(?= *\d+\. )/g)].at(-1);
    const line = (rewrite !== undefined ? raw.slice(rewrite.index! + 1) : raw.slice(raw.lastIndexOf('\r') + 1)).replace(/\r/g, '\uFFFD');
    if (openReason && current !== undefined) {
      openReason = !line.endsWith(')');
      current.reason += `\n${openReason ? line : line.slice(0, -1)}`;
      if (!openReason) finish();
      continue;
    }
    const suiteStart = SUITE.exec(line);
    if (suiteStart) {
      finish();
      suite = suiteStart[1]!;
      continue;
    }
    const summary = SUMMARY.exec(line);
    if (summary) {
      summaries.push({ suite: summary[1]!, run: Number(summary[2]), passed: Number(summary[3]), failed: Number(summary[4]) });
      continue;
    }
    const allSkipped = ALL_SKIPPED.exec(line);
    if (allSkipped) {
      summaries.push({ suite: allSkipped[1]!, run: 0, passed: 0, failed: 0 });
      continue;
    }
    const test = TEST.exec(line);
    if (test) {
      if (current === undefined || current.number !== Number(test[1]) || current.suite !== suite) {
        finish();
        current = { suite, number: Number(test[1]), name: test[2]!, warnings: [] };
      }
      outcome(test[3]!);
      continue;
    }
    const warned = WARNED_PREFIX.exec(line);
    if (warned) outcome(warned[1]!);
  }
  finish();
  return { results, summaries };
}

export interface LitmusRun extends LitmusReport {
  readonly run: RunResult;
}

/** Runs the suites (each even when an earlier one failed: -k) in a scratch directory for litmus's logs. */
export async function runLitmus(
  url: string,
  username: string,
  password: string,
  options: { readonly suites: readonly LitmusSuite[]; readonly timeoutMs: number },
): Promise<LitmusRun> {
  const cwd = await mkdtemp(join(tmpdir(), 'atomsync-litmus-'));
  try {
    const run = await runClient(LITMUS, ['-k', url, username, password], {
      cwd,
      env: { ...process.env, TESTS: options.suites.join(' '), TEST_COLOUR: '0' },
      timeoutMs: options.timeoutMs,
    });
    return { ...parseLitmus(run.stdout), run };
  } finally {
    if (process.env.ATOMSYNC_KEEP_INTEROP_DIRS === '1') console.log(`kept ${cwd} (litmus's debug.log)`);
    else await rm(cwd, { recursive: true, force: true });
  }
}

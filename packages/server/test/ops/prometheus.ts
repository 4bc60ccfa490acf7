/**
 * A reader of the Prometheus text exposition format (0.0.4), enough to check a scrape: every
 * sample with its labels, and that each line is a comment, a sample or blank.
 */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/gy;

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) {
      if (line.startsWith('# ') && !/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) throw new Error(`not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let m = LABEL.exec(body); m !== null; m = LABEL.exec(body)) {
      labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      consumed = LABEL.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`bad labels: ${line}`);
    // As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`).
    const raw = match[3]!;
    const value = /^nan$/i.test(raw) ? NaN : /^[+-]?inf(inity)?$/i.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw);
    if (Number.isNaN(value) && !/^nan$/i.test(raw)) throw new Error(`bad value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the one sample named so whose labels include `labels`; undefined when none. */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

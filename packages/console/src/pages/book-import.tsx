/**
 * Importing a .vcf or .ics into an address book or calendar. The file is split into items in the
 * browser as it is read (splitItems of @atomsync/items, the splitter the server and the CLI use),
 * and posted PART_ITEMS items at a time to the API's import (…/contents/import), each part one
 * transaction on the server. So the progress shown is what the server has stored, a stop leaves
 * what was stored, and a file of any size is never held whole. The summary adds the parts'
 * answers up: added, twins skipped, and each refusal with the file's line, the item's name and why.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ContentImportEntryResponse } from '@atomsync/sdk';
import { splitItems, type SplitItem } from '@atomsync/items/files';
import { api } from '../api.js';
import { describeFailure, sessionEnded } from '../session.js';

/** Items per posted part: the API takes up to 1,000; smaller parts show progress more often. */
export const PART_ITEMS = 250;
/** Characters per part at most: a part stays well under the API's 10 MiB body (3 bytes a character at worst). */
const PART_CHARS = 2 * 1024 * 1024;
/** Refusals the summary names (the rest are counted), as the API's answer does. */
const KEPT_REFUSALS = 100;

interface Refusal {
  readonly line: number;
  readonly title?: string | undefined;
  readonly reason: string;
}

interface Progress {
  readonly file: string;
  readonly size: number;
  readonly read: number;
  readonly added: number;
  readonly twins: number;
  readonly refusedCount: number;
  readonly refusals: readonly Refusal[];
  readonly state: 'running' | 'done' | 'stopped' | 'failed';
  readonly error?: string;
}

/** A part to post: the items' texts, and where each begins in the body and in the file. */
class Part {
  readonly texts: string[] = [];
  private readonly starts: { body: number; file: number }[] = [];
  private lines = 0;
  chars = 0;

  add(item: SplitItem): void {
    this.starts.push({ body: this.lines + 1, file: item.line });
    this.texts.push(item.text);
    this.lines += item.text.split('\r\n').length - 1;
    this.chars += item.text.length;
  }

  /** The file's line of the body's line `line` (the API numbers a refusal by the body posted). */
  fileLine(line: number): number {
    let start = this.starts[0]!;
    for (const s of this.starts) if (s.body <= line) start = s;
    return start.file + (line - start.body);
  }
}

const count = (n: number) => n.toLocaleString();

/** The file's bytes as it is read, counting them (the progress bar's measure). */
async function* bytesOf(file: File, read: (n: number) => void): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read(value.length);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function Summary({ progress }: { progress: Progress }) {
  const { added, twins, refusedCount, refusals, state } = progress;
  const totals = `${count(added)} added, ${count(twins)} twin${twins === 1 ? '' : 's'} skipped, ${count(refusedCount)} refused`;
  const head =
    state === 'running'
      ? `Importing ${progress.file}: ${totals} so far…`
      : state === 'done'
        ? `Imported ${progress.file}: ${totals}.`
        : state === 'stopped'
          ? `Stopped importing ${progress.file}: ${totals} (what was added stays).`
          : `Importing ${progress.file} failed: ${totals} before it stopped.`;
  return (
    <div class={`panel ${state === 'done' && refusedCount === 0 ? 'ok' : state === 'running' ? '' : 'warn'}`}>
      <p class="import-status" role="status">
        {head}
      </p>
      <progress max={Math.max(progress.size, 1)} value={progress.read} aria-label={`${progress.file} read`} />
      {progress.error !== undefined && (
        <p class="error" role="alert">
          {progress.error}
        </p>
      )}
      {refusals.length > 0 && (
        <>
          <h3>Refused</h3>
          <ul class="refusals">
            {refusals.map((r) => (
              <li key={`${r.line}:${r.reason}`}>
                Line {count(r.line)}
                {r.title !== undefined && r.title !== '' ? ` “${r.title}”` : ''}: {r.reason}
              </li>
            ))}
          </ul>
          {refusedCount > refusals.length && <p class="muted small">…and {count(refusedCount - refusals.length)} more.</p>}
        </>
      )}
    </div>
  );
}

export function Import({ uuid, onImported, onSignedOut }: { uuid: string; onImported: () => void; onSignedOut: () => void }) {
  const [progress, setProgress] = useState<Progress>();
  const stop = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => stop.current?.abort(), []);
  const running = progress?.state === 'running';

  const run = async (file: File) => {
    const controller = new AbortController();
    stop.current = controller;
    let now: Progress = { file: file.name, size: file.size, read: 0, added: 0, twins: 0, refusedCount: 0, refusals: [], state: 'running' };
    const show = (change: Partial<Progress>) => setProgress((now = { ...now, ...change }));
    show({});
    let read = 0;
    const refuse = (refusal: Refusal) => show({ refusedCount: now.refusedCount + 1, refusals: now.refusals.length < KEPT_REFUSALS ? [...now.refusals, refusal] : now.refusals });
    const post = async (part: Part) => {
      const answer: ContentImportEntryResponse = await api.datastore.contents(uuid).import(part.texts.join(''), {}, { signal: controller.signal });
      const { added, twins, refusals = [] } = answer.import;
      show({ added: now.added + added, twins: now.twins + twins, read });
      for (const r of refusals) refuse({ line: part.fileLine(r.line), title: r.title, reason: r.reason });
    };
    try {
      let part = new Part();
      for await (const entry of splitItems(bytesOf(file, (n) => (read += n)))) {
        if (controller.signal.aborted) break;
        // What is no item at all (a card the file ends inside) never goes to the server.
        if (!entry.ok) {
          refuse({ line: entry.line, reason: entry.reason });
          continue;
        }
        if (part.texts.length > 0 && part.chars + entry.text.length > PART_CHARS) {
          await post(part);
          part = new Part();
        }
        part.add(entry);
        if (part.texts.length >= PART_ITEMS) {
          await post(part);
          part = new Part();
        }
      }
      if (!controller.signal.aborted && part.texts.length > 0) await post(part);
      if (!controller.signal.aborted && now.added + now.twins + now.refusedCount === 0) show({ state: 'failed', error: `${file.name} holds no vCard, event or task: choose a .vcf or an .ics file.` });
      else show({ state: controller.signal.aborted ? 'stopped' : 'done', read: controller.signal.aborted ? read : file.size });
    } catch (failure) {
      if (controller.signal.aborted) show({ state: 'stopped' });
      else if (sessionEnded(failure)) onSignedOut();
      else show({ state: 'failed', error: describeFailure(failure) });
    } finally {
      if (stop.current === controller) stop.current = undefined;
      onImported();
    }
  };

  return (
    <div class="import">
      <form
        class="inline-form"
        aria-label="Import a file"
        onSubmit={(event) => {
          event.preventDefault();
          const file = (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[type=file]')?.files?.[0];
          if (file !== undefined) void run(file);
        }}
      >
        <label for="books-import">Import a .vcf or .ics file</label>
        <input id="books-import" name="file" type="file" accept=".vcf,.vcard,.ics,.ical,.vcs,text/vcard,text/x-vcard,text/calendar,text/x-vcalendar" required disabled={running} />
        <button type="submit" disabled={running}>
          Import
        </button>
        {running && (
          <button type="button" class="secondary" onClick={() => stop.current?.abort()}>
            Stop importing
          </button>
        )}
      </form>
      {progress !== undefined && <Summary progress={progress} />}
    </div>
  );
}

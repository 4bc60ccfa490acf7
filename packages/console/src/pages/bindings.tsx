/**
 * Bindings: which two clients sync with each other, made here between any two of the account's
 * clients; a run of one in the mode and dataclass asked, watched until it ends; and the sync log,
 * each run with its statistics or why it failed, filtered by binding and by result.
 */
import { useState } from 'preact/hooks';
import type { BindingEntryResponse, ClientRef, ConflictWinner, Dataclass, SyncLogEntryResponse, SyncMode } from '@atomsync/sdk';
import { api } from '../api.js';
import { ago, kindName, when } from '../format.js';
import { useAction, useLoad } from '../load.js';
import type { ClientState } from '../overview.js';
import { loadOverview } from './overview.js';
import { Failed, Loading } from './status.js';

/** The modes as the API names them (spec/openapi.yaml, synchronize). */
const MODES: readonly [SyncMode, string][] = [
  [200, 'Two-way'],
  [201, 'Slow (compare everything)'],
  [202, 'One-way, source to target'],
  [203, 'Refresh from source'],
  [204, 'One-way, target to source'],
  [205, 'Refresh from target'],
];
const DATACLASSES: readonly Dataclass[] = ['Contacts', 'Calendar', 'Events', 'Tasks', 'Notes'];
type ResultFilter = 'all' | 'completed' | 'failed' | 'running';

interface Loaded {
  readonly clients: ClientState[];
  readonly bindings: BindingEntryResponse[];
  readonly log: SyncLogEntryResponse[];
}

async function loadBindings(): Promise<Loaded> {
  const [clients, bindings, log] = await Promise.all([loadOverview(), api.syncengine.list(), api.syncengine.log()]);
  return { clients, bindings: bindings.entries, log: log.entries };
}

const refOf = (key: string): ClientRef => {
  const [syncSource, uuid] = key.split(':') as [ClientRef['syncSource'], string];
  return { syncSource, uuid };
};


function statsText(entry: SyncLogEntryResponse): string {
  const { source, target, conflictsDetected, duplicatesDetected } = entry.syncStats;
  const side = (s: typeof source) => `${s.statistics.addsIn} added, ${s.statistics.replacesIn} changed, ${s.statistics.deletesIn} deleted`;
  return `source: ${side(source)}; target: ${side(target)}; ${conflictsDetected} conflict${conflictsDetected === 1 ? '' : 's'}, ${duplicatesDetected} duplicate${duplicatesDetected === 1 ? '' : 's'}`;
}

function Create({ clients, onDone, onSignedOut }: { clients: ClientState[]; onDone: () => void; onSignedOut: () => void }) {
  const [busy, error, run] = useAction(onSignedOut);
  const options = clients.map((c) => (
    <option key={`${c.kind}:${c.uuid}`} value={`${c.kind}:${c.uuid}`}>
      {kindName(c.kind)}: {c.name}
    </option>
  ));
  return (
    <form
      class="panel"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget as HTMLFormElement);
        void run(async () => {
          await api.syncengine.create({ source: refOf(String(form.get('source'))), target: refOf(String(form.get('target'))), conflictWinner: String(form.get('winner')) as ConflictWinner });
          onDone();
        });
      }}
    >
      <h2>Bind two clients</h2>
      <div class="grid-form">
        <label for="binding-source">Source</label>
        <select id="binding-source" name="source" required>
          {options}
        </select>
        <label for="binding-target">Target</label>
        <select id="binding-target" name="target" required>
          {options}
        </select>
        <label for="binding-winner">When both changed an item</label>
        <select id="binding-winner" name="winner">
          <option value="source">the source wins</option>
          <option value="target">the target wins</option>
        </select>
      </div>
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Create the binding
      </button>
    </form>
  );
}

function Binding({ binding, names, onRan, onSignedOut }: { binding: BindingEntryResponse; names: Map<string, string>; onRan: () => void; onSignedOut: () => void }) {
  const [busy, error, run] = useAction(onSignedOut);
  const [result, setResult] = useState<SyncLogEntryResponse>();
  const name = (ref: ClientRef | undefined) => (ref === undefined ? '?' : (names.get(`${ref.syncSource}:${ref.uuid}`) ?? ref.uuid));
  const id = binding.bindingId;
  const winner = binding.conflictWinner ?? 'source';
  // A binding with a phone on a side runs when the phone syncs; the API refuses to run it from here.
  const phone = [binding.source, binding.target].find((r) => r?.syncSource === 'activesync' || r?.syncSource === 'syncml')?.syncSource;
  return (
    <li class="binding">
      <div>
        <strong>
          {name(binding.source)} → {name(binding.target)}
        </strong>
        <span class="muted small">
          binding {id}; when both changed an item, the {winner} wins
        </span>
      </div>
      {phone === undefined ? (
        <form
          class="inline-form"
          aria-label={`Run binding ${id}`}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget as HTMLFormElement);
            setResult(undefined);
            void run(async () => {
              // The answer is the run's log entry once it ended (a run waits up to 30 s for the one before).
              setResult(await api.syncengine.synchronize(id, { syncMode: Number(form.get('mode')) as SyncMode, dataclass: String(form.get('dataclass')) as Dataclass }));
              onRan();
            });
          }}
        >
          <label for={`mode-${id}`}>Mode</label>
          <select id={`mode-${id}`} name="mode">
            {MODES.map(([mode, label]) => (
              <option key={mode} value={mode}>
                {label}
              </option>
            ))}
          </select>
          <label for={`dataclass-${id}`}>What</label>
          <select id={`dataclass-${id}`} name="dataclass">
            {DATACLASSES.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            {busy ? 'Running…' : 'Run now'}
          </button>
        </form>
      ) : (
        <p class="muted small">Runs when the {kindName(phone)} syncs: a phone starts its own runs.</p>
      )}
      <button
        type="button"
        class="secondary"
        disabled={busy}
        onClick={() =>
          run(async () => {
            await api.syncengine.update(id, { source: binding.source, target: binding.target, conflictWinner: winner === 'source' ? 'target' : 'source' });
            onRan();
          })
        }
      >
        Let the {winner === 'source' ? 'target' : 'source'} win conflicts
      </button>
      {busy && (
        <p class="muted" role="status">
          Running binding {id}…
        </p>
      )}
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {result !== undefined && (
        <p class={`panel ${result.result === 'failed' ? 'danger' : 'ok'}`} role="status">
          {result.result === 'failed' ? `The run failed: ${result.reason ?? 'no reason given'}` : `The run ${result.result ?? 'completed'}: ${statsText(result)}.`}
        </p>
      )}
    </li>
  );
}

function Log({ log, bindings }: { log: SyncLogEntryResponse[]; bindings: BindingEntryResponse[] }) {
  const [binding, setBinding] = useState('all');
  const [result, setResult] = useState<ResultFilter>('all');
  const shown = log.filter((e) => (binding === 'all' || String(e.bindingId) === binding) && (result === 'all' || (e.result ?? 'completed') === result));
  return (
    <section aria-labelledby="log-heading">
      <h2 id="log-heading">Sync log</h2>
      <div class="inline-form filters">
        <label for="log-binding">Binding</label>
        <select id="log-binding" value={binding} onChange={(e) => setBinding((e.currentTarget as HTMLSelectElement).value)}>
          <option value="all">All bindings</option>
          {bindings.map((b) => (
            <option key={b.bindingId} value={String(b.bindingId)}>
              Binding {b.bindingId}
            </option>
          ))}
        </select>
        <label for="log-result">Result</label>
        <select id="log-result" value={result} onChange={(e) => setResult((e.currentTarget as HTMLSelectElement).value as ResultFilter)}>
          <option value="all">Any result</option>
          <option value="completed">Completed</option>
          <option value="failed">Failed</option>
          <option value="running">Running</option>
        </select>
      </div>
      {shown.length === 0 ? (
        <p class="empty">No run matches.</p>
      ) : (
        <table class="clients log">
          <caption class="visually-hidden">Runs of the bindings, latest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Binding</th>
              <th scope="col">Run</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <tr key={e.id}>
                <th scope="row" data-label="When">
                  {e.published == null ? '—' : <time dateTime={e.published.toISOString()} title={when(e.published)}>{ago(e.published)}</time>}
                </th>
                <td data-label="Binding">{e.bindingId ?? '—'}</td>
                <td data-label="Run">
                  {MODES.find(([m]) => m === e.syncMode)?.[1] ?? e.syncMode}, {e.dataclass}
                </td>
                <td data-label="Outcome">{e.result === 'failed' ? <span class="error">Failed: {e.reason}</span> : e.result === 'running' ? 'Running' : statsText(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function Bindings({ onSignedOut }: { onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(loadBindings, onSignedOut);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Bindings</h1>
        <button type="button" class="secondary" onClick={reload}>
          Refresh
        </button>
      </div>
      {loaded.state === 'loading' && <Loading what="your bindings" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && (
        <>
          {loaded.value.bindings.length === 0 ? (
            <p class="empty">No two clients are bound yet.</p>
          ) : (
            <ul class="list bindings">
              {loaded.value.bindings.map((b) => (
                <Binding key={b.bindingId} binding={b} names={new Map(loaded.value.clients.map((c) => [`${c.kind}:${c.uuid}`, c.name]))} onRan={reload} onSignedOut={onSignedOut} />
              ))}
            </ul>
          )}
          <Create clients={loaded.value.clients} onDone={reload} onSignedOut={onSignedOut} />
          <Log log={loaded.value.log} bindings={loaded.value.bindings} />
        </>
      )}
    </>
  );
}

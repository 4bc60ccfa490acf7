/** Every client of the account, with its state at a glance (overview.ts says what each column means). */
import { api } from '../api.js';
import { ago, kindName, when } from '../format.js';
import { useLoad } from '../load.js';
import { needsAttention, overviewOf, type ClientState } from '../overview.js';
import { Failed, Loading } from './status.js';

/** Every client of the account with its state (the Bindings page names clients from it too). */
export async function loadOverview(): Promise<ClientState[]> {
  const [datastores, extdata, syncml, activesync, bindings, log] = await Promise.all([
    api.datastore.list(),
    api.extdata.list(),
    api.syncml.list(),
    api.activesync.list(),
    api.syncengine.list(),
    api.syncengine.log(),
  ]);
  return overviewOf({
    datastores: datastores.entries,
    extdata: extdata.entries,
    syncml: syncml.entries,
    activesync: activesync.entries,
    bindings: bindings.entries,
    log: log.entries,
  });
}

function Badges({ client }: { client: ClientState }) {
  const badges: [string, string][] = [];
  if (client.wipePending) badges.push(['danger', 'Wipe pending']);
  if (client.isolated > 0) badges.push(['warn', `${client.isolated} item${client.isolated === 1 ? '' : 's'} isolated`]);
  if (client.unbound) badges.push(['warn', 'Not bound']);
  if (client.lastError !== undefined) badges.push(['danger', 'Failing']);
  if (badges.length === 0) badges.push(['ok', 'OK']);
  return (
    <ul class="badges">
      {badges.map(([tone, text]) => (
        <li key={text} class={`badge ${tone}`}>
          {text}
        </li>
      ))}
    </ul>
  );
}

function Row({ client }: { client: ClientState }) {
  const name = client.kind === 'activesync' || client.kind === 'syncml' ? <a href={`#/devices/${encodeURIComponent(client.uuid)}`}>{client.name}</a> : client.name;
  return (
    <tr class={needsAttention(client) ? 'attention' : undefined}>
      <th scope="row" data-label="Client">
        <span class="kind">{kindName(client.kind)}</span>
        <span class="name">{name}</span>
      </th>
      <td data-label="Last sync">{client.lastSync === undefined ? <span class="muted">never</span> : <time dateTime={client.lastSync.toISOString()} title={when(client.lastSync)}>{ago(client.lastSync)}</time>}</td>
      <td data-label="Last error">
        {client.lastError === undefined ? (
          <span class="muted">none</span>
        ) : (
          <>
            <time dateTime={client.lastError.at.toISOString()} title={when(client.lastError.at)}>
              {ago(client.lastError.at)}
            </time>
            : {client.lastError.reason}
          </>
        )}
      </td>
      <td data-label="State">
        <Badges client={client} />
      </td>
    </tr>
  );
}

export function Overview({ onSignedOut }: { onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(loadOverview, onSignedOut);
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Overview</h1>
        <button type="button" class="secondary" onClick={reload}>
          Refresh
        </button>
      </div>
      {loaded.state === 'loading' && <Loading what="your clients" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && loaded.value.length === 0 && (
        <p class="empty">
          This account has no clients yet. Register a phone, an address book or an external account through the API (see <a href="/docs/getting-started.html">Getting started</a>).
        </p>
      )}
      {loaded.state === 'ready' && loaded.value.length > 0 && (
        <>
          <p class="summary">
            {loaded.value.length} client{loaded.value.length === 1 ? '' : 's'}; {loaded.value.filter(needsAttention).length} need{loaded.value.filter(needsAttention).length === 1 ? 's' : ''} attention.
          </p>
          <table class="clients">
            <caption class="visually-hidden">Clients of this account and their state</caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Last sync</th>
                <th scope="col">Last error</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {loaded.value.map((client) => (
                <Row key={`${client.kind}:${client.uuid}`} client={client} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

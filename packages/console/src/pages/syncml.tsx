/**
 * SyncML phones, on the Devices page: each phone's record, the settings sent to it (OMA Client
 * Provisioning, with the PIN its user types), a server-initiated sync asked (a Server Alerted
 * Notification), what the SMS/WAP-push gateway was handed for it (its outbox), and its sessions
 * with what each did. As far as the API goes: the gateway says nothing of delivery, so the page
 * says when a message was handed over, not whether the phone got it; the phone's answer is its
 * next session.
 */
import { useState } from 'preact/hooks';
import type { OutboxEntryResponse, SessionEntryResponse, Statistics, SyncmlClientEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { ago, when } from '../format.js';
import { useAction, useLoad } from '../load.js';
import { Failed, Loading } from './status.js';

/** How many of a phone's sessions the page lists, newest first (the API answers them all). */
const SESSIONS_SHOWN = 20;

export const syncmlName = ({ client }: SyncmlClientEntryResponse): string => client.phoneNumber ?? client.imei ?? client.userId ?? client.uuid;

const MODES: Readonly<Record<number, string>> = { 200: 'two-way', 201: 'slow sync', 202: 'one-way from the phone', 203: 'refresh from the phone', 204: 'one-way from the server', 205: 'refresh from the server' };

function changes(s: Statistics): string {
  const side = (adds: number, replaces: number, deletes: number) => (adds + replaces + deletes === 0 ? 'nothing' : `${adds} added, ${replaces} changed, ${deletes} deleted`);
  // The phone's side of the run: *_out its own changes sent, *_in what the run applied to it (guide/protocol.md#statistics-direction).
  return `from the phone: ${side(s.addsOut, s.replacesOut, s.deletesOut)}; to the phone: ${side(s.addsIn, s.replacesIn, s.deletesIn)}`;
}

function Time({ at }: { at: Date | null | undefined }) {
  if (at == null) return <span class="muted">never</span>;
  return (
    <time dateTime={at.toISOString()} title={when(at)}>
      {ago(at)}
    </time>
  );
}

function Sessions({ sessions }: { sessions: readonly SessionEntryResponse[] }) {
  if (sessions.length === 0) return <p class="muted">No session yet: the phone has not synced with this server.</p>;
  return (
    <table class="clients sessions">
      <caption class="visually-hidden">Sessions, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Started</th>
          <th scope="col">Outcome</th>
          <th scope="col">What synced</th>
        </tr>
      </thead>
      <tbody>
        {sessions.slice(0, SESSIONS_SHOWN).map(({ session }) => (
          <tr key={session.sessionId}>
            <th scope="row" data-label="Started">
              <Time at={session.started} />
              <span class="kind">
                session {session.sessionId}, SyncML {session.protocol ?? '?'} over {session.encoding === 'wbxml' ? 'WBXML' : 'XML'}
              </span>
            </th>
            <td data-label="Outcome">
              {session.ended == null ? (
                'still open'
              ) : session.status === undefined || session.status < 300 ? (
                <span class="badge ok">Ended{session.status === undefined ? '' : ` (${session.status})`}</span>
              ) : (
                <span class="badge danger">Refused ({session.status})</span>
              )}
              {session.reason !== undefined && <span class="small"> {session.reason}</span>}
            </td>
            <td data-label="What synced">
              {(session.datastores ?? []).length === 0 ? (
                <span class="muted">no datastore</span>
              ) : (
                <ul class="plain">
                  {session.datastores!.map((d) => (
                    <li key={d.uri}>
                      {d.dataclass ?? d.uri}
                      {d.syncMode !== undefined && `, ${MODES[d.syncMode] ?? d.syncMode}`}
                      {d.statistics !== undefined && `: ${changes(d.statistics)}`}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Outbox({ items }: { items: readonly OutboxEntryResponse[] }) {
  if (items.length === 0) return <p class="muted">Nothing was sent to this phone yet.</p>;
  return (
    <ul class="plain outbox">
      {items.map((item) => (
        <li key={item.id}>
          {item.outboxItem.kind === 'setup' ? 'Settings' : 'A request to sync'} handed to the gateway <Time at={item.published} />
          {item.outboxItem.phoneNumber !== undefined && <> for {item.outboxItem.phoneNumber}</>}
        </li>
      ))}
    </ul>
  );
}

function Phone({ entry, sessions, onSignedOut }: { entry: SyncmlClientEntryResponse; sessions: readonly SessionEntryResponse[]; onSignedOut: () => void }) {
  const { client } = entry;
  const [outbox, reloadOutbox] = useLoad(async () => (await api.syncml.outbox(client.uuid)).entries, onSignedOut);
  const [busy, error, run] = useAction(onSignedOut);
  const [done, setDone] = useState<string>();
  const [setupOpen, setSetupOpen] = useState(false);
  const [setup, setSetup] = useState(client.setup);
  const name = syncmlName(entry);
  const noNumber = client.phoneNumber === undefined;
  return (
    <article class="device" aria-labelledby={`syncml-${client.uuid}`}>
      <h3 id={`syncml-${client.uuid}`}>{name}</h3>
      <dl class="facts">
        <dt>Phone number</dt>
        <dd>{client.phoneNumber ?? <span class="muted">none: settings and sync requests cannot be sent</span>}</dd>
        <dt>Device id</dt>
        <dd>{client.imei ?? <span class="muted">taken from the first phone that syncs</span>}</dd>
        <dt>Settings sent</dt>
        <dd>{setup?.sent == null ? <span class="muted">never</span> : <>“{setup.name}”, <Time at={setup.sent} /></>}</dd>
        <dt>Its datastores</dt>
        <dd>{(client.datastores ?? []).length === 0 ? <span class="muted">none yet: made at its first sync</span> : client.datastores!.map((d) => `${d.name} (${d.dataclass})`).join(', ')}</dd>
      </dl>
      {done !== undefined && (
        <p class="panel ok" role="status">
          {done}
        </p>
      )}
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {setupOpen ? (
        <form
          class="panel"
          onSubmit={(event) => {
            event.preventDefault();
            const pincode = String(new FormData(event.currentTarget as HTMLFormElement).get('pincode') ?? '');
            void run(async () => {
              const sent = await api.syncml.setup(client.uuid, { pincode });
              setSetup(sent.setup);
              setSetupOpen(false);
              setDone(`The settings were handed to the SMS gateway for ${name}. The phone asks its user for the PIN ${pincode}, then installs them.`);
              reloadOutbox();
            });
          }}
        >
          <fieldset>
            <legend>Send the sync settings to {name}</legend>
            <label for={`pin-${client.uuid}`}>PIN the phone’s user types to install them</label>
            <input id={`pin-${client.uuid}`} name="pincode" required inputMode="numeric" pattern="[0-9]{4,8}" maxLength={8} aria-describedby={`pin-hint-${client.uuid}`} />
            <p id={`pin-hint-${client.uuid}`} class="muted small">
              4 to 8 digits. Tell it to the phone’s user another way than by SMS.
            </p>
            <div class="actions">
              <button type="submit" disabled={busy}>
                Send the settings
              </button>
              <button type="button" class="secondary" onClick={() => setSetupOpen(false)}>
                Cancel
              </button>
            </div>
          </fieldset>
        </form>
      ) : (
        <div class="actions">
          <button
            type="button"
            disabled={busy || noNumber}
            onClick={() =>
              run(async () => {
                await api.syncml.requestSync(client.uuid);
                setDone(`A request to sync was handed to the SMS gateway for ${name}. The phone asks its user to confirm unless it accepts on its own; when it syncs, the session appears below.`);
                reloadOutbox();
              })
            }
          >
            Ask the phone to sync
          </button>
          <button type="button" class="secondary" disabled={noNumber} onClick={() => setSetupOpen(true)}>
            Send the settings…
          </button>
        </div>
      )}
      <h4>Sent to the phone</h4>
      {outbox.state === 'loading' && <Loading what="what was sent" />}
      {outbox.state === 'failed' && <Failed message={outbox.message} retry={reloadOutbox} />}
      {outbox.state === 'ready' && <Outbox items={outbox.value} />}
      <h4>Sessions</h4>
      <Sessions sessions={sessions} />
    </article>
  );
}

/** The account's SyncML phones (all, or the one `uuid` names); nothing when `uuid` names another kind of device. */
export function SyncmlPhones({ uuid, onSignedOut }: { uuid: string | undefined; onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(async () => {
    const [phones, sessions] = await Promise.all([api.syncml.list(), api.syncml.sessions()]);
    return { phones: phones.entries, sessions: sessions.entries.sort((a, b) => b.session.started.getTime() - a.session.started.getTime()) };
  }, onSignedOut);
  const shown = loaded.state === 'ready' ? loaded.value.phones.filter((e) => uuid === undefined || e.client.uuid === uuid) : [];
  if (uuid !== undefined && shown.length === 0) return null;
  return (
    <section aria-labelledby="syncml-phones">
      <h2 id="syncml-phones">SyncML phones</h2>
      {loaded.state === 'loading' && <Loading what="your SyncML phones" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && shown.length === 0 && <p class="empty">No SyncML phone is registered for this account.</p>}
      {loaded.state === 'ready' &&
        shown.map((entry) => <Phone key={entry.client.uuid} entry={entry} sessions={loaded.value.sessions.filter((s) => s.session.clientUuid === entry.client.uuid)} onSignedOut={onSignedOut} />)}
    </section>
  );
}

/**
 * Devices: the account's phones. ActiveSync phones here: the device record each reported (model, OS, protocol, first and last contact)
 * and what is wrong with it, and the remote wipe, asked only after a confirmation that says what
 * it erases, and cancelled while the phone has not yet acknowledged it. SyncML phones below them
 * (./syncml.tsx).
 */
import { useState } from 'preact/hooks';
import type { ActivesyncClientEntryResponse, WipeScope } from '@atomsync/sdk';
import { api } from '../api.js';
import { describeFailure, sessionEnded } from '../session.js';
import { ago, when } from '../format.js';
import { useLoad } from '../load.js';
import { Failed, Loading } from './status.js';
import { SyncmlPhones } from './syncml.js';

const nameOf = ({ client }: ActivesyncClientEntryResponse): string => client.device?.friendlyName ?? client.device?.model ?? client.username ?? client.uuid;

function Time({ at }: { at: Date | null | undefined }) {
  if (at == null) return <span class="muted">never</span>;
  return (
    <time dateTime={at.toISOString()} title={ago(at)}>
      {when(at)}
    </time>
  );
}

function Wipe({ entry, onChanged, onSignedOut }: { entry: ActivesyncClientEntryResponse; onChanged: (entry: ActivesyncClientEntryResponse) => void; onSignedOut: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [scope, setScope] = useState<WipeScope>('account');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const wipe = entry.client.device?.wipe;
  const act = async (action: () => Promise<ActivesyncClientEntryResponse>) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await action());
      setConfirming(false);
    } catch (failure) {
      if (sessionEnded(failure)) onSignedOut();
      else setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  if (entry.client.device === undefined) return <p class="muted">This phone has not signed in yet, so there is nothing to wipe.</p>;
  if (wipe?.acknowledged !== undefined) {
    return (
      <p class="badge danger">
        Wiped: the phone acknowledged the wipe <Time at={wipe.acknowledged} />. It is refused from now on.
      </p>
    );
  }
  if (wipe !== undefined) {
    return (
      <div class="panel danger">
        <p>
          A wipe ({wipe.scope === 'device' ? 'the whole phone' : 'this account only'}) was asked <Time at={wipe.requested} />
          {wipe.sent === undefined ? '; the phone has not been told yet.' : <>; the phone was told <Time at={wipe.sent} />.</>}
        </p>
        {error !== undefined && <p class="error" role="alert">{error}</p>}
        <button type="button" disabled={busy} onClick={() => act(() => api.activesync.cancelWipe(entry.client.uuid))}>
          Cancel the wipe
        </button>
      </div>
    );
  }
  if (!confirming) {
    return (
      <button type="button" class="danger" onClick={() => setConfirming(true)}>
        Wipe this phone…
      </button>
    );
  }
  return (
    <form
      class="panel danger"
      onSubmit={(event) => {
        event.preventDefault();
        void act(() => api.activesync.wipe(entry.client.uuid, { wipe: { scope } }));
      }}
    >
      <fieldset>
        <legend>Wipe “{nameOf(entry)}”?</legend>
        <label class="choice">
          <input type="radio" name="scope" value="account" checked={scope === 'account'} onChange={() => setScope('account')} />
          This account only: its contacts, calendars and password leave the phone (phones on ActiveSync 16.1).
        </label>
        <label class="choice">
          <input type="radio" name="scope" value="device" checked={scope === 'device'} onChange={() => setScope('device')} />
          The whole phone: it is reset to factory settings and everything on it is erased.
        </label>
        <p>The phone is wiped the next time it connects. Until it acknowledges, you can cancel.</p>
        {error !== undefined && <p class="error" role="alert">{error}</p>}
        <div class="actions">
          <button type="submit" class="danger" disabled={busy}>
            {scope === 'device' ? 'Erase the whole phone' : 'Remove this account from the phone'}
          </button>
          <button type="button" class="secondary" onClick={() => setConfirming(false)}>
            Keep the phone as it is
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function Device({ entry, onSignedOut }: { entry: ActivesyncClientEntryResponse; onSignedOut: () => void }) {
  const [current, setCurrent] = useState(entry);
  const { client } = current;
  const device = client.device;
  return (
    <article class="device">
      <h3>{nameOf(current)}</h3>
      <dl class="facts">
        <dt>Signs in as</dt>
        <dd>{client.username ?? '—'}</dd>
        <dt>Model</dt>
        <dd>{device?.model ?? device?.type ?? <span class="muted">not reported</span>}</dd>
        <dt>Operating system</dt>
        <dd>{device?.os ?? <span class="muted">not reported</span>}</dd>
        <dt>Protocol</dt>
        <dd>{device === undefined ? '—' : `ActiveSync ${device.protocolVersion}`}</dd>
        <dt>First contact</dt>
        <dd>
          <Time at={device?.firstContact} />
        </dd>
        <dt>Last contact</dt>
        <dd>
          <Time at={device?.lastContact} />
        </dd>
        <dt>Last sync</dt>
        <dd>
          <Time at={client.lastSync} />
        </dd>
        {device?.replaced !== undefined && (
          <>
            <dt>Replaced</dt>
            <dd>
              device {device.replaced.deviceId}, <Time at={device.replaced.at} />
            </dd>
          </>
        )}
      </dl>
      {device?.unbound !== undefined && (
        <p class="panel warn">
          This phone is in no binding, so it got no folders (since <Time at={device.unbound.since} />). Bind it to an address book to sync.
        </p>
      )}
      {(device?.isolatedItems?.length ?? 0) > 0 && (
        <div class="panel warn">
          <p>Loop protection took these items out so the rest syncs; each clears when the phone takes a later change of it.</p>
          <ul>
            {device!.isolatedItems!.map((item) => (
              <li key={`${item.collection}/${item.serverId}`}>
                {item.folder ?? item.collection}: item {item.serverId} ({item.op}), since <Time at={item.since} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <Wipe entry={current} onChanged={setCurrent} onSignedOut={onSignedOut} />
    </article>
  );
}

export function Devices({ uuid, onSignedOut }: { uuid: string | undefined; onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(async () => (await api.activesync.list()).entries, onSignedOut);
  const shown = loaded.state === 'ready' ? loaded.value.filter((e) => uuid === undefined || e.client.uuid === uuid) : [];
  // One device asked for: the section of its kind alone (the other finds nothing and shows nothing).
  const activesync = uuid === undefined || loaded.state !== 'ready' || shown.length > 0;
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Devices</h1>
        {uuid !== undefined && <a href="#/devices">All devices</a>}
      </div>
      {activesync && (
        <section aria-labelledby="activesync-phones">
          <h2 id="activesync-phones">ActiveSync phones</h2>
          {loaded.state === 'loading' && <Loading what="your phones" />}
          {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
          {loaded.state === 'ready' && shown.length === 0 && <p class="empty">No ActiveSync phone is registered for this account yet.</p>}
          {shown.map((entry) => (
            <Device key={entry.client.uuid} entry={entry} onSignedOut={onSignedOut} />
          ))}
        </section>
      )}
      <SyncmlPhones uuid={uuid} onSignedOut={onSignedOut} />
    </>
  );
}

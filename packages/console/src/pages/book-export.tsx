/**
 * Exporting an address book or calendar: its contacts as one .vcf, its events or its tasks as one
 * .ics (one VCALENDAR, each VTIMEZONE once), written by the same code as the CLI's export
 * (@atomsync/items/files). The items are read a page of 1,000 at a time, then the browser saves
 * the file.
 */
import { useState } from 'preact/hooks';
import { CalendarWriter, cardText } from '@atomsync/items/files';
import { api } from '../api.js';
import { useAction } from '../load.js';

/** Items an export reads per request (the API's largest page). */
const READ_PAGE = 1000;

type Exported = 'Contacts' | 'Events' | 'Tasks';
const KINDS: Readonly<Record<Exported, { readonly noun: string; readonly extension: 'vcf' | 'ics'; readonly type: string }>> = {
  Contacts: { noun: 'contact', extension: 'vcf', type: 'text/vcard' },
  Events: { noun: 'event', extension: 'ics', type: 'text/calendar' },
  Tasks: { noun: 'task', extension: 'ics', type: 'text/calendar' },
};

function ExportOne({ uuid, name, what, onSignedOut }: { uuid: string; name: string; what: Exported; onSignedOut: () => void }) {
  const [busy, error, run] = useAction(onSignedOut);
  const [read, setRead] = useState<number>();
  const { noun, extension, type } = KINDS[what];
  const export_ = async () => {
    const parts: string[] = [];
    const calendar = new CalendarWriter();
    let written = 0;
    setRead(0);
    for await (const entry of api.datastore.contents(uuid).iterateList({ dataclass: what, 'max-results': READ_PAGE })) {
      const body = entry.content?.value ?? '';
      if (extension === 'vcf') {
        if (!/^\s*BEGIN:VCARD/i.test(body)) continue;
        parts.push(cardText(body));
        written++;
      } else {
        const text = calendar.add(body);
        if (text !== '') written++;
        parts.push(text);
      }
      if (written % READ_PAGE === 0) setRead(written);
    }
    if (extension === 'ics') parts.push(calendar.end());
    setRead(written);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob(parts, { type }));
    link.download = `${name}${what === 'Contacts' ? '' : `-${what.toLowerCase()}`}.${extension}`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };
  const plural = `${noun}s`;
  return (
    <div class="export">
      <button type="button" class="secondary" disabled={busy} onClick={() => run(export_)}>
        Export {plural} (.{extension})
      </button>
      {read !== undefined && (
        <span class="muted small" role="status">
          {busy ? `Reading ${plural}: ${read.toLocaleString()}…` : `${read.toLocaleString()} ${read === 1 ? noun : plural} exported.`}
        </span>
      )}
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function Export({ uuid, name, onSignedOut }: { uuid: string; name: string; onSignedOut: () => void }) {
  return (
    <>
      {(Object.keys(KINDS) as Exported[]).map((what) => (
        <ExportOne key={what} uuid={uuid} name={name} what={what} onSignedOut={onSignedOut} />
      ))}
    </>
  );
}

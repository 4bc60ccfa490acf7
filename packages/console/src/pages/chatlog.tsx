/**
 * The SyncML chat log, for administrators (`syncml.chatlog` of the SDK): the messages phones and
 * the server exchanged, newest sessions first, a session's messages in their order, each one
 * opened to read as XML (what crossed the wire may have been WBXML: the log keeps the XML form).
 * Filtered by a phone's device id or a session id, in the page: the API answers the latest
 * messages in one feed.
 */
import { useState } from 'preact/hooks';
import type { ChatMessageEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { when } from '../format.js';
import { useLoad } from '../load.js';
import { Failed, Loading } from './status.js';

/**
 * A message's XML one element a line, indented by depth, for reading (the log keeps it compact).
 * For people, not machines: text is shown as it reads, not escaped again; a message that does not
 * parse is shown as it is.
 */
function indented(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return xml;
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    const pad = '  '.repeat(depth);
    const open = `${element.tagName}${Array.from(element.attributes, (a) => ` ${a.name}="${a.value}"`).join('')}`;
    const children = Array.from(element.children);
    if (children.length === 0) {
      const text = element.textContent ?? '';
      lines.push(text === '' ? `${pad}<${open}/>` : `${pad}<${open}>${text}</${element.tagName}>`);
      return;
    }
    lines.push(`${pad}<${open}>`);
    for (const child of children) walk(child, depth + 1);
    lines.push(`${pad}</${element.tagName}>`);
  };
  walk(doc.documentElement, 0);
  return lines.join('\n');
}

interface Conversation {
  readonly sessionId: string;
  readonly messages: ChatMessageEntryResponse[];
}

/** The messages by session, each session's in message order; the session last heard from first. */
function conversations(entries: readonly ChatMessageEntryResponse[]): Conversation[] {
  const bySession = new Map<string, ChatMessageEntryResponse[]>();
  for (const entry of entries) {
    const list = bySession.get(entry.message.sessionId) ?? [];
    list.push(entry);
    bySession.set(entry.message.sessionId, list);
  }
  const last = (c: Conversation) => Math.max(...c.messages.map((m) => m.published?.getTime() ?? 0));
  return [...bySession]
    .map(([sessionId, messages]) => ({ sessionId, messages: messages.sort((a, b) => a.message.msgId - b.message.msgId || (a.message.direction === 'in' ? -1 : 1)) }))
    .sort((a, b) => last(b) - last(a));
}

export function ChatLog({ onSignedOut }: { onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(async () => (await api.syncml.chatlog()).entries, onSignedOut);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = loaded.state === 'ready' ? conversations(loaded.value.filter((e) => wanted === '' || (e.title ?? '').toLowerCase().includes(wanted))) : [];
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>SyncML chat log</h1>
        <button type="button" class="secondary" onClick={reload}>
          Read again
        </button>
      </div>
      <p>
        The latest SyncML messages between phones and this server, for finding out why a phone does not sync. They hold people’s contacts and calendars: read them only for that.
      </p>
      <form class="inline-form filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label for="chatlog-filter">Phone or session</label>
        <input id="chatlog-filter" type="search" value={filter} onInput={(event) => setFilter((event.currentTarget as HTMLInputElement).value)} placeholder="IMEI:3569… or a session id" />
      </form>
      {loaded.state === 'loading' && <Loading what="the chat log" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && loaded.value.length === 0 && <p class="empty">No phone has spoken SyncML to this server yet.</p>}
      {loaded.state === 'ready' && loaded.value.length > 0 && shown.length === 0 && <p class="empty">No message matches.</p>}
      {shown.map((c) => (
        <section class="conversation" key={c.sessionId} aria-labelledby={`session-${c.sessionId}`}>
          <h2 id={`session-${c.sessionId}`}>
            Session {c.sessionId} <span class="muted small">({c.messages.length === 1 ? '1 message' : `${c.messages.length} messages`})</span>
          </h2>
          {c.messages.map((m) => (
            <details key={m.id} class="message">
              <summary>
                {m.title}
                {m.published != null && <span class="muted small"> · {when(m.published)}</span>}
                {m.message.encoding === 'wbxml' && <span class="muted small"> · sent as WBXML</span>}
              </summary>
              <pre class="item-text">{indented(m.content?.value ?? '')}</pre>
            </details>
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * Address books and calendars: a datastore client's contacts, events and tasks, a page at a time
 * (a datastore of 100,000 items is never loaded whole: each page is one `max-results` request,
 * and the next follows the feed's own `rel="next"` cursor), searched, each read, edited
 * (book-edit.tsx) and deleted after a confirmation; files imported (book-import.tsx) and the
 * contacts, events and tasks exported (book-export.tsx).
 *
 * A search is the server's (the listing's `?q=`): its matches come a page at a time like the
 * list, so searching 100,000 items sends the browser one page, not the datastore.
 */
import { useState } from 'preact/hooks';
import type { ContentEntryResponse, Dataclass, DatastoreClientEntryResponse, Feed } from '@atomsync/sdk';
import { api } from '../api.js';
import { ago, when } from '../format.js';
import { useAction, useLoad } from '../load.js';
import { hrefOf } from '../route.js';
import { EditItem, editableClass } from './book-edit.js';
import { Export } from './book-export.js';
import { Import } from './book-import.js';
import { Failed, Loading } from './status.js';

/** Items a page of the list shows. */
export const PAGE_SIZE = 50;

type Filter = Extract<Dataclass, 'Contacts' | 'Events' | 'Tasks'> | 'all';
const FILTERS: readonly [Filter, string][] = [
  ['all', 'Everything'],
  ['Contacts', 'Contacts'],
  ['Events', 'Events'],
  ['Tasks', 'Tasks'],
];

const nameOf = ({ client }: DatastoreClientEntryResponse): string => client.userId ?? client.uuid;
/** An item's uuid: its entry id is `urn:uuid:<uuid>` (spec/openapi.yaml, the contents listing). */
const itemUuidOf = (entry: ContentEntryResponse): string => entry.id.replace(/^urn:uuid:/i, '');
const titleOf = (entry: ContentEntryResponse): string => (entry.title ?? '').trim() || '(no title)';
const classOf = (entry: ContentEntryResponse): string => entry.dataclass ?? '—';

/** Where the feed's next page starts, as its `rel="next"` link says (copied, never built). */
interface Cursor {
  readonly startIndex: number;
  readonly startAfter: string;
}
function nextOf(feed: Feed<ContentEntryResponse>): Cursor | undefined {
  const href = feed.links?.find((l) => l.rel === 'next')?.href;
  if (href === undefined) return undefined;
  const query = new URL(href, location.origin).searchParams;
  const startAfter = query.get('start-after');
  return startAfter === null ? undefined : { startIndex: Number(query.get('start-index') ?? '1'), startAfter };
}


function ItemTable({ uuid, entries, caption }: { uuid: string; entries: readonly ContentEntryResponse[]; caption: string }) {
  return (
    <table class="clients items">
      <caption class="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Kind</th>
          <th scope="col">Changed</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row" data-label="Title">
              <a class="name" href={hrefOf({ page: 'books', uuid, item: itemUuidOf(entry) })}>
                {titleOf(entry)}
              </a>
            </th>
            <td data-label="Kind">{classOf(entry)}</td>
            <td data-label="Changed">{entry.updated == null ? <span class="muted">—</span> : <time dateTime={entry.updated.toISOString()} title={when(entry.updated)}>{ago(entry.updated)}</time>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The items a page at a time: the cursors of the pages before are kept, so Previous goes back. */
function Paged({ uuid, filter, q, onSignedOut }: { uuid: string; filter: Filter; q: string | undefined; onSignedOut: () => void }) {
  const [cursors, setCursors] = useState<(Cursor | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  return (
    <PageAt
      key={`${cursors.length}:${cursor?.startAfter ?? ''}`}
      uuid={uuid}
      filter={filter}
      q={q}
      cursor={cursor}
      onPrevious={cursors.length === 1 ? undefined : () => setCursors((c) => c.slice(0, -1))}
      onNext={(next) => setCursors((c) => [...c, next])}
      onSignedOut={onSignedOut}
    />
  );
}

function PageAt(props: { uuid: string; filter: Filter; q: string | undefined; cursor: Cursor | undefined; onPrevious: (() => void) | undefined; onNext: (next: Cursor) => void; onSignedOut: () => void }) {
  const { uuid, filter, q, cursor, onPrevious, onNext } = props;
  const [loaded, reload] = useLoad(
    () => api.datastore.contents(uuid).list({ dataclass: filter, 'max-results': PAGE_SIZE, ...(q === undefined ? {} : { q }), ...(cursor === undefined ? {} : { 'start-index': cursor.startIndex, 'start-after': cursor.startAfter }) }),
    props.onSignedOut,
  );
  if (loaded.state === 'loading') return <Loading what="the items" />;
  if (loaded.state === 'failed') return <Failed message={loaded.message} retry={reload} />;
  const feed = loaded.value;
  const next = nextOf(feed);
  const first = cursor?.startIndex ?? 1;
  const last = first + feed.entries.length - 1;
  if (feed.entries.length === 0) {
    const none = q !== undefined ? `Nothing matches “${q}”.` : onPrevious === undefined ? 'Nothing here yet.' : 'No more items.';
    return <p class="empty" role="status">{none}</p>;
  }
  // A search that fits one page says how many matched; a longer one, which of them are shown.
  const summary =
    q === undefined
      ? `Items ${first.toLocaleString()}–${last.toLocaleString()}`
      : first === 1 && next === undefined
        ? `${last.toLocaleString()} item${last === 1 ? ' matches' : 's match'} “${q}”`
        : `Items ${first.toLocaleString()}–${last.toLocaleString()} matching “${q}”`;
  return (
    <>
      <p class="summary" role="status">
        {summary}
      </p>
      <ItemTable uuid={uuid} entries={feed.entries} caption="Items of this datastore" />
      <nav class="actions pager" aria-label="Pages">
        <button type="button" class="secondary" disabled={onPrevious === undefined} onClick={onPrevious}>
          Previous page
        </button>
        <button type="button" class="secondary" disabled={next === undefined} onClick={() => next !== undefined && onNext(next)}>
          Next page
        </button>
      </nav>
    </>
  );
}

function Items({ entry, onSignedOut }: { entry: DatastoreClientEntryResponse; onSignedOut: () => void }) {
  const uuid = entry.client.uuid;
  const [filter, setFilter] = useState<Filter>('all');
  // The words searched for (the server's ?q=), or none: the whole list.
  const [search, setSearch] = useState<string>();
  // Bumped when an import has stored items: the list reads its first page again.
  const [round, setRound] = useState(0);

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{nameOf(entry)}</h1>
        <a href={hrefOf({ page: 'books' })}>All address books &amp; calendars</a>
      </div>
      <form
        class="inline-form filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const text = String(new FormData(event.currentTarget as HTMLFormElement).get('q') ?? '').trim();
          setSearch(text === '' ? undefined : text);
        }}
      >
        <label for="books-filter">Show</label>
        <select
          id="books-filter"
          value={filter}
          onChange={(event) => setFilter((event.currentTarget as HTMLSelectElement).value as Filter)}
        >
          {FILTERS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <label for="books-search">Search</label>
        <input id="books-search" name="q" type="search" placeholder="Name, email, phone…" />
        <button type="submit">Search</button>
        {search !== undefined && (
          <button type="button" class="secondary" onClick={() => setSearch(undefined)}>
            Show all
          </button>
        )}
      </form>
      <Paged key={`${filter}:${search ?? ''}:${round}`} uuid={uuid} filter={filter} q={search} onSignedOut={onSignedOut} />
      <section class="transfer" aria-labelledby="books-transfer">
        <h2 id="books-transfer">Import and export</h2>
        <Import uuid={uuid} onImported={() => setRound((r) => r + 1)} onSignedOut={onSignedOut} />
        <Export uuid={uuid} name={nameOf(entry)} onSignedOut={onSignedOut} />
      </section>
    </>
  );
}

/**
 * One item, read afresh after an edit or a refused one: a new reading replaces the view whole, so
 * no form is ever filled from (nor saved with the ETag of) the copy before.
 */
function Item(props: { store: DatastoreClientEntryResponse; item: string; onSignedOut: () => void }) {
  const [reading, setReading] = useState({ round: 0, saved: false });
  return <ItemRead key={reading.round} {...props} saved={reading.saved} onRead={(saved) => setReading((r) => ({ round: r.round + 1, saved }))} />;
}

/** One item, as its text; edited in a form (a contact, an event, a task); deleted only after a confirmation naming it. */
function ItemRead({ store, item, saved, onRead, onSignedOut }: { store: DatastoreClientEntryResponse; item: string; saved: boolean; onRead: (saved: boolean) => void; onSignedOut: () => void }) {
  const uuid = store.client.uuid;
  const [loaded, reload] = useLoad(() => api.datastore.contents(uuid).get(item), onSignedOut);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [busy, error, run] = useAction(onSignedOut);
  const back = hrefOf({ page: 'books', uuid });
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>{loaded.state === 'ready' ? titleOf(loaded.value) : 'Item'}</h1>
        <a href={back}>Back to {nameOf(store)}</a>
      </div>
      {loaded.state === 'loading' && <Loading what="the item" />}
      {loaded.state === 'failed' && <Failed message={loaded.message} retry={reload} />}
      {loaded.state === 'ready' && (
        <article class="device">
          <dl class="facts">
            <dt>Kind</dt>
            <dd>{classOf(loaded.value)}</dd>
            <dt>Changed</dt>
            <dd>{loaded.value.updated == null ? '—' : when(loaded.value.updated)}</dd>
            <dt>Format</dt>
            <dd>{loaded.value.content?.type ?? '—'}</dd>
          </dl>
          {saved && !editing && (
            <p class="panel ok" role="status">
              Saved. Phones and calendars bound to {nameOf(store)} get the change at their next sync.
            </p>
          )}
          {editing && editableClass(loaded.value) !== undefined ? (
            <EditItem
              store={uuid}
              itemUuid={item}
              entry={loaded.value}
              itemClass={editableClass(loaded.value)!}
              onSaved={() => onRead(true)}
              onCancel={() => setEditing(false)}
              onReload={() => onRead(false)}
              onSignedOut={onSignedOut}
            />
          ) : (
            <pre class="item-text" tabIndex={0} aria-label="The item's text">
              {loaded.value.content?.value ?? ''}
            </pre>
          )}
          {!editing && editableClass(loaded.value) !== undefined && (
            <button type="button" class="edit" onClick={() => setEditing(true)}>
              Edit…
            </button>
          )}
          {error !== undefined && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
          {confirming ? (
            <div class="panel danger" role="group" aria-label="Delete this item">
              <p>Delete “{titleOf(loaded.value)}”? Every phone and calendar bound to {nameOf(store)} loses it at its next sync.</p>
              <div class="actions">
                <button
                  type="button"
                  class="danger"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      await api.datastore.contents(uuid).delete(item);
                      location.hash = back;
                    })
                  }
                >
                  Delete “{titleOf(loaded.value)}”
                </button>
                <button type="button" class="secondary" onClick={() => setConfirming(false)}>
                  Keep it
                </button>
              </div>
            </div>
          ) : (
            !editing && (
              <button type="button" class="danger" onClick={() => setConfirming(true)}>
                Delete…
              </button>
            )
          )}
        </article>
      )}
    </>
  );
}

async function allDatastores(): Promise<DatastoreClientEntryResponse[]> {
  const all: DatastoreClientEntryResponse[] = [];
  for await (const entry of api.datastore.iterateList()) all.push(entry);
  return all;
}

export function Books({ uuid, item, onSignedOut }: { uuid: string | undefined; item: string | undefined; onSignedOut: () => void }) {
  const [loaded, reload] = useLoad(allDatastores, onSignedOut);
  if (loaded.state !== 'ready') {
    return (
      <>
        <h1 tabIndex={-1}>Address books &amp; calendars</h1>
        {loaded.state === 'loading' ? <Loading what="your address books and calendars" /> : <Failed message={loaded.message} retry={reload} />}
      </>
    );
  }
  const chosen = uuid === undefined ? undefined : loaded.value.find((e) => e.client.uuid === uuid);
  if (uuid !== undefined && chosen === undefined) {
    return (
      <>
        <h1 tabIndex={-1}>Address books &amp; calendars</h1>
        <p class="empty">
          There is no such address book or calendar in this account. See <a href={hrefOf({ page: 'books' })}>them all</a>.
        </p>
      </>
    );
  }
  if (chosen !== undefined && item !== undefined) return <Item key={item} store={chosen} item={item} onSignedOut={onSignedOut} />;
  if (chosen !== undefined) return <Items entry={chosen} onSignedOut={onSignedOut} />;
  return (
    <>
      <h1 tabIndex={-1}>Address books &amp; calendars</h1>
      {loaded.value.length === 0 ? (
        <p class="empty">This account has no address book or calendar yet. Make one through the API (see <a href="/docs/getting-started.html">Getting started</a>).</p>
      ) : (
        <ul class="list">
          {loaded.value.map((entry) => (
            <li key={entry.client.uuid}>
              <a href={hrefOf({ page: 'books', uuid: entry.client.uuid })}>{nameOf(entry)}</a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

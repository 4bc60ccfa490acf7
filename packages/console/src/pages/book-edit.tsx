/**
 * Editing a contact, an event or a task: a form for its common fields (item-fields.ts), written
 * back with the ETag of the copy the form was filled from (If-Match). When a phone or another
 * window wrote the item in between, the API refuses the write (412) and nothing is overwritten:
 * the person is told so, and loads the current version to edit again. A contact's emails and phones
 * are lists: each one edited with its kind, removed, or a new one added.
 */
import { useEffect, useState } from 'preact/hooks';
import { etagOf, isPreconditionFailed, type ContentEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { FIELDS, isWholeDay, keyOf, readFields, readLists, REPEATED, TASK_STATUSES, titleAfter, writeFields, type Field, type ItemClass, type ListEntry, type Repeated } from '../item-fields.js';
import { useAction } from '../load.js';

const STATUS_NAMES: Readonly<Record<(typeof TASK_STATUSES)[number], string>> = {
  'NEEDS-ACTION': 'To do',
  'IN-PROCESS': 'In progress',
  COMPLETED: 'Done',
  CANCELLED: 'Cancelled',
};

/** The class the form edits, or undefined for an item it has no form for (a note, plain text). */
export function editableClass(entry: ContentEntryResponse): ItemClass | undefined {
  const text = entry.content?.value ?? '';
  if (entry.dataclass === 'Contacts' && /BEGIN:VCARD/i.test(text)) return 'Contacts';
  if (entry.dataclass === 'Events' && /BEGIN:VEVENT/i.test(text)) return 'Events';
  if (entry.dataclass === 'Tasks' && /BEGIN:VTODO/i.test(text)) return 'Tasks';
  return undefined;
}

function Input({ field, id, value, wholeDay, onInput }: { field: Field; id: string; value: string; wholeDay: boolean; onInput: (value: string) => void }) {
  const changed = (event: Event) => onInput((event.currentTarget as HTMLInputElement).value);
  if (field.kind === 'multiline') return <textarea id={id} rows={4} value={value} onInput={changed} />;
  if (field.kind === 'status') {
    return (
      <select id={id} value={value} onChange={changed}>
        <option value="">—</option>
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_NAMES[s]}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'datetime') return wholeDay ? <input id={id} type="date" value={value} onInput={changed} /> : <input id={id} type="datetime-local" value={value} onInput={changed} />;
  if (field.kind === 'email') return <input id={id} type="email" value={value} onInput={changed} />;
  if (field.kind === 'tel') return <input id={id} type="tel" value={value} onInput={changed} />;
  return <input id={id} type="text" value={value} onInput={changed} />;
}

/**
 * A list of emails or phones: each entry's value and kind, a Remove beside it, an Add after them.
 * Focus goes to the new entry when one is added, and to Add when one is removed (it would
 * otherwise fall to the page's top with the button gone).
 */
function EntryList({ repeated, entries, onChange }: { repeated: Repeated; entries: readonly ListEntry[]; onChange: (entries: ListEntry[]) => void }) {
  const noun = repeated.label.toLowerCase();
  const base = `edit-${repeated.property.toLowerCase()}`;
  const [focus, setFocus] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (focus !== undefined) document.getElementById(focus)?.focus();
  }, [focus, entries.length]);
  const set = (i: number, change: Partial<ListEntry>) => onChange(entries.map((e, j) => (j === i ? { ...e, ...change } : e)));
  const typed = (i: number) => (event: Event) => set(i, { value: (event.currentTarget as HTMLInputElement).value });
  return (
    <fieldset class="entries">
      <legend>{`${repeated.label}s`}</legend>
      {entries.length === 0 && <p class="muted">{`No ${noun} yet.`}</p>}
      {entries.map((entry, i) => {
        const id = `${base}-${i}`;
        const name = `${repeated.label} ${i + 1}`;
        // A kind the phone wrote that the form does not name stays offered, so it is kept.
        const types = repeated.types.some((t) => t.type === entry.type) ? repeated.types : [...repeated.types, { type: entry.type, name: entry.type.toLowerCase() }];
        return (
          <div class="entry" key={id}>
            <label for={id}>{name}</label>
            {repeated.kind === 'email' ? <input id={id} type="email" value={entry.value} onInput={typed(i)} /> : <input id={id} type="tel" value={entry.value} onInput={typed(i)} />}
            <label class="visually-hidden" for={`${id}-type`}>{`Kind of ${noun} ${i + 1}`}</label>
            <select id={`${id}-type`} value={entry.type} onChange={(event) => set(i, { type: (event.currentTarget as HTMLSelectElement).value })}>
              {types.map((t) => (
                <option key={t.type} value={t.type}>
                  {t.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              class="secondary"
              aria-label={`Remove ${noun} ${i + 1}`}
              onClick={() => {
                onChange(entries.filter((_, j) => j !== i));
                setFocus(`${base}-add`);
              }}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        class="secondary"
        id={`${base}-add`}
        onClick={() => {
          onChange([...entries, { type: '', value: '' }]);
          setFocus(`${base}-${entries.length}`);
        }}
      >
        {`Add ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`}
      </button>
    </fieldset>
  );
}

export function EditItem(props: { store: string; itemUuid: string; entry: ContentEntryResponse; itemClass: ItemClass; onSaved: () => void; onCancel: () => void; onReload: () => void; onSignedOut: () => void }) {
  const { entry, itemClass } = props;
  const text = entry.content?.value ?? '';
  const [values, setValues] = useState(() => readFields(text, itemClass));
  const [lists, setLists] = useState(() => readLists(text, itemClass));
  const [conflict, setConflict] = useState(false);
  const [busy, error, run] = useAction(props.onSignedOut);
  const save = () =>
    run(async () => {
      const value = writeFields(text, itemClass, values, lists);
      const title = titleAfter(itemClass, values, entry.title ?? '');
      try {
        await api.datastore.contents(props.store).update(props.itemUuid, { title, content: { type: entry.content?.type ?? 'text/plain', value }, dataclass: itemClass }, { ifMatch: etagOf(entry) });
      } catch (failure) {
        if (!isPreconditionFailed(failure)) throw failure;
        setConflict(true);
        return;
      }
      props.onSaved();
    });
  return (
    <form
      class="edit-item"
      aria-label="Edit this item"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div class="grid-form">
        {FIELDS[itemClass].map((field) => {
          const key = keyOf(field);
          const id = `edit-${key.replace('.', '-')}`;
          return [
            <label key={`${key}-label`} for={id}>
              {field.label}
            </label>,
            <Input key={key} field={field} id={id} value={values[key] ?? ''} wholeDay={field.kind === 'datetime' && isWholeDay(text, itemClass, field.property)} onInput={(v) => setValues({ ...values, [key]: v })} />,
          ];
        })}
      </div>
      {REPEATED[itemClass].map((repeated) => (
        <EntryList key={repeated.property} repeated={repeated} entries={lists[repeated.property] ?? []} onChange={(entries) => setLists({ ...lists, [repeated.property]: entries })} />
      ))}
      {conflict && (
        <div class="panel warn" role="alert">
          <p>This item changed since you opened it (a phone or another window saved it), so your change was not saved and theirs is kept. Load the current version, then edit again.</p>
          <button type="button" class="secondary" onClick={props.onReload}>
            Load the current version
          </button>
        </div>
      )}
      {error !== undefined && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" disabled={busy || conflict}>
          Save
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

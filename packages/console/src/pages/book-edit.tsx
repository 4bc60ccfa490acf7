/**
 * Editing a contact, an event or a task: a form for its common fields (item-fields.ts), written
 * back with the ETag of the copy the form was filled from (If-Match). When a phone or another
 * window wrote the item in between, the API refuses the write (412) and nothing is overwritten:
 * the person is told so, and loads the current version to edit again.
 */
import { useState } from 'preact/hooks';
import { etagOf, isPreconditionFailed, type ContentEntryResponse } from '@atomsync/sdk';
import { api } from '../api.js';
import { FIELDS, isWholeDay, keyOf, readFields, TASK_STATUSES, titleAfter, writeFields, type Field, type ItemClass } from '../item-fields.js';
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

export function EditItem(props: { store: string; itemUuid: string; entry: ContentEntryResponse; itemClass: ItemClass; onSaved: () => void; onCancel: () => void; onReload: () => void; onSignedOut: () => void }) {
  const { entry, itemClass } = props;
  const text = entry.content?.value ?? '';
  const [values, setValues] = useState(() => readFields(text, itemClass));
  const [conflict, setConflict] = useState(false);
  const [busy, error, run] = useAction(props.onSignedOut);
  const save = () =>
    run(async () => {
      const value = writeFields(text, itemClass, values);
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

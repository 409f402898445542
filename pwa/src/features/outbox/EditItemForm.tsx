// Lets the person correct a refused item: one text box per top-level text/number field of its body.
import { useState, type FormEvent } from 'react';
import { OUTBOX_TEXT } from '@shared/messages';
import { Field } from '@/components/Field';

type Primitive = string | number;

function editableFields(json: unknown): [string, Primitive][] {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return [];
  return Object.entries(json as Record<string, unknown>).filter((e): e is [string, Primitive] => typeof e[1] === 'string' || typeof e[1] === 'number');
}

export function canEdit(json: unknown): boolean {
  return editableFields(json).length > 0;
}

/** A field name as a label: 'work_hours' → 'Work hours', 'propertyType' → 'Property type'. */
const labelFor = (key: string) => {
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function EditItemForm({ json, onSave, onCancel }: { json: unknown; onSave: (json: unknown) => void; onCancel: () => void; }) {
  const fields = editableFields(json);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map(([k, v]) => [k, String(v)])));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, unknown> = { ...(json as Record<string, unknown>) };
    // Numbers stay numbers, so the server's schema sees the same types as the first time.
    for (const [k, v] of fields) next[k] = typeof v === 'number' && values[k].trim() !== '' && !Number.isNaN(Number(values[k])) ? Number(values[k]) : values[k];
    onSave(next);
  };

  return (
    <form onSubmit={submit} className="outbox-edit">
      {fields.map(([k, v]) => (
        <Field
          key={k}
          label={labelFor(k)}
          type={typeof v === 'number' ? 'number' : 'text'}
          step="any"
          value={values[k]}
          onChange={(e) => setValues((s) => ({ ...s, [k]: e.target.value }))}
        />
      ))}
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {OUTBOX_TEXT.cancel}
        </button>
        <button type="submit" className="btn btn--primary">
          {OUTBOX_TEXT.save}
        </button>
      </div>
    </form>
  );
}

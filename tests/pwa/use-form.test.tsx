// The form hook every form uses: field errors from the shared schema, focus on the first invalid field,
// and the submit callback only with parsed data (once per submit), also with a lazily loaded schema.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Field } from '@/components/Field';
import { useForm, type SchemaSource } from '@/lib/form/useForm';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.coerce.number().int().min(18, 'Must be 18 or over'),
});
type Parsed = z.infer<typeof schema>;

function Person({ source, onSubmit }: { source: SchemaSource<Parsed>; onSubmit: (data: Parsed) => void }) {
  const form = useForm({ initial: { name: '', age: '' }, schema: source, onSubmit });
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Field label="Name" value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
      <Field label="Age" value={form.values.age} onChange={form.set('age')} onBlur={() => void form.validateField('age')} error={form.errors.age} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm', () => {
  it('shows each field’s error, focuses the first invalid field and does not submit', async () => {
    const onSubmit = vi.fn();
    render(<Person source={schema} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Must be 18 or over')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));

    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(screen.getByText('Must be 18 or over')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Age')));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('calls the submit callback once, with the parsed data, from a lazily loaded schema', async () => {
    const onSubmit = vi.fn();
    const load = vi.fn(() => Promise.resolve(schema));
    render(<Person source={load} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), '  Ann ');
    expect(load).toHaveBeenCalled();
    await user.type(screen.getByLabelText('Age'), '42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ name: 'Ann', age: 42 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks one field on blur without showing the others', async () => {
    render(<Person source={schema} onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Age'), '12');
    await user.tab();
    expect(await screen.findByText('Must be 18 or over')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
  });
});

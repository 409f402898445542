// The form hook every form uses: field errors from the shared schema, focus on the first invalid field,
// and the submit callback only with parsed data (once per submit), also with a lazily loaded schema.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { Field, Select, TextArea } from '@/components/Field';
import { useForm, type SchemaSource } from '@/lib/form/useForm';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.coerce.number().int().min(18, 'Must be 18 or over'),
});
type Parsed = z.infer<typeof schema>;

function Person({ source, onSubmit }: { source: SchemaSource<Parsed>; onSubmit: (data: Parsed) => void; }) {
  const form = useForm({ initial: { name: '', age: '' }, schema: source, onSubmit });
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Field label="Name" value={form.values.name} onChange={form.set('name')} error={form.errors.name} />
      <Field label="Age" value={form.values.age} onChange={form.set('age')} onBlur={() => void form.validateField('age')} error={form.errors.age} />
      <button type="submit">Save</button>
    </form>
  );
}

const choices = z.object({ name: z.string(), plan: z.string(), note: z.string(), agree: z.boolean() });
type Choices = z.infer<typeof choices>;

function Choose({ onSubmit }: { onSubmit: (data: Choices) => void; }) {
  const form = useForm({ initial: { name: '', plan: 'basic', note: 'kept', agree: false }, schema: choices, onSubmit });
  const { values, set } = form;
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Field label="Name" name="name" value={values.name} onChange={set('name')} />
      <Select label="Plan" name="plan" options={['basic', 'pro']} value={values.plan} onChange={set('plan')} />
      <TextArea label="Note" name="note" value={values.note} onChange={set('note')} />
      <input type="checkbox" name="agree" aria-label="Agree" checked={values.agree} onChange={(e) => form.setValue('agree', e.target.checked)} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm', () => {
  it('takes over what was typed into a pre-rendered form before hydration, and leaves the rest', async () => {
    const onSubmit = vi.fn();
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Choose onSubmit={onSubmit} />);
    // The visitor types before the script runs: the page is still only markup.
    (container.querySelector('[name=name]') as HTMLInputElement).value = 'Early Ed';
    (container.querySelector('[name=plan]') as HTMLSelectElement).value = 'pro';
    (container.querySelector('[name=agree]') as HTMLInputElement).checked = true;
    const root = await act(async () => hydrateRoot(container, <Choose onSubmit={onSubmit} />));
    onTestFinished(() => {
      act(() => root.unmount());
      container.remove();
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ name: 'Early Ed', plan: 'pro', note: 'kept', agree: true });
  });

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

// Submit Work rules: work hours required, minimum 0.5, step 0.5; notes optional.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmitWorkModal } from '@/features/employee/my-bookings/SubmitWorkModal';
import { booking, mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';
import { db } from '@/lib/db';
import { enqueue } from '@/lib/outbox/store';
import { workKind } from '@/features/employee/my-bookings/api';

afterEach(async () => {
  vi.unstubAllGlobals();
  await db.outbox.clear();
  await db.employeeBookings.clear();
});

function setup() {
  const onSubmit = vi.fn();
  render(<SubmitWorkModal booking={booking()} busy={false} onSubmit={onSubmit} onClose={() => {}} />);
  const hours = screen.getByLabelText('Work hours');
  const submit = screen.getByRole('button', { name: 'Submit Work' });
  return { onSubmit, hours, submit, user: userEvent.setup() };
}

describe('work hours form', () => {
  it('has a number input with min 0.5 and step 0.5, marked required', () => {
    const { hours } = setup();
    expect(hours.getAttribute('type')).toBe('number');
    expect(hours.getAttribute('min')).toBe('0.5');
    expect(hours.getAttribute('step')).toBe('0.5');
    expect(hours.hasAttribute('required')).toBe(true);
  });

  it('refuses an empty value as required, and moves focus to the field', async () => {
    const { hours, submit, onSubmit, user } = setup();
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toMatch(/required/i);
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(hours));
  });

  it('refuses less than 0.5', async () => {
    const { hours, submit, onSubmit, user } = setup();
    await user.type(hours, '0.25');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toMatch(/at least 0\.5/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a value off the 0.5 step', async () => {
    const { hours, submit, onSubmit, user } = setup();
    await user.type(hours, '1.3');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toMatch(/steps of 0\.5/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts 2.5 with optional notes, and 0.5 without notes', async () => {
    const { hours, submit, onSubmit, user } = setup();
    await user.type(hours, '2.5');
    await user.type(screen.getByLabelText('Completion notes (optional)'), 'All rooms done');
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: booking().id }), { work_hours: 2.5, completion_notes: 'All rooms done' });
    await user.clear(hours);
    await user.type(hours, '0.5');
    await user.clear(screen.getByLabelText('Completion notes (optional)'));
    await user.click(submit);
    expect(onSubmit).toHaveBeenLastCalledWith(expect.anything(), { work_hours: 0.5 });
  });
});

describe('My Bookings submit flow', () => {
  it('shows Submit Work only for accepted bookings without work, posts, toasts and reloads with hours and notes', async () => {
    signInEmployee();
    const open = booking({ id: '66b0000000000000000000a1', customer_name: 'Open Job' });
    const done = booking({
      id: '66b0000000000000000000a2',
      customer_name: 'Done Job',
      status: 'completed',
      work_submitted: true,
      submitted_work_hours: 3,
      completion_notes: 'Windows too',
    });
    let submitted = false;
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/my-bookings': () => ({
          status: 200,
          body: {
            success: true,
            bookings: submitted
              ? [{ ...open, status: 'completed', work_submitted: true, submitted_work_hours: 2.5, completion_notes: 'Ovens cleaned' }, done]
              : [open, done],
          },
        }),
        [`POST /api/employee/bookings/${open.id}/submit-work`]: () => {
          submitted = true;
          return { status: 200, body: { success: true, message: 'Work hours submitted successfully!' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/my-bookings');
    const rows = await screen.findAllByRole('row');
    const openRow = rows.find((r) => within(r).queryByText('Open Job'))!;
    const doneRow = rows.find((r) => within(r).queryByText('Done Job'))!;
    expect(within(doneRow).queryByRole('button', { name: /Submit work/i })).toBeNull();
    expect(within(doneRow).getByText('3 h')).toBeTruthy();
    expect(screen.getByRole('button', { name: /accepted/i }).textContent).toContain('1');
    expect(screen.getByRole('button', { name: /completed/i }).textContent).toContain('1');

    await user.click(within(openRow).getByRole('button', { name: /Submit work/i }));
    await user.type(screen.getByLabelText('Work hours'), '2.5');
    await user.type(screen.getByLabelText('Completion notes (optional)'), 'Ovens cleaned');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));

    expect(await screen.findByText('Work hours submitted successfully!')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ work_hours: 2.5, completion_notes: 'Ovens cleaned' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByText('Ovens cleaned')).toBeTruthy();
    expect(screen.getByText('2.5 h')).toBeTruthy();
  });

  it('queues the work offline and says so', async () => {
    signInEmployee();
    const open = booking();
    mockFetch(
      portalServer({
        'GET /api/employee/my-bookings': () => ({ status: 200, body: { success: true, bookings: [open] } }),
        [`POST /api/employee/bookings/${open.id}/submit-work`]: () => 'network',
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/my-bookings');
    await user.click(await screen.findByRole('button', { name: /Submit work/i }));
    await user.type(screen.getByLabelText('Work hours'), '1');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));
    expect(await screen.findByText("Saved — will send when you're back online")).toBeTruthy();
    expect(await screen.findByText('Waiting to send')).toBeTruthy(); // the queued-work list refetches after the toast
    expect(await db.outbox.count()).toBe(1);
  });

  it('after a reload, a booking whose work waits in the outbox offers no second Submit Work', async () => {
    signInEmployee();
    const open = booking();
    await enqueue(workKind, { booking: open, input: { work_hours: 1 } });
    mockFetch(portalServer({ 'GET /api/employee/my-bookings': () => ({ status: 200, body: { success: true, bookings: [open] } }) }));
    renderPortal('/employee/my-bookings');
    expect(await screen.findByText('Waiting to send')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit work/i })).toBeNull();
  });
});

// Travel time with the hours: left empty, nothing is sent (the server counts it); stated, it goes with the
// hours and its note; over 240 minutes the shared schema refuses it before anything is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubmitWorkModal } from '@/features/employee/my-bookings/SubmitWorkModal';
import { PAY_MSG } from '@shared/messages-pay';
import { booking } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const onSubmit = vi.fn();
  render(<SubmitWorkModal booking={booking()} busy={false} onSubmit={onSubmit} onClose={() => {}} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('travel time with the hours', () => {
  it('sends nothing about travel when left empty', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Work hours'), '2');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));
    expect(onSubmit.mock.calls[0][1]).toEqual({ work_hours: 2 });
  });

  it('sends the stated minutes and why', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Work hours'), '2');
    await user.click(screen.getByText(PAY_MSG.travelSummary));
    await user.type(screen.getByLabelText(PAY_MSG.travelLabel), '25');
    await user.type(screen.getByLabelText(PAY_MSG.travelNoteLabel), 'Diversion');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));
    expect(onSubmit.mock.calls[0][1]).toEqual({ work_hours: 2, travel_minutes: 25, travel_note: 'Diversion' });
  });

  it('refuses more than 240 minutes', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('Work hours'), '2');
    await user.click(screen.getByText(PAY_MSG.travelSummary));
    await user.type(screen.getByLabelText(PAY_MSG.travelLabel), '241');
    await user.click(screen.getByRole('button', { name: 'Submit Work' }));
    expect(screen.getByRole('alert').textContent).toContain(PAY_MSG.travelInvalid);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

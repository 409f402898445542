// The booking wizard's steps: step gating, 'Other' text, postcode cleaning, past dates, Back,
// closing (Escape, asking first with answers) and the draft kept across a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BookingWizard from '@/features/booking-wizard/BookingWizard';
import { localDateTime } from '@/features/booking-wizard/steps';
import { db } from '@/lib/db';
import { bookingDraft } from '@/lib/session';
import { MSG } from '@shared/messages';
import { renderAt } from './customer-render';

// Answering all 12 steps is many keystrokes: on a busy shared machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 20_000 });

const future = () => localDateTime(Date.now() + 3 * 24 * 3600_000);
const continueBtn = () => screen.getByRole('button', { name: 'Continue' });

beforeEach(async () => {
  bookingDraft.clear();
  await db.outbox.clear();
  await db.pendingBooking.clear();
});
afterEach(() => vi.unstubAllGlobals());

/** Opens the wizard as the app does: `?book` on the address, a postcode from the home page in the draft. */
function open(initialPostcode?: string, step = '') {
  if (initialPostcode) bookingDraft.save({ step: 1, answers: { postcode: initialPostcode } });
  return renderAt(<BookingWizard />, `/?book${step ? `=${step}` : ''}`, '/');
}
const dialog = () => screen.queryByRole('dialog');

describe('booking wizard', () => {
  it('shows Step 1 of 12 and keeps Continue disabled until postcode and address are both given', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByText('Step 1 of 12')).toBeTruthy();
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Postcode'), 'SW1A1AA');
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Address'), '10 Downing Street');
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(false);
    await user.click(continueBtn());
    expect(screen.getByText('Step 2 of 12')).toBeTruthy();
  });

  it('takes the postcode as people write it (spaces, lower case), upper-cased, at most 8 letters and digits', async () => {
    const user = userEvent.setup();
    open('ab');
    const input = screen.getByLabelText('Postcode') as HTMLInputElement;
    expect(input.value).toBe('ab');
    await user.clear(input);
    await user.type(input, 'sw1a 1aa');
    expect(input.value).toBe('SW1A 1AA');
    await user.clear(input);
    await user.type(input, 'ec1a-1bb !x99z');
    expect(input.value).toBe('EC1A1BB X');
    expect(screen.getByText('e.g. SW1A 1AA')).toBeTruthy();
  });

  it("needs an answer on an option step, and 'Other' needs its free text", async () => {
    const user = userEvent.setup();
    open('SW1A1AA');
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(continueBtn());
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Please specify'), '   ');
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Please specify'), 'Houseboat');
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'House' }));
    expect(screen.queryByLabelText('Please specify')).toBeNull();
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a date and time in the past', async () => {
    const user = userEvent.setup();
    open('SW1A1AA');
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(continueBtn());
    for (let step = 2; step <= 8; step++) {
      await user.click(screen.getAllByRole('radio')[0]);
      await user.click(continueBtn());
    }
    expect(screen.getByText('Step 9 of 12')).toBeTruthy();
    const input = screen.getByLabelText('Preferred date and time') as HTMLInputElement;
    expect(input.min).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    fireEvent.change(input, { target: { value: localDateTime(Date.now() - 2 * 3600_000) } });
    expect(screen.getByText(MSG.dateInPast)).toBeTruthy();
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: future() } });
    expect(screen.queryByText(MSG.dateInPast)).toBeNull();
    expect((continueBtn() as HTMLButtonElement).disabled).toBe(false);
  });

  it('Back goes one step down and keeps the answers', async () => {
    const user = userEvent.setup();
    open('SW1A1AA');
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(continueBtn());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 12')).toBeTruthy();
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('1 High Street');
  });

  it('closes on Escape when nothing has been answered', async () => {
    const user = userEvent.setup();
    open();
    expect(dialog()).not.toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('with answers, closing asks first: carry on, keep for later, or discard', async () => {
    const user = userEvent.setup();
    const { router } = open('SW1A1AA');
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(continueBtn());
    await user.keyboard('{Escape}');
    expect(screen.getByText('Discard this booking?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Carry on booking' }));
    expect(screen.getByText('Step 2 of 12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Keep for later' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(bookingDraft.read()).toMatchObject({ step: 2, answers: { address: '1 High Street' } });
    await router.navigate('/?book');
    expect(await screen.findByText('Step 2 of 12')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Discard answers' }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(bookingDraft.read()).toBeNull();
  });

  it('a tap on the dimmed area outside does not close it', async () => {
    open('SW1A1AA');
    const backdrop = document.querySelector('.modal-backdrop') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(dialog()).not.toBeNull();
  });

  it('keeps the draft (answers and step) across a reload, and a URL cannot skip unanswered steps', async () => {
    const user = userEvent.setup();
    const first = open('SW1A1AA');
    await user.type(screen.getByLabelText('Address'), '1 High Street');
    await user.click(continueBtn());
    await user.click(screen.getByRole('radio', { name: 'House' }));
    await user.click(continueBtn());
    expect(screen.getByText('Step 3 of 12')).toBeTruthy();
    first.unmount();
    open(undefined, '9');
    expect(await screen.findByText('Step 3 of 12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByRole('radio', { name: 'House' }) as HTMLInputElement).checked).toBe(true);
  });
});

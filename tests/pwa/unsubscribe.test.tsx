// /unsubscribe?token=… signed out: shows what the link stops, stops it with one button, and a link
// that is not valid gets the server's clear message instead of the button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFY_MSG } from '@shared/messages-notify';
import UnsubscribePage from '@/features/notices/UnsubscribePage';
import { mockFetch, renderAt } from './customer-render';

afterEach(() => vi.unstubAllGlobals());

describe('unsubscribe page', () => {
  it('shows what the link stops, then stops it with the token, signed out', async () => {
    const label = NOTIFY_MSG.kindLabel.reminders;
    const calls = mockFetch((c) =>
      c.method === 'GET'
        ? { status: 200, body: { success: true, kind: 'reminders', label, message: NOTIFY_MSG.unsubscribeWhat(label) } }
        : { status: 200, body: { success: true, kind: 'reminders', message: NOTIFY_MSG.unsubscribeDone(label) } }
    );
    renderAt(<UnsubscribePage />, '/unsubscribe?token=abc.def-123', '/unsubscribe');
    expect(await screen.findByText(NOTIFY_MSG.unsubscribeWhat(label))).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/unsubscribe', query: { token: 'abc.def-123' } });
    await userEvent.setup().click(screen.getByRole('button', { name: NOTIFY_MSG.unsubscribeButton }));
    expect(await screen.findByText(NOTIFY_MSG.unsubscribeDone(label))).toBeTruthy();
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/api/unsubscribe', body: { token: 'abc.def-123' } });
    expect(calls[1].headers.Authorization).toBeUndefined();
    expect(screen.queryByRole('button', { name: NOTIFY_MSG.unsubscribeButton })).toBeNull();
  });

  it('a link that is not valid gets a clear message and no button', async () => {
    mockFetch(() => ({ status: 400, body: { success: false, message: NOTIFY_MSG.unsubscribeInvalid } }));
    renderAt(<UnsubscribePage />, '/unsubscribe?token=tampered.token', '/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFY_MSG.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: NOTIFY_MSG.unsubscribeButton })).toBeNull();
  });

  it('without a token says so at once', async () => {
    const calls = mockFetch(() => ({ status: 500, body: {} }));
    renderAt(<UnsubscribePage />, '/unsubscribe', '/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFY_MSG.unsubscribeInvalid);
    expect(calls).toHaveLength(0);
  });
});

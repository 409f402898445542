// A portal opened straight at a screen starts loading that screen with itself, and a screen whose code
// is already here is drawn in the same pass: no spinner, so React has no reveal of it to hold back.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { eagerLazy, openedAt } from '@/lib/eagerLazy';

const screenModule = (text: string) => ({ default: () => <h1>{text}</h1> });

function at(path: string) {
  window.history.replaceState(null, '', path);
}

describe('eagerLazy', () => {
  it('starts loading at once when the page was opened at its path, and not for another path', () => {
    at('/office/schedule');
    const schedule = vi.fn(() => Promise.resolve(screenModule('Schedule')));
    const inbox = vi.fn(() => Promise.resolve(screenModule('Inbox')));
    eagerLazy(schedule, openedAt('/office/schedule'));
    eagerLazy(inbox, openedAt('/office/inbox'));
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(inbox).not.toHaveBeenCalled();
  });

  it('matches a path with parameters', () => {
    at('/office/bookings/64b000000000000000000001');
    const detail = vi.fn(() => Promise.resolve(screenModule('Booking')));
    eagerLazy(detail, openedAt('/office/bookings/:id'));
    expect(detail).toHaveBeenCalledTimes(1);
  });

  it('draws a screen whose module is here without showing the fallback, and loads it only once', async () => {
    at('/employee/my-visits');
    const load = vi.fn(() => Promise.resolve(screenModule('My visits')));
    const Screen = eagerLazy(load, openedAt('/employee/my-visits'));
    await act(async () => {}); // the module arrives before the portal renders
    const Fallback = vi.fn(() => <p>Loading</p>);
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    // Synchronously in the first render: nothing suspended.
    expect(screen.getByRole('heading', { name: 'My visits' })).toBeTruthy();
    expect(Fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('elsewhere behaves as React.lazy: the fallback while it loads, then the screen', async () => {
    at('/');
    let arrive!: (m: ReturnType<typeof screenModule>) => void;
    const load = vi.fn(() => new Promise<ReturnType<typeof screenModule>>((resolve) => (arrive = resolve)));
    const Screen = eagerLazy(load, openedAt('/office'));
    expect(load).not.toHaveBeenCalled();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => arrive(screenModule('Office')));
    expect(await screen.findByRole('heading', { name: 'Office' })).toBeTruthy();
  });
});

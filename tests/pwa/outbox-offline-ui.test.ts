// Offline banner and the update prompt (service worker registration through workbox-window, mocked).
import { createElement } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shared/messages';

type Handler = () => void;
const wb = {
  handlers: new Map<string, Handler[]>(),
  addEventListener(type: string, h: Handler) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), h]);
  },
  emit(type: string) {
    for (const h of this.handlers.get(type) ?? []) h();
  },
  register: vi.fn(async () => undefined),
  update: vi.fn(async () => undefined),
  messageSkipWaiting: vi.fn(),
};
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor() {
      return wb;
    }
  },
}));

afterEach(() => vi.unstubAllGlobals());

it('shows the offline banner only while the browser is offline', async () => {
  const { OfflineBanner } = await import('@/components/OfflineBanner');
  let online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  render(createElement(OfflineBanner));
  expect(screen.queryByText(MSG.offlineBanner)).toBeNull();
  online = false;
  act(() => void window.dispatchEvent(new Event('offline')));
  expect(screen.getByRole('status').textContent).toBe(MSG.offlineBanner);
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
  expect(screen.queryByText(MSG.offlineBanner)).toBeNull();
});

it('prompts when a new worker waits; the click sends SKIP_WAITING and reloads once it controls', async () => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const { registerServiceWorker } = await import('@/lib/sw-register');
  const { UpdatePrompt } = await import('@/components/UpdatePrompt');
  render(createElement(UpdatePrompt));
  await registerServiceWorker();
  expect(wb.register).toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: MSG.updateAvailable })).toBeNull(); // nothing waiting yet

  act(() => wb.emit('waiting'));
  await userEvent.click(screen.getByRole('button', { name: MSG.updateAvailable }));
  expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled(); // not before the new worker has taken over
  wb.emit('controlling');
  wb.emit('controlling');
  expect(reload).toHaveBeenCalledTimes(1);
});

// Offline banner and the update prompt (workbox-window over the browser's service worker registration,
// scripted as a browser does it).
import { createElement } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shared/messages';

/** The browser's registration API, scripted: a registration with an active worker, a new one to install. */
const newWorker = Object.assign(new EventTarget(), { state: 'installing', scriptURL: `${location.origin}/sw.js`, postMessage: vi.fn() });
const registration = Object.assign(new EventTarget(), {
  active: {},
  waiting: null as typeof newWorker | null,
  installing: null as typeof newWorker | null,
  update: vi.fn(async () => undefined),
});
// A returning visit: a worker already controls the page (a first visit registers without workbox-window).
const container = Object.assign(new EventTarget(), {
  controller: Object.assign(new EventTarget(), { scriptURL: `${location.origin}/sw.js` }),
  register: vi.fn(async () => registration),
});

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
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const { registerServiceWorker } = await import('@/lib/sw-register');
  const { UpdatePrompt } = await import('@/components/UpdatePrompt');
  render(createElement(UpdatePrompt));
  await registerServiceWorker();
  expect(container.register).toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: MSG.updateAvailable })).toBeNull(); // nothing waiting yet

  registration.installing = newWorker;
  registration.dispatchEvent(new Event('updatefound'));
  expect(screen.queryByRole('button', { name: MSG.updateAvailable })).toBeNull(); // still installing
  act(() => {
    newWorker.state = 'installed';
    registration.installing = null;
    registration.waiting = newWorker;
    newWorker.dispatchEvent(new Event('statechange'));
  });
  // workbox-window says "waiting" once the worker has stayed installed a moment.
  await screen.findByRole('button', { name: MSG.updateAvailable });
  // A form holding typed input not yet sent: no reload, the prompt says why.
  const form = document.body.appendChild(document.createElement('form'));
  const field = form.appendChild(document.createElement('input'));
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await userEvent.click(screen.getByRole('button', { name: MSG.updateAvailable }));
  expect(newWorker.postMessage).not.toHaveBeenCalled();
  expect(screen.getByText(MSG.updateHeldByForm)).toBeTruthy();
  form.remove();
  await userEvent.click(screen.getByRole('button', { name: MSG.updateAvailable }));
  expect(newWorker.postMessage).toHaveBeenCalledTimes(1);
  // workbox-window's messageSW: the message, and a port for the answer.
  expect(newWorker.postMessage.mock.calls[0][0]).toEqual({ type: 'SKIP_WAITING' });
  expect(reload).not.toHaveBeenCalled(); // not before the new worker has taken over
  container.dispatchEvent(new Event('controllerchange'));
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});

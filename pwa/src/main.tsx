import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/sw-register';
import { customerSession, employeeSession } from './lib/session';
import { keepScreenFrame } from './components/ScreenFrame';
import './styles/global.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A daily screen's HTML carries its frame (components/ScreenFrame.tsx): kept for the fallbacks, then
// drawn over (a fresh root replaces what the HTML painted once React first commits). Each public route's
// HTML carries that page pre-rendered at build time (prerender.tsx): hydrate it, so what is already on
// screen stays there. As a transition the hydration yields to the browser every few milliseconds
// instead of blocking it in one long task; the page is already painted, and a click meanwhile hydrates
// its target first. Every other route is served the empty shell.html and renders from scratch.
const framed = keepScreenFrame(container);
if (framed || !container.firstElementChild) {
  // A signed-in person's screen: their kept answers start coming back from the device now (the query
  // client restores them as it loads), beside the first render rather than when the screen asks.
  if (customerSession.token() || employeeSession.token()) void import('./lib/QueryProvider').catch(() => undefined); // the screen's own import says why
  const root = createRoot(container);
  // Over a frame the first render is a transition: it yields to the browser every few milliseconds
  // instead of holding it in one long task, and the frame stays painted until the render commits.
  if (framed) startTransition(() => root.render(app));
  else root.render(app);
} else {
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

// The service worker exists only in the production build (vite-plugin-pwa); registration waits for
// load and an idle moment (lib/sw-register.ts), so neither workbox-window nor the precache downloads
// compete with the first paint.
if (import.meta.env.PROD) void registerServiceWorker();

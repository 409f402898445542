// Build-time only (pwa/vite.config.ts, prerenderHome): the real app rendered at `/` for a visitor
// nobody knows yet, put into the built index.html so the header and hero paint before any script runs.
// The browser then hydrates it (main.tsx). Never part of the browser bundle.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/router';

/** The markup of `/` inside #root. It waits for the lazy home page, so nothing is left suspended. */
async function renderHome(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={<StaticRouter location="/">{routes}</StaticRouter>} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

// Rendered while this module is evaluated: the build loads it with Vite's module runner, which closes
// once the import returns, and the lazy pages are imported during the render.
export const homeHtml = await renderHome();

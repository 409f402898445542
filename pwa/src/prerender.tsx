// Build-time only (pwa/vite.config.ts, prerenderRoutes): the real app rendered at each public route for a
// visitor nobody knows yet, put into that route's HTML so its header, heading and content paint before
// any script runs. The browser then hydrates it (main.tsx). With them, the daily screens' frames
// (app/screen-frames.tsx), which the browser draws over instead. Never part of the browser bundle.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Routes, StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/router';
import { takeRenderedTitle } from './components/usePageTitle';
import { PRERENDERED_ROUTES, SCREEN_FRAMES } from './prerendered-routes';
import { screenFrames } from './app/screen-frames';

export interface RenderedRoute {
  /** The markup inside #root. */
  html: string;
  /** The page's own <title>, as usePageTitle sets it in the browser. */
  title: string;
}

/** The markup of `path` (drawn by `tree`) inside #root. It waits for the lazy pages, so nothing is left suspended. */
async function renderRoute(path: string, tree: ReactNode = routes): Promise<RenderedRoute> {
  takeRenderedTitle();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={<StaticRouter location={path}>{tree}</StaticRouter>} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, title: takeRenderedTitle() };
}

async function renderAll(): Promise<Record<string, RenderedRoute>> {
  const pages: Record<string, RenderedRoute> = {};
  // One after another: usePageTitle's record of the title belongs to the render in progress.
  for (const path of Object.keys(PRERENDERED_ROUTES)) pages[path] = await renderRoute(path);
  return pages;
}

async function renderFrames(): Promise<Record<string, RenderedRoute>> {
  const frames: Record<string, RenderedRoute> = {};
  for (const path of Object.keys(SCREEN_FRAMES)) {
    if (!screenFrames[path]) throw new Error(`prerender: no frame is drawn for ${path} (app/screen-frames.tsx)`);
    frames[path] = await renderRoute(path, <Routes>{screenFrames[path]}</Routes>);
  }
  return frames;
}

// Rendered while this module is evaluated: the build loads it with Vite's module runner, which closes
// once the import returns, and the lazy pages are imported during the render.
export const pages = await renderAll();
export const frames = await renderFrames();

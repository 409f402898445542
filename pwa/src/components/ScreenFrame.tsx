// A daily screen's address is answered with its frame: the layout and the screen's heading, drawn by the
// build (app/screen-frames.tsx) into that address's HTML, so a phone paints them from the service worker
// before any script runs. React then draws over it (main.tsx). While the screen's code and the person's
// kept answers load, the fallbacks show that same frame again instead of a spinner, so nothing flickers.
import { useLocation } from 'react-router-dom';
import { Spinner } from './Spinner';

interface KeptFrame {
  /** The address the frame was drawn for. */
  path: string;
  /** The whole frame: layout and screen. */
  page: string;
  /** The screen's part only, for a fallback inside the layout. */
  main: string;
}
let kept: KeptFrame | null = null;

/** Keeps the frame the page's HTML came with, before React replaces it (main.tsx); false when it has none. */
export function keepScreenFrame(container: HTMLElement): boolean {
  const page = container.querySelector<HTMLElement>(':scope > [data-screen-frame]');
  if (!page) return false;
  const main = page.querySelector<HTMLElement>('[data-frame-main]');
  kept = { path: page.dataset.screenFrame ?? '', page: page.innerHTML, main: main?.innerHTML ?? '' };
  return true;
}

/**
 * What shows while a screen loads: at the frame's own address the kept frame (all of it, or inside a
 * layout only the screen's part), elsewhere a spinner. The frame's markup is the build's own, never input.
 */
export function FrameFallback({ part }: { part: 'page' | 'main'; }) {
  const { pathname } = useLocation();
  if (!kept || pathname !== kept.path || !kept[part]) return <Spinner />;
  return <div className="screen-frame" dangerouslySetInnerHTML={{ __html: kept[part] }} />;
}

/** The screen's part of a frame, marked so FrameFallback can show it inside the layout (build only). */
export function FrameMain({ children }: { children: React.ReactNode; }) {
  return (
    <div className="screen-frame" data-frame-main="">
      {children}
    </div>
  );
}

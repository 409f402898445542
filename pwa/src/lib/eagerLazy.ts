// React.lazy suspends on a part's first render even when its module is already here: its fallback is
// committed for a frame, and React then holds back every suspended part of the page until 300 ms
// after that (its throttle on revealing content). On a phone opening a screen straight from its
// address, that was a spinner, and a third of a second added after the screen's code had arrived —
// even when the part that suspended was only the header's menu.
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { lazyModule } from './lazyModule';

type Module<P> = { default: ComponentType<P>; };

/** True when the page was opened at `path` (a react-router pattern); never during the build's pre-render. */
export const openedAt = (path: string) => typeof window !== 'undefined' && matchPath(path, window.location.pathname) !== null;

/**
 * React.lazy that starts loading at once when `startNow` (the part is sure to be drawn on this page, as
 * its screen or the signed-in person's menu), and that renders without suspending once the module is
 * here. Call it once at module level, like lazy().
 */
export function eagerLazy<P>(load: () => Promise<Module<P>>, startNow = false) {
  let loaded: Module<P> | undefined;
  const loading = lazyModule(() => load().then((m) => (loaded = m)));
  if (startNow) void loading().catch(() => undefined); // a failure is met again when it is drawn
  // A module already loaded is handed over synchronously: React.lazy reads a thenable that settled
  // inside then() as resolved and draws the part in the same pass.
  return lazy(() => (loaded ? ({ then: (ok: (m: Module<P>) => void) => ok(loaded!) } as unknown as Promise<Module<P>>) : loading()));
}

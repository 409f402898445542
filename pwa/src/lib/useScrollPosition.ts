// Page scroll as people expect it: a new page opens at its top (a footer link no longer lands half way
// down /services), and Back or Forward returns to where the page was left. The browser's own
// restoration cannot do this for pages drawn after a lazy load, so the app does it. Only a change of
// page counts: the booking wizard's steps (`?book=N`) keep the page where it is.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();
/** How long a restore waits for a lazy page to grow tall enough. */
const RESTORE_WAIT_MS = 3000;
/** A restored position counts as settled once it has held this long (longer than the header's transition). */
const SETTLE_MS = 400;
/** The person taking over: a restore in progress stops fighting them. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

export function useScrollPosition(): void {
  const { key, pathname, hash } = useLocation();
  const type = useNavigationType();
  const current = useRef(key);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const save = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    current.current = key;
    const samePage = lastPath.current === pathname;
    lastPath.current = pathname;
    if (samePage) return;
    if (type !== 'POP') {
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    const y = positions.get(key);
    if (y === undefined) return;
    // The page is drawn at the top first, so it is not yet where it will be: lazy content may still
    // grow it, and once scrolled the sticky header turns compact (a 0.2 s height transition) which
    // the browser's scroll anchoring answers by moving the page a few pixels. So the position is set
    // and then held until it has stayed put for a moment, unless the person scrolls first.
    const until = performance.now() + RESTORE_WAIT_MS;
    let stableSince = performance.now();
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const ev of USER_SCROLL_EVENTS) window.removeEventListener(ev, stop);
    };
    const attempt = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      const target = Math.min(y, Math.max(room, 0));
      const now = performance.now();
      if (Math.abs(window.scrollY - target) >= 1) {
        window.scrollTo(0, target);
        stableSince = now;
      }
      const done = room >= y && now - stableSince >= SETTLE_MS;
      if (!done && now < until) frame = requestAnimationFrame(attempt);
      else stop();
    };
    for (const ev of USER_SCROLL_EVENTS) window.addEventListener(ev, stop, { passive: true });
    attempt();
    return stop;
  }, [key, pathname, hash, type]);
}

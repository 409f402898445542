// Page scroll as people expect it: a new page opens at its top (a footer link no longer lands half way
// down /services), and Back or Forward returns to where the page was left. The browser's own
// restoration cannot do this for pages drawn after a lazy load, so the app does it. Only a change of
// page counts: the booking wizard's steps (`?book=N`) keep the page where it is.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();
/** How long a restore waits for a lazy page to grow tall enough. */
const RESTORE_WAIT_MS = 3000;

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
    const until = performance.now() + RESTORE_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(y, Math.max(room, 0)));
      if (room < y && performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [key, pathname, hash, type]);
}

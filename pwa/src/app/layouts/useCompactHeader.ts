import { useSyncExternalStore } from 'react';
import { HEADER_COMPACT_SCROLL_PX } from '@shared/constants';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const getSnapshot = () => window.scrollY > HEADER_COMPACT_SCROLL_PX;
// The pre-rendered `/` is drawn at the top of the page; hydration starts from that, then follows the scroll.
const getServerSnapshot = () => false;

/**
 * True once the page has scrolled past the compact threshold (50 px). A scroll event
 * re-renders only when the answer flips.
 */
export function useCompactHeader(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

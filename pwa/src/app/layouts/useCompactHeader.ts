import { useSyncExternalStore } from 'react';
import { HEADER_COMPACT_SCROLL_PX } from '@shared/constants';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

// Compacting shrinks the sticky header by 12 px, and the browser's scroll anchoring moves the page by as
// much: a page left between 50 and 62 px would flip back and forth for ever (a tap on a moving button
// misses). So it turns compact past 50 px and back only once nearly at the top again.
const EXPAND_BELOW_PX = HEADER_COMPACT_SCROLL_PX - 30;
let compact = false;
const getSnapshot = () => {
  const y = window.scrollY;
  if (compact ? y < EXPAND_BELOW_PX : y > HEADER_COMPACT_SCROLL_PX) compact = !compact;
  return compact;
};
// The pre-rendered `/` is drawn at the top of the page; hydration starts from that, then follows the scroll.
const getServerSnapshot = () => false;

/**
 * True once the page has scrolled past the compact threshold (50 px), until it is back under 20 px.
 * A scroll event re-renders only when the answer flips.
 */
export function useCompactHeader(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

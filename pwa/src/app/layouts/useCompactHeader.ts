import { useEffect, useState } from 'react';
import { HEADER_COMPACT_SCROLL_PX } from '../../../../shared/constants';

/** True once the page has scrolled past the compact threshold (spec §2, §9: 50 px). */
export function useCompactHeader(): boolean {
  const [compact, setCompact] = useState(() => typeof window !== 'undefined' && window.scrollY > HEADER_COMPACT_SCROLL_PX);
  useEffect(() => {
    // rAF-throttled so a fast scroll costs one state check per frame.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setCompact(window.scrollY > HEADER_COMPACT_SCROLL_PX);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return compact;
}

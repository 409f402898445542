// Each screen names itself in the browser tab and for screen readers (WCAG 2.4.2 "Page Titled").
import { useEffect } from 'react';
import { MARKETING } from '@shared/constants';

const DEFAULT_TITLE = `${MARKETING.companyName} — Cleaning services you can trust`;
const titleFor = (title?: string) => (title ? `${title} — ${MARKETING.companyName}` : DEFAULT_TITLE);

// The build's pre-render (prerender.tsx) runs no effects: the title the page asked for during that
// render is recorded here, so the page's HTML carries it in <title>.
let renderedTitle: string | undefined;

/** The title the last pre-render asked for (the default when none did), and forget it. */
export function takeRenderedTitle(): string {
  const title = renderedTitle ?? DEFAULT_TITLE;
  renderedTitle = undefined;
  return title;
}

export function usePageTitle(title?: string) {
  if (typeof document === 'undefined') renderedTitle = titleFor(title);
  useEffect(() => {
    document.title = titleFor(title);
    // Leaving the screen puts the default back, so a screen without a title never shows a stale one.
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}

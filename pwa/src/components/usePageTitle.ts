// Each screen names itself in the browser tab and for screen readers (WCAG 2.4.2 "Page Titled").
import { useEffect } from 'react';
import { MARKETING } from '../../../shared/constants';

const DEFAULT_TITLE = `${MARKETING.companyName} — Cleaning services you can trust`;

export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${MARKETING.companyName}` : DEFAULT_TITLE;
    // Leaving the screen puts the default back, so a screen without a title never shows a stale one.
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}

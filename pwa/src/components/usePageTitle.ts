// Each screen names itself in the browser tab and for screen readers (WCAG 2.4.2 "Page Titled").
import { useEffect } from 'react';
import { MARKETING } from '../../../shared/constants';

export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${MARKETING.companyName}` : `${MARKETING.companyName} — Cleaning services you can trust`;
  }, [title]);
}

// Each screen names itself in the browser tab and for screen readers (WCAG 2.4.2 "Page Titled").
import { useEffect } from 'react';
import { COMPANY_DEFAULTS } from '@shared/company';
import { useCompany } from '@/lib/company';

const defaultTitle = (company: string) => `${company} — Cleaning services you can trust`;
const titleFor = (company: string, title?: string) => (title ? `${title} — ${company}` : defaultTitle(company));

// The build's pre-render (prerender.tsx) runs no effects: the title the page asked for during that
// render is recorded here, so the page's HTML carries it in <title>.
let renderedTitle: string | undefined;

/** The title the last pre-render asked for (the default when none did), and forget it. */
export function takeRenderedTitle(): string {
  // Built with the defaults; the server puts the company's name in when it differs (api/src/http/company-page.ts).
  const title = renderedTitle ?? defaultTitle(COMPANY_DEFAULTS.name);
  renderedTitle = undefined;
  return title;
}

export function usePageTitle(title?: string) {
  const { name } = useCompany();
  if (typeof document === 'undefined') renderedTitle = titleFor(name, title);
  useEffect(() => {
    document.title = titleFor(name, title);
    // Leaving the screen puts the default back, so a screen without a title never shows a stale one.
    return () => {
      document.title = defaultTitle(name);
    };
  }, [name, title]);
}

// The company's details every page shows (office → Settings). The first render uses what the page was
// served with — the JSON data block the server adds when they differ from the build's defaults
// (api/src/http/company-page.ts), else the defaults — so hydration matches the served markup. After
// that the latest are asked of GET /api/company (at most once a minute) and kept on the device for offline.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { COMPANY_DATA_ID, COMPANY_DEFAULTS, sameCompany, type Company } from '@shared/company';
import { companyCopy } from './session';

/** How old the device's copy may be before the API is asked again. */
const REFRESH_MS = 60_000;

function served(): Company | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(COMPANY_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return { ...COMPANY_DEFAULTS, ...(JSON.parse(text) as Partial<Company>) };
  } catch {
    return null;
  }
}

function stored(): { company: Company; at: number; } | null {
  try {
    const raw = companyCopy.read();
    const parsed = raw ? (JSON.parse(raw) as { company?: Partial<Company>; at?: number; }) : null;
    return parsed?.company ? { company: { ...COMPANY_DEFAULTS, ...parsed.company }, at: Number(parsed.at) || 0 } : null;
  } catch {
    return null;
  }
}

const CompanyContext = createContext<Company>(COMPANY_DEFAULTS);
const saved = new Set<(c: Company) => void>();

export function CompanyProvider({ children }: { children: ReactNode; }) {
  const [company, setCompany] = useState<Company>(() => served() ?? COMPANY_DEFAULTS);
  useEffect(() => {
    let cancelled = false;
    const show = (next: Company) => !cancelled && setCompany((now) => (sameCompany(now, next) ? now : next));
    const copy = stored();
    // A page served by the server is current; one from the service worker's cache may be older than the device's copy.
    if (copy && !served()) show(copy.company);
    saved.add(show);
    const stop = () => {
      cancelled = true;
      saved.delete(show);
    };
    if (copy && Date.now() - copy.at < REFRESH_MS && Date.now() >= copy.at) return stop;
    fetch('/api/company', { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<{ company?: Company; }>) : null))
      .then((body) => {
        if (!body?.company) return;
        companyCopy.write(JSON.stringify({ company: body.company, at: Date.now() }));
        show({ ...COMPANY_DEFAULTS, ...body.company });
      })
      .catch(() => {
        // Offline: the page keeps what it has.
      });
    return stop;
  }, []);
  return <CompanyContext.Provider value={company}>{children}</CompanyContext.Provider>;
}

/** The company's details as this page shows them now. */
export const useCompany = (): Company => useContext(CompanyContext);

/** Lets the office's settings screen show a save at once on this device. */
export function rememberCompany(company: Company): void {
  companyCopy.write(JSON.stringify({ company, at: Date.now() }));
  saved.forEach((show) => show(company));
}

// The price list the wizard estimates with: the last one seen (kept on the device), refreshed from
// GET /api/price-list when the wizard opens. Failing to reach it, the estimate says it was made offline.
import { useEffect, useState } from 'react';
import { DEFAULT_PRICE_LIST } from '@shared/pricing';
import type { PublicPriceList } from '@shared/schemas/prices';
import { priceListCopy } from '@/lib/session';

export interface WizardPrices extends PublicPriceList {
  /** True when the list is the device's copy (or the built-in defaults) because the API was not reached. */
  offline: boolean;
}

const BUILT_IN: PublicPriceList = { list: DEFAULT_PRICE_LIST, version: 0, change_cutoff: '18:00', late_change_charge_percent: 50 };

function stored(): PublicPriceList {
  try {
    const raw = priceListCopy.read();
    const parsed = raw ? (JSON.parse(raw) as Partial<PublicPriceList>) : null;
    return parsed?.list ? { ...BUILT_IN, ...parsed } as PublicPriceList : BUILT_IN;
  } catch {
    return BUILT_IN;
  }
}

export function usePriceList(): WizardPrices {
  // Online until the API says otherwise: the first paint has no "offline" flicker.
  const [prices, setPrices] = useState<WizardPrices>(() => ({ ...stored(), offline: typeof navigator !== 'undefined' && navigator.onLine === false }));
  useEffect(() => {
    let live = true;
    fetch('/api/price-list', { headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<Partial<PublicPriceList>>) : Promise.reject(new Error(String(res.status)))))
      .then((body) => {
        if (!body.list) throw new Error('no list');
        const fresh: PublicPriceList = {
          list: body.list,
          version: body.version ?? 0,
          change_cutoff: body.change_cutoff ?? '18:00',
          late_change_charge_percent: body.late_change_charge_percent ?? 50,
        };
        priceListCopy.write(JSON.stringify(fresh));
        if (live) setPrices({ ...fresh, offline: false });
      })
      .catch(() => {
        if (live) setPrices((p) => ({ ...p, offline: true }));
      });
    return () => {
      live = false;
    };
  }, []);
  return prices;
}

// The price list (GET/PUT /api/admin/price-list): every office member reads it, a super-admin saves a new version.
import type { PriceList } from '@shared/pricing';
import { officeGet, officeSend } from '../api';

export interface PriceListAnswer {
  list: PriceList;
  version: number;
  saved_at: string | null;
  saved_by: string | null;
  message?: string;
}

export const priceListKey = ['office', 'price-list'] as const;
export const fetchPriceList = () => officeGet<PriceListAnswer>('/price-list');
export const savePriceList = (list: PriceList, based_on: number) => officeSend<PriceListAnswer>('PUT', '/price-list', { list, based_on });

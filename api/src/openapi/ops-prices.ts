// OpenAPI operations of the price list, quotes and the customer's 14-day cancel (spread into document.ts).
import { planPriceSchema, priceListSaveSchema, quoteRequestSchema } from '@shared/schemas/prices';
import type { OperationOf } from './operation';
import { skipVisitSchema } from '@shared/schemas/visits';

/** Request schemas these operations name. */
export const PRICE_SCHEMAS = {
  PriceListSave: priceListSaveSchema,
  QuoteRequest: quoteRequestSchema,
  BookingPrice: planPriceSchema,
  VisitSkip: skipVisitSchema,
};

type Name = keyof typeof PRICE_SCHEMAS;
type PriceOp = OperationOf<Name>;

export const PRICE_OPERATIONS: PriceOp[] = [
  {
    method: 'get',
    path: '/api/price-list',
    tag: 'prices',
    summary: 'The current price list, its version and the cancellation terms (change cut-off, late-change charge %): the wizard prices with it offline',
    ok: 200,
    answer: ['list', 'version', 'change_cutoff', 'late_change_charge_percent'],
    errors: [],
  },
  {
    method: 'post',
    path: '/api/quote',
    tag: 'prices',
    summary:
      "The wizard's answers → hours, pence per visit and per 4 weeks (kind 'confirm' when the office must price an answer), by the current price list (rate limited per IP)",
    json: 'QuoteRequest',
    ok: 200,
    answer: ['kind', 'hours', 'pence_per_visit', 'pence_per_4_weeks', 'price_list_version'],
    errors: [400, 429],
  },
  {
    method: 'get',
    path: '/api/admin/price-list',
    tag: 'office',
    summary: 'The current price list and its version',
    auth: 'employee',
    ok: 200,
    answer: ['list', 'version', 'saved_at', 'saved_by'],
    errors: [403],
  },
  {
    method: 'put',
    path: '/api/admin/price-list',
    tag: 'office',
    summary: 'Save a new version of the price list (super-admin; audited; 409 when `based_on` is not the current version)',
    auth: 'employee',
    json: 'PriceListSave',
    ok: 200,
    answer: ['list', 'version', 'saved_at', 'saved_by'],
    errors: [400, 403, 409],
  },
  {
    method: 'put',
    path: '/api/admin/bookings/{id}/price',
    tag: 'office',
    summary: "Confirm or change a booking's price per visit (its visits not yet done follow; the customer is mailed a change; audited)",
    auth: 'employee',
    json: 'BookingPrice',
    ok: 200,
    answer: ['price_pence'],
    errors: [400, 403, 404],
  },
  {
    method: 'post',
    path: '/api/user/bookings/{id}/cancel-within-14-days',
    tag: 'customer bookings',
    summary:
      'Cancel my booking within the 14-day cancellation period: the visits already done are charged, nothing else; the booking is then `cancelled` (status and state, ended_by customer), its plan cancelled',
    auth: 'customer',
    ok: 200,
    answer: ['booking', 'charge_pence'],
    errors: [400, 404, 409],
    idempotent: true,
  },
];

// The customer's card and charges (server state), and the last answers kept on this device so the
// screen reads offline "as of" when they were fetched. Nothing here is ever queued: money moves only
// from a live request (the outbox never carries a payment action).
import { useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@shared/schemas/paging';
import type { CardOnFile, CustomerPayment } from '@shared/schemas/payments';
import { api } from '@/lib/api';
import { withQuery } from '@/lib/paging';
import { userKeys } from '@/lib/queryKeys';
import { loadPlanCopy, savePlanCopy } from '@/lib/offline-data';

const SHOWN = 20;
export const paymentKeys = {
  all: [...userKeys.all, 'payments'] as const,
  card: [...userKeys.all, 'payments', 'card'] as const,
  list: [...userKeys.all, 'payments', 'list'] as const,
};

export interface CardAnswer {
  payment_method: CardOnFile | null;
  cards_enabled: boolean;
  how_to_pay?: string;
}
export interface PaymentsAnswer extends PageInfo {
  payments: CustomerPayment[];
  owed_pence: number;
  as_of: string;
  cards_enabled: boolean;
  how_to_pay?: string;
}
export interface PaymentsCopy {
  card: CardAnswer;
  list: PaymentsAnswer;
}

// The per-user offline store (cleared at sign-out) keyed beside the plans' copies.
const COPY = 'payments-screen';
export const savePaymentsCopy = (userId: string, copy: PaymentsCopy) => savePlanCopy(userId, COPY, copy);
export const loadPaymentsCopy = (userId: string) => loadPlanCopy<PaymentsCopy>(userId, COPY);

export const useCard = (sessionId: string | null) =>
  useQuery({
    queryKey: [...paymentKeys.card, sessionId ?? ''],
    queryFn: () => api<CardAnswer>(withQuery('/api/user/payment-method', { session_id: sessionId ?? undefined }), { auth: 'customer' }),
    retry: false,
  });

export const usePayments = () =>
  useQuery({
    queryKey: paymentKeys.list,
    queryFn: () => api<PaymentsAnswer>(withQuery('/api/user/payments', { limit: SHOWN }), { auth: 'customer' }),
    retry: false,
  });

export const startCardCheckout = () => api<{ url: string; }>('/api/user/payment-method/checkout', { method: 'POST', auth: 'customer' });
export const removeCard = () => api<{ payment_method: null; }>('/api/user/payment-method', { method: 'DELETE', auth: 'customer' });

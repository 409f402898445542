// Statements server state: the customer's months (a page) and one month's statement.
import { useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@shared/schemas/paging';
import type { StatementAnswer, StatementMonth } from '@shared/schemas/statements';
import type { BalanceAnswer } from '@shared/schemas/ledger';
import { api } from '@/lib/api';
import { withQuery } from '@/lib/paging';
import { userKeys } from '@/lib/queryKeys';

const MONTHS_SHOWN = 24;
export const statementKeys = {
  months: [...userKeys.all, 'statements', 'months'] as const,
  month: (month: string) => [...userKeys.all, 'statements', month] as const,
};

export const useStatementMonths = () =>
  useQuery({
    queryKey: statementKeys.months,
    queryFn: () => api<{ months: StatementMonth[]; } & PageInfo>(withQuery('/api/user/statements/months', { limit: MONTHS_SHOWN }), { auth: 'customer' }),
  });

export const useStatement = (month: string | undefined) =>
  useQuery({
    queryKey: statementKeys.month(month ?? ''),
    queryFn: () => api<StatementAnswer>(withQuery('/api/user/statements', { month }), { auth: 'customer' }),
    enabled: Boolean(month),
  });

/** What the customer owes overall, their reference and the company's bank details (GET /api/user/balance). */
export const useBalance = () =>
  useQuery({
    queryKey: [...userKeys.all, 'balance'] as const,
    queryFn: () => api<BalanceAnswer & PageInfo>(withQuery('/api/user/balance', { limit: 5 }), { auth: 'customer' }),
  });

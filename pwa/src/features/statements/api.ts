// Statements server state: the customer's months (a page) and one month's statement.
import { useQuery } from '@tanstack/react-query';
import type { PageInfo } from '@shared/schemas/paging';
import type { StatementAnswer, StatementMonth } from '@shared/schemas/statements';
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
    queryFn: () => api<{ months: StatementMonth[] } & PageInfo>(withQuery('/api/user/statements/months', { limit: MONTHS_SHOWN }), { auth: 'customer' }),
  });

export const useStatement = (month: string | undefined) =>
  useQuery({
    queryKey: statementKeys.month(month ?? ''),
    queryFn: () => api<StatementAnswer>(withQuery('/api/user/statements', { month }), { auth: 'customer' }),
    enabled: Boolean(month),
  });

// The customer's homes as server state: one query (its key under the customer's, so sign-out clears it)
// and the writes that refresh it. The profile manages them; the booking wizard asks which one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HomeCreateInput, HomeDto, HomeUpdateInput } from '@shared/schemas/homes';
import { api } from './api';

export const homePaths = {
  homes: '/api/user/homes',
  home: (id: string) => `/api/user/homes/${encodeURIComponent(id)}`,
};

export const homeKeys = {
  all: ['user', 'homes'] as const,
  one: (id: string) => ['user', 'homes', id] as const,
};

export function useHomes(enabled: boolean) {
  return useQuery({
    queryKey: homeKeys.all,
    queryFn: async () => (await api<{ homes: HomeDto[]; }>(homePaths.homes, { auth: 'customer' })).homes,
    enabled,
  });
}

type Saved = { home: HomeDto; message: string; };

/** Adds a home (no id) or changes one. */
export function useSaveHome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: HomeCreateInput | HomeUpdateInput; }) =>
      id
        ? api<Saved>(homePaths.home(id), { method: 'PATCH', auth: 'customer', json: input, idempotencyKey: crypto.randomUUID() })
        : api<Saved>(homePaths.homes, { method: 'POST', auth: 'customer', json: input, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homeKeys.all }),
  });
}

export function useRemoveHome() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string; }>(homePaths.home(id), { method: 'DELETE', auth: 'customer' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: homeKeys.all }),
  });
}

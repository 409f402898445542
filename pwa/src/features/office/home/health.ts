// /api/health, read once for the office home's two notices: its size_warning (SizeNotice) and the data
// upgrade in progress after a new release (UpgradeNotice). One request, not two: on a phone's first
// visit the home's answers already fill the browser's six connections.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { officeKeys } from '../api';

export type Health = { size_warning?: string; upgrading?: { percent: number; message: string; }; };
/** While an upgrade runs, how often the home asks how far it is. */
const UPGRADE_EVERY_MS = 5000;

export function useHealth() {
  return useQuery({
    queryKey: officeKeys.health,
    queryFn: () => api<Health>('/api/health', { auth: 'none' }),
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.upgrading ? UPGRADE_EVERY_MS : false),
  });
}

// Profile server state: the profile, the dashboard figures, and the profile update.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput, PublicUser } from '@shared/schemas/auth';
import type { CustomerStats } from '@shared/schemas/bookings';
import { api } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { userKeys, userPaths } from '@/lib/queryKeys';

export const profileKey = userKeys.profile;
export const dashboardKey = userKeys.dashboard;

export function useProfile(enabled: boolean) {
  return useQuery({
    queryKey: profileKey,
    queryFn: async () => (await api<{ user: PublicUser; }>(userPaths.profile, { auth: 'customer' })).user,
    enabled,
  });
}

export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => (await api<{ stats: CustomerStats; }>(userPaths.dashboard, { auth: 'customer' })).stats,
    enabled,
  });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      api<{ user: PublicUser; message?: string; }>(userPaths.profile, { method: 'PUT', auth: 'customer', json: input }),
    onSuccess: (r) => {
      qc.setQueryData(profileKey, r.user);
      // Keep the header's stored user (name, picture) in step with the server.
      customerSession.saveUser(r.user);
    },
  });
}

/** A picture is an inline data: string, an absolute URL (Google), or a path on the API host. */
export function pictureUrl(picture: string | undefined | null): string | null {
  if (!picture) return null;
  if (picture.startsWith('data:') || /^https?:\/\//.test(picture)) return picture;
  return `${window.location.origin}${picture.startsWith('/') ? '' : '/'}${picture}`;
}

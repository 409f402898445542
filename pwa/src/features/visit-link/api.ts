// The signed visit links of notices (GET/POST /api/visit-links/{token}): no sign-in, no cached data.
import { api } from '@/lib/api';
import type { VisitLinkView } from '@shared/schemas/reminders';

const url = (token: string) => `/api/visit-links/${encodeURIComponent(token)}`;

export const readLink = (token: string) => api<VisitLinkView>(url(token));

export const sendLink = (token: string, body: { start?: string; stars?: number; comment?: string; }) =>
  api<{ message: string; }>(url(token), { method: 'POST', json: body });

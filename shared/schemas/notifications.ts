import { z } from 'zod';

/** What a person can be told, each switched on or off for e-mail and for push separately. */
export const NOTIFY_KINDS = ['reminders', 'on_my_way', 'ratings', 'news', 'changes', 'statements'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
/**
 * Marketing: e-mail (and push) about it only with the person's consent (PECR), so it starts off and is
 * asked for with an unticked box; every other kind is a service message and starts on.
 */
export const MARKETING_KINDS: readonly NotifyKind[] = ['news'];
export const onByDefault = (kind: NotifyKind): boolean => !MARKETING_KINDS.includes(kind);

/** A browser's PushSubscription.toJSON(), bounded (the endpoint's host is checked by the server's allow-list). */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.string().max(1024).url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
    p256dh: z.string().min(80).max(100).regex(/^[\w-]+=*$/),
    auth: z.string().min(16).max(30).regex(/^[\w-]+=*$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().max(1024).url() });

const channelFlags = z.strictObject({ email: z.boolean(), push: z.boolean() });
export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFY_KINDS.map((k) => [k, channelFlags.optional()])) as Record<NotifyKind, z.ZodOptional<typeof channelFlags>>,
);
export type NotificationPreferences = Record<NotifyKind, { email: boolean; push: boolean; }>;
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** One-click unsubscribe: the signed token from the mail's link (RFC 8058 sends it in the URL's query). */
export const unsubscribeSchema = z.strictObject({ token: z.string().min(10).max(400) });

/** One notice a person was sent ("What was I told?"), newest first in their list. */
export interface NoticeDto {
  id: string;
  /** A NotifyKind, or 'transactional' (codes, receipts: sent whatever the choices). */
  kind: string;
  subject: string;
  text: string;
  /** Where it pointed (a path of this site), '' when nowhere. */
  url: string;
  /** How it reached them. */
  email: boolean;
  pushed: number;
  sent_at: string;
}

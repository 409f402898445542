// This device's Web Push subscription: subscribe with the server's VAPID key and store it for the
// signed-in person (customer or staff), or unsubscribe and forget it. Pushes arrive in the service
// worker (sw.ts, lib/push-sw.ts).
import { api } from './api';

export type PushAudience = 'customer' | 'employee';
const base = (who: PushAudience) => (who === 'customer' ? '/api/user' : '/api/employee');

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes and stores the subscription for `who`. Answers the permission. */
export async function turnOnPush(who: PushAudience): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { publicKey } = await api<{ publicKey: string; }>('/api/push/key');
  const reg = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await api(`${base(who)}/push-subscriptions`, { method: 'POST', auth: who, json: sub.toJSON() });
  return permission;
}

export async function turnOffPush(who: PushAudience): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await api(`${base(who)}/push-subscriptions?endpoint=${encodeURIComponent(sub.endpoint)}`, { method: 'DELETE', auth: who }).catch(() => undefined);
  await sub.unsubscribe();
}

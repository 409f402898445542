// OpenAPI operations of notifications: this device's push subscription, the choices per kind, notices, unsubscribing from a mail (spread into document.ts).
import type { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { notificationPreferencesSchema, pushSubscriptionSchema, unsubscribeSchema } from '@shared/schemas/notifications';
import { pagingQuerySchema } from '@shared/schemas/paging';
import type { OperationOf } from './operation';

/** Request schemas these operations name. */
export const NOTIFICATION_SCHEMAS = {
  PushSubscription: pushSubscriptionSchema,
  NotificationPreferences: notificationPreferencesSchema,
  Unsubscribe: unsubscribeSchema,
} satisfies Record<string, z.ZodType>;

type NotificationOp = OperationOf<keyof typeof NOTIFICATION_SCHEMAS>;

const op = (o: NotificationOp) => o;
const V = [400];

export const NOTIFICATION_OPS: NotificationOp[] = [
  op({
    method: 'post',
    path: '/api/user/push-subscriptions',
    tag: 'notifications',
    summary: "Turn on notifications for this device (the browser's PushSubscription; https endpoints on the push services' hosts only)",
    auth: 'customer',
    json: 'PushSubscription',
    ok: 201,
    answer: [],
    errors: V,
  }),
  op({
    method: 'delete',
    path: '/api/user/push-subscriptions',
    tag: 'notifications',
    summary: 'Turn off notifications for this device (endpoint in the query)',
    auth: 'customer',
    ok: 200,
    answer: [],
    errors: [...V, 404],
  }),
  op({
    method: 'get',
    path: '/api/user/notification-preferences',
    tag: 'notifications',
    summary: 'My notification choices: e-mail and push per kind',
    auth: 'customer',
    ok: 200,
    answer: ['preferences'],
    errors: [],
  }),
  op({
    method: 'put',
    path: '/api/user/notification-preferences',
    tag: 'notifications',
    summary: 'Change my notification choices (kinds not sent stay as they are)',
    auth: 'customer',
    json: 'NotificationPreferences',
    ok: 200,
    answer: ['preferences'],
    errors: V,
  }),
  op({
    method: 'post',
    path: '/api/employee/push-subscriptions',
    tag: 'notifications',
    summary: "Turn on notifications for this device (the browser's PushSubscription; https endpoints on the push services' hosts only)",
    auth: 'employee',
    json: 'PushSubscription',
    ok: 201,
    answer: [],
    errors: V,
  }),
  op({
    method: 'delete',
    path: '/api/employee/push-subscriptions',
    tag: 'notifications',
    summary: 'Turn off notifications for this device (endpoint in the query)',
    auth: 'employee',
    ok: 200,
    answer: [],
    errors: [...V, 404],
  }),
  op({
    method: 'get',
    path: '/api/employee/notification-preferences',
    tag: 'notifications',
    summary: 'My notification choices: e-mail and push per kind',
    auth: 'employee',
    ok: 200,
    answer: ['preferences'],
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/user/notices',
    tag: 'notifications',
    summary: 'What was I told: every notice sent to me (e-mail and/or push), newest first',
    auth: 'customer',
    ok: 200,
    answer: ['notices', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: pagingQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'get',
    path: '/api/employee/notices',
    tag: 'notifications',
    summary: 'What was I told: every notice sent to me (e-mail and/or push), newest first',
    auth: 'employee',
    ok: 200,
    answer: ['notices', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: pagingQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'put',
    path: '/api/employee/notification-preferences',
    tag: 'notifications',
    summary: 'Change my notification choices (kinds not sent stay as they are)',
    auth: 'employee',
    json: 'NotificationPreferences',
    ok: 200,
    answer: ['preferences'],
    errors: V,
  }),
  op({
    method: 'get',
    path: '/api/push/key',
    tag: 'notifications',
    summary: 'The public VAPID key a browser subscribes with',
    ok: 200,
    answer: ['publicKey'],
    errors: [],
  }),
  op({
    method: 'get',
    path: '/api/unsubscribe',
    tag: 'notifications',
    summary: "What a mail's unsubscribe link (token in the query) stops",
    ok: 200,
    answer: ['kind', 'label'],
    errors: V,
  }),
  op({
    method: 'post',
    path: '/api/unsubscribe',
    tag: 'notifications',
    summary: "Stop one kind of e-mail, without signing in: RFC 8058 one-click (token in the query) or the page's button (JSON)",
    json: 'Unsubscribe',
    ok: 200,
    answer: ['kind'],
    errors: V,
  }),
];

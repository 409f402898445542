// Texts of notifications, their preferences and unsubscribing (shared/README.md, Texts).
import type { NotifyKind } from './schemas/notifications';

export const NOTIFY_MSG = {
  kindLabel: {
    reminders: 'Visit reminders',
    on_my_way: '“On my way” and “Finished”',
    ratings: 'Requests to rate a clean',
    news: 'News and offers',
    changes: 'Changes to your visits',
  } satisfies Record<NotifyKind, string>,
  preferencesTitle: 'What we tell you, and how',
  preferencesKind: 'What about',
  preferencesEmail: 'E-mail',
  preferencesPush: 'On this device',
  preferencesSaved: 'Your notification choices are saved.',
  deviceTitle: 'Notifications on this device',
  deviceOn: 'Notifications are on for this device.',
  deviceOff: 'Turn on notifications to hear about visits on this device.',
  deviceTurnOn: 'Turn on notifications',
  deviceTurnOff: 'Turn off notifications',
  deviceUnsupported: 'This browser cannot show notifications from us. E-mail still reaches you.',
  deviceDenied: 'Notifications are blocked for this site in your browser settings.',
  deviceSaved: 'Notifications are on for this device.',
  deviceRemoved: 'Notifications are off for this device.',
  pushEndpointRefused: 'This browser’s push service is not one we can send to.',
  pushNotFound: 'This device was not signed up for notifications.',
  unsubscribeTitle: 'Stop these e-mails',
  unsubscribeWhat: (label: string) => `You will no longer get e-mails about: ${label}. Everything else stays as it is.`,
  unsubscribeButton: 'Stop these e-mails',
  unsubscribeDone: (label: string) => `Done: no more e-mails about ${label.toLowerCase()}. You can turn them back on in your profile.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid. Open your profile to choose which e-mails you get.',
  unsubscribeFooter: (label: string) => `You get this e-mail because “${label}” is on in your notification choices. To stop these e-mails only:`,
} as const;

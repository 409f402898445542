// The texts the app shell shows on any page (offline banner, update prompt, sign-out question, why the
// sign-in page appears), word for word from the spec. A module of their own so that the first load of a page does not download
// every message (~2.5 KB gzip); MSG includes them, so everything else reads them from MSG as before.
export const SHELL_MSG = {
  signOutQuestion: 'Are you sure you want to sign out?',
  offlineBanner: 'You are offline — showing saved content',
  updateAvailable: 'A new version is ready — Reload',
  updateHeldByForm: 'Send or finish what you are typing first: reloading now would lose it.',
  waitingToSend: (n: number) => (n === 1 ? '1 item is waiting to send.' : `${n} items are waiting to send.`),
  sendNow: 'Send now',
  outboxBadge: (n: number) => `${n} ${n === 1 ? 'item' : 'items'} waiting to send`,
  sending: 'Sending…',
  storageProblem: 'This device’s storage is not responding, so what you send now may not be kept. Try again, or reload the page.',
  /** Why a signed-out visitor is on the sign-in page: what the page they asked for holds. */
  signInFor: (path: string) =>
    path.startsWith('/orders')
      ? 'Please sign in to see your bookings.'
      : path.startsWith('/profile')
      ? 'Please sign in to see your profile.'
      : 'Please sign in to continue.',
} as const;

// The texts the app shell shows on any page (offline banner, update prompt, sign-out question), word
// for word from the spec. A module of their own so that the first load of a page does not download
// every message (~2.5 KB gzip); MSG includes them, so everything else reads them from MSG as before.
export const SHELL_MSG = {
  signOutQuestion: 'Are you sure you want to sign out?',
  offlineBanner: 'You are offline — showing saved content',
  updateAvailable: 'Update available — reload',
} as const;

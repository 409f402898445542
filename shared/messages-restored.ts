// The words beside an answer a screen shows from this device while the fresh one loads (a repeat visit
// paints the person's last answer at once). A module of its own so public pages do not download it.
export const RESTORED_MSG = {
  /** `minutes` whole minutes since the answer was fetched. */
  updatedAgo: (minutes: number) =>
    minutes < 1
      ? 'Updated just now'
      : minutes < 60
      ? `Updated ${minutes} min ago`
      : minutes < 120
      ? 'Updated 1 hour ago'
      : `Updated ${Math.floor(minutes / 60)} hours ago`,
};

// What this instance knows of the data upgrade in progress: which answers wait for it and how far it
// is. Set once at start by the migration runner (services/upgrade/run.ts) and read by the request gate
// (http/upgrade-gate.ts) and the readiness probe. Another instance may be doing the work, so the figure
// is read again from the database, at most once a second and only while something is pending.
export interface UpgradeSnapshot {
  /** Whole percent done, 0–100. */
  percent: number;
  /** Paths whose answers need migrations still pending. */
  blocks: RegExp[];
}

type Loader = () => Promise<UpgradeSnapshot | null>;

const REFRESH_MS = 1000;
let current: UpgradeSnapshot | null = null;
let loader: Loader | null = null;
let loadedAt = 0;
let loading: Promise<void> | null = null;

/** The runner's view at start (null: nothing to do) and how to read it again. */
export function setUpgradeState(snapshot: UpgradeSnapshot | null, load: Loader | null): void {
  current = snapshot;
  loader = snapshot ? load : null;
  loadedAt = performance.now();
}

/** The upgrade still in progress, or null once every migration is done (then never read again). */
export async function upgradeInProgress(): Promise<UpgradeSnapshot | null> {
  if (!current || !loader) return current;
  // A monotonic timer on purpose: a refresh interval, not a rule (the test clock does not move it).
  if (performance.now() - loadedAt >= REFRESH_MS) {
    loading ??= loader()
      .then((s) => {
        current = s;
        if (!s) loader = null;
      })
      .catch(() => undefined)
      .finally(() => {
        loadedAt = performance.now();
        loading = null;
      });
    await loading;
  }
  return current;
}

/** What a blocked answer tells the client to wait before asking again, in seconds. */
export const UPGRADE_RETRY_AFTER_S = 30;

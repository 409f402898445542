// A module loaded on first use (validation, the outbox) rather than with the page: one import shared by
// every caller, forgotten when it failed (offline before the service worker cached it), so the next
// call tries again.
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

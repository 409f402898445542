// The office lists keep their filters and page in the address, so a list can be linked and reloaded.
import { useSearchParams } from 'react-router-dom';

type Change = Record<string, string | undefined>;

/**
 * The address's search parameters and a setter: an empty value removes its parameter, and any change
 * other than the page itself goes back to page 1. `replace` rewrites the history entry instead of adding one.
 */
export function useUrlFilters(): [URLSearchParams, (change: Change, replace?: boolean) => void] {
  const [sp, setSp] = useSearchParams();
  const set = (change: Change, replace = false) => {
    const next = new URLSearchParams(sp);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in change)) next.delete('page');
    setSp(next, { replace });
  };
  return [sp, set];
}

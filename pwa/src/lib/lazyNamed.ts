// React.lazy for a named export (lazy() itself only takes a module's default export).
import { lazy, type ComponentType } from 'react';

export function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

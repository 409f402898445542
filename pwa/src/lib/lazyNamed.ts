// React.lazy for a named export (lazy() itself only takes a module's default export); `startNow` as in eagerLazy.
import type { ComponentType } from 'react';
import { eagerLazy } from './eagerLazy';

export function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K, startNow = false) {
  return eagerLazy(() => load().then((m) => ({ default: m[name] })), startNow);
}

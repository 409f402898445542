// Every API area's router, mounted in this order by app.ts.
import type Router from '@koa/router';
import type { Deps } from '../deps';
import { healthRouter } from './health';

export function apiRouters(deps: Deps): Router[] {
  return [healthRouter(deps)];
}

// GET /api/openapi.json: the OpenAPI 3.1 document, built once from the shared zod schemas.
import Router from '@koa/router';
import { buildOpenApi } from '../openapi/document';
import type { Deps } from '../deps';

export function openapiRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  let doc: string | undefined;
  router.get('/openapi.json', (ctx) => {
    doc ??= JSON.stringify(buildOpenApi(deps.version));
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = doc;
  });
  return router;
}

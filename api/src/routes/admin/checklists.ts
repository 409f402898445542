// /api/admin/checklists/{cleaningType}: the office reads and saves a cleaning type's checklist (audited);
// /api/admin/visits/{id}/checklist: what was done on one visit and what its customer asked for.
import Router from '@koa/router';
import type { Context } from 'koa';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { checklistTemplateSchema, checklistTypeSchema } from '@shared/schemas/checklists';
import type { Deps } from '../../deps';
import { officeActor } from '../guards';
import { badRequest } from '../../lib/errors';
import { parseBody, parseId } from '../../http/validate';
import { readTemplate, saveTemplate, stopTemplate } from '../../services/checklists/templates';
import { officeVisitChecklist } from '../../services/checklists/visit-answers';

function typeOf(ctx: Context) {
  const parsed = checklistTypeSchema.safeParse(String(ctx.params.cleaningType ?? '').slice(0, 40));
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

export function checklistsAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/checklists/:cleaningType', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, checklist: await readTemplate(typeOf(ctx)) };
  });

  router.put('/checklists/:cleaningType', async (ctx) => {
    const type = typeOf(ctx);
    const input = parseBody(ctx, checklistTemplateSchema);
    const checklist = await saveTemplate(officeActor(ctx), type, input, deps.clock.now());
    ctx.body = { success: true, message: CHECKLIST_MSG.saved(CHECKLIST_MSG.typeLabel[type] ?? type), checklist };
  });

  router.delete('/checklists/:cleaningType', async (ctx) => {
    const type = typeOf(ctx);
    const checklist = await stopTemplate(officeActor(ctx), type);
    ctx.body = { success: true, message: CHECKLIST_MSG.stopped(CHECKLIST_MSG.typeLabel[type] ?? type), checklist };
  });

  router.get('/visits/:id/checklist', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, ...(await officeVisitChecklist(parseId(ctx))) };
  });

  return router;
}

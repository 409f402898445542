// /api/admin/company: the company settings (every office member reads them; a super-admin changes them)
// and the office home's first-run checklist.
import Router from '@koa/router';
import { COMPANY_MSG } from '@shared/messages-office';
import { companySchema } from '@shared/schemas/company';
import type { Deps } from '../../deps';
import { employeeOf } from '../../http/auth';
import { officeActor } from '../guards';
import { forbidden } from '../../lib/errors';
import { parseBody } from '../../http/validate';
import { companySetup, companyState, saveCompany } from '../../services/office/company';

export function companyAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/company', async (ctx) => {
    const [{ company, version }, setup] = await Promise.all([companyState(), companySetup(deps.config)]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, company, version, setup };
  });

  router.put('/company', async (ctx) => {
    // The role first: an admin's PUT is refused whatever it holds.
    if (employeeOf(ctx).role !== 'super-admin') throw forbidden(COMPANY_MSG.superAdminOnly);
    const input = parseBody(ctx, companySchema);
    const { company, version } = await saveCompany(officeActor(ctx), input);
    ctx.body = { success: true, message: COMPANY_MSG.saved, company, version, setup: await companySetup(deps.config) };
  });

  return router;
}

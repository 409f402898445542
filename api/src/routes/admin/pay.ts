// The office's pay (/api/admin/pay): every cleaner's period with the minimum wage check, one cleaner's
// lines, top-ups, paid holiday taken, the pay settings and the payroll export.
import Router from '@koa/router';
import { PAY_MSG } from '@shared/messages-pay';
import { holidayTakenSchema, officePayQuerySchema, payCsvQuerySchema, paySettingsSchema, topUpSchema } from '@shared/schemas/pay';
import type { Deps } from '../../deps';
import { employeeOf } from '../../http/auth';
import { officeActor } from '../guards';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { addTopUp, cleanerPeriod, officePay, recordHoliday } from '../../services/pay/office-pay';
import { payCsv } from '../../services/pay/pay-csv';
import { paySettings, savePaySettings } from '../../services/pay/settings';

export function payAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/pay', async (ctx) => {
    const q = parseQuery(ctx, officePayQuerySchema);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...(await officePay(q, deps.clock.now())) };
  });

  router.get('/pay.csv', async (ctx) => {
    const q = parseQuery(ctx, payCsvQuerySchema);
    const { stream, filename } = await payCsv(q, deps.clock.now(), String(employeeOf(ctx)._id));
    ctx.attachment(filename);
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = stream;
  });

  router.get('/pay/settings', async (ctx) => {
    ctx.body = { success: true, settings: await paySettings() };
  });

  router.put('/pay/settings', async (ctx) => {
    const input = parseBody(ctx, paySettingsSchema);
    ctx.body = { success: true, message: PAY_MSG.settingsSaved, settings: await savePaySettings(officeActor(ctx), input, deps.clock.now()) };
  });

  router.get('/pay/:employeeId', async (ctx) => {
    const q = parseQuery(ctx, officePayQuerySchema);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...(await cleanerPeriod(parseId(ctx, 'employeeId'), q, deps.clock.now())) };
  });

  router.post('/pay/:employeeId/top-up', async (ctx) => {
    const id = parseId(ctx, 'employeeId');
    const input = parseBody(ctx, topUpSchema);
    const cleaner = await addTopUp(officeActor(ctx), id, input, deps.clock.now());
    ctx.status = 201;
    ctx.body = { success: true, message: PAY_MSG.topUpSaved(cleaner.employee.name, input.amount_pence), cleaner };
  });

  router.post('/pay/:employeeId/holiday', async (ctx) => {
    const id = parseId(ctx, 'employeeId');
    const input = parseBody(ctx, holidayTakenSchema);
    const { name, holiday } = await recordHoliday(officeActor(ctx), id, input);
    ctx.status = 201;
    ctx.body = { success: true, message: PAY_MSG.holidaySaved(name, input.hours), holiday };
  });

  return router;
}

// Data rights: "Download my data" for customers and staff, the e-mailed link of a large
// copy, and closing a customer account. Thin: parse, call services/data-rights, answer.
import Router from '@koa/router';
import type { Context } from 'koa';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { closeAccountSchema } from '@shared/schemas/data-rights';
import type { Deps } from '../deps';
import { customerOf, employeeOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { parseBody } from '../http/validate';
import { exportData, openPreparedExport, type ExportAnswer } from '../services/data-rights/export';
import { closeCustomerAccount, sendCloseCode } from '../services/data-rights/close-account';

/** A ZIP streamed as a download, or 202 when it is being prepared and will be e-mailed. */
export function answerExport(ctx: Context, answer: ExportAnswer) {
  if (answer.kind === 'queued') {
    ctx.status = 202;
    ctx.body = { success: true, queued: true, message: M.exportQueued(answer.days) };
    return;
  }
  ctx.set('Content-Type', 'application/zip');
  ctx.set('Content-Disposition', `attachment; filename="${answer.filename}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = answer.stream;
}

export function dataRightsRouter(deps: Deps): Router {
  const router = new Router();
  const customer = requireCustomer(deps);

  router.get('/api/user/data-export', customer, async (ctx) => {
    const id = String(customerOf(ctx)._id);
    answerExport(ctx, await exportData(deps, { type: 'customer', id }, { type: 'self', id, role: 'customer' }, true));
  });

  router.get('/api/employee/data-export', requireEmployee(deps), async (ctx) => {
    const e = employeeOf(ctx);
    const id = String(e._id);
    answerExport(ctx, await exportData(deps, { type: 'employee', id }, { type: 'self', id, role: e.role ?? 'employee' }, true));
  });

  // The e-mailed link of a prepared copy: the token is the credential (signed, single use, expires).
  router.get('/api/data-export/:token', async (ctx) => {
    const { stream, filename } = await openPreparedExport(deps, ctx.params.token.slice(0, 200));
    answerExport(ctx, { kind: 'zip', stream, filename });
  });

  router.post('/api/user/close-account/code', customer, async (ctx) => {
    await sendCloseCode(deps, customerOf(ctx), ctx.ip);
    ctx.body = { success: true, message: M.closeCodeSent };
  });

  router.post('/api/user/close-account', customer, async (ctx) => {
    const input = parseBody(ctx, closeAccountSchema);
    const summary = await closeCustomerAccount(deps, customerOf(ctx), input);
    ctx.body = { success: true, message: M.closed, ...summary };
  });

  return router;
}

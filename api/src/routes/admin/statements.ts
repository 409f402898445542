// The office's statements: GET /statements?month= (who owes what, paged), PUT /statements/payment
// (a customer's month paid or unpaid, with an optional reference; audited), GET /statements.csv?month=
// (the month for the accounts).
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { STATEMENT_MSG } from '@shared/messages-statements';
import { pageInfo } from '@shared/schemas/paging';
import { officeStatementsQuerySchema, statementCsvQuerySchema, statementPaymentSchema } from '@shared/schemas/statements';
import { formatMonth } from '@shared/statements';
import type { Deps } from '../../deps';
import { officeActor } from '../guards';
import { parseBody, parseQuery } from '../../http/validate';
import { officeStatements } from '../../services/statements/statements';
import { setStatementPayment } from '../../services/ledger/office';
import { overdueStatements } from '../../services/ledger/overdue';
import { statementsCsv } from '../../services/statements/statements-csv';

export function statementsAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/statements', async (ctx) => {
    const q = parseQuery(ctx, officeStatementsQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    if (q.status === 'overdue') {
      const { rows, total } = await overdueStatements({ page: q.page, limit }, deps.clock.now(), deps.config);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = { success: true, status: 'overdue', payment_terms_days: deps.config.paymentTermsDays, statements: rows, ...pageInfo(q.page, limit, total) };
      return;
    }
    const { rows, total, totals } = await officeStatements({ ...q, month: q.month!, limit }, deps.config.vatPercent);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, month: q.month, vat_percent: deps.config.vatPercent, statements: rows, totals, ...pageInfo(q.page, limit, total) };
  });

  router.put('/statements/payment', async (ctx) => {
    const input = parseBody(ctx, statementPaymentSchema);
    const { payment, owed_pence, name } = await setStatementPayment(officeActor(ctx), input, deps.clock.now(), deps.config.vatPercent);
    const month = formatMonth(input.month);
    ctx.body = { success: true, message: input.paid ? STATEMENT_MSG.markedPaid(name, month) : STATEMENT_MSG.markedUnpaid(name, month), payment, owed_pence };
  });

  router.get('/statements.csv', async (ctx) => {
    const { month } = parseQuery(ctx, statementCsvQuerySchema);
    const { stream, filename } = await statementsCsv(month, deps.config.vatPercent);
    ctx.attachment(filename);
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = stream;
  });

  return router;
}

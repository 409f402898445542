// The office's books: a payment recorded by hand, bank statement imports (read, matched, the waiting
// lines matched or dismissed), the company's bank details and the month's export for the accountant.
import Router from '@koa/router';
import { readFile } from 'node:fs/promises';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { COMPANY_MSG } from '@shared/messages-office';
import { pageInfo } from '@shared/schemas/paging';
import { accountsExportQuerySchema, bankDetailsSchema, bankImportsQuerySchema, bankLineMatchSchema, officePaymentSchema } from '@shared/schemas/ledger';
import type { Deps } from '../../deps';
import { employeeOf } from '../../http/auth';
import { officeActor } from '../guards';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { multipartUpload, uploadedFile } from '../../http/uploads';
import { uploadTempDir } from '../../lib/uploads';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { bankDetails, saveBankDetails } from '../../services/ledger/bank-details';
import { dismissBankLine, getBankImport, importBankStatement, listBankImports, matchBankLine } from '../../services/ledger/bank-import';
import { accountsExport } from '../../services/ledger/exports';
import { recordOfficePayment } from '../../services/ledger/office';

/** A bank's CSV export of a month or two is well under this. */
const BANK_CSV_MAX_BYTES = 5 * 1024 * 1024;
const LINE_MAX = 5_000;

function lineNumber(ctx: { params: Record<string, string | undefined>; }): number {
  const n = Number(ctx.params.n);
  if (!Number.isInteger(n) || n < 1 || n > LINE_MAX) throw notFound(LEDGER_MSG.lineNotFound);
  return n;
}

export function ledgerAdminRouter(deps: Deps): Router {
  const router = new Router();
  const csvUpload = multipartUpload({
    tempDir: uploadTempDir(deps.config.dataDir),
    field: 'file',
    maxBytes: BANK_CSV_MAX_BYTES,
    tooLargeMessage: LEDGER_MSG.fileTooLarge(5),
  });

  router.post('/customers/:id/payments', async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, officePaymentSchema);
    const payment = await recordOfficePayment(officeActor(ctx), id, input, deps.clock.now(), deps.config.vatPercent);
    ctx.status = 201;
    ctx.body = {
      success: true,
      payment: {
        id: String(payment._id),
        method: payment.method,
        amount_pence: payment.amount_pence,
        date: payment.date,
        reference: payment.reference ?? null,
        allocations: payment.allocations,
      },
    };
  });

  router.post('/bank-imports', csvUpload, async (ctx) => {
    const file = uploadedFile(ctx);
    if (!file || file.size === 0) throw badRequest(LEDGER_MSG.fileRequired, { errors: { file: LEDGER_MSG.fileRequired } });
    const text = await readFile(file.path, 'utf8');
    const result = await importBankStatement(officeActor(ctx), { text, filename: file.originalName }, deps.clock.now(), deps.config.vatPercent);
    ctx.status = 201;
    ctx.body = { success: true, message: LEDGER_MSG.imported(result.lines, result.matched), ...result };
  });

  router.get('/bank-imports', async (ctx) => {
    const q = parseQuery(ctx, bankImportsQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    const { items, total } = await listBankImports({ page: q.page, limit });
    ctx.body = { success: true, imports: items, ...pageInfo(q.page, limit, total) };
  });

  router.get('/bank-imports/:id', async (ctx) => {
    const q = parseQuery(ctx, bankImportsQuerySchema);
    const limit = q.limit ?? 100;
    const { items, total, ...head } = await getBankImport(parseId(ctx), { page: q.page, limit });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...head, items, ...pageInfo(q.page, limit, total) };
  });

  router.post('/bank-imports/:id/lines/:n/match', async (ctx) => {
    const { customer_id } = parseBody(ctx, bankLineMatchSchema);
    const { items, total, ...head } = await matchBankLine(
      officeActor(ctx),
      parseId(ctx),
      lineNumber(ctx),
      customer_id,
      deps.clock.now(),
      deps.config.vatPercent,
    );
    ctx.body = { success: true, ...head, items, total };
  });

  router.post('/bank-imports/:id/lines/:n/dismiss', async (ctx) => {
    const { items, total, ...head } = await dismissBankLine(officeActor(ctx), parseId(ctx), lineNumber(ctx));
    ctx.body = { success: true, ...head, items, total };
  });

  router.get('/bank-details', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, bank: await bankDetails() };
  });

  router.put('/bank-details', async (ctx) => {
    if (employeeOf(ctx).role !== 'super-admin') throw forbidden(COMPANY_MSG.superAdminOnly);
    const bank = await saveBankDetails(officeActor(ctx), parseBody(ctx, bankDetailsSchema), deps.clock.now());
    ctx.body = { success: true, message: COMPANY_MSG.saved, bank };
  });

  router.get('/accounts/export', async (ctx) => {
    const q = parseQuery(ctx, accountsExportQuerySchema);
    const { csv, filename } = await accountsExport(q, deps.config);
    ctx.attachment(filename);
    ctx.type = 'text/csv; charset=utf-8; header=present';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = csv;
  });

  return router;
}

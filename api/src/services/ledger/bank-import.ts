// Importing a bank statement: every credit is matched to a customer by the reference it quotes (a
// statement's or the customer's, anywhere in the description) or, failing that, to the one customer
// whose open balance is exactly that amount; matched credits become bank-transfer payment lines. A
// credit's fingerprint is its payment line's source, so the same file twice, or two overlapping
// statements, never record a credit twice. Unmatched credits wait for the office to match or dismiss.
import mongoose from 'mongoose';
import { LEDGER_MSG } from '@shared/messages-ledger';
import { referencesIn } from '@shared/payment-reference';
import { monthOfDay, statementOf, type StatementVisit } from '@shared/statements';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { BankImport, type BankImportDoc } from '../../models/BankImport';
import { LedgerPayment } from '../../models/LedgerPayment';
import { PaymentCode, type PaymentCodeDoc } from '../../models/PaymentCode';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { recordAudit, type AuditActor } from '../office/audit';
import { STATEMENT_FIELDS, statementVisit } from '../statements/statements';
import { BankCsvError, readBankCsv, type BankCredit } from './bank-csv';
import { recordPayment } from './payments';

/** A statement longer than this is split by the office (a month of a busy account is a few hundred). */
const IMPORT_CREDITS_MAX = 5_000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

interface BankLine {
  n: number;
  line: number;
  date: string;
  description: string;
  amount_pence: number;
  fingerprint: string;
  state: 'matched' | 'duplicate' | 'unmatched' | 'dismissed';
  matched_by: string | null;
  customer: mongoose.Types.ObjectId | null;
  payment: mongoose.Types.ObjectId | null;
}

interface Match {
  customer: string;
  matched_by: 'statement_reference' | 'customer_reference' | 'balance';
  month: string | null;
}

/** Every customer's open balance (their statements' totals less their payments), read once per import. */
async function openBalances(vatPercent: number): Promise<Map<string, number>> {
  const byUserMonth = new Map<string, StatementVisit[]>();
  const cursor = Visit.find({ state: 'completed' }, STATEMENT_FIELDS).lean<VisitDoc[]>().cursor({ batchSize: 1000 });
  for await (const v of cursor as AsyncIterable<VisitDoc>) {
    const key = `${String(v.user)}|${monthOfDay(v.day)}`;
    const list = byUserMonth.get(key);
    if (list) list.push(statementVisit(v));
    else byUserMonth.set(key, [statementVisit(v)]);
  }
  // Late charges on visits not done (a late skip or cancellation) are charges too.
  const charged = Visit.find({ state: { $ne: 'completed' }, late_charge_pence: { $gt: 0 } }, STATEMENT_FIELDS).lean<VisitDoc[]>().cursor({ batchSize: 1000 });
  for await (const v of charged as AsyncIterable<VisitDoc>) {
    const key = `${String(v.user)}|${monthOfDay(v.day)}`;
    byUserMonth.set(key, [...(byUserMonth.get(key) ?? []), statementVisit(v)]);
  }
  const balances = new Map<string, number>();
  for (const [key, visits] of byUserMonth) {
    const user = key.slice(0, key.indexOf('|'));
    balances.set(user, (balances.get(user) ?? 0) + statementOf(visits, vatPercent).total_pence);
  }
  const paid = await LedgerPayment.aggregate<{ _id: mongoose.Types.ObjectId; pence: number; }>([{
    $group: { _id: '$user', pence: { $sum: '$amount_pence' } },
  }]);
  for (const p of paid) balances.set(String(p._id), (balances.get(String(p._id)) ?? 0) - p.pence);
  return balances;
}

/** Who a credit is from, by the references it quotes; null when it quotes none we gave. */
async function matchByReference(credit: BankCredit): Promise<Match | null> {
  const refs = referencesIn(credit.description);
  if (!refs.length) return null;
  const codes = await PaymentCode.find({ code: { $in: refs.map((r) => r.code) } }).lean<PaymentCodeDoc[]>();
  for (const r of refs) {
    const code = codes.find((c) => c.code === r.code);
    if (code) return { customer: String(code.user), matched_by: r.month ? 'statement_reference' : 'customer_reference', month: r.month };
  }
  return null;
}

/** POST /api/admin/bank-imports: reads the whole file first, so a file that cannot be read changes nothing. */
export async function importBankStatement(actor: AuditActor, file: { text: string; filename: string; }, now: Date, vatPercent: number) {
  let credits: BankCredit[];
  let debits: number;
  try {
    ({ credits, debits } = readBankCsv(file.text));
  } catch (err) {
    if (err instanceof BankCsvError) throw badRequest(err.message, { errors: { file: err.message } });
    throw err;
  }
  if (credits.length > IMPORT_CREDITS_MAX) throw badRequest(LEDGER_MSG.csvTooManyCredits(IMPORT_CREDITS_MAX));
  const already = new Set(
    (await LedgerPayment.find({ source: { $in: credits.map((c) => `bank:${c.fingerprint}`) } }, { source: 1 }).lean()).map((p) => p.source),
  );
  const matches = new Map<number, Match>();
  for (const [i, c] of credits.entries()) {
    if (already.has(`bank:${c.fingerprint}`)) continue;
    const m = await matchByReference(c);
    if (m) matches.set(i, m);
  }
  // Balances only when some credit quotes no reference of ours: one read of every customer's books.
  const unreferenced = credits.map((c, i) => ({ c, i })).filter(({ c, i }) => !already.has(`bank:${c.fingerprint}`) && !matches.has(i));
  if (unreferenced.length) {
    const balances = await openBalances(vatPercent);
    for (const { c, i } of unreferenced) {
      const owing = [...balances].filter(([, b]) => b === c.amount_pence);
      if (owing.length !== 1) continue;
      matches.set(i, { customer: owing[0][0], matched_by: 'balance', month: null });
      balances.set(owing[0][0], 0);
    }
  }
  const lines: BankLine[] = [];
  for (const [i, c] of credits.entries()) {
    const base = { n: i + 1, line: c.line, date: c.date, description: c.description, amount_pence: c.amount_pence, fingerprint: c.fingerprint };
    const m = matches.get(i);
    if (already.has(`bank:${c.fingerprint}`)) {
      lines.push({ ...base, state: 'duplicate', matched_by: null, customer: null, payment: null });
    } else if (m) {
      const { payment, created } = await recordPayment(
        {
          userId: m.customer,
          method: 'bank_transfer',
          amount_pence: c.amount_pence,
          date: c.date,
          reference: c.description.slice(0, 100),
          source: `bank:${c.fingerprint}`,
          month: m.month,
        },
        now,
        vatPercent,
      );
      lines.push({ ...base, state: created ? 'matched' : 'duplicate', matched_by: m.matched_by, customer: oid(m.customer), payment: payment._id });
    } else {
      lines.push({ ...base, state: 'unmatched', matched_by: null, customer: null, payment: null });
    }
  }
  const doc = await BankImport.create({ filename: file.filename.slice(0, 200) || 'statement.csv', imported_by: actor.id, imported_at: now, debits, lines });
  const counts = countsOf(lines);
  await recordAudit({ actor, action: 'bank.import', target: { type: 'company', id: String(doc._id), label: doc.filename }, after: counts });
  return { id: String(doc._id), ...counts };
}

const countsOf = (lines: readonly { state: string; }[]) => ({
  lines: lines.length,
  matched: lines.filter((l) => l.state === 'matched').length,
  unmatched: lines.filter((l) => l.state === 'unmatched').length,
  duplicates: lines.filter((l) => l.state === 'duplicate').length,
  dismissed: lines.filter((l) => l.state === 'dismissed').length,
});

/** One import with its lines (a page of them) and each matched customer's name. */
export async function getBankImport(id: string, page: { page: number; limit: number; }) {
  if (!mongoose.isValidObjectId(id)) throw notFound(LEDGER_MSG.importNotFound);
  const doc = await BankImport.findById(id).lean<BankImportDoc>();
  if (!doc) throw notFound(LEDGER_MSG.importNotFound);
  const shown = doc.lines.slice((page.page - 1) * page.limit, page.page * page.limit);
  const names = new Map(
    (await User.find({ _id: { $in: shown.map((l) => l.customer).filter(Boolean) } }, { name: 1 }).lean()).map((u) => [String(u._id), u.name]),
  );
  return {
    id: String(doc._id),
    filename: doc.filename,
    imported_at: doc.imported_at.toISOString(),
    ...countsOf(doc.lines),
    items: shown.map((l) => ({
      n: l.n,
      line: l.line,
      date: l.date,
      description: l.description,
      amount_pence: l.amount_pence,
      state: l.state,
      matched_by: l.matched_by ?? null,
      customer: l.customer ? { id: String(l.customer), name: names.get(String(l.customer)) ?? '' } : null,
    })),
    total: doc.lines.length,
  };
}

/** The office's list of imports, newest first. */
export async function listBankImports(page: { page: number; limit: number; }) {
  const [docs, total] = await Promise.all([
    BankImport.find({}, { filename: 1, imported_at: 1, 'lines.state': 1 }).sort({ imported_at: -1 }).skip((page.page - 1) * page.limit).limit(page.limit).lean<
      BankImportDoc[]
    >(),
    BankImport.countDocuments(),
  ]);
  return { items: docs.map((d) => ({ id: String(d._id), filename: d.filename, imported_at: d.imported_at.toISOString(), ...countsOf(d.lines) })), total };
}

async function lineOf(id: string, n: number) {
  if (!mongoose.isValidObjectId(id)) throw notFound(LEDGER_MSG.importNotFound);
  const doc = await BankImport.findById(id).lean<BankImportDoc>();
  if (!doc) throw notFound(LEDGER_MSG.importNotFound);
  const line = doc.lines[n - 1];
  if (!line || line.n !== n) throw notFound(LEDGER_MSG.lineNotFound);
  return { doc, line };
}

/** The office matches a waiting credit to a customer: claimed first, so two clicks record it once. */
export async function matchBankLine(actor: AuditActor, id: string, n: number, customerId: string, now: Date, vatPercent: number) {
  const { line } = await lineOf(id, n);
  if (!(await User.exists({ _id: oid(customerId) }))) throw notFound(LEDGER_MSG.customerNotFound);
  const at = `lines.${n - 1}`;
  const claimed = await BankImport.updateOne({ _id: oid(id), [`${at}.state`]: 'unmatched' }, {
    $set: { [`${at}.state`]: 'matched', [`${at}.matched_by`]: 'office', [`${at}.customer`]: oid(customerId) },
  });
  if (!claimed.modifiedCount) throw conflict(LEDGER_MSG.lineDone);
  try {
    const { payment, created } = await recordPayment(
      {
        userId: customerId,
        method: 'bank_transfer',
        amount_pence: line.amount_pence,
        date: line.date,
        reference: line.description.slice(0, 100),
        source: `bank:${line.fingerprint}`,
      },
      now,
      vatPercent,
      actor,
    );
    await BankImport.updateOne({ _id: oid(id) }, { $set: { [`${at}.payment`]: payment._id, ...(created ? {} : { [`${at}.state`]: 'duplicate' }) } });
  } catch (err) {
    await BankImport.updateOne({ _id: oid(id) }, { $set: { [`${at}.state`]: 'unmatched', [`${at}.matched_by`]: null, [`${at}.customer`]: null } });
    throw err;
  }
  return getBankImport(id, { page: Math.ceil(n / 100), limit: 100 });
}

/** The office sets a waiting credit aside (not a customer's payment: a refund from a supplier, say). */
export async function dismissBankLine(actor: AuditActor, id: string, n: number) {
  const { doc } = await lineOf(id, n);
  const at = `lines.${n - 1}`;
  const done = await BankImport.updateOne({ _id: oid(id), [`${at}.state`]: 'unmatched' }, {
    $set: { [`${at}.state`]: 'dismissed', [`${at}.matched_by`]: 'office' },
  });
  if (!done.modifiedCount) throw conflict(LEDGER_MSG.lineDone);
  await recordAudit({ actor, action: 'bank.dismiss', target: { type: 'company', id, label: `${doc.filename} · line ${n}` } });
  return getBankImport(id, { page: Math.ceil(n / 100), limit: 100 });
}

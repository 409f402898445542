// Reading bank statement CSVs: each common UK layout (our own fixture files, no bank's real data), the
// date and amount spellings banks use, a file that cannot be read naming the line and column, and the
// fingerprint that tells the same credit in two files apart from two identical credits in one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BankCsvError, readBankAmount, readBankCsv, readBankDate } from '../../api/src/services/ledger/bank-csv';
import { allocatePayment, allocateRefund, balanceOf, openMonths, settledByMonth } from '@shared/ledger';
import { referencesIn, statementReference, customerReference, FASTER_PAYMENTS_REFERENCE_MAX, newPaymentCode } from '@shared/payment-reference';

const fixture = (name: string, vars: Record<string, string>) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`{${k}}`, v), readFileSync(new URL(`./fixtures/bank/${name}`, import.meta.url), 'utf8'));
const VARS = { ALICE: '7C62M', alice: '7c62m', ALICE_TOTAL: '1200.00', ALICE_TOTAL_COMMA: '1,200.00' };

describe('bank layouts', () => {
  for (const name of ['starling.csv', 'monzo.csv', 'barclays.csv', 'hsbc.csv', 'lloyds.csv']) {
    it(`reads ${name}: the credit with its reference, debits left out`, () => {
      const { credits, debits } = readBankCsv(fixture(name, VARS));
      const alice = credits.find((c) => referencesIn(c.description).some((r) => r.code === '7C62M'));
      expect(alice).toMatchObject({ date: '2026-11-02', amount_pence: 120_000 });
      expect(referencesIn(alice!.description)).toContainEqual({ code: '7C62M', month: '2026-10' });
      expect(debits).toBeGreaterThanOrEqual(1);
      expect(credits.every((c) => c.amount_pence > 0)).toBe(true);
    });
  }

  it('names the line and column of a cell it cannot read, and reads nothing', () => {
    const bad = 'Date,Description,Amount\n01/11/2026,SC-7C62M,10.00\n31/02/2026,SC-7C62M,10.00\n';
    expect(() => readBankCsv(bad)).toThrow(BankCsvError);
    expect(() => readBankCsv(bad)).toThrow('Line 3, column "Date"');
    expect(() => readBankCsv('Date,Description,Amount\n01/11/2026,x,ten pounds\n')).toThrow('Line 2, column "Amount"');
    expect(() => readBankCsv('Name,Value\nx,1\n')).toThrow(/Date column/);
    expect(() => readBankCsv('Date,Description\n01/11/2026,x\n')).toThrow(/Amount column/);
    expect(() => readBankCsv('')).toThrow(BankCsvError);
  });

  it('reads the dates and amounts banks write', () => {
    expect(['02/11/2026', '2/11/26', '2026-11-02', '2026-11-02T09:14:00Z', '02 Nov 2026', '02-11-2026'].map(readBankDate)).toEqual(Array(6).fill('2026-11-02'));
    expect(readBankDate('29/02/2027')).toBeNull();
    expect(['£1,234.50', '1234.5', '+1234.50', '1234.50 CR'].map(readBankAmount)).toEqual(Array(4).fill(123_450));
    expect(['-12.00', '(12.00)', '12.00-', '12.00DR', '-£12'].map(readBankAmount)).toEqual(Array(5).fill(-1200));
    expect(['12.345', 'abc', '1e5', '--1'].map(readBankAmount)).toEqual([null, null, null, null]);
  });

  it('gives identical credits in one file different fingerprints, and the same credit in two files the same one', () => {
    const one = readBankCsv('Date,Description,Amount\n01/11/2026,CASH,10.00\n01/11/2026,CASH,10.00\n02/11/2026,CASH,10.00\n').credits;
    expect(new Set(one.map((c) => c.fingerprint)).size).toBe(3);
    const overlapping = readBankCsv('Date,Description,Amount\n01/11/2026,CASH,10.00\n01/11/2026,CASH,10.00\n').credits;
    expect(overlapping.map((c) => c.fingerprint)).toEqual(one.slice(0, 2).map((c) => c.fingerprint));
  });
});

describe('references', () => {
  it('fit a Faster Payments reference and are found however a bank spaces or cases them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 1, max: 12 }), (seed, y, m) => {
        let x = seed;
        const code = newPaymentCode(() => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31));
        const month = `${y}-${String(m).padStart(2, '0')}`;
        const ref = statementReference(code, month);
        expect(ref.length).toBeLessThanOrEqual(FASTER_PAYMENTS_REFERENCE_MAX);
        expect(/^[A-Z0-9-]+$/.test(ref)).toBe(true);
        expect(referencesIn(`payment ${ref.toLowerCase().replaceAll('-', ' ')} thanks`)).toContainEqual({ code, month });
        expect(referencesIn(customerReference(code))).toEqual([{ code, month: null }]);
      }),
    );
  });
});

describe('the balance is a sum of lines', () => {
  const month = fc.integer({ min: 1, max: 12 }).map((m) => `2026-${String(m).padStart(2, '0')}`);
  const step = fc.oneof(
    fc.record({ kind: fc.constant('charge' as const), month, pence: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({ kind: fc.constant('payment' as const), month: fc.option(month), pence: fc.integer({ min: 1, max: 80_000 }) }),
    fc.record({ kind: fc.constant('refund' as const), month: fc.option(month), pence: fc.integer({ min: 1, max: 30_000 }) }),
  );
  it('after any sequence of charges, payments and refunds', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const totals = new Map<string, number>();
        const payments: { amount_pence: number; allocations: { month: string; pence: number; }[]; }[] = [];
        for (const s of steps) {
          if (s.kind === 'charge') totals.set(s.month, (totals.get(s.month) ?? 0) + s.pence);
          else if (s.kind === 'payment') {
            payments.push({ amount_pence: s.pence, allocations: allocatePayment(s.pence, openMonths(totals, settledByMonth(payments)), '2026-12', s.month) });
          } else payments.push({ amount_pence: -s.pence, allocations: allocateRefund(s.pence, settledByMonth(payments), '2026-12', s.month) });
          const last = payments.at(-1);
          if (last) expect(last.allocations.reduce((n, a) => n + a.pence, 0)).toBe(last.amount_pence);
        }
        const charged = [...totals.values()].reduce((n, t) => n + t, 0);
        const paid = payments.reduce((n, p) => n + p.amount_pence, 0);
        expect(balanceOf(totals, payments)).toBe(charged - paid);
        // What every month was settled adds up to what was paid.
        expect([...settledByMonth(payments).values()].reduce((n, v) => n + v, 0)).toBe(paid);
      }),
    );
  });
});

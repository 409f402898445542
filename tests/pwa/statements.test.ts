// shared/statements.ts, table-driven: what each kind of visit costs on a month's statement, the late
// charges, VAT per line, the paid/owed rule and the month helpers.
import { describe, expect, it } from 'vitest';
import { addMonths, chargedLines, formatMonth, monthBounds, monthsBetween, owedOf, statementOf, type StatementVisit } from '@shared/statements';

let n = 0;
const v = (state: string, price: number | null, charge?: number, day = '2026-10-05'): StatementVisit => ({
  id: `v${String(++n).padStart(3, '0')}`,
  day,
  reference: 'SC-AB123',
  state,
  price_pence: price,
  late_charge_pence: charge ?? null,
});

describe('statementOf', () => {
  const cases: Array<
    {
      name: string;
      visits: StatementVisit[];
      vat?: number;
      visits_pence: number;
      charges_pence: number;
      vat_pence: number;
      total: number;
      counts: [number, number, number, number];
      lines: number;
      unpriced?: number;
    }
  > = [
    { name: 'nothing', visits: [], visits_pence: 0, charges_pence: 0, vat_pence: 0, total: 0, counts: [0, 0, 0, 0], lines: 0 },
    {
      name: 'a weekly month: four done at £63',
      visits: [1, 8, 15, 22].map((d) => v('completed', 6300, undefined, `2026-10-${String(d).padStart(2, '0')}`)),
      visits_pence: 25200,
      charges_pence: 0,
      vat_pence: 0,
      total: 25200,
      counts: [4, 0, 0, 0],
      lines: 4,
    },
    {
      name: 'skipped early: free',
      visits: [v('completed', 6300), v('skipped', 6300)],
      visits_pence: 6300,
      charges_pence: 0,
      vat_pence: 0,
      total: 6300,
      counts: [1, 1, 0, 0],
      lines: 2,
    },
    {
      name: 'skipped late: 50 % charged',
      visits: [v('completed', 6300), v('skipped', 6300, 3150)],
      visits_pence: 6300,
      charges_pence: 3150,
      vat_pence: 0,
      total: 9450,
      counts: [1, 1, 0, 0],
      lines: 3,
    },
    {
      name: 'moved late, then done: price + charge',
      visits: [v('completed', 8000, 4000)],
      visits_pence: 8000,
      charges_pence: 4000,
      vat_pence: 0,
      total: 12000,
      counts: [1, 0, 0, 0],
      lines: 2,
    },
    {
      name: 'cancelled by the office: free',
      visits: [v('cancelled', 6300)],
      visits_pence: 0,
      charges_pence: 0,
      vat_pence: 0,
      total: 0,
      counts: [0, 0, 1, 0],
      lines: 1,
    },
    {
      name: 'cancelled late (lockout): charged',
      visits: [v('cancelled', 6300, 3150)],
      visits_pence: 0,
      charges_pence: 3150,
      vat_pence: 0,
      total: 3150,
      counts: [0, 0, 1, 0],
      lines: 2,
    },
    {
      name: 'still booked: not charged yet',
      visits: [v('scheduled', 6300)],
      visits_pence: 0,
      charges_pence: 0,
      vat_pence: 0,
      total: 0,
      counts: [0, 0, 0, 1],
      lines: 1,
    },
    {
      name: 'done without a price: counted, not charged',
      visits: [v('completed', null), v('completed', 5000)],
      visits_pence: 5000,
      charges_pence: 0,
      vat_pence: 0,
      total: 5000,
      counts: [2, 0, 0, 0],
      lines: 2,
      unpriced: 1,
    },
    {
      name: 'VAT 20 % per line, rounded per line',
      visits: [v('completed', 6333), v('skipped', 6333, 3167)],
      vat: 20,
      visits_pence: 6333,
      charges_pence: 3167,
      vat_pence: 1267 + 633,
      total: 9500 + 1900,
      counts: [1, 1, 0, 0],
      lines: 3,
    },
    {
      name: 'VAT 5 %: half a penny rounds up',
      visits: [v('completed', 10)],
      vat: 5,
      visits_pence: 10,
      charges_pence: 0,
      vat_pence: 1,
      total: 11,
      counts: [1, 0, 0, 0],
      lines: 1,
    },
  ];
  it.each(cases)('$name', (c) => {
    const s = statementOf(c.visits, c.vat ?? 0);
    expect(s.visits_pence).toBe(c.visits_pence);
    expect(s.charges_pence).toBe(c.charges_pence);
    expect(s.vat_pence).toBe(c.vat_pence);
    expect(s.total_pence).toBe(c.total);
    expect(s.net_pence + s.vat_pence).toBe(s.total_pence);
    expect([s.counts.done, s.counts.skipped, s.counts.cancelled, s.counts.scheduled]).toEqual(c.counts);
    expect(s.lines).toHaveLength(c.lines);
    expect(s.unpriced).toBe(c.unpriced ?? 0);
    // The CSV's rows (charged lines) add up to the statement.
    const rows = chargedLines(s);
    expect(rows.reduce((a, l) => a + l.net_pence, 0)).toBe(s.net_pence);
    expect(rows.reduce((a, l) => a + l.vat_pence, 0)).toBe(s.vat_pence);
  });

  it('lists lines by date whatever order the visits come in, a charge after its visit', () => {
    const s = statementOf([v('skipped', 6300, 3150, '2026-10-20'), v('completed', 6300, undefined, '2026-10-06')]);
    expect(s.lines.map((l) => [l.date, l.kind, l.description])).toEqual([
      ['2026-10-06', 'visit', 'Clean'],
      ['2026-10-20', 'visit', 'Skipped'],
      ['2026-10-20', 'charge', 'Late skip charge'],
    ]);
  });
});

describe('owed and months', () => {
  it.each([
    { paid: null, total: 9000, owed: 9000 },
    { paid: { paid: false }, total: 9000, owed: 9000 },
    { paid: { paid: true, paid_pence: 9000 }, total: 9000, owed: 0 },
    // A visit charged after the month was marked paid: the difference is owed again.
    { paid: { paid: true, paid_pence: 9000 }, total: 12150, owed: 3150 },
    { paid: { paid: true, paid_pence: 9000 }, total: 6300, owed: 0 },
  ])('owedOf($paid, $total) = $owed', ({ paid, total, owed }) => expect(owedOf(total, paid)).toBe(owed));

  it.each([
    ['2026-10', 1, '2026-11'],
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-03', -15, '2024-12'],
  ])('addMonths(%s, %i) = %s', (m, k, want) => expect(addMonths(m, k)).toBe(want));

  it('bounds, counts and names months', () => {
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(monthsBetween('2026-10', '2027-01')).toBe(4);
    expect(monthsBetween('2027-01', '2026-10')).toBe(0);
    expect(formatMonth('2026-10')).toBe('October 2026');
  });
});

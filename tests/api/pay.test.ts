// A cleaner's pay through the real routes on the test clock: travel counted and capped (or as stated),
// the minimum wage check at, a penny below and above the rate (before and after 1 April 2026), the
// export refused until a top-up, 12.07% accrual, holiday pay at the 52-week average, and each cleaner
// seeing only their own earnings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { AuditLog } from '../../api/src/models/AuditLog';
import { payCast, type PayCast } from './pay-fixtures';

let c: PayCast;
beforeAll(async () => {
  c = await payCast();
  await c.at('2026-01-05');
});
afterAll(async () => {
  await c?.v.s.close();
});

const get = (path: string, token: string) => c.v.s.call('GET', path, { token });
const rowOf = (body: { cleaners: Array<{ employee: { id: string; }; }>; }, id: string) => body.cleaners.find((x) => x.employee.id === id) as any;

describe('earnings of a period', () => {
  it('pays approved hours and the travel between visits of one day, capped at 60 minutes or as the cleaner stated', async () => {
    const cleo = await c.cleaner('Cleo Travel', 1500);
    await c.at('2026-03-20');
    // 09:00–11:00, then 11:30 (30 min between), then 14:30 (2 h 30 between: 60 paid).
    await c.visit(cleo, '2026-03-10', '09:00', 2);
    await c.visit(cleo, '2026-03-10', '11:30', 1);
    await c.visit(cleo, '2026-03-10', '14:30', 1);
    // Next day: 10 minutes between by the times, 20 as stated by the cleaner.
    await c.visit(cleo, '2026-03-11', '09:00', 1);
    await c.visit(cleo, '2026-03-11', '10:10', 1, { work: { travel_minutes: 20, travel_note: 'Road closed' } });
    const res = await get('/api/employee/earnings?period=2026-03-15', cleo.token);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(res.body.totals).toMatchObject({ hours: 6, travel_hours: 1.83, pay_pence: 6 * 1500 + 110 * 25 });
    const travel = res.body.lines.filter((l: { kind: string; }) => l.kind === 'travel');
    expect(travel.map((l: { hours: number; }) => l.hours)).toEqual([0.5, 1, 0.33]);
    expect(travel[2]).toMatchObject({ counted_minutes: 10, note: 'Road closed', pay_pence: 500 });
    // Worked 6 h + 110 min = 470 minutes: 12.07% is 56.729 minutes.
    expect(res.body.totals.holiday_hours_accrued * 60).toBeCloseTo(56.729, 2);
  });

  it('counts hours only once the office approves them', async () => {
    const nat = await c.cleaner('Nat Waiting', 1500);
    await c.visit(nat, '2026-03-12', '09:00', 3, { approve: false });
    const res = await get('/api/employee/earnings?period=2026-03-12', nat.token);
    expect(res.body.totals).toMatchObject({ hours: 0, pay_pence: 0, awaiting_hours: 3 });
    expect(res.body.rate_check.ok).toBe(true);
  });

  it('shows a cleaner only their own earnings', async () => {
    const [a, b] = [await c.cleaner('Ann Own', 1500), await c.cleaner('Ben Other', 1500)];
    expect((await get(`/api/employee/earnings?employee=${b.id}`, a.token)).status).toBe(404);
    expect((await get(`/api/employee/earnings?employee=${a.id}`, a.token)).status).toBe(200);
    expect((await get('/api/admin/pay', a.token)).status).toBe(403);
    expect((await get(`/api/admin/pay/${b.id}`, a.token)).status).toBe(403);
    expect((await get('/api/employee/earnings', c.customer.token)).status).toBe(401);
    expect((await get('/api/employee/earnings?period=2026-02-30', a.token)).status).toBe(400);
  });
});

describe('the minimum wage check and the export', () => {
  it('passes a period exactly at and above the rate, flags a penny below, and checks April at £12.71', async () => {
    const at = await c.cleaner('Ed Exact', 1221);
    const below = await c.cleaner('=Penny Below', 1220);
    const above = await c.cleaner('Abe Above', 1222);
    await c.visit(at, '2026-03-16', '09:00', 10);
    await c.visit(below, '2026-03-16', '09:00', 1);
    await c.visit(above, '2026-03-16', '09:00', 1);
    const march = await get('/api/admin/pay?period=2026-03-01', c.admin.token);
    expect(march.status).toBe(200);
    expect(rowOf(march.body, at.id).rate_check).toMatchObject({ ok: true, shortfall_pence: 0, minimum_rate_pence: 1221 });
    expect(rowOf(march.body, at.id).totals.pay_pence).toBe(12210);
    expect(rowOf(march.body, below.id).rate_check).toMatchObject({ ok: false, shortfall_pence: 1 });
    expect(rowOf(march.body, above.id).rate_check.ok).toBe(true);

    // From 1 April 2026 the same ten hours at £12.21 are £5.00 short of £127.10.
    await c.at('2026-04-20');
    await c.visit(at, '2026-04-14', '09:00', 10);
    const april = await get('/api/admin/pay?period=2026-04-14', c.admin.token);
    expect(rowOf(april.body, at.id).rate_check).toMatchObject({ ok: false, shortfall_pence: 500, minimum_rate_pence: 1271 });

    // The March export is refused until the penny is topped up; then it holds every paid cleaner.
    const refused = await get('/api/admin/pay.csv?period=2026-03-01&part=summary', c.admin.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('=Penny Below');
    const tooMuch = await c.v.s.call('POST', `/api/admin/pay/${below.id}/top-up`, { token: c.admin.token, json: { period: '2026-03-01', amount_pence: 0 } });
    expect(tooMuch.status).toBe(400);
    const top = await c.v.s.call('POST', `/api/admin/pay/${below.id}/top-up`, {
      token: c.admin.token,
      json: { period: '2026-03-01', amount_pence: 1, note: 'Minimum wage' },
    });
    expect(top.status).toBe(201);
    expect(top.body.cleaner.rate_check).toMatchObject({ ok: true, shortfall_pence: 0 });
    const csv = await get('/api/admin/pay.csv?period=2026-03-01&part=summary', c.admin.token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parse(csv.body as string, { columns: true }) as Array<Record<string, string>>;
    const penny = rows.find((r) => r.employee_id === below.id)!;
    expect(penny).toMatchObject({ employee: "'=Penny Below", gross_pay_pence: '1221', top_up_pence: '1', hours: '1' });
    expect(rows.find((r) => r.employee_id === at.id)).toMatchObject({ gross_pay_pence: '12210', hours: '10' });
    const detail = parse((await get('/api/admin/pay.csv?period=2026-03-01&part=detail', c.admin.token)).body as string, { columns: true }) as Array<
      Record<string, string>
    >;
    expect(detail.filter((r) => r.employee_id === below.id).map((r) => [r.kind, r.pay_pence])).toEqual([['top_up', '1'], ['visit', '1220']]);
    // Exported after the period ended: the cleaner's list shows it paid.
    const periods = await get('/api/employee/earnings/periods', below.token);
    expect(periods.body.periods.find((p: { period: { from: string; }; }) => p.period.from === '2026-03-01').status).toBe('paid');
  });

  it('takes the band from the date of birth at the start of the period, kept out of the audit log', async () => {
    const young = await c.cleaner('Yan Young', 1000, { date_of_birth: '2006-06-01', irregular_hours: true });
    const member = await get(`/api/admin/staff/${young.id}`, c.admin.token);
    expect(member.body.staff).toMatchObject({ date_of_birth: '2006-06-01', irregular_hours: true });
    await c.visit(young, '2026-04-15', '09:00', 2);
    const pay = await get(`/api/admin/pay/${young.id}?period=2026-04-15`, c.admin.token);
    expect(pay.body.rate_check).toMatchObject({ ok: false, band: '18_to_20', minimum_rate_pence: 1085, shortfall_pence: 170 });
    const audit = JSON.stringify(await AuditLog.find({ 'target.id': young.id }).lean());
    expect(audit).not.toContain('2006-06-01');
    const bad = await c.v.s.call('PATCH', `/api/admin/staff/${young.id}`, { token: c.admin.token, json: { wage_band: 'retired' } });
    expect(bad.status).toBe(400);
  });
});

describe('holiday taken', () => {
  it('is paid at the average hourly pay of the weeks before it, each visit at its day’s rate', async () => {
    await c.at('2026-01-05');
    const hol = await c.cleaner('Hal Holiday', 1000);
    await c.at('2026-02-02');
    const raise = await c.v.s.call('PATCH', `/api/admin/staff/${hol.id}`, { token: c.admin.token, json: { pay_rate_pence: 2000 } });
    expect(raise.status).toBe(200);
    await c.at('2026-04-20');
    await c.visit(hol, '2026-01-13', '09:00', 5); // £50
    await c.visit(hol, '2026-02-10', '09:00', 5); // £100
    const res = await c.v.s.call('POST', `/api/admin/pay/${hol.id}/holiday`, { token: c.admin.token, json: { date: '2026-04-21', hours: 7 } });
    expect(res.status).toBe(201);
    // £150 over 10 hours: £15 an hour, 7 hours = £105.
    expect(res.body.holiday).toEqual({ hours: 7, rate_pence: 1500, pay_pence: 10500 });
    const earnings = await get('/api/employee/earnings', hol.token);
    expect(earnings.body.totals).toMatchObject({ holiday_hours_taken: 7, holiday_pay_pence: 10500, pay_pence: 10500 });
    // Nothing worked before: no average to pay holiday at.
    const fresh = await c.cleaner('Fay Fresh', 1200);
    expect((await c.v.s.call('POST', `/api/admin/pay/${fresh.id}/holiday`, { token: c.admin.token, json: { date: '2026-04-21', hours: 7 } })).status).toBe(409);
  });

  it('rolled-up: a 12.07% line on each period, travel at the company’s travel rate', async () => {
    const put = await c.v.s.call('PUT', '/api/admin/pay/settings', {
      token: c.admin.token,
      json: { frequency: 'weekly', first_day: '2026-01-05', travel_rate_pence: 1300, holiday_pay: 'rolled_up' },
    });
    expect(put.status).toBe(200);
    try {
      const rolly = await c.cleaner('Rol Rolled', 1500);
      await c.visit(rolly, '2026-04-14', '09:00', 2);
      await c.visit(rolly, '2026-04-14', '11:30', 2);
      const res = await get('/api/employee/earnings?period=2026-04-14', rolly.token);
      expect(res.body.period).toEqual({ from: '2026-04-13', to: '2026-04-19' });
      // 4 h at £15 + 30 min at £13 = £66.50; 12.07% of it = 803 pence.
      expect(res.body.lines.find((l: { kind: string; }) => l.kind === 'holiday_rolled_up').pay_pence).toBe(803);
      expect(res.body.totals.pay_pence).toBe(6650 + 803);
    } finally {
      await c.v.s.call('PUT', '/api/admin/pay/settings', {
        token: c.admin.token,
        json: { frequency: 'monthly', first_day: '2024-04-01', travel_rate_pence: null, holiday_pay: 'accrued' },
      });
    }
  });
});

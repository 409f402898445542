// The cleaner's pay for a job (shared/pay.ts): hours × rate in integer pence, rounded once; no rate → null.
import { describe, expect, it } from 'vitest';
import { payPence } from '@shared/pay';
import { PAYROLL_MSG } from '@shared/messages-payroll';

describe('payPence', () => {
  it.each([
    [3.5, 1275, 4463], // 4462.5 rounds half up
    [2, 1250, 2500],
    [2.5, 1001, 2503], // 2502.5
    [0, 1200, 0],
    [3, 0, 0],
  ])('%s h at %s p/h → %s p', (hours, rate, pence) => expect(payPence(hours, rate)).toBe(pence));

  it('no rate, or hours that are not a count: null', () => {
    expect(payPence(3, null)).toBeNull();
    expect(payPence(3, undefined)).toBeNull();
    expect(payPence(Number.NaN, 1200)).toBeNull();
    expect(payPence(-1, 1200)).toBeNull();
  });

  it('is said as "Pay £X"', () => {
    expect(PAYROLL_MSG.payForJob(4463)).toBe('Pay £44.63');
    expect(PAYROLL_MSG.payForJob(2500)).toBe('Pay £25');
  });
});
